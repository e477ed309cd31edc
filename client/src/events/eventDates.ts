import { berlinDay, berlinTime } from "@shared/time";

/**
 * Dates of events and locations as the screens show and edit them, all in Europe/Berlin
 * (R-BC012). Legacy data writes a missing date as 0001-01-01: that is no date (R-LO018).
 */

/** The instant of a value, or null for a missing, unreadable or 0001-01-01 value. */
export function eventDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() <= 1) return null;
  return date;
}

const day = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
const weekdayDay = new Intl.DateTimeFormat("de-DE", { weekday: "short", day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" });
const time = new Intl.DateTimeFormat("de-DE", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Berlin" });

/** "12.05.2027" (Berlin); empty without a date. */
export function formatDay(value: string | null | undefined): string {
  const date = eventDate(value);
  return date ? day.format(date) : "";
}

/** A yyyy-mm-dd day (e.g. the registration deadline day) as "12.05.2027". */
export function formatCalendarDay(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  return match ? `${match[3]}.${match[2]}.${match[1]}` : "";
}

/** "Di., 12.05.2027, 08:00" (Berlin). */
function weekdayDateTime(date: Date): string {
  return `${weekdayDay.format(date)}, ${time.format(date)}`;
}

/**
 * The date range of an event card's subtitle (R-ST012): "12.05.2027 – 13.05.2027", one day when
 * start and end fall on the same day or only one is set; empty without dates.
 */
export function formatDayRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDay(start);
  const to = formatDay(end);
  if (from && to && from !== to) return `${from} – ${to}`;
  return from || to;
}

/**
 * A location's date-time range (R-ST014): "Di., 12.05.2027, 08:00 – 12:00 Uhr" on one day,
 * "Di., 12.05.2027, 08:00 Uhr – Mi., 13.05.2027, 12:00 Uhr" over several days; empty without dates.
 */
export function formatDateTimeRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = eventDate(start);
  const to = eventDate(end);
  if (from && to) {
    if (day.format(from) === day.format(to)) return `${weekdayDateTime(from)} – ${time.format(to)} Uhr`;
    return `${weekdayDateTime(from)} Uhr – ${weekdayDateTime(to)} Uhr`;
  }
  const single = from ?? to;
  return single ? `${weekdayDateTime(single)} Uhr` : "";
}

/** "12.05.2027, 08:00" (Berlin) for tables; empty without a date or for 0001-01-01 (R-LO018). */
export function formatTableDateTime(value: string | null | undefined): string {
  const date = eventDate(value);
  return date ? `${day.format(date)}, ${time.format(date)}` : "";
}

/** Today's calendar day in Berlin (yyyy-mm-dd): the `from` of the start page's query (R-ST004). */
export function todayInBerlin(now: Date = new Date()): string {
  return berlinDay(now);
}

/** An instant as the value of a datetime-local input ("2027-05-12T08:00", Berlin); empty without a date. */
export function toDateTimeLocal(value: string | null | undefined): string {
  const date = eventDate(value);
  if (!date) return "";
  return `${berlinDay(date)}T${time.format(date)}`;
}

/** A datetime-local value (Berlin wall time) as an ISO instant; null when empty or unreadable. */
export function fromDateTimeLocal(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  return berlinTime(match[1], Number(match[2]), Number(match[3]), 0).toISOString();
}

/** An instant as the value of a date input (its Berlin day); empty without a date. */
export function toDateInput(value: string | null | undefined): string {
  const date = eventDate(value);
  return date ? berlinDay(date) : "";
}

/** The same calendar day a year later ("2026-03-14" -> "2027-03-14"; 29 February -> 28 February); empty for no day. */
export function sameDayNextYear(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return "";
  const year = String(Number(match[1]) + 1).padStart(4, "0");
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dayOfMonth = match[2] === "02" && match[3] === "29" && !leap(Number(year)) ? "28" : match[3];
  return `${year}-${match[2]}-${dayOfMonth}`;
}
