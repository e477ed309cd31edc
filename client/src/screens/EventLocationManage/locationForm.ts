import type { COMPETITION_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { MSG } from "@shared/messages";
import { addLengthErrors, postcode, required, TEXT_LIMITS, validate } from "@shared/validation";
import { fromDateTimeLocal, toDateTimeLocal } from "../../events/eventDates";
import { type FieldErrors, optionalText } from "../../forms/fieldErrors";

/**
 * The event-location form (spec §5 "Location", R-LO013): name, street and city required; start
 * and end required except for preparation courses; postcode rule; theory and practice locations at
 * least one course, competition venues at least one competition type (R-VA022); practice locations
 * at least one instrument. Mirrors server/src/domains/locations/rules.ts.
 */
export type LocationFormValues = {
  name: string;
  type: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  start: string;
  end: string;
  dexamTypes: string[];
  competitionTypes: string[];
  instruments: string[];
  publishResults: boolean;
};

export interface LocationRecord {
  name: string;
  type: string;
  street: string;
  postcode?: string | null;
  city: string;
  country?: string | null;
  start?: string | null;
  end?: string | null;
  dexamTypes: readonly string[];
  competitionTypes: readonly string[];
  instruments: readonly string[];
  publishResults: boolean;
}

export const DEXAM_LOCATION_TYPES = ["DEXAM_THEORY", "DEXAM_PRACTICE", "DEXAM_PREPARATION"] as const;

/** The type of a new location: competition events always COMPETITION (R-LO015), D-exam events chosen (R-LO016). */
export function initialLocationType(formType: string): string {
  return formType === "COMPETITION" ? "COMPETITION" : "";
}

export function locationFormValues(location: LocationRecord | null | undefined, formType: string): LocationFormValues {
  if (!location) {
    return {
      name: "",
      type: initialLocationType(formType),
      street: "",
      postcode: "",
      city: "",
      country: "Deutschland",
      start: "",
      end: "",
      dexamTypes: [],
      competitionTypes: [],
      instruments: [],
      publishResults: false,
    };
  }
  return {
    name: location.name,
    type: location.type,
    street: location.street,
    postcode: location.postcode ?? "",
    city: location.city,
    country: location.country ?? "",
    start: toDateTimeLocal(location.start),
    end: toDateTimeLocal(location.end),
    dexamTypes: [...location.dexamTypes],
    competitionTypes: [...location.competitionTypes],
    instruments: [...location.instruments],
    publishResults: location.publishResults,
  };
}

/** Which fields the form shows for a type. */
export function locationFields(type: string) {
  return {
    datesRequired: type !== "DEXAM_PREPARATION",
    courses: type !== "COMPETITION" && type !== "",
    competitionTypes: type === "COMPETITION",
    instruments: type === "DEXAM_PRACTICE",
  };
}

export function validateLocationForm(values: LocationFormValues): FieldErrors {
  const errors: Record<string, string> = validate(values, { type: [required], name: [required], street: [required], city: [required], postcode: [postcode] });
  const fields = locationFields(values.type);
  const start = fromDateTimeLocal(values.start);
  const end = fromDateTimeLocal(values.end);
  if (fields.datesRequired) {
    if (!start) errors.start = MSG.required;
    if (!end) errors.end = MSG.required;
  }
  if (start && end && end < start) errors.end = "Das Ende muss nach dem Beginn liegen";
  if ((values.type === "DEXAM_THEORY" || values.type === "DEXAM_PRACTICE") && values.dexamTypes.length === 0) errors.dexamTypes = MSG.required;
  if (values.type === "COMPETITION" && values.competitionTypes.length === 0) errors.competitionTypes = MSG.required;
  if (values.type === "DEXAM_PRACTICE" && values.instruments.length === 0) errors.instruments = MSG.required;
  return addLengthErrors(errors, values, TEXT_LIMITS.EventLocation);
}

type DexamType = "D1" | "D2" | "D3";
type CompetitionType = keyof typeof COMPETITION_TYPE_LABELS;
type Instrument = keyof typeof INSTRUMENT_LABELS;

/**
 * EventLocationInput (create) or the fields of UpdateEventLocationInput (edit; the dialog adds the
 * version, forms/version.ts); only the lists that belong to the type; the type only on create (R-LO014).
 */
export function locationInput(values: LocationFormValues, mode: "create" | "edit") {
  const fields = locationFields(values.type);
  return {
    name: values.name.trim(),
    ...(mode === "create" ? { type: values.type as "DEXAM_THEORY" | "DEXAM_PRACTICE" | "DEXAM_PREPARATION" | "COMPETITION" } : {}),
    street: values.street.trim(),
    postcode: optionalText(values.postcode),
    city: values.city.trim(),
    country: optionalText(values.country),
    start: fromDateTimeLocal(values.start),
    end: fromDateTimeLocal(values.end),
    dexamTypes: fields.courses ? (values.dexamTypes as DexamType[]) : [],
    competitionTypes: fields.competitionTypes ? (values.competitionTypes as CompetitionType[]) : [],
    instruments: fields.instruments ? (values.instruments as Instrument[]) : [],
    publishResults: values.publishResults,
  };
}
