// The calendar entries of published timetable slots (docs/decisions.md "Timetables", "Calendars"):
// beside a registration's appointment at its location (the exam day), each published slot is an
// entry of its own with the room and the exact times; its SEQUENCE is the slot's `sequence`, raised
// by every change after publishing, so a calendar takes the moved time.
import type { Prisma, TimetablePart } from "../../generated/prisma/client.ts";
import type { Appointment } from "../events/calendar.ts";
import { locationAddress } from "../events/calendar.ts";
import { dayOf, slotInstants } from "./rules.ts";

type Db = Prisma.TransactionClient;

const SUMMARY: Record<TimetablePart, string> = { THEORY: "Theorieprüfung", PRACTICE: "Praxisprüfung", PERFORMANCE: "Wertungsspiel" };

/**
 * The published slots of these registrations as appointments (`names`: who, by "dexam:<id>" and
 * "competition:<id>"); the callers have read the registrations under their own rules.
 */
export async function slotAppointments(db: Db, ids: { dexamIds: number[]; competitionIds: number[] }, names: Map<string, string>): Promise<Appointment[]> {
  const or: Prisma.TimetableSlotWhereInput[] = [];
  if (ids.dexamIds.length) or.push({ part: { in: ["THEORY", "PRACTICE"] }, registrationId: { in: ids.dexamIds } });
  if (ids.competitionIds.length) or.push({ part: "PERFORMANCE", registrationId: { in: ids.competitionIds } });
  if (!or.length) return [];
  const slots = await db.timetableSlot.findMany({
    where: { OR: or, location: { timetableRules: { published: true } } },
    include: {
      location: {
        select: { id: true, name: true, type: true, street: true, postcode: true, city: true, country: true, start: true, end: true, version: true },
      },
    },
    orderBy: { id: "asc" },
  });
  return slots.map((s) => {
    const kind = s.part === "PERFORMANCE" ? "competition" : "dexam";
    const at = slotInstants({ day: dayOf(s.day), start: s.startMinute, end: s.endMinute });
    return {
      uid: `${kind}-${s.registrationId}-slot-${s.part.toLowerCase()}`,
      summary: `${SUMMARY[s.part]}: ${names.get(`${kind}:${s.registrationId}`) ?? ""} (${s.room})`,
      start: at.start,
      end: at.end,
      location: `${s.room}, ${locationAddress(s.location)}`,
      description: "Zeitplan",
      sequence: s.sequence,
      cancelled: false,
    };
  });
}
