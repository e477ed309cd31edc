// The overview's filters beside the search (issue 40 item 1): instrument, course, location, club,
// status and created between, on both doors (GraphQL `filter` and the location/club arguments, the
// /v1 list's query parameters), both calling the one list read (registrations/list.ts). Each filter
// narrows the caller's scope and never widens it; a filter a kind does not have, a reversed period
// and a filter by results the caller does not see are refused. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexamEvent: number;
let competitionEvent: number;
let theory: number;
let practice: number;
let otherClub: number;

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
      name: "D-Prüfungen Filter",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2", "D3"], publishResults: true },
          { name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1", "D2", "D3"], instruments: ["CLARINET", "FLUTE"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexamEvent = e.id;
  theory = e.locations.find((l) => l.name === "Theorie")?.id as number;
  practice = e.locations.find((l) => l.name === "Praxis")?.id as number;
  const person = { eventId: e.id, birthdate: new Date("2012-01-01"), gender: "F" } as const;
  await prisma.dexamRegistration.createMany({
    data: [
      // theory points at a location that publishes them
      {
        ...person,
        firstname: "Anna",
        lastname: "Alt",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D1",
        theoryLocationId: theory,
        theoryPoints: 80,
        createdAt: new Date("2026-03-01T10:00:00Z"),
      },
      // practice points not published yet, cancelled
      {
        ...person,
        firstname: "Bert",
        lastname: "Alt",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D2",
        practiceLocationId: practice,
        practicePoints: 70,
        cancelledAt: new Date("2026-05-01T10:00:00Z"),
        createdAt: new Date("2026-03-10T10:00:00Z"),
      },
      // an existing partial result not verified
      {
        ...person,
        firstname: "Cora",
        lastname: "Neu",
        associationId: otherClub,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: theory,
        partialResultType: "PRACTICE",
        createdAt: new Date("2026-04-01T10:00:00Z"),
      },
      // verified; created at 23:30 on 2 April in Berlin (21:30 UTC)
      {
        ...person,
        firstname: "Dora",
        lastname: "Neu",
        associationId: otherClub,
        instrument: "TRUMPET",
        type: "D3",
        practiceLocationId: practice,
        partialResultType: "THEORY",
        existingPartialResultVerified: true,
        createdAt: new Date("2026-04-02T21:30:00Z"),
      },
    ],
  });
  const c = await prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiel Filter",
      formType: "COMPETITION",
      locations: { create: [{ name: "Halle", type: "COMPETITION", street: "S", city: "C", publishResults: true }] },
    },
    include: { locations: true },
  });
  competitionEvent = c.id;
  const group = { eventId: c.id, locationId: c.locations[0].id, type: "T", cast: "S", conductorName: "Dirigentin", numberOfMusicians: 30 } as const;
  await prisma.competitionRegistration.createMany({
    data: [
      { ...group, name: "Orchester Eins", associationId: world.club1, documentsComplete: true, points: 90, createdAt: new Date("2026-03-01T10:00:00Z") },
      {
        ...group,
        name: "Orchester Zwei",
        associationId: world.club1,
        cancelledAt: new Date("2026-05-01T10:00:00Z"),
        createdAt: new Date("2026-03-20T10:00:00Z"),
      },
      { ...group, name: "Orchester Andere", associationId: otherClub, createdAt: new Date("2026-04-05T10:00:00Z") },
    ],
  });
});
afterAll(() => app.stop());

/** A filter as both doors take it: GraphQL's arguments (global ids, enum names, Date) and /v1's parameters (numeric ids, wire strings). */
type Filter = {
  location?: number;
  club?: number;
  instrument?: [gql: string, wire: string];
  course?: string;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
};

const gqlVariables = (f: Filter) => ({
  location: f.location ? gid("EventLocation", f.location) : null,
  association: f.club ? gid("Association", f.club) : null,
  search: f.search ?? null,
  filter: { instrument: f.instrument?.[0] ?? null, course: f.course ?? null, status: f.status ?? null, createdFrom: f.from ?? null, createdTo: f.to ?? null },
});

