// A member may register an own club for another district's event (the club check asks for an own
// club, not the event's district). That district's registration staff then see the registration in
// their overview, and must see its club with it: the club's own rule (its district's staff, its
// members) would refuse it, and a refused club made the whole row an error. The club is readable
// as part of the registration only, never on its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let dexamEvent: number;
let competitionEvent: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  const prisma = app.db.prisma;
  // district 1's events; the registrations come from club 2, a club of district 2
  dexamEvent = (await prisma.event.create({ data: { ...openEventFields(world.district1), name: "D-Prüfungen Eins", formType: "DEXAM" } })).id;
  await prisma.dexamRegistration.create({
    data: {
      eventId: dexamEvent,
      userId: world.userIds.member2,
      firstname: "Gast",
      lastname: "Zwei",
      birthdate: new Date("2011-01-01T00:00:00Z"),
      gender: "F",
      associationId: world.club2,
      instrument: "FLUTE",
      type: "D1",
    },
  });
  const competition = await prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Wertungsspiel Eins",
      formType: "COMPETITION",
      locations: { create: [{ name: "Halle", type: "COMPETITION", street: "S", city: "C" }] },
    },
    include: { locations: true },
  });
  competitionEvent = competition.id;
  await prisma.competitionRegistration.create({
    data: {
      eventId: competition.id,
      locationId: competition.locations[0].id,
      associationId: world.club2,
      name: "Jugendkapelle Zwei",
      type: "T",
      cast: "S",
      conductorName: "Dirigentin",
      numberOfMusicians: 30,
    },
  });
});
afterAll(async () => app?.stop());

describe("the club of a registration from another district", () => {
  it("[R-RO016] [R-RO007] the event's registration staff see the row with its club in both overviews", async () => {
    const token = await app.token(world.subjects["role:registration_read"]);
    const dexam = await app.gql(
      `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { totalCount edges { node { firstname association { databaseId name } } } } }`,
      { e: gid("Event", dexamEvent) },
      token,
    );
    expect(dexam.body.errors, JSON.stringify(dexam.body.errors)).toBeUndefined();
    expect(dexam.body.data.dexamRegistrations.edges).toEqual([{ node: { firstname: "Gast", association: { databaseId: world.club2, name: "MV Zwei" } } }]);
    const competition = await app.gql(
      `query($e: ID!) { competitionRegistrations(eventId: $e, first: 10) { edges { node { name association { databaseId name } } } } }`,
      { e: gid("Event", competitionEvent) },
      token,
    );
    expect(competition.body.errors, JSON.stringify(competition.body.errors)).toBeUndefined();
    expect(competition.body.data.competitionRegistrations.edges).toEqual([
      { node: { name: "Jugendkapelle Zwei", association: { databaseId: world.club2, name: "MV Zwei" } } },
    ]);
  });

  it("[R-CM003] the same staff still cannot read that club on its own", async () => {
    const token = await app.token(world.subjects["role:registration_read"]);
    const res = await app.gql("query($id: ID!) { node(id: $id) { ... on Association { name } } }", { id: gid("Association", world.club2) }, token);
    expect(res.body.data?.node ?? null).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain("MV Zwei");
  });

  it("[R-RO014] a member of district 1's club sees neither the registration nor its club", async () => {
    const res = await app.gql(
      `query($e: ID!) { dexamRegistrations(eventId: $e, first: 10) { totalCount edges { node { association { name } } } } }`,
      { e: gid("Event", dexamEvent) },
      await app.token(world.subjects.member),
    );
    expect(res.body.data.dexamRegistrations).toEqual({ totalCount: 0, edges: [] });
  });
});
