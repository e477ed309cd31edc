// Timetable rules of a location (docs/decisions.md "Timetables"): what staff may enter (days with
// times and breaks, rooms, slot lengths), the defaults a location starts with (its own start and
// end, one room), and the wall times of slots (minutes after midnight in Europe/Berlin) as instants.
import type { EventLocation, LocationType, TimetablePart, TimetableRules } from "../../generated/prisma/client.ts";
import { berlinDay, berlinOffsetMinutes, berlinTime } from "../../shared/time.ts";
import { isCalendarDay, TEXT_LIMITS } from "../../shared/validation.ts";
import type { LocationRules, PracticeOverride, RuleDay, RulesInput } from "./planner.ts";

/** What a location's type plans: theory sittings, practice exams, performances; preparation courses nothing. */
export function partOf(type: LocationType): TimetablePart | null {
  if (type === "DEXAM_THEORY") return "THEORY";
  if (type === "DEXAM_PRACTICE") return "PRACTICE";
  if (type === "COMPETITION") return "PERFORMANCE";
  return null;
}

/** How a location's parallel rooms are called by default. */
const ROOM_NAMES: Record<TimetablePart, string> = { THEORY: "Raum", PRACTICE: "Prüfungskommission", PERFORMANCE: "Bühne" };

export type { RulesInput };

export const RULE_LIMITS = { days: 14, rooms: 30, breaks: 6, overrides: 40, roomName: TEXT_LIMITS.TimetableSlot.room, minutes: 600, capacity: 2000 } as const;

