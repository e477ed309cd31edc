import { MSG } from "@shared/messages";
import { addLengthErrors, required, TEXT_LIMITS, validate } from "@shared/validation";
import { fromDateTimeLocal, toDateInput, toDateTimeLocal } from "../../events/eventDates";
import { type FieldErrors, optionalText } from "../../forms/fieldErrors";

/**
 * The event form (spec §5 "Event", R-EV011): name, registration deadline, start and finish of
 * publishing, form type, edit phase and privacy policy required, as the server checks
 * (server/src/domains/events/rules.ts). Dates are Berlin wall time in the inputs.
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
  return {
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
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INVALID_DATE = "Bitte ein gültiges Datum eingeben";

export function validateEventForm(values: EventFormValues): FieldErrors {
  const errors: Record<string, string> = validate(values, {
    name: [required],
    formType: [required],
    editPhase: [required],
    registrationDeadline: [required],
    startPublishing: [required],
    finishPublishing: [required],
    privacyPolicy: [required],
  });
  if (values.registrationDeadline && !DAY.test(values.registrationDeadline)) errors.registrationDeadline = INVALID_DATE;
  if (values.expiration && !DAY.test(values.expiration)) errors.expiration = INVALID_DATE;
  for (const field of ["startPublishing", "finishPublishing", "start", "end"] as const) {
    if (values[field] && !fromDateTimeLocal(values[field])) errors[field] = INVALID_DATE;
  }
  const startPublishing = fromDateTimeLocal(values.startPublishing);
  const finishPublishing = fromDateTimeLocal(values.finishPublishing);
  if (startPublishing && finishPublishing && finishPublishing <= startPublishing) {
    errors.finishPublishing = "Das Ende der Veröffentlichung muss nach ihrem Beginn liegen";
  }
  const start = fromDateTimeLocal(values.start);
  const end = fromDateTimeLocal(values.end);
  if (start && end && end < start) errors.end = "Das Ende muss nach dem Beginn liegen";
  return addLengthErrors(errors, values, TEXT_LIMITS.Event);
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
