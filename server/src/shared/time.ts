// Dates are stored in UTC; "deadline day 23:59:59" and "from today" are computed in
// Europe/Berlin (decision for R-BC012).
import { isCalendarDay } from "./validation.ts";

export const TIME_ZONE = "Europe/Berlin";

// Intl formatters are costly to create (a time-zone lookup each): made once, reused
const PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const DAY = new Intl.DateTimeFormat("sv-SE", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Date.UTC for every year: Date.UTC reads the years 0..99 as 1900..1999. */
const utc = (year: number, month: number, day: number, hours: number, minutes: number, seconds: number) =>
  new Date(0).setUTCFullYear(year, month, day) + ((hours * 60 + minutes) * 60 + seconds) * 1000;

/** Offset of Europe/Berlin from UTC in minutes at the given instant (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(at: Date): number {
  const parts = PARTS.formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = utc(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The instant of `hh:mm:ss` Berlin time on the calendar day `yyyy-mm-dd`. */
export function berlinTime(day: string, hours: number, minutes: number, seconds: number): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  const naive = utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, seconds);
  // the offset at the naive instant is right except within an hour of a switch; re-check once
  let at = naive - berlinOffsetMinutes(new Date(naive)) * 60000;
  at = naive - berlinOffsetMinutes(new Date(at)) * 60000;
  return new Date(at);
}

/** Registration deadline: 23:59:59 Europe/Berlin of the chosen day. */
export const deadlineOf = (day: string) => berlinTime(day, 23, 59, 59);

/** The calendar day (yyyy-mm-dd) in Berlin of an instant. */
export function berlinDay(at: Date): string {
  // the formatter writes years before 1000 with fewer digits ("1-01-01")
  return DAY.format(at).replace(/^(\d{1,3})-/, (_, year: string) => `${year.padStart(4, "0")}-`);
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
  const moved = at.getTime() + n * 86_400_000;
  return new Date(moved + (berlinOffsetMinutes(at) - berlinOffsetMinutes(new Date(moved))) * 60000);
}

/** The instants whose Berlin day has four year digits (a filter's far-off day, e.g. 0000-01-01 through GraphQL's Date, is held to them). */
const FIRST_INSTANT = Date.UTC(1000, 0, 2);
const LAST_INSTANT = Date.UTC(9999, 11, 30);

/** Start of "today" in Berlin: 00:00:00 of the Berlin calendar day of `now` (held to the years 1000..9999). */
export const startOfBerlinDay = (now: Date) => berlinTime(berlinDay(new Date(Math.min(Math.max(now.getTime(), FIRST_INSTANT), LAST_INSTANT))), 0, 0, 0);

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
