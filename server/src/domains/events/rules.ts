// Event rules (spec sections 4, 5 and 9): the input's rules (shared/eventSchema.ts), the deadline
// at 23:59:59 Berlin time, the publishing window, what "current" means, and which events a copy
// may go into.
import type { EditPhase, FormType } from "../../generated/prisma/client.ts";
import { defaultExpirationDay, lastDayOf } from "../../shared/eventExpiration.ts";
import { eventErrors } from "../../shared/eventSchema.ts";
import { addDays, berlinDay, berlinTime, daysBetween, deadlineOf, shiftDays, startOfBerlinDay } from "../../shared/time.ts";
import { TEXT_LIMITS } from "../../shared/validation.ts";

export type EventInput = {
  name: string;
  description?: string | null;
  formType?: FormType | null;
  editPhase?: EditPhase | null;
  /** the chosen calendar day, yyyy-mm-dd; stored as 23:59:59 Berlin time */
  registrationDeadline?: string | null;
  startPublishing?: Date | null;
  finishPublishing?: Date | null;
  /** automatic deletion day, yyyy-mm-dd */
  expiration?: string | null;
  start?: Date | null;
  end?: Date | null;
  address?: string | null;
  cancellationConditions?: string | null;
  privacyPolicy?: string | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

/** Everything wrong with an event, field -> German message: the one event schema (shared/eventSchema.ts). */
export function validateEvent(input: EventInput): Record<string, string> {
  return eventErrors(input);
}

/** The stored deadline of a chosen day (R-BC011). */
export const deadlineFor = (day: string) => deadlineOf(day);
/** The chosen day of a stored deadline, for forms and /v1. */
export const deadlineDay = (deadline: Date) => berlinDay(deadline);

/** Published exactly while start_publishing <= now < finish_publishing (R-EV004). */
export function isPublished(e: { startPublishing: Date; finishPublishing: Date }, now: Date): boolean {
  return e.startPublishing.getTime() <= now.getTime() && now.getTime() < e.finishPublishing.getTime();
}

/** After the deadline no new registration can be started (R-ST030). */
export function deadlinePassed(e: { registrationDeadline: Date }, now: Date): boolean {
  return now.getTime() > e.registrationDeadline.getTime();
}

/**
 * Decision R-ST005: an event is current ("from today onward") while its last day has not passed:
 * its end, else its start, else its registration deadline, compared with the start of today in
 * Berlin. So a card stays after the deadline until the event is over (R-ST023).
 */
export function isCurrent(e: { end: Date | null; start: Date | null; registrationDeadline: Date }, now: Date): boolean {
  const last = e.end ?? e.start ?? e.registrationDeadline;
  return last.getTime() >= startOfBerlinDay(now).getTime();
}

/** Decision R-EV022: D-exams and D-exam camps are one form family; competitions another. */
export const formFamily = (t: FormType) => (t === "COMPETITION" ? "competition" : "dexam");

/** Copy targets (R-EV021, R-EV023): same family, still before their deadline (from today on), not the event itself. */
export function isCopyTarget(
  source: { id: number; formType: FormType },
  target: { id: number; formType: FormType; registrationDeadline: Date },
  now: Date,
): boolean {
  return (
    target.id !== source.id &&
    formFamily(target.formType) === formFamily(source.formType) &&
    target.registrationDeadline.getTime() >= startOfBerlinDay(now).getTime()
  );
}

/**
 * The dates of a duplicate (decision R-EV026): every date of the source moves by the same number
 * of calendar days, from the source's first day (its start, else its registration deadline) to
 * the chosen `startDay`, at the same Berlin wall-clock time. A duplicate is never published on
 * creation: when its moved publishing window would already be open, the window starts on the next
 * day (Berlin) instead and keeps its length.
 */
export function duplicateDates(
  source: {
    formType: FormType;
    start: Date | null;
    end: Date | null;
    registrationDeadline: Date;
    expiration: Date | null;
    startPublishing: Date;
    finishPublishing: Date;
  },
  startDay: string,
  now: Date,
) {
  const days = daysBetween(berlinDay(source.start ?? source.registrationDeadline), startDay);
  const move = (d: Date | null) => (d ? shiftDays(d, days) : null);
  let startPublishing = shiftDays(source.startPublishing, days);
  let finishPublishing = shiftDays(source.finishPublishing, days);
  if (isPublished({ startPublishing, finishPublishing }, now)) {
    const length = finishPublishing.getTime() - startPublishing.getTime();
    startPublishing = berlinTime(addDays(berlinDay(now), 1), 0, 0, 0);
    finishPublishing = new Date(startPublishing.getTime() + length);
  }
  const deadlineDay = addDays(berlinDay(source.registrationDeadline), days);
  // a source kept without a day (older rows) gives the copy the default of its form type
  const expirationDay = source.expiration
    ? addDays(berlinDay(source.expiration), days)
    : defaultExpirationDay(source.formType, lastDayOf({ end: move(source.end), start: move(source.start), registrationDeadline: deadlineDay }) ?? deadlineDay);
  return {
    days,
    registrationDeadline: deadlineOf(deadlineDay),
    expiration: deadlineOf(expirationDay),
    start: move(source.start),
    end: move(source.end),
    startPublishing,
    finishPublishing,
    move,
  };
}

/** The name of a duplicate: "Kopie von <Name>", cut to the column's length. */
export const duplicateName = (name: string) => `Kopie von ${name}`.slice(0, TEXT_LIMITS.Event.name);
