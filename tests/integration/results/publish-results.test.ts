// Publishing results from the results management: whoever enters results
// (results_manage) or manages the event (event_manage) sees, before publishing a location, how many
// registrations and result mails it concerns (EventLocation.resultPublication, counted by the
// publishing code in a rolled-back transaction, so the numbers are the mail code's own), then
// publishes with publishLocationResults: the switch goes on and exactly that many mails are written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let at: { event: number; theory: number; practice: number };

const PREVIEW = "query($id: ID!) { node(id: $id) { ... on EventLocation { version publishResults resultPublication { registrations mails } } } }";
const PUBLISH =
  "mutation($id: ID!, $version: Int!) { publishLocationResults(id: $id, version: $version) { publishResults version resultPublication { mails } } }";

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  at = await dexamEventWithLocations(prisma, world.district1);
  // the member registered four, one more came without a user (an import); the member keeps result mails on
  const base = {
    eventId: at.event,
    associationId: world.club1,
    firstname: "Kim",
    birthdate: new Date("2012-05-01"),
    gender: "F" as const,
    instrument: "CLARINET" as const,
    type: "D2" as const,
    theoryLocationId: at.theory,
    practiceLocationId: at.practice,
  };
  const member = world.userIds.member;
  await prisma.dexamRegistration.createMany({
    data: [
      { ...base, lastname: "Theorie", userId: member, theoryPoints: 28 },
      { ...base, lastname: "Beides", userId: member, theoryPoints: 30, practicePoints: 80 },
      { ...base, lastname: "OhneErgebnis", userId: member },
      { ...base, lastname: "Storniert", userId: member, theoryPoints: 25, cancelledAt: new Date() },
      { ...base, lastname: "OhneBenutzer", userId: null, theoryPoints: 27 },
    ],
  });
});
afterAll(() => app.stop());

const preview = async (token: string, location: number) => {
  const res = await app.gql(PREVIEW, { id: gid("EventLocation", location) }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.node as { version: number; publishResults: boolean; resultPublication: { registrations: number; mails: number } | null };
};

describe("publishing results from the results management", () => {
  it("the confirmation's counts come from the publishing code and change nothing; publishing writes exactly those mails", async () => {
    const before = await preview(t["role:results_manage"], at.theory);
    // three active registrations with a theory result here (the cancelled one is not shown); mails to the member's two
    // of them and none for the registration without a user: the mail code's rule, whatever it counts
    expect(before.resultPublication?.registrations).toBe(3);
    expect(before.resultPublication?.mails).toBeGreaterThan(0);
    expect(before.publishResults).toBe(false);
    // the preview was rolled back: no mail, no switch, no new version, no audit entry
    expect(await app.db.prisma.mailOutbox.count()).toBe(0);
    expect(await app.db.prisma.auditEntry.count({ where: { entity: "EventLocation", entityId: at.theory } })).toBe(0);
    expect((await preview(t["role:results_manage"], at.theory)).version).toBe(before.version);

    const res = await app.gql(PUBLISH, { id: gid("EventLocation", at.theory), version: before.version }, t["role:results_manage"]);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.publishLocationResults).toEqual({ publishResults: true, version: before.version + 1, resultPublication: null });
    expect(await app.db.prisma.mailOutbox.count()).toBe(before.resultPublication?.mails);

    // published once: a second publish is refused and changes nothing
    const again = await app.gql(PUBLISH, { id: gid("EventLocation", at.theory), version: before.version + 1 }, t["role:results_manage"]);
    expect(again.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(await app.db.prisma.mailOutbox.count()).toBe(before.resultPublication?.mails);
  });

  it("the practice location concerns its own part; a publish based on an older version is refused", async () => {
    const before = await preview(t["role:event_manage"], at.practice);
    expect(before.resultPublication?.registrations).toBe(1);
    const stale = await app.gql(PUBLISH, { id: gid("EventLocation", at.practice), version: before.version - 1 }, t["role:event_manage"]);
    expect(stale.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect((await preview(t["role:event_manage"], at.practice)).publishResults).toBe(false);
  });

  it("callers who may not publish get no counts: results_read, members, another district's staff", async () => {
    for (const name of ["role:results_read", "role:registration_manage", "staff2"])
      expect((await preview(t[name], at.practice))?.resultPublication ?? null, name).toBeNull();
  });

  it("a competition's results show once every location publishes: the last location's confirmation names them and their mails", async () => {
    const prisma = app.db.prisma;
    const event = await prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Wertungsspiele Veröffentlichung",
        formType: "COMPETITION",
        locations: {
          create: [
            { name: "Halle A", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
            { name: "Halle B", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
          ],
        },
      },
      include: { locations: { orderBy: { id: "asc" } } },
    });
    const [hallA, hallB] = event.locations.map((l) => l.id);
    const group = { eventId: event.id, associationId: world.club1, conductorName: "D", type: "K" as const, cast: "B" as const, numberOfMusicians: 30 };
    await prisma.competitionRegistration.createMany({
      data: [
        { ...group, name: "Mit Punkten", userId: world.userIds.member, points: 91.5, locationId: hallA },
        { ...group, name: "Auch mit Punkten", userId: world.userIds.member, points: 80, locationId: hallB },
        { ...group, name: "Ohne Punkte", userId: world.userIds.member, locationId: hallB },
      ],
    });
    const mailsBefore = await prisma.mailOutbox.count();
    // the first hall alone shows nothing yet
    const first = await preview(t["role:results_manage"], hallA);
    expect(first.resultPublication).toEqual({ registrations: 0, mails: 0 });
    expect((await app.gql(PUBLISH, { id: gid("EventLocation", hallA), version: first.version }, t["role:results_manage"])).body.errors).toBeUndefined();
    expect(await prisma.mailOutbox.count()).toBe(mailsBefore);
    // the last one shows both groups with points
    const last = await preview(t["role:results_manage"], hallB);
    expect(last.resultPublication?.registrations).toBe(2);
    expect(last.resultPublication?.mails).toBeGreaterThan(0);
    expect((await app.gql(PUBLISH, { id: gid("EventLocation", hallB), version: last.version }, t["role:results_manage"])).body.errors).toBeUndefined();
    expect(await prisma.mailOutbox.count()).toBe(mailsBefore + (last.resultPublication?.mails ?? 0));
  });
});
