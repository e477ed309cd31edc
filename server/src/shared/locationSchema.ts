// The event-location input, defined once: its field rules (lengths from
// TEXT_LIMITS, the postcode, the instants, the course, competition-type and instrument lists) and
// the rules of the location's type (required fields, start and end except for preparation courses,
// start before end, the sub-types rule R-VA022), with the German messages of the one catalogue
// (messages.ts). The server's validateLocation (GraphQL and /v1 through the service) and the
// client's location form (via '@shared') both validate with locationSchema(type). Error paths are
// the service's field names; locationErrors turns a result into field -> message.
import { z } from "zod";
import { addIssues, fieldErrors, flag, instant, listOf, text } from "./inputSchema.ts";
import { COMPETITION_TYPE_LABELS, DEXAM_TYPE_LABELS, INSTRUMENT_LABELS, type LOCATION_TYPE_LABELS } from "./labels.ts";
import { EVENT_MSG, MSG } from "./messages.ts";
import { postcode, required, TEXT_LIMITS } from "./validation.ts";

export type LocationType = keyof typeof LOCATION_TYPE_LABELS;

/** Legacy data writes an empty date as 0001-01-01 (R-LO018): that is no date. */
export const emptyLegacyDate = (d: Date | null | undefined) => (d && d.getUTCFullYear() <= 1 ? null : (d ?? null));

const L = TEXT_LIMITS.EventLocation;

/** The fields of a location and the rules each holds alone (required is a rule of the type). */
const fields = z.looseObject({
  name: text(L.name),
  street: text(L.street),
  postcode: text(L.postcode).superRefine((v, ctx) => {
    const message = postcode(v);
    if (message) ctx.addIssue({ code: "custom", message });
  }),
  city: text(L.city),
  country: text(L.country),
  start: instant,
  end: instant,
  dexamTypes: listOf(DEXAM_TYPE_LABELS),
  competitionTypes: listOf(COMPETITION_TYPE_LABELS),
  instruments: listOf(INSTRUMENT_LABELS),
  publishResults: flag,
});

type Fields = z.output<typeof fields>;

/** The rules that need the type or more than one field; field -> message. */
function crossFieldErrors(v: Fields, type: LocationType | null): Record<string, string> {
  const e: Record<string, string> = {};
  if (!type) e.type = MSG.required;
  // name, street and city required (R-VA019)
  for (const f of ["name", "street", "city"] as const) if (required(v[f] ?? null) !== null) e[f] = MSG.required;
  // start and end required except for preparation courses (R-VA020); a legacy 0001-01-01 is none (R-LO018)
  const start = emptyLegacyDate(v.start);
  const end = emptyLegacyDate(v.end);
  if (type !== "DEXAM_PREPARATION") {
    if (!start) e.start = MSG.required;
    if (!end) e.end = MSG.required;
  }
  if (start && end && end < start) e.end = EVENT_MSG.endBeforeStart;
  // the sub-types rule (R-VA022): theory and practice locations offer at least one course, competition
  // locations at least one competition type; practice locations test at least one instrument (R-VA021)
  if ((type === "DEXAM_THEORY" || type === "DEXAM_PRACTICE") && !v.dexamTypes?.length) e.dexamTypes = MSG.required;
  if (type === "COMPETITION" && !v.competitionTypes?.length) e.competitionTypes = MSG.required;
  if (type === "DEXAM_PRACTICE" && !v.instruments?.length) e.instruments = MSG.required;
  return e;
}

/**
 * The schema of a location of `type` (the service's: the event's form type decides it, R-LO015; the
 * form's: the chosen one, null while none is chosen): the field rules, then the type's rules.
 */
export const locationSchema = (type: LocationType | null) => fields.superRefine((v, ctx) => addIssues(ctx, crossFieldErrors(v, type)));

/** The input locationSchema reads (the service's LocationInput and the form's adapter both fit it). */
export type LocationSchemaInput = z.input<ReturnType<typeof locationSchema>>;

/** Everything wrong with a location of `type`, as field -> German message. */
export const locationErrors = (input: unknown, type: LocationType | null) => fieldErrors(locationSchema(type).safeParse(input).error);
