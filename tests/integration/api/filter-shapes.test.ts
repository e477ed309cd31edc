// Reads and writes in the same shape (server/src/graphql/sameShape.ts, oldArgs):
// the filter arguments of the lists take the global id the reads return, beside the deprecated
// numeric ones. Per argument: the new spelling filters the same rows as the deprecated one, which
// keeps filtering as before; a global id of another type, or both spellings with different values,
// is VALIDATION at the new argument.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrongTypeMessage } from "../../../server/src/graphql/ids.ts";
import { conflictMessage } from "../../../server/src/graphql/sameShape.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let admin: string;
let dexam: { event: number; theory: number; practice: number };
let competition: { event: number; hall: number; church: number };

const db = () => app.db.prisma;
type Answer = { data?: Record<string, any> | null; errors?: { message: string; extensions: { code: string; fields?: Record<string, string> } }[] };

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  admin = await app.token(world.subjects.admin);
  dexam = await dexamEventWithLocations(db(), world.district1);
  const club3 = await db().association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } });
  const person = { birthdate: new Date("2012-04-05"), gender: "F", instrument: "CLARINET", type: "D2" } as const;
  for (const [lastname, associationId, practiceLocationId] of [
    ["Eins", world.club1, dexam.practice],
    ["Zwei", world.club1, null],
    ["Drei", club3.id, dexam.practice],
    ["Vier", club3.id, null],
  ] as const)
    await db().dexamRegistration.create({
      data: { ...person, eventId: dexam.event, firstname: "Lena", lastname, associationId, theoryLocationId: dexam.theory, practiceLocationId },
    });
  const e = await db().event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Wertungsspiele",
      formType: "COMPETITION",
      locations: {
        create: [
          { name: "Halle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
          { name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
        ],
      },
    },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  competition = { event: e.id, hall: e.locations[0].id, church: e.locations[1].id };
  const band = { type: "K", cast: "B", conductorName: "Max Takt", numberOfMusicians: 40 } as const;
  for (const [name, associationId, locationId] of [
    ["Eins", world.club1, competition.hall],
    ["Zwei", world.club1, competition.church],
    ["Drei", club3.id, competition.hall],
  ] as const)
    await db().competitionRegistration.create({ data: { ...band, eventId: e.id, name, associationId, locationId } });
  await db().event.create({ data: { ...openEventFields(world.district2), name: "Im KV Zwei", formType: "DEXAM" } });
  for (const [name, districtAssociationId] of [
    ["Eins", world.district1],
    ["Zwei", world.district2],
  ] as const)
    await db().apiClient.create({ data: { clientId: `filter-${name}`, name, secretHash: "x", roles: ["user_read"], districtAssociationId } });
});
afterAll(() => app.stop());

/** A list query with one filter argument, and the sorted row ids it answers. */
type Case = {
  list: string;
  /** the argument's new name; the deprecated one is this plus Id */
  arg: string;
  typename: string;
  /** the query with these variable declarations and filter arguments */
  query: (vars: string[], args: string[]) => string;
  rows: (data: Record<string, any>) => number[];
  /** what the type is called in messages */
  what: string;
  /** the filter value (numeric id), another one of the same type, and an id of another type */
  value: () => number;
  other: () => number;
  wrongType: () => string;
  /** the ids the filter answers, read from the database (what the deprecated argument always filtered) */
  expected: () => Promise<number[]>;
};
const ids = (list: { databaseId: number }[]) => list.map((r) => r.databaseId).sort((a, b) => a - b);
const nodes = (connection: { edges: { node: { databaseId: number } }[] }) => ids(connection.edges.map((e) => e.node));
const sorted = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

