// Small fixtures the integration tests share: global ids and an event open for registration.
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { PrismaClient } from "../../server/src/generated/prisma/client.ts";

export const DAY = 86_400_000;

/** The global id (Relay) of a row, as the server encodes it. */
export const gid = (typename: string, id: number | string) => encodeGlobalID(typename, id);

/** The fields of an event of the district that is published and open for registration for 30 more days. */
export const openEventFields = (districtAssociationId: number) => ({
  districtAssociationId,
  registrationDeadline: new Date(Date.now() + 30 * DAY),
  startPublishing: new Date(Date.now() - DAY),
  finishPublishing: new Date(Date.now() + 90 * DAY),
  privacyPolicy: "p",
});

/**
 * An open holiday-camp D-exam event (DEXAM_CAMP, starting in 20 days) of the district with its theory
 * location (results published), practice location (published when `practicePublished`) and
 * preparation location, in that order.
 */
export async function campEventWithLocations(prisma: PrismaClient, districtAssociationId: number, name: string, practicePublished: boolean) {
  return prisma.event.create({
    data: {
      ...openEventFields(districtAssociationId),
      name,
      formType: "DEXAM_CAMP",
      start: new Date(Date.now() + 20 * DAY),
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "Weg 1", city: "Eins", publishResults: true },
          { name: "Praxis", type: "DEXAM_PRACTICE", street: "Weg 2", city: "Zwei", publishResults: practicePublished },
          { name: "Vorbereitung", type: "DEXAM_PREPARATION", street: "Weg 3", city: "Drei" },
        ],
      },
    },
    include: { locations: { orderBy: { id: "asc" } } },
  });
}

/** An open D-exam event of the district: a theory location (D1, D2) and a practice location for clarinet (D2). */
export async function dexamEventWithLocations(prisma: PrismaClient, districtAssociationId: number, name = "D-Prüfungen") {
  const e = await prisma.event.create({
    data: {
      ...openEventFields(districtAssociationId),
      name,
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
          { name: "Praxis Klarinette", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] },
        ],
      },
    },
    include: { locations: true },
  });
  const theory = e.locations.find((l) => l.type === "DEXAM_THEORY")?.id as number;
  const practice = e.locations.find((l) => l.type === "DEXAM_PRACTICE")?.id as number;
  return { event: e.id, theory, practice };
}

/** An open competition event of the district with one hall for concert bands (type K); its id. */
export async function competitionEventWithHall(prisma: PrismaClient, districtAssociationId: number, extra: { cancellationConditions?: string } = {}) {
  const e = await prisma.event.create({
    data: {
      ...openEventFields(districtAssociationId),
      ...extra,
      name: "Wertungsspiele",
      formType: "COMPETITION",
      locations: { create: [{ name: "Halle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] }] },
    },
  });
  return e.id;
}

/** The /v1 body (R-API050) of a D2 clarinet candidate of the club for such an event; `over` replaces fields. */
export const dexamWireBody = (at: { event: number; theory: number; practice: number }, associationId: number, over: Record<string, unknown> = {}) => ({
  event_id: at.event,
  firstname: "Lena",
  lastname: "Klar",
  birthdate: "2012-04-05",
  gender: "f",
  association_id: associationId,
  instrument: "Clarinet",
  type: "D2",
  theory_location_id: at.theory,
  practice_location_id: at.practice,
  gdpr_accepted: true,
  ...over,
});

/** The /v1 body (R-API046) of a concert band of the club for a competition event; `over` replaces fields. */
export const competitionWireBody = (eventId: number, associationId: number, over: Record<string, unknown> = {}) => ({
  event_id: eventId,
  name: "Blasorchester Musterstadt",
  association_id: associationId,
  type: "K",
  cast: "B",
  category: 4,
  conductor_name: "Max Takt",
  number_of_musicians: 55,
  gdpr_accepted: true,
  cancellation_accepted: true,
  ...over,
});

/**
 * `read()` once `ok` holds for its value, polling up to `ms` (work the server does after its answer,
 * such as the forgotten-password link); fails with the last value otherwise.
 */
export async function eventually<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`still not so after ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The settings a production start needs besides the defaults (embedded sign-in, fixed keys for tests). */
export const productionEnv = (extra: Record<string, string> = {}) => ({
  NODE_ENV: "production",
  EMBEDDED_IDP: "1",
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  COOKIE_KEYS: "a-cookie-key-for-tests-only-0123456789",
  ...extra,
});

/**
 * Runs `fn` with the process in another time zone (Node applies a changed TZ at once; pg would
 * read and write local times with it), then restores the zone.
 */
export async function inTimeZone<T>(zone: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

/** A D-exam event of the district whose automatic deletion date passed yesterday (the expiry job deletes it). */
export function expiredEvent(prisma: PrismaClient, districtAssociationId: number) {
  return prisma.event.create({
    data: {
      name: "Abgelaufen",
      districtAssociationId,
      formType: "DEXAM",
      registrationDeadline: new Date(Date.now() - 30 * DAY),
      startPublishing: new Date(Date.now() - 60 * DAY),
      finishPublishing: new Date(Date.now() - 20 * DAY),
      expiration: new Date(Date.now() - DAY),
      privacyPolicy: "Datenschutz",
    },
  });
}

/** A D2 clarinet candidate "Klar, <firstname>" of the club at the theory and practice location of dexamEventWithLocations; its id. */
export async function practiceCandidate(
  prisma: PrismaClient,
  at: { event: number; theory: number; practice: number },
  associationId: number,
  firstname: string,
  songs: { number: string; name: string }[] = [],
) {
  const r = await prisma.dexamRegistration.create({
    data: {
      eventId: at.event,
      firstname,
      lastname: "Klar",
      birthdate: new Date("2012-04-05"),
      gender: "F",
      associationId,
      instrument: "CLARINET",
      type: "D2",
      theoryLocationId: at.theory,
      practiceLocationId: at.practice,
      songs,
    },
  });
  return r.id;
}
