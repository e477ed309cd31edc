// The event input, defined once: its field rules (lengths from TEXT_LIMITS, the
// form type and edit phase, the days and instants) and the cross-field rules (required fields, the
// publishing window, start before end), with the German messages of the one catalogue
// (messages.ts). The server's validateEvent (GraphQL and /v1 through the service) and the client's
// event form (via '@shared') both validate with eventSchema; the duplicate's new start day
// (duplicateErrors) too. Error paths are the service's field names; eventErrors turns a result
// into field -> message.
import { z } from "zod";
import { addIssues, calendarDay, fieldErrors, instant, oneOf, text } from "./inputSchema.ts";
import { EDIT_PHASE_LABELS, FORM_TYPE_LABELS } from "./labels.ts";
import { EVENT_MSG, MSG } from "./messages.ts";
import { isValidDate, required, TEXT_LIMITS } from "./validation.ts";

const L = TEXT_LIMITS.Event;

/** The fields of an event and the rules each holds alone (required is a cross-field rule). */
const fields = z.looseObject({
  name: text(L.name),
  description: text(L.description),
  formType: oneOf(FORM_TYPE_LABELS),
  editPhase: oneOf(EDIT_PHASE_LABELS),
  /** the chosen day; stored as 23:59:59 Berlin time */
  registrationDeadline: calendarDay,
  startPublishing: instant,
  finishPublishing: instant,
  /** automatic deletion day */
  expiration: calendarDay,
  start: instant,
  end: instant,
  address: text(L.address),
  cancellationConditions: text(L.cancellationConditions),
  privacyPolicy: text(L.privacyPolicy),
});

type Fields = z.output<typeof fields>;

const valid = (d: Date | null | undefined): d is Date => isValidDate(d);

/** The rules that need more than one field, or that a field is given; field -> message. */
function crossFieldErrors(v: Fields): Record<string, string> {
  const e: Record<string, string> = {};
  // name, form type, edit phase, privacy policy, deadline and publishing window are required (R-VA018, R-EV011)
  for (const f of ["name", "formType", "editPhase", "privacyPolicy", "registrationDeadline", "startPublishing", "finishPublishing"] as const)
    if (required(v[f] ?? null) !== null) e[f] = MSG.required;
  // a camp (children's health data) always has its automatic-deletion day (shared/eventExpiration.ts)
  if (v.formType === "DEXAM_CAMP" && required(v.expiration ?? null) !== null) e.expiration = EVENT_MSG.campExpiration;
  // the publishing window ends after it starts (R-EV004); an event ends no earlier than it starts
  if (valid(v.startPublishing) && valid(v.finishPublishing) && v.finishPublishing <= v.startPublishing) e.finishPublishing = EVENT_MSG.publishingWindow;
  if (valid(v.start) && valid(v.end) && v.end < v.start) e.end = EVENT_MSG.endBeforeStart;
  return e;
}

/** The schema of an event (create and edit alike): the field rules, then the cross-field rules (superRefine). */
export const eventSchema = fields.superRefine((v, ctx) => addIssues(ctx, crossFieldErrors(v)));

/** The input eventSchema reads (the service's EventInput and the form's adapter both fit it). */
export type EventSchemaInput = z.input<typeof eventSchema>;

/** Everything wrong with an event, as field -> German message. */
export const eventErrors = (input: unknown) => fieldErrors(eventSchema.safeParse(input).error);

/** "Duplizieren" (R-EV026): the new start day of the copy, required and a calendar day. */
export const duplicateSchema = z.looseObject({ startDay: calendarDay }).superRefine((v, ctx) => addIssues(ctx, v.startDay ? {} : { startDay: MSG.required }));

/** Everything wrong with a duplicate's start day, as field -> German message. */
export const duplicateErrors = (input: { startDay?: string | null }) => fieldErrors(duplicateSchema.safeParse(input).error);
