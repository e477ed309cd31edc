// The integrators' filters of the registration lists: club, location,
// updatedSince, combined with search and with the caller's own scope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let eventGid: string;
let competitionEventGid: string;
let theoryA: number;
let theoryB: number;
let otherClub: number;
const COMPETITION_TYPE = "T" as const;
const CAST = "S" as const;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  otherClub = (await prisma.association.create({ data: { name: "MV Andere", districtAssociationId: world.district1 } })).id;
  const base = openEventFields(world.district1);
  const e = await prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie A", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] },
          { name: "Theorie B", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] },
        ],
      },
    },
    include: { locations: true },
  });
  eventGid = gid("Event", e.id);
  theoryA = e.locations.find((l) => l.name === "Theorie A")?.id as number;
  theoryB = e.locations.find((l) => l.name === "Theorie B")?.id as number;
  const person = { eventId: e.id, birthdate: new Date("2012-01-01"), gender: "F", instrument: "CLARINET", type: "D1" } as const;
  await prisma.dexamRegistration.createMany({
    data: [
      { ...person, firstname: "Anna", lastname: "Alt", associationId: world.club1, theoryLocationId: theoryA },
      { ...person, firstname: "Bert", lastname: "Alt", associationId: world.club1, theoryLocationId: theoryB },
      { ...person, firstname: "Cora", lastname: "Alt", associationId: otherClub, theoryLocationId: theoryA },
      { ...person, firstname: "Dora", lastname: "Neu", associationId: otherClub, theoryLocationId: theoryB },
    ],
  });
  const c = await prisma.event.create({
    data: { ...base, name: "Wertungsspiel", formType: "COMPETITION", locations: { create: [{ name: "Halle", type: "COMPETITION", street: "S", city: "C" }] } },
    include: { locations: true },
  });
  competitionEventGid = gid("Event", c.id);
  const group = { eventId: c.id, locationId: c.locations[0].id } as const;
  await createCompetition(group.eventId, group.locationId, world.club1, "Jugendorchester Eins");
  await createCompetition(group.eventId, group.locationId, otherClub, "Jugendorchester Andere");
});
afterAll(() => app.stop());

/** a competition row for a list test (the form's rules have their own tests) */
async function createCompetition(eventId: number, locationId: number, associationId: number, name: string) {
  await app.db.prisma.competitionRegistration.create({
    data: { eventId, locationId, associationId, name, type: COMPETITION_TYPE, cast: CAST, conductorName: "Dirigentin", numberOfMusicians: 30 },
  });
}

const DEXAM = `query($e: ID!, $club: Int, $loc: Int, $since: DateTime, $search: String) {
  dexamRegistrations(eventId: $e, first: 50, associationId: $club, locationId: $loc, updatedSince: $since, search: $search) {
    totalCount edges { node { firstname updatedAt } }
  }
}`;
const names = async (vars: Record<string, unknown>, token = t.admin) => {
  const res = await app.gql(DEXAM, { e: eventGid, ...vars }, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const conn = res.body.data.dexamRegistrations;
  const list = conn.edges.map((e: { node: { firstname: string } }) => e.node.firstname).sort();
  expect(conn.totalCount).toBe(list.length);
  return list;
};

describe("registration filters for integrators", () => {
  it("associationId keeps one club's registrations", async () => {
    expect(await names({ club: world.club1 })).toEqual(["Anna", "Bert"]);
    expect(await names({ club: otherClub })).toEqual(["Cora", "Dora"]);
  });

  it("the club filter never widens the caller's scope: a member asking for another club gets nothing", async () => {
    expect(await names({}, t.member)).toEqual(["Anna", "Bert"]);
    expect(await names({ club: otherClub }, t.member)).toEqual([]);
    // staff of another district asking for this district's club: nothing either
    const foreign = await app.gql(DEXAM, { e: eventGid, club: world.club1 }, t.staff2);
    expect(foreign.body.data?.dexamRegistrations?.edges ?? []).toEqual([]);
    // a wrong type is refused by GraphQL before anything runs
    const wrong = await app.gql(DEXAM, { e: eventGid, club: "eins", since: "gestern" }, t.admin);
    expect(wrong.body.errors?.length).toBeGreaterThan(0);
    expect(wrong.body.data).toBeUndefined();
  });

  it("location and search together narrow to both (neither replaces the other)", async () => {
    expect(await names({ loc: theoryA })).toEqual(["Anna", "Cora"]);
    expect(await names({ search: "Alt" })).toEqual(["Anna", "Bert", "Cora"]);
    expect(await names({ loc: theoryA, search: "Alt", club: otherClub })).toEqual(["Cora"]);
    expect(await names({ loc: theoryB, search: "Alt" })).toEqual(["Bert"]);
  });

  it("updatedSince returns what changed after the instant, results included", async () => {
    const all = (await app.gql(DEXAM, { e: eventGid }, t.admin)).body.data.dexamRegistrations.edges;
    expect(all.every((e: { node: { updatedAt: string } }) => !Number.isNaN(Date.parse(e.node.updatedAt)))).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    expect(await names({ since })).toEqual([]);
    // a theory result is a change of the registration
    const dora = await app.db.prisma.dexamRegistration.findFirstOrThrow({ where: { firstname: "Dora" } });
    await app.db.prisma.dexamRegistration.update({ where: { id: dora.id }, data: { theoryPoints: 80 } });
    expect(await names({ since })).toEqual(["Dora"]);
    expect(await names({ since, club: world.club1 })).toEqual([]);
  });

  it("competition registrations take the same filters", async () => {
    const q = `query($e: ID!, $club: Int, $since: DateTime) {
      competitionRegistrations(eventId: $e, first: 10, associationId: $club, updatedSince: $since) { totalCount edges { node { name updatedAt } } }
    }`;
    const run = async (vars: Record<string, unknown>) => {
      const res = await app.gql(q, { e: competitionEventGid, ...vars }, t.admin);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.competitionRegistrations.edges.map((e: { node: { name: string } }) => e.node.name).sort();
    };
    expect(await run({})).toEqual(["Jugendorchester Andere", "Jugendorchester Eins"]);
    expect(await run({ club: world.club1 })).toEqual(["Jugendorchester Eins"]);
    expect(await run({ since: new Date(Date.now() + DAY).toISOString() })).toEqual([]);
  });
});
