import type { COMPETITION_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { type LocationSchemaInput, type LocationType, locationErrors } from "@shared/locationSchema";
import { fromDateTimeLocal, toDateTimeLocal } from "../../events/eventDates";
import { type FieldErrors, optionalText } from "../../forms/fieldErrors";
import { formInstant } from "../EventManage/eventForm";

/**
 * The event-location form (spec §5 "Location", R-LO013): name, street and city required; start
 * and end required except for preparation courses; postcode rule; theory and practice locations at
 * least one course, competition venues at least one competition type (R-VA022); practice locations
 * at least one instrument. The checks are the one location schema '@shared/locationSchema' the
 * server validates with as well.
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

/** Field -> German message for everything wrong: the one location schema (@shared/locationSchema) the server validates with, for the chosen type. */
export function validateLocationForm(values: LocationFormValues): FieldErrors {
  const input: LocationSchemaInput = {
    ...values,
    start: formInstant(values.start),
    end: formInstant(values.end),
    dexamTypes: values.dexamTypes as DexamType[],
    competitionTypes: values.competitionTypes as CompetitionType[],
    instruments: values.instruments as Instrument[],
  };
  return locationErrors(input, (values.type || null) as LocationType | null);
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
