// The live registrations of an event as the timetable needs them: the parts each needs a slot for
// (a D-exam's theory and practice at its locations, unless a partial result covers the part; a
// competition's performance), the people in them (a candidate by name and birth date, so two
// registrations of one person never overlap; an ensemble and its conductor), and what printing and
// mails show. Cancelled registrations have no parts: their slots are freed at the next planning.
import type { Prisma } from "../../generated/prisma/client.ts";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "../../shared/labels.ts";
import type { PartRequest, TimetablePart } from "./planner.ts";

type Db = Prisma.TransactionClient;

/** One live registration with its parts. */
export type LiveRegistration = {
  kind: "dexam" | "competition";
  id: number;
  userId: number | null;
  associationId: number;
  club: string;
  /** "Anna Muster" / the ensemble's name */
  label: string;
  /** "D2, Klarinette" / "Konzertwertung, Blasorchester, Kategorie 3" */
  details: string;
  /** competitions: the conductor */
  conductor: string | null;
  parts: PartRequest[];
};

const personKey = (r: { firstname: string; lastname: string; birthdate: Date }) =>
  `person:${r.lastname.trim().toLowerCase()}|${r.firstname.trim().toLowerCase()}|${r.birthdate.toISOString().slice(0, 10)}`;

/** The pieces' total duration in seconds (songs[].duration, seconds; missing ones count 0). */
export function piecesSeconds(songs: unknown): number {
  if (!Array.isArray(songs)) return 0;
  return songs.reduce((sum: number, s) => {
    const d = (s as { duration?: unknown } | null)?.duration;
    return sum + (typeof d === "number" && Number.isFinite(d) && d > 0 ? Math.round(d) : 0);
  }, 0);
}

/** What the timetable reads of every registration: its id, owner and club. */
const REGISTRANT = { id: true, userId: true, associationId: true, association: { select: { name: true } } } as const;

/** The live registrations of an event with their parts at the locations `parts` names (location id -> its part). */
export async function liveRegistrations(db: Db, eventId: number, parts: Map<number, TimetablePart>): Promise<LiveRegistration[]> {
  const [dexams, competitions] = await Promise.all([
    db.dexamRegistration.findMany({
      where: { eventId, cancelledAt: null },
      select: {
        ...REGISTRANT,
        firstname: true,
        lastname: true,
        birthdate: true,
        type: true,
        instrument: true,
        theoryLocationId: true,
        practiceLocationId: true,
        partialResultType: true,
      },
      orderBy: { id: "asc" },
    }),
    db.competitionRegistration.findMany({
      where: { eventId, cancelledAt: null },
      select: {
        ...REGISTRANT,
        name: true,
        type: true,
        cast: true,
        category: true,
        conductorName: true,
        locationId: true,
        songs: true,
      },
      orderBy: { id: "asc" },
    }),
  ]);
  const out: LiveRegistration[] = [];
  for (const r of dexams) {
    const label = `${r.firstname} ${r.lastname}`;
    const base = { registrationId: r.id, persons: [personKey(r), `dexam:${r.id}`], label, order: `${r.lastname}\u0000${r.firstname}` };
    const requests: PartRequest[] = [];
    if (r.theoryLocationId != null && parts.get(r.theoryLocationId) === "THEORY" && r.partialResultType !== "THEORY")
      requests.push({ ...base, part: "THEORY", locationId: r.theoryLocationId });
    if (r.practiceLocationId != null && parts.get(r.practiceLocationId) === "PRACTICE" && r.partialResultType !== "PRACTICE")
      requests.push({ ...base, part: "PRACTICE", locationId: r.practiceLocationId, course: r.type, instrument: r.instrument });
    out.push({
      kind: "dexam",
      id: r.id,
      userId: r.userId,
      associationId: r.associationId,
      club: r.association.name,
      label,
      details: `${DEXAM_TYPE_LABELS[r.type]}, ${INSTRUMENT_LABELS[r.instrument]}`,
      conductor: null,
      parts: requests,
    });
  }
  for (const r of competitions) {
    const requests: PartRequest[] = [];
    if (r.locationId != null && parts.get(r.locationId) === "PERFORMANCE")
      requests.push({
        part: "PERFORMANCE",
        registrationId: r.id,
        locationId: r.locationId,
        persons: [`competition:${r.id}`, `conductor:${r.conductorName.trim().toLowerCase()}`],
        label: r.name,
        order: r.name,
        category: r.category,
        durationSeconds: piecesSeconds(r.songs),
      });
    out.push({
      kind: "competition",
      id: r.id,
      userId: r.userId,
      associationId: r.associationId,
      club: r.association.name,
      label: r.name,
      details: [COMPETITION_TYPE_LABELS[r.type], CAST_LABELS[r.cast], r.category ? `Kategorie ${CATEGORY_LABELS[r.category]}` : null]
        .filter(Boolean)
        .join(", "),
      conductor: r.conductorName,
      parts: requests,
    });
  }
  return out;
}
