import type { MessageKey } from "../../i18n/de";

/** The parts a timetable plans (the server's TimetablePart). */
export type TimetablePart = "THEORY" | "PRACTICE" | "PERFORMANCE";

export const PART_LABELS: Record<TimetablePart, MessageKey> = {
  THEORY: "timetable.part.THEORY",
  PRACTICE: "timetable.part.PRACTICE",
  PERFORMANCE: "timetable.part.PERFORMANCE",
};

/** Minutes after midnight as "09:05". */
export function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** "9:05", "09:05" or "9" as minutes after midnight; null when it is no time of day. */
export function parseClock(text: string): number | null {
  const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2] ?? 0);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/** Breaks as written in the rules dialog: "12:00-13:00, 15:00-15:15". */
export function breaksText(breaks: readonly { start: number; end: number }[]): string {
  return breaks.map((b) => `${clock(b.start)}-${clock(b.end)}`).join(", ");
}

/** The breaks of `text` ("12:00-13:00, 15:00-15:15"); null when a part cannot be read. */
export function parseBreaks(text: string): { start: number; end: number }[] | null {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const out: { start: number; end: number }[] = [];
  for (const part of parts) {
    const [from, to, ...rest] = part.split(/\s*[-–]\s*/);
    if (rest.length || to === undefined) return null;
    const start = parseClock(from);
    const end = parseClock(to);
    if (start === null || end === null) return null;
    out.push({ start, end });
  }
  return out;
}

/** The rooms of the rules dialog's text: one per line or separated by commas, blanks dropped. */
export function parseRooms(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((room) => room.trim())
    .filter(Boolean);
}

/** "Sa., 13.03.2027" of a day "2027-03-13". */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-");
  const weekday = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."][new Date(`${day}T12:00:00Z`).getUTCDay()];
  return `${weekday}, ${d}.${m}.${y}`;
}

/** The start times a slot of `length` minutes may take on a day from `start` to `end`, every `step` minutes. */
export function startTimes(start: number, end: number, length: number, step = 5): number[] {
  const out: number[] = [];
  for (let minute = start; minute + length <= end; minute += step) out.push(minute);
  return out;
}

/** A practice slot length for a course and/or an instrument as the rules dialog edits it ("" = any). */
export type OverrideRow = { course: string; instrument: string; minutes: string };

/** The dialog's rows of stored overrides. */
export function overrideRows(overrides: readonly { course?: string | null; instrument?: string | null; minutes: number }[]): OverrideRow[] {
  return overrides.map((o) => ({ course: o.course ?? "", instrument: o.instrument ?? "", minutes: String(o.minutes) }));
}

/**
 * The overrides of the dialog's rows, with the messages of those that cannot be saved under the
 * server's field names (`practiceOverrides.0`: neither course nor instrument, `practiceOverrides.0.minutes`).
 */
export function parseOverrides(rows: readonly OverrideRow[]): {
  overrides: { course: string | null; instrument: string | null; minutes: number }[];
  errors: Record<string, MessageKey>;
} {
  const errors: Record<string, MessageKey> = {};
  const overrides = rows.map((row, index) => {
    if (!row.course && !row.instrument) errors[`practiceOverrides.${index}`] = "timetable.rules.overrideEmpty";
    if (!/^\d+$/.test(row.minutes.trim()) || Number(row.minutes) < 1) errors[`practiceOverrides.${index}.minutes`] = "timetable.rules.numberInvalid";
    return { course: row.course || null, instrument: row.instrument || null, minutes: Number(row.minutes) };
  });
  return { overrides, errors };
}

/** What the day choice reads of a location: its rules' days and the days it has slots on. */
type DaysOf = { slotDays: readonly string[]; rules: { days: readonly { day: string }[] } };

/** The days a location's tabs offer: its rules' days and any other day it has slots on, in order. */
export function locationDays(location: DaysOf): string[] {
  return [...new Set([...location.rules.days.map((d) => d.day), ...location.slotDays])].sort();
}

/**
 * The location and day the screen shows (the URL's `location` and `day` when they name one of the
 * timetable's locations and its days): otherwise the first location with slots (else the first) and
 * its first day with slots (else its first day). Null without locations.
 */
export function shownDay(
  locations: readonly (DaysOf & { slotCount: number; location: { databaseId: number } })[],
  locationParam: string,
  dayParam: string,
): { locationId: number; day: string } | null {
  const location = locations.find((l) => String(l.location.databaseId) === locationParam) ?? locations.find((l) => l.slotCount > 0) ?? locations[0];
  if (!location) return null;
  const days = locationDays(location);
  const day = days.includes(dayParam) ? dayParam : (location.slotDays[0] ?? days[0]);
  return day ? { locationId: location.location.databaseId, day } : null;
}