/** The minutes after midnight of an instant in Berlin. */
export function berlinMinutes(at: Date): number {
  const local = new Date(at.getTime() + berlinOffsetMinutes(at) * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The rules a location has before staff set them: its own days and times (9-17 without), one room, the usual lengths. */
export function defaultRules(l: Pick<EventLocation, "type" | "start" | "end">, part: TimetablePart): RulesInput {
  const days: RuleDay[] = [];
  if (l.start) {
    const first = berlinDay(l.start);
    const last = l.end && l.end > l.start ? berlinDay(l.end) : first;
    const startMinute = berlinMinutes(l.start);
    const endMinute = l.end && berlinDay(l.end) === last && l.end > l.start ? berlinMinutes(l.end) : 17 * 60;
    for (let d = first, i = 0; d <= last && i < RULE_LIMITS.days; i++) {
      days.push({ day: d, start: d === first ? startMinute : 9 * 60, end: d === last ? Math.max(endMinute, 1) : 17 * 60, breaks: [] });
      d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  }
  return {
    days: days.filter((d) => d.end > d.start),
    rooms: [`${ROOM_NAMES[part]} 1`],
    practiceMinutes: 20,
    practiceOverrides: [],
    theoryMinutes: 90,
    theoryCapacity: 30,
    warmupMinutes: 10,
    changeoverMinutes: 5,
  };
}

/** The stored rules as the planner reads them. */
export function plannerRules(locationId: number, part: TimetablePart, r: RulesInput): LocationRules {
  return { locationId, part, ...r };
}

/** The stored row's rules (Json columns read as they were written by `normalizedRules`). */
export function rulesOfRow(row: TimetableRules): RulesInput {
  return {
    days: row.days as RuleDay[],
    rooms: row.rooms,
    practiceMinutes: row.practiceMinutes,
    practiceOverrides: row.practiceOverrides as PracticeOverride[],
    theoryMinutes: row.theoryMinutes,
    theoryCapacity: row.theoryCapacity,
    warmupMinutes: row.warmupMinutes,
    changeoverMinutes: row.changeoverMinutes,
  };
}

const minuteOk = (m: number) => Number.isInteger(m) && m >= 0 && m <= 24 * 60;

/** Everything wrong with rules, field -> German message (empty when they can be saved). */
export function validateRules(r: RulesInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (r.days.length === 0) errors.days = "Mindestens ein Tag ist nötig";
  if (r.days.length > RULE_LIMITS.days) errors.days = `Höchstens ${RULE_LIMITS.days} Tage`;
  const seen = new Set<string>();
  r.days.forEach((d, i) => {
    if (!isCalendarDay(d.day)) errors[`days.${i}.day`] = "Kein gültiges Datum";
    else if (seen.has(d.day)) errors[`days.${i}.day`] = "Dieser Tag ist schon eingetragen";
    seen.add(d.day);
    if (!minuteOk(d.start) || !minuteOk(d.end) || d.end <= d.start) errors[`days.${i}.end`] = "Das Ende muss nach dem Beginn liegen";
    if (d.breaks.length > RULE_LIMITS.breaks) errors[`days.${i}.breaks`] = `Höchstens ${RULE_LIMITS.breaks} Pausen`;
    d.breaks.forEach((b, j) => {
      if (!minuteOk(b.start) || !minuteOk(b.end) || b.end <= b.start) errors[`days.${i}.breaks.${j}`] = "Das Ende der Pause muss nach ihrem Beginn liegen";
      else if (b.start < d.start || b.end > d.end) errors[`days.${i}.breaks.${j}`] = "Die Pause muss innerhalb des Tages liegen";
    });
  });
  const rooms = r.rooms.map((x) => x.trim());
  if (rooms.length === 0) errors.rooms = "Mindestens ein Raum ist nötig";
  if (rooms.length > RULE_LIMITS.rooms) errors.rooms = `Höchstens ${RULE_LIMITS.rooms} Räume`;
  if (rooms.some((x) => !x || x.length > RULE_LIMITS.roomName)) errors.rooms = `Jeder Raum braucht einen Namen (höchstens ${RULE_LIMITS.roomName} Zeichen)`;
  else if (new Set(rooms).size !== rooms.length) errors.rooms = "Jeder Raum darf nur einmal vorkommen";
  const minutes = (v: number, field: string, min = 1) => {
    if (!Number.isInteger(v) || v < min || v > RULE_LIMITS.minutes) errors[field] = `Eine ganze Zahl von ${min} bis ${RULE_LIMITS.minutes} Minuten`;
  };
  minutes(r.practiceMinutes, "practiceMinutes");
  minutes(r.theoryMinutes, "theoryMinutes");
  minutes(r.warmupMinutes, "warmupMinutes", 0);
  minutes(r.changeoverMinutes, "changeoverMinutes", 0);
  if (!Number.isInteger(r.theoryCapacity) || r.theoryCapacity < 1 || r.theoryCapacity > RULE_LIMITS.capacity)
    errors.theoryCapacity = `Eine ganze Zahl von 1 bis ${RULE_LIMITS.capacity}`;
  if (r.practiceOverrides.length > RULE_LIMITS.overrides) errors.practiceOverrides = `Höchstens ${RULE_LIMITS.overrides} Ausnahmen`;
  r.practiceOverrides.forEach((o, i) => {
    if (!o.course && !o.instrument) errors[`practiceOverrides.${i}`] = "Eine Ausnahme nennt einen Kurs, ein Instrument oder beides";
    minutes(o.minutes, `practiceOverrides.${i}.minutes`);
  });
  return errors;
}

/** The rules as they are stored: names trimmed, days and breaks in order. */
export function normalizedRules(r: RulesInput): RulesInput {
  return {
    ...r,
    rooms: r.rooms.map((x) => x.trim()),
    days: [...r.days]
      .sort((a, b) => (a.day < b.day ? -1 : 1))
      .map((d) => ({
        day: d.day,
        start: d.start,
        end: d.end,
        breaks: [...d.breaks].sort((a, b) => a.start - b.start).map((b) => ({ start: b.start, end: b.end })),
      })),
    practiceOverrides: r.practiceOverrides.map((o) => ({ course: o.course ?? null, instrument: o.instrument ?? null, minutes: o.minutes })),
  };
}

/** A slot's wall time as instants (Berlin). */
export function slotInstants(s: { day: string; start: number; end: number }): { start: Date; end: Date } {
  const at = (m: number) => berlinTime(s.day, Math.floor(m / 60), m % 60, 0);
  return { start: at(s.start), end: at(s.end) };
}

/** "yyyy-mm-dd" of a @db.Date column. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
