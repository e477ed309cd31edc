// The default day of an event's automatic deletion (Event.expiration), one rule for the server
// (every door that writes an event: create, edit, "Duplizieren") and the client's event form, which
// shows it and lets the office change it (docs/decisions.md "Automatic deletion day").
// - A D-exam camp holds children's health data: it is deleted CAMP_KEEP_MONTHS months after its
//   last day, and a camp is never stored without a day.
// - A D-exam is kept until 31 December of the second year after its last day: a passed part can be
//   taken over (R-RE029..R-RE032, the source registration must still exist) into the exams of the
//   two following years.
// - A competition is kept until 31 December of the year after its last day (last year's
//   registrations and results for the next season's questions).
// The last day is the event's end, else its start, else its registration deadline (as "current"
// in events/rules.ts isCurrent).
import { berlinDay } from "./time.ts";
import { isCalendarDay } from "./validation.ts";

type FormTypeName = "DEXAM" | "DEXAM_CAMP" | "COMPETITION";

/** Months a camp (health data) is kept after its last day. */
export const CAMP_KEEP_MONTHS = 3;
/** Following calendar years a D-exam is kept (so a passed part can be taken over into them). */
export const DEXAM_KEEP_YEARS = 2;
/** Following calendar years a competition is kept. */
export const COMPETITION_KEEP_YEARS = 1;

/** `day` (yyyy-mm-dd) moved by `n` months; a day the month lacks becomes its last (31 May + 3 = 31 Aug, 30 Nov + 3 = 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The Berlin calendar day of the event's last day from its dates: end, else start, else the deadline's day. */
export function lastDayOf(e: { end?: Date | null; start?: Date | null; registrationDeadline?: string | null }): string | null {
  for (const at of [e.end, e.start]) if (at instanceof Date && !Number.isNaN(at.getTime())) return berlinDay(at);
  return e.registrationDeadline && isCalendarDay(e.registrationDeadline) ? e.registrationDeadline : null;
}

/** The default automatic-deletion day (yyyy-mm-dd) of an event of `formType` whose last day is `lastDay`. */
export function defaultExpirationDay(formType: FormTypeName, lastDay: string): string {
  if (formType === "DEXAM_CAMP") return addMonths(lastDay, CAMP_KEEP_MONTHS);
  const year = Number(lastDay.slice(0, 4)) + (formType === "DEXAM" ? DEXAM_KEEP_YEARS : COMPETITION_KEEP_YEARS);
  return `${year}-12-31`;
}

/**
 * The default day for an event input (form type, end, start, registration deadline day), or null
 * when the form type or every date is missing (the form then has other errors to show).
 */
export function defaultExpirationFor(e: {
  formType?: string | null;
  end?: Date | null;
  start?: Date | null;
  registrationDeadline?: string | null;
}): string | null {
  if (e.formType !== "DEXAM" && e.formType !== "DEXAM_CAMP" && e.formType !== "COMPETITION") return null;
  const last = lastDayOf(e);
  return last ? defaultExpirationDay(e.formType, last) : null;
}
