// Calendars (.ics): the appointments of an event, of one registration, and the personal feed of a
// user's clubs. What an appointment is lives here once; who may read which event or registration
// stays with the services that load them (events/service.ts getEvent, the registration services).
// The file is written by ical-generator; times carry TZID=Europe/Berlin with its VTIMEZONE, so a
// calendar shows the same wall-clock time as the app whatever the reader's own zone.
import ical, { ICalEventStatus } from "ical-generator";
import type { Event, EventLocation } from "../../generated/prisma/client.ts";
import { LOCATION_TYPE_LABELS } from "../../shared/labels.ts";
import { berlinOffsetMinutes, TIME_ZONE } from "../../shared/time.ts";

/**
 * One calendar entry. `uid` stays the same across downloads, so a calendar updates instead of
 * duplicating; `sequence` grows with every change of what the entry is built from (the rows'
 * versions), so a calendar takes the newer copy; `cancelled`: STATUS:CANCELLED (a cancelled
 * registration's parts stay in its file, marked, so a calendar that imported them drops them).
 */
export type Appointment = {
  uid: string;
  summary: string;
  start: Date;
  end: Date | null;
  location: string | null;
  description: string | null;
  sequence: number;
  cancelled: boolean;
};

/** What an appointment reads of a location (Prisma select). */
const LOCATED = {
  select: { id: true, name: true, type: true, street: true, postcode: true, city: true, country: true, start: true, end: true, version: true },
} as const;
/** What dexamAppointments reads of a D-exam registration (Prisma select). */
export const DEXAM_CALENDAR_SELECT = {
  id: true,
  version: true,
  firstname: true,
  lastname: true,
  type: true,
  cancelledAt: true,
  event: { select: { name: true } },
  theoryLocation: LOCATED,
  practiceLocation: LOCATED,
  preparationLocation: LOCATED,
} as const;
/** What competitionAppointments reads of a competition registration (Prisma select). */
export const COMPETITION_CALENDAR_SELECT = {
  id: true,
  version: true,
  name: true,
  cancelledAt: true,
  event: { select: { name: true } },
  location: LOCATED,
} as const;

type Located = Pick<EventLocation, "id" | "name" | "type" | "street" | "postcode" | "city" | "country" | "start" | "end" | "version">;

/** "Name, Straße, PLZ Ort, Land" of a location (the parts that are set). */
export function locationAddress(l: Located): string {
  const town = [l.postcode, l.city].filter(Boolean).join(" ");
  return [l.name, l.street, town, l.country].filter(Boolean).join(", ");
}

/**
 * The host part of every uid: the installation's public host name (PUBLIC_URL), so two
 * installations' entries never share a uid in one calendar.
 */
export function calendarHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).host || "anmeldesystem";
  } catch {
    return "anmeldesystem";
  }
}

/** The owning row's part of an appointment's SEQUENCE: rows start at version 1, entries at SEQUENCE 0. */
const changes = (row: { version: number } | null | undefined) => (row ? row.version - 1 : 0);

/** An appointment at a location, when the location has a start time; `owner`: the registration it belongs to. */
function atLocation(
  uid: string,
  summary: string,
  l: Located | null | undefined,
  description: string | null,
  owner?: { version: number; cancelledAt: Date | null },
): Appointment[] {
  if (!l?.start) return [];
  return [
    {
      uid,
      summary,
      start: l.start,
      end: l.end && l.end > l.start ? l.end : null,
      location: locationAddress(l),
      description,
      sequence: changes(l) + changes(owner),
      cancelled: !!owner?.cancelledAt,
    },
  ];
}

/** The event's own dates (Beginn/Ende with its address) and each location's appointment. */
export function eventAppointments(e: Pick<Event, "id" | "name" | "start" | "end" | "address" | "version"> & { locations: Located[] }): Appointment[] {
  const own: Appointment[] = e.start
    ? [
        {
          uid: `event-${e.id}`,
          summary: e.name,
          start: e.start,
          end: e.end && e.end > e.start ? e.end : null,
          location: e.address,
          description: null,
          sequence: changes(e),
          cancelled: false,
        },
      ]
    : [];
  const locations = [...e.locations]
    .sort((a, b) => a.id - b.id)
    .flatMap((l) => atLocation(`event-${e.id}-location-${l.id}`, `${e.name}: ${LOCATION_TYPE_LABELS[l.type]} ${l.name}`, l, null));
  return [...own, ...locations];
}

type DexamForCalendar = {
  id: number;
  version: number;
  firstname: string;
  lastname: string;
  type: string;
  cancelledAt: Date | null;
  event: Pick<Event, "name">;
  theoryLocation?: Located | null;
  practiceLocation?: Located | null;
  preparationLocation?: Located | null;
};

/** A D-exam registration's parts: preparation course, theory and practical exam, each at its location's time (cancelled: marked so). */
export function dexamAppointments(r: DexamForCalendar): Appointment[] {
  const who = `${r.firstname} ${r.lastname}`;
  const what = `${r.event.name} (${r.type})`;
  return [
    ...atLocation(`dexam-${r.id}-preparation`, `Vorbereitungslehrgang ${r.type}: ${who}`, r.preparationLocation, what, r),
    ...atLocation(`dexam-${r.id}-theory`, `Theorieprüfung ${r.type}: ${who}`, r.theoryLocation, what, r),
    ...atLocation(`dexam-${r.id}-practice`, `Praxisprüfung ${r.type}: ${who}`, r.practiceLocation, what, r),
  ];
}

type CompetitionForCalendar = { id: number; version: number; name: string; cancelledAt: Date | null; event: Pick<Event, "name">; location?: Located | null };

/** A competition registration's slot: its Wertungsspielort's time (cancelled: marked so). */
export function competitionAppointments(r: CompetitionForCalendar): Appointment[] {
  return atLocation(`competition-${r.id}`, `Wertungsspiel: ${r.name}`, r.location, r.event.name, r);
}

/** The VTIMEZONE of Europe/Berlin (CET/CEST, EU rules since 1996), written once per file. */
const BERLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  `X-LIC-LOCATION:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** The Berlin wall-clock time of an instant, as "yyyy-mm-ddThh:mm:ss" (ical-generator writes it with TZID). */
const berlinWallClock = (at: Date) => new Date(at.getTime() + berlinOffsetMinutes(at) * 60_000).toISOString().slice(0, 19);

/** The .ics text of `appointments` under the calendar name `name`; `host`: calendarHost of the installation. */
export function icsCalendar(name: string, appointments: Appointment[], stamp: Date, host: string): string {
  const cal = ical({
    name,
    prodId: { company: "Anmeldesystem", product: "Anmeldesystem", language: "DE" },
    timezone: { name: TIME_ZONE, generator: () => BERLIN_VTIMEZONE },
  });
  for (const a of appointments) {
    cal.createEvent({
      id: `${a.uid}@${host}`,
      sequence: a.sequence,
      ...(a.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      timezone: TIME_ZONE,
      stamp,
      start: berlinWallClock(a.start),
      end: a.end ? berlinWallClock(a.end) : undefined,
      summary: a.summary,
      location: a.location ?? undefined,
      description: a.description ?? undefined,
    });
  }
  return cal.toString();
}

/** A file name for a calendar download: letters, digits and dashes only. */
export function icsFileName(base: string): string {
  const safe = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${safe || "termine"}.ics`;
}
