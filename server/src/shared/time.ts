// Dates are stored in UTC; "deadline day 23:59:59" and "from today" are computed in
// Europe/Berlin (decision for R-BC012).
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

/** Offset of Europe/Berlin from UTC in minutes at the given instant (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(at: Date): number {
  const parts = PARTS.formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** The instant of `hh:mm:ss` Berlin time on the calendar day `yyyy-mm-dd`. */
export function berlinTime(day: string, hours: number, minutes: number, seconds: number): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a date: ${day}`);
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hours, minutes, seconds);
  // the offset at the naive instant is right except within an hour of a switch; re-check once
  let at = naive - berlinOffsetMinutes(new Date(naive)) * 60000;
  at = naive - berlinOffsetMinutes(new Date(at)) * 60000;
  return new Date(at);
}

/** Registration deadline: 23:59:59 Europe/Berlin of the chosen day. */
export const deadlineOf = (day: string) => berlinTime(day, 23, 59, 59);

/** The calendar day (yyyy-mm-dd) in Berlin of an instant. */
export function berlinDay(at: Date): string {
  return DAY.format(at);
}

/** Start of "today" in Berlin: 00:00:00 of the Berlin calendar day of `now`. */
export const startOfBerlinDay = (now: Date) => berlinTime(berlinDay(now), 0, 0, 0);
