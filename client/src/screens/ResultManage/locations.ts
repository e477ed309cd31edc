import { LOCATION_TYPE_LABELS } from "@shared/labels";

/** The location types whose results are managed here: theory and practice (R-RE003). */
export const RESULT_LOCATION_TYPES = ["DEXAM_THEORY", "DEXAM_PRACTICE"] as const;
export type ResultLocationType = (typeof RESULT_LOCATION_TYPES)[number];

export interface PickerLocation {
  id: string;
  databaseId: number;
  name: string;
  type: string;
}

export interface LocationOption {
  value: string;
  label: string;
  /** The option's second line: the location type (R-RE004), e.g. "Praxisprüfung". */
  subtitle: string;
}

/** True for theory and practice locations; preparation courses and competition venues carry no results. */
export function isResultLocation(type: string): type is ResultLocationType {
  return (RESULT_LOCATION_TYPES as readonly string[]).includes(type);
}

/** The German label of a location type, or the raw value for one this client does not know. */
export function locationTypeLabel(type: string): string {
  return LOCATION_TYPE_LABELS[type as keyof typeof LOCATION_TYPE_LABELS] ?? type;
}

/**
 * The location picker's options (R-RE003, R-RE004): an event's theory and practice locations,
 * theory first, then by name; preparation and competition locations are left out. The subtitle
 * shows the location type.
 */
export function resultLocationOptions(locations: readonly PickerLocation[]): LocationOption[] {
  const order = (type: string) => RESULT_LOCATION_TYPES.indexOf(type as ResultLocationType);
  return locations
    .filter((location) => isResultLocation(location.type))
    .sort((a, b) => order(a.type) - order(b.type) || a.name.localeCompare(b.name, "de"))
    .map((location) => ({ value: location.id, label: location.name, subtitle: locationTypeLabel(location.type) }));
}

/** The chosen location if it is one the picker offers (the app state may still hold another screen's choice). */
export function pickedLocation<T extends PickerLocation>(locations: readonly T[], id: string | null): T | null {
  if (id === null) return null;
  return locations.find((location) => location.id === id && isResultLocation(location.type)) ?? null;
}
