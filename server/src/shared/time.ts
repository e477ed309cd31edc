// Dates are stored in UTC; "deadline day 23:59:59" and "from today" are computed in
// Europe/Berlin (decision for R-BC012), with @date-fns/tz (the zone rules of the runtime's ICU).
import { TZDate, tzOffset } from "@date-fns/tz";
import { isCalendarDay } from "./validation.ts";

export const TIME_ZONE = "Europe/Berlin";

/** Offset of Europe/Berlin from UTC in minutes at the given instant (60 in winter, 120 in summer). */
export const berlinOffsetMinutes = (at: Date): number => tzOffset(TIME_ZONE, at);

/** The instant of `hh:mm:ss` Berlin time on the calendar day `yyyy-mm-dd` (a wall time in the spring gap moves on by the hour). */
export function berlinTime(day: string, hours: number, minutes: number, seconds: number): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  const at = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, seconds, TIME_ZONE);
  // like Date, the constructor reads the years 0..99 as 1900..1999
  if (Number(m[1]) < 100) at.setFullYear(Number(m[1]));
  return new Date(at.getTime());
}

/** Registration deadline: 23:59:59 Europe/Berlin of the chosen day. */
export const deadlineOf = (day: string) => berlinTime(day, 23, 59, 59);

const two = (n: number) => String(n).padStart(2, "0");

/** The calendar day (yyyy-mm-dd) in Berlin of an instant. */
export function berlinDay(at: Date): string {
  const d = new TZDate(at.getTime(), TIME_ZONE);
  return `${String(d.getFullYear()).padStart(4, "0")}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** The calendar day `n` days after (before, when negative) `day` (yyyy-mm-dd). */
export function addDays(day: string, n: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (yyyy-mm-dd each; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The instant `n` calendar days later in Berlin at the same wall-clock time (a switch to or from summer time in between keeps 08:00 at 08:00). */
export function shiftDays(at: Date, n: number): Date {
  const d = new TZDate(at.getTime(), TIME_ZONE);
  d.setDate(d.getDate() + n);
  return new Date(d.getTime());
}

/** Start of "today" in Berlin: 00:00:00 of the Berlin calendar day of `now`. */
export const startOfBerlinDay = (now: Date) => berlinTime(berlinDay(now), 0, 0, 0);

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2})))?$/;

/**
 * A point in time as /v1 writes it, strictly: RFC 3339 "yyyy-mm-ddThh:mm[:ss[.fff]]" with "Z" or
 * an offset, or a bare calendar day (its midnight UTC). The day must exist and lie in 1900..9999,
 * hours 0-23, minutes and seconds 0-59. Anything else is null: Date's own parser rolls
 * "2026-02-30" over to 2 March, reads 0 and 1.5 as 2000 and 2001, 123 as the year 123, and
 * "2026-01-01T25:00:00Z" as the next day.
 */
export function parseInstant(s: string): Date | null {
  const m = INSTANT.exec(s);
  if (!m || !isCalendarDay(m[1])) return null;
  const [h, min, sec, oh, om] = [m[2], m[3], m[4], m[7], m[8]].map((v) => Number(v ?? 0));
  if (h > 23 || min > 59 || sec > 59 || oh > 23 || om > 59) return null;
  const at = new Date(m[2] === undefined ? `${m[1]}T00:00:00Z` : s);
  return Number.isNaN(at.getTime()) ? null : at;
}
