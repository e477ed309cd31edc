// Event location rules (spec section 5): name, street and city required; start and end required
// except for preparation courses; the postcode rule; practice locations need an instrument; the
// type follows the event's form and never changes after creation.
import type { CompetitionType, DexamType, FormType, Instrument, LocationType } from "../../generated/prisma/client.ts";
import { MSG } from "../../shared/messages.ts";
import { addLengthErrors, isValidDate, postcode, required, TEXT_LIMITS } from "../../shared/validation.ts";

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

/** Legacy data writes an empty date as 0001-01-01 (R-LO018): that is no date. */
export const emptyLegacyDate = (d: Date | null | undefined) => (d && d.getUTCFullYear() <= 1 ? null : (d ?? null));

export function validateLocation(input: LocationInput, type: LocationType | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!type) errors.type = MSG.required;
  for (const f of ["name", "street", "city"] as const) if (required(input[f]) !== null) errors[f] = MSG.required;
  const pc = postcode(input.postcode);
  if (pc) errors.postcode = pc;
  if (type !== "DEXAM_PREPARATION") {
    if (!emptyLegacyDate(input.start)) errors.start = MSG.required;
    if (!emptyLegacyDate(input.end)) errors.end = MSG.required;
  }
  // a given text that is no time (only /v1 can send one) is an error, not a 500
  for (const f of ["start", "end"] as const) if (input[f] != null && !isValidDate(input[f])) errors[f] = MSG.date;
  const start = emptyLegacyDate(input.start);
  const end = emptyLegacyDate(input.end);
  if (start && end && end < start) errors.end = "Das Ende muss nach dem Beginn liegen";
  // decision R-VA022 (sub-types rule): theory and practice locations offer at least one course,
  // competition locations at least one competition type
  if ((type === "DEXAM_THEORY" || type === "DEXAM_PRACTICE") && !input.dexamTypes?.length) errors.dexamTypes = MSG.required;
  if (type === "COMPETITION" && !input.competitionTypes?.length) errors.competitionTypes = MSG.required;
  if (type === "DEXAM_PRACTICE" && !input.instruments?.length) errors.instruments = MSG.required;
  return addLengthErrors(errors, input, TEXT_LIMITS.EventLocation);
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