const CASES: Case[] = [
  ...(["location", "association"] as const).flatMap((arg): Case[] => [
    {
      list: "dexamRegistrations",
      arg,
      typename: arg === "location" ? "EventLocation" : "Association",
      what: arg === "location" ? "Veranstaltungsort" : "Verein",
      query: (v, a) => `query${list(["$e: ID!", ...v])} { dexamRegistrations${list(["eventId: $e", "first: 100", ...a])} { edges { node { databaseId } } } }`,
      rows: (d) => nodes(d.dexamRegistrations),
      value: () => (arg === "location" ? dexam.practice : world.club1),
      other: () => (arg === "location" ? dexam.theory : world.club2),
      wrongType: () => gid("Event", dexam.event),
      expected: async () =>
        sorted(
          await db().dexamRegistration.findMany({
            where: { eventId: dexam.event, ...(arg === "location" ? { practiceLocationId: dexam.practice } : { associationId: world.club1 }) },
          }),
        ),
    },
    {
      list: "dexamResults",
      arg,
      typename: arg === "location" ? "EventLocation" : "Association",
      what: arg === "location" ? "Veranstaltungsort" : "Verein",
      query: (v, a) => `query${list(["$e: ID!", ...v])} { dexamResults${list(["eventId: $e", ...a])} { databaseId } }`,
      rows: (d) => ids(d.dexamResults),
      value: () => (arg === "location" ? dexam.practice : world.club1),
      other: () => (arg === "location" ? dexam.theory : world.club2),
      wrongType: () => gid("DistrictAssociation", world.district1),
      expected: async () =>
        sorted(
          await db().dexamRegistration.findMany({
            where: { eventId: dexam.event, ...(arg === "location" ? { practiceLocationId: dexam.practice } : { associationId: world.club1 }) },
          }),
        ),
    },
    {
      list: "competitionRegistrations",
      arg,
      typename: arg === "location" ? "EventLocation" : "Association",
      what: arg === "location" ? "Veranstaltungsort" : "Verein",
      query: (v, a) =>
        `query${list(["$e: ID!", ...v])} { competitionRegistrations${list(["eventId: $e", "first: 100", ...a])} { edges { node { databaseId } } } }`,
      rows: (d) => nodes(d.competitionRegistrations),
      value: () => (arg === "location" ? competition.hall : world.club1),
      other: () => (arg === "location" ? competition.church : world.club2),
      wrongType: () => gid("User", world.userIds.member),
      expected: async () =>
        sorted(
          await db().competitionRegistration.findMany({
            where: { eventId: competition.event, ...(arg === "location" ? { locationId: competition.hall } : { associationId: world.club1 }) },
          }),
        ),
    },
    {
      list: "competitionResults",
      arg,
      typename: arg === "location" ? "EventLocation" : "Association",
      what: arg === "location" ? "Veranstaltungsort" : "Verein",
      query: (v, a) => `query${list(["$e: ID!", ...v])} { competitionResults${list(["eventId: $e", ...a])} { databaseId } }`,
      rows: (d) => ids(d.competitionResults),
      value: () => (arg === "location" ? competition.hall : world.club1),
      other: () => (arg === "location" ? competition.church : world.club2),
      wrongType: () => gid("Event", competition.event),
      expected: async () =>
        sorted(
          await db().competitionRegistration.findMany({
            where: { eventId: competition.event, ...(arg === "location" ? { locationId: competition.hall } : { associationId: world.club1 }) },
          }),
        ),
    },
  ]),
  {
    list: "users",
    arg: "districtAssociation",
    typename: "DistrictAssociation",
    what: "Kreisverband",
    query: (v, a) => `query${list(v)} { users${list(["first: 100", ...a])} { edges { node { databaseId } } } }`,
    rows: (d) => nodes(d.users),
    value: () => world.district2,
    other: () => world.district1,
    wrongType: () => gid("Association", world.club2),
    expected: async () => sorted(await db().user.findMany({ where: { districtAssociationId: world.district2 } })),
  },
  {
    list: "users",
    arg: "association",
    typename: "Association",
    what: "Verein",
    query: (v, a) => `query${list(v)} { users${list(["first: 100", ...a])} { edges { node { databaseId } } } }`,
    rows: (d) => nodes(d.users),
    value: () => world.club1,
    other: () => world.club2,
    wrongType: () => gid("DistrictAssociation", world.district1),
    expected: async () => sorted(await db().user.findMany({ where: { associations: { some: { associationId: world.club1 } } } })),
  },
  {
    list: "associations",
    arg: "districtAssociation",
    typename: "DistrictAssociation",
    what: "Kreisverband",
    query: (v, a) => `query${list(v)} { associations${list(["first: 100", ...a])} { edges { node { databaseId } } } }`,
    rows: (d) => nodes(d.associations),
    value: () => world.district2,
    other: () => world.district1,
    wrongType: () => gid("Association", world.club2),
    expected: async () => sorted(await db().association.findMany({ where: { districtAssociationId: world.district2 } })),
  },
  {
    list: "apiClients",
    arg: "districtAssociation",
    typename: "DistrictAssociation",
    what: "Kreisverband",
    query: (v, a) => `query${list(v)} { apiClients${list(a)} { databaseId } }`,
    rows: (d) => ids(d.apiClients),
    value: () => world.district2,
    other: () => world.district1,
    wrongType: () => gid("User", world.userIds.admin),
    expected: async () => sorted(await db().apiClient.findMany({ where: { districtAssociationId: world.district2 } })),
  },
  {
    list: "events",
    arg: "districtAssociation",
    typename: "DistrictAssociation",
    what: "Kreisverband",
    query: (v, a) => `query${list(v)} { events${list(["first: 100", ...a])} { edges { node { databaseId } } } }`,
    rows: (d) => nodes(d.events),
    value: () => world.district2,
    other: () => world.district1,
    wrongType: () => gid("Event", dexam.event),
    expected: async () => sorted(await db().event.findMany({ where: { districtAssociationId: world.district2 } })),
  },
];

