import { defaultExpirationFor } from "@shared/eventExpiration";
import { type EventSchemaInput, eventErrors } from "@shared/eventSchema";
import { MSG } from "@shared/messages";
import { fromDateTimeLocal, toDateInput, toDateTimeLocal } from "../../events/eventDates";
import { type FieldErrors, optionalText } from "../../forms/fieldErrors";

/**
 * The event form (spec §5 "Event", R-EV011): name, registration deadline, start and finish of
 * publishing, form type, edit phase and privacy policy required: the checks are the one event
 * schema '@shared/eventSchema' the server validates with as well. Dates are Berlin wall time in
 * the inputs.
 */
export type EventFormValues = {
  name: string;
  description: string;
  formType: string;
  editPhase: string;
  /** yyyy-mm-dd (date input); stored as 23:59:59 Berlin (R-EV013). */
  registrationDeadline: string;
  /** datetime-local values */
  startPublishing: string;
  finishPublishing: string;
  /** yyyy-mm-dd */
  expiration: string;
  start: string;
  end: string;
  address: string;
  cancellationConditions: string;
  privacyPolicy: string;
};

export const EMPTY_EVENT_FORM: EventFormValues = {
  name: "",
  description: "",
  formType: "",
  editPhase: "NO_RESTRICTIONS",
  registrationDeadline: "",
  startPublishing: "",
  finishPublishing: "",
  expiration: "",
  start: "",
  end: "",
  address: "",
  cancellationConditions: "",
  privacyPolicy: "",
};

export interface EventRecord {
  name: string;
  description?: string | null;
  formType: string;
  editPhase: string;
  registrationDeadlineDay: string;
  startPublishing: string;
  finishPublishing: string;
  expiration?: string | null;
  start?: string | null;
  end?: string | null;
  address?: string | null;
  cancellationConditions?: string | null;
  privacyPolicy: string;
}

export function eventFormValues(event: EventRecord | null | undefined): EventFormValues {
  if (!event) return EMPTY_EVENT_FORM;
  return withExpiration({
    name: event.name,
    description: event.description ?? "",
    formType: event.formType,
    editPhase: event.editPhase,
    registrationDeadline: event.registrationDeadlineDay,
    startPublishing: toDateTimeLocal(event.startPublishing),
    finishPublishing: toDateTimeLocal(event.finishPublishing),
    expiration: toDateInput(event.expiration),
    start: toDateTimeLocal(event.start),
    end: toDateTimeLocal(event.end),
    address: event.address ?? "",
    cancellationConditions: event.cancellationConditions ?? "",
    privacyPolicy: event.privacyPolicy,
  });
}

/** The default automatic-deletion day of the form's values (@shared/eventExpiration, as the server); "" while form type and dates are missing. */
export const suggestedExpiration = (values: EventFormValues): string => defaultExpirationFor(schemaInput(values)) ?? "";

/** An event kept without a deletion day (older rows) opens with the default shown. */
const withExpiration = (values: EventFormValues): EventFormValues => (values.expiration ? values : { ...values, expiration: suggestedExpiration(values) });

/**
 * The form after a change from `before` to `after`: while the deletion day is empty or still the
 * default of `before`, it follows the default of the new form type and dates; a day the office
 * chose stays.
 */
export function followExpiration(before: EventFormValues, after: EventFormValues): EventFormValues {
  if (after.expiration !== before.expiration) return after;
  if (after.expiration !== "" && after.expiration !== suggestedExpiration(before)) return after;
  return { ...after, expiration: suggestedExpiration(after) };
}

/**
 * A datetime-local value (Berlin wall time) as the schema reads an instant: none when empty, an
 * Invalid Date when unreadable (the schema's date message), else the instant.
 */
export const formInstant = (value: string): Date | null => (value.trim() === "" ? null : new Date(fromDateTimeLocal(value) ?? Number.NaN));

const orNull = (v: string) => (v === "" ? null : v);

/** The form values as the event schema reads them: "" is no choice, the datetime-local values instants. */
function schemaInput(values: EventFormValues): EventSchemaInput {
  return {
    ...values,
    formType: orNull(values.formType) as EventSchemaInput["formType"],
    editPhase: orNull(values.editPhase) as EventSchemaInput["editPhase"],
    startPublishing: formInstant(values.startPublishing),
    finishPublishing: formInstant(values.finishPublishing),
    start: formInstant(values.start),
    end: formInstant(values.end),
  };
}

/** Field -> German message for everything wrong: the one event schema (@shared/eventSchema) the server validates with. */
export function validateEventForm(values: EventFormValues): FieldErrors {
  return eventErrors(schemaInput(values));
}

/**
 * EventInput (create) or the fields of UpdateEventInput (edit; the dialog adds the version the form
 * was filled from, forms/version.ts); the form type only on create (it cannot change, R-EV012).
 */
export function eventInput(values: EventFormValues, mode: "create" | "edit") {
  return {
    name: values.name.trim(),
    description: optionalText(values.description),
    ...(mode === "create" ? { formType: values.formType as "DEXAM" | "DEXAM_CAMP" | "COMPETITION" } : {}),
    editPhase: values.editPhase as "NO_RESTRICTIONS" | "SONGS_ONLY" | "NONE",
    registrationDeadline: values.registrationDeadline,
    startPublishing: fromDateTimeLocal(values.startPublishing) ?? "",
    finishPublishing: fromDateTimeLocal(values.finishPublishing) ?? "",
    expiration: values.expiration || null,
    start: fromDateTimeLocal(values.start),
    end: fromDateTimeLocal(values.end),
    address: optionalText(values.address),
    cancellationConditions: optionalText(values.cancellationConditions),
    privacyPolicy: values.privacyPolicy.trim(),
  };
}

export const REQUIRED_MESSAGE = MSG.required;