const restQuery = (f: Filter) => {
  const q = new URLSearchParams();
  if (f.location) q.set("locationId", String(f.location));
  if (f.club) q.set("associationId", String(f.club));
  if (f.instrument) q.set("instrument", f.instrument[1]);
  if (f.course) q.set("course", f.course);
  if (f.status) q.set("status", f.status.toLowerCase());
  if (f.from) q.set("createdFrom", f.from);
  if (f.to) q.set("createdTo", f.to);
  if (f.search) q.set("search", f.search);
  return q.toString();
};

const KINDS = {
  dexam: {
    event: () => dexamEvent,
    field: "dexamRegistrations",
    name: (n: { firstname: string }) => n.firstname,
    selection: "firstname",
  },
  competition: {
    event: () => competitionEvent,
    field: "competitionRegistrations",
    name: (n: { name: string }) => n.name,
    selection: "name",
  },
} as const;
type Kind = keyof typeof KINDS;

const gqlQuery = (kind: Kind) => `query($e: ID!, $location: ID, $association: ID, $search: String, $filter: RegistrationListFilter) {
  ${KINDS[kind].field}(eventId: $e, first: 50, location: $location, association: $association, search: $search, filter: $filter) {
    totalCount edges { node { ${KINDS[kind].selection} } }
  }
}`;

/** The names both doors list for the filter (the two must agree), or the refusals' messages. */
async function listed(kind: Kind, f: Filter, token = t.admin): Promise<string[] | { refused: [string, string] }> {
  const k = KINDS[kind];
  const gql = await app.gql(gqlQuery(kind), { e: gid("Event", k.event()), ...gqlVariables(f) }, token);
  const rest = await app.rest("GET", `/v1/registrations/event/${k.event()}/${kind}?${restQuery(f)}`, token);
  if (gql.body.errors || rest.status !== 200) {
    expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body)).toBe("VALIDATION");
    expect(rest.status, JSON.stringify(rest.body)).toBe(400);
    return { refused: [gql.body.errors?.[0]?.message ?? "", rest.body.error.message] };
  }
  const conn = gql.body.data[k.field];
  const names = conn.edges.map((e: { node: never }) => k.name(e.node)).sort();
  expect(conn.totalCount).toBe(names.length);
  expect(rest.body.map((row: never) => k.name(row)).sort()).toEqual(names);
  return names;
}