/** `(a, b)`, or nothing for an empty list */
const list = (items: string[]) => (items.length ? `(${items.join(", ")})` : "");

/** Runs the case's query with the given spellings (new: a global id, old: a number). */
async function run(c: Case, sent: { new?: string; old?: number }) {
  const vars: string[] = [];
  const args: string[] = [];
  if (sent.new !== undefined) {
    vars.push("$new: ID");
    args.push(`${c.arg}: $new`);
  }
  if (sent.old !== undefined) {
    vars.push("$old: Int");
    args.push(`${c.arg}Id: $old`);
  }
  const event = c.list.startsWith("dexam") ? dexam.event : competition.event;
  const variables = { ...(c.list.endsWith("Registrations") || c.list.endsWith("Results") ? { e: gid("Event", event) } : {}), ...sent };
  return (await app.gql(c.query(vars, args), variables, admin)).body as Answer;
}
const rowsOf = (c: Case, res: Answer) => {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return c.rows(res.data as Record<string, any>);
};
const refusal = (res: Answer) => {
  expect(res.errors, JSON.stringify(res.data)).toHaveLength(1);
  return res.errors![0].extensions;
};

describe.each(CASES.map((c) => [`${c.list}(${c.arg})`, c] as const))("the filter %s", (_name, c) => {
  it("the global id filters the same rows as the deprecated numeric id, which filters as before", async () => {
    const expected = await c.expected();
    const all = rowsOf(c, await run(c, {}));
    expect(expected.length).toBeGreaterThan(0);
    // the filter changes the answer (the district lists answer the admin's own district by default)
    expect(all).not.toEqual(expected);
    expect(rowsOf(c, await run(c, { old: c.value() }))).toEqual(expected);
    expect(rowsOf(c, await run(c, { new: gid(c.typename, c.value()) }))).toEqual(expected);
    expect(rowsOf(c, await run(c, { new: gid(c.typename, c.value()), old: c.value() }))).toEqual(expected);
  });

  it("a global id of another type and both spellings with different values are VALIDATION at the new argument", async () => {
    expect(refusal(await run(c, { new: c.wrongType() }))).toEqual({ code: "VALIDATION", fields: { [c.arg]: wrongTypeMessage(c.typename, c.what) } });
    expect(refusal(await run(c, { new: gid(c.typename, c.value()), old: c.other() }))).toEqual({
      code: "VALIDATION",
      fields: { [c.arg]: conflictMessage(c.arg, `${c.arg}Id`) },
    });
  });
});
