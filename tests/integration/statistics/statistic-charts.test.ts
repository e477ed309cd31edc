// The statistics dialog's charts (eventStatisticCharts): registrations per Berlin day, zero-filled
// up to the deadline, and per location the exam parts passed and failed. Same readers as the
// statistic (registration_read/manage of the event's district).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, dexamEventWithLocations, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let theory: number;
let practice: number;

const QUERY = `query($e: ID!, $l: ID) { eventStatisticCharts(eventId: $e, locationId: $l) { perDay { day count } passRates { location part passed failed } } }`;
const charts = async (token: string, locationId?: number) =>
  (await app.gql(QUERY, { e: gid("Event", event), l: locationId ? gid("EventLocation", locationId) : null }, token)).body as any;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  ({ event, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1, "Diagramme"));
  // the deadline lies 30 days ahead: the days run up to today
  const base = {
    eventId: event,
    associationId: world.club1,
    gender: "F" as const,
    birthdate: new Date("2011-01-01"),
    instrument: "CLARINET" as const,
    type: "D2" as const,
    theoryLocationId: theory,
    practiceLocationId: practice,
  };
  const now = Date.now();
  await app.db.prisma.dexamRegistration.createMany({
    data: [
      { ...base, firstname: "A", lastname: "Eins", createdAt: new Date(now - 3 * DAY), theoryPoints: 30, practicePoints: 40 },
      { ...base, firstname: "B", lastname: "Zwei", createdAt: new Date(now - 3 * DAY), theoryPoints: 10 },
      { ...base, firstname: "C", lastname: "Drei", createdAt: new Date(now - 1 * DAY), theoryPoints: 24, practicePoints: 20 },
      { ...base, firstname: "D", lastname: "Vier", createdAt: new Date(now - 1 * DAY), cancelledAt: new Date(), theoryPoints: 0 },
    ],
  });
});
afterAll(() => app.stop());

describe("statistics charts", () => {
  it("[R-EV018] counts registrations per day from the first one up to today, days without any as 0, cancelled ones on their day", async () => {
    const body = await charts(t["role:registration_read"]);
    const perDay = body.data.eventStatisticCharts.perDay as { day: string; count: number }[];
    expect(perDay.map((d) => d.count)).toEqual([2, 0, 2, 0]);
    const days = perDay.map((d) => d.day);
    expect(days).toEqual([...days].sort());
    expect(new Set(days).size).toBe(4);
  });

  it("[R-EV018] counts examined parts passed and failed per location, without cancelled registrations", async () => {
    const body = await charts(t["role:registration_manage"]);
    expect(body.data.eventStatisticCharts.passRates).toEqual([
      { location: "Praxis Klarinette", part: "PRACTICE", passed: 1, failed: 1 },
      { location: "Theorie", part: "THEORY", passed: 2, failed: 1 },
    ]);
  });

  it("[R-LO009] of one location: only its part", async () => {
    const body = await charts(t["role:registration_read"], practice);
    expect(body.data.eventStatisticCharts.passRates).toEqual([{ location: "Praxis Klarinette", part: "PRACTICE", passed: 1, failed: 1 }]);
  });

  it("[R-RP019] members are refused and another district's staff find no event", async () => {
    expect((await charts(t.member)).errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await charts(t.staff2)).errors[0].extensions.code).toBe("NOT_FOUND");
  });
});