describe("[R-RO009] the overview's filters, the same on GraphQL and /v1", () => {
  it("instrument and course (D-exams)", async () => {
    expect(await listed("dexam", { instrument: ["CLARINET", "Clarinet"] })).toEqual(["Anna", "Cora"]);
    expect(await listed("dexam", { course: "D2" })).toEqual(["Bert", "Cora"]);
    expect(await listed("dexam", { instrument: ["CLARINET", "Clarinet"], course: "D2" })).toEqual(["Cora"]);
  });

  it("location and club", async () => {
    expect(await listed("dexam", { location: practice })).toEqual(["Bert", "Dora"]);
    expect(await listed("dexam", { club: otherClub })).toEqual(["Cora", "Dora"]);
    expect(await listed("dexam", { location: theory, club: otherClub })).toEqual(["Cora"]);
    expect(await listed("competition", { club: world.club1 })).toEqual(["Orchester Eins", "Orchester Zwei"]);
  });

  it("status: live, cancelled, not verified, result entered and published (D-exams)", async () => {
    expect(await listed("dexam", { status: "LIVE" })).toEqual(["Anna", "Cora", "Dora"]);
    expect(await listed("dexam", { status: "CANCELLED" })).toEqual(["Bert"]);
    expect(await listed("dexam", { status: "NOT_VERIFIED" })).toEqual(["Cora"]);
    expect(await listed("dexam", { status: "RESULT_ENTERED" })).toEqual(["Anna", "Bert"]);
    // Bert's practice points are not published by their location
    expect(await listed("dexam", { status: "RESULT_PUBLISHED" })).toEqual(["Anna"]);
  });

  it("status: live, cancelled, documents incomplete, result entered and published (competitions)", async () => {
    expect(await listed("competition", { status: "LIVE" })).toEqual(["Orchester Andere", "Orchester Eins"]);
    expect(await listed("competition", { status: "CANCELLED" })).toEqual(["Orchester Zwei"]);
    expect(await listed("competition", { status: "DOCUMENTS_INCOMPLETE" })).toEqual(["Orchester Andere", "Orchester Zwei"]);
    expect(await listed("competition", { status: "RESULT_ENTERED" })).toEqual(["Orchester Eins"]);
    expect(await listed("competition", { status: "RESULT_PUBLISHED" })).toEqual(["Orchester Eins"]);
  });

  it("created between: whole days in Europe/Berlin, both ends included", async () => {
    expect(await listed("dexam", { from: "2026-03-10" })).toEqual(["Bert", "Cora", "Dora"]);
    expect(await listed("dexam", { to: "2026-04-01" })).toEqual(["Anna", "Bert", "Cora"]);
    // 21:30 UTC on 2 April is 23:30 in Berlin: still the 2nd
    expect(await listed("dexam", { from: "2026-04-02", to: "2026-04-02" })).toEqual(["Dora"]);
    expect(await listed("dexam", { from: "2026-04-03" })).toEqual([]);
    expect(await listed("competition", { from: "2026-03-02", to: "2026-03-31" })).toEqual(["Orchester Zwei"]);
  });

  it("the filters combine with each other and with the search", async () => {
    expect(await listed("dexam", { search: "Neu", status: "LIVE", instrument: ["CLARINET", "Clarinet"] })).toEqual(["Cora"]);
    expect(await listed("dexam", { search: "Alt", status: "LIVE" })).toEqual(["Anna"]);
    expect(await listed("competition", { search: "Orchester", status: "DOCUMENTS_INCOMPLETE", club: otherClub })).toEqual(["Orchester Andere"]);
  });

  it("[R-RO014] a filter narrows the caller's scope, never widens it", async () => {
    expect(await listed("dexam", {}, t.member)).toEqual(["Anna", "Bert"]);
    expect(await listed("dexam", { club: otherClub }, t.member)).toEqual([]);
    expect(await listed("dexam", { status: "NOT_VERIFIED" }, t.member)).toEqual([]);
    expect(await listed("dexam", { instrument: ["CLARINET", "Clarinet"] }, t.member)).toEqual(["Anna"]);
    expect(await listed("competition", { status: "DOCUMENTS_INCOMPLETE" }, t.member)).toEqual(["Orchester Zwei"]);
    // staff of another district: nothing of this district, whatever the filter
    expect(await listed("dexam", { status: "LIVE" }, t.staff2)).toEqual([]);
  });

  it("[R-RO017] a filter by entered results is refused to whoever does not see every result; published results filter for everyone", async () => {
    const refused = await listed("dexam", { status: "RESULT_ENTERED" }, t.member);
    expect(refused).toEqual({
      refused: [expect.stringContaining("Nach eingetragenen Ergebnissen filtern"), expect.stringContaining("Nach eingetragenen Ergebnissen filtern")],
    });
    expect(await listed("competition", { status: "RESULT_ENTERED" }, t.member)).toHaveProperty("refused");
    expect(await listed("dexam", { status: "RESULT_PUBLISHED" }, t.member)).toEqual(["Anna"]);
    expect(await listed("dexam", { status: "RESULT_ENTERED" }, t["role:registration_read"])).toEqual(["Anna", "Bert"]);
  });

  it("a filter the kind does not have, and a period ending before it begins, are refused (never ignored)", async () => {
    for (const f of [{ instrument: ["FLUTE", "Flute"] }, { course: "D1" }, { status: "NOT_VERIFIED" }] as Filter[])
      expect(await listed("competition", f), JSON.stringify(f)).toHaveProperty("refused");
    expect(await listed("dexam", { status: "DOCUMENTS_INCOMPLETE" })).toHaveProperty("refused");
    expect(await listed("dexam", { from: "2026-04-02", to: "2026-04-01" })).toEqual({
      refused: [
        expect.stringContaining("Das Ende des Zeitraums liegt vor seinem Anfang"),
        expect.stringContaining("Das Ende des Zeitraums liegt vor seinem Anfang"),
      ],
    });
  });

  it("/v1 is strict: an unknown value or a day that does not exist is a 400 naming the parameter", async () => {
    for (const q of ["status=offen", "instrument=FLUTE", "course=D4", "createdFrom=2026-02-30", "createdTo=gestern", "associationId=eins"]) {
      const res = await app.rest("GET", `/v1/registrations/event/${dexamEvent}/dexam?${q}`, t.admin);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), q).toEqual([q.split("=")[0]]);
    }
  });
});
