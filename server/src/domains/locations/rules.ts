// Event location rules (spec section 5): the input's rules (shared/locationSchema.ts: name, street
// and city required; start and end required except for preparation courses; the postcode rule;
// practice locations need an instrument); the type follows the event's form and never changes
// after creation.
import type { CompetitionType, DexamType, FormType, Instrument, LocationType } from "../../generated/prisma/client.ts";
import { emptyLegacyDate, locationErrors } from "../../shared/locationSchema.ts";

export type LocationInput = {
  name: string;
  type?: LocationType | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  start?: Date | null;
  end?: Date | null;
  dexamTypes?: DexamType[] | null;
  competitionTypes?: CompetitionType[] | null;
  instruments?: Instrument[] | null;
  publishResults?: boolean | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

const DEXAM_TYPES: LocationType[] = ["DEXAM_THEORY", "DEXAM_PRACTICE", "DEXAM_PREPARATION"];

/** Competition events get competition locations automatically (R-LO015); D-exam events one of the three D-exam types. */
export function locationTypeFor(formType: FormType, requested: LocationType | null | undefined): LocationType | null {
  if (formType === "COMPETITION") return "COMPETITION";
  return requested && DEXAM_TYPES.includes(requested) ? requested : null;
}

export { emptyLegacyDate };

/** Everything wrong with a location of `type`, field -> German message: the one location schema (shared/locationSchema.ts). */
export function validateLocation(input: LocationInput, type: LocationType | null): Record<string, string> {
  return locationErrors(input, type);
}

/** Only the fields that belong to the type are kept. */
export function normalizedLocation(input: LocationInput, type: LocationType) {
  return {
    name: input.name.trim(),
    street: (input.street ?? "").trim(),
    postcode: input.postcode?.trim() || null,
    city: (input.city ?? "").trim(),
    country: input.country?.trim() || null,
    start: emptyLegacyDate(input.start),
    end: emptyLegacyDate(input.end),
    dexamTypes: type === "COMPETITION" ? [] : [...new Set(input.dexamTypes ?? [])],
    competitionTypes: type === "COMPETITION" ? [...new Set(input.competitionTypes ?? [])] : [],
    instruments: type === "DEXAM_PRACTICE" ? [...new Set(input.instruments ?? [])] : [],
    publishResults: !!input.publishResults,
  };
}
