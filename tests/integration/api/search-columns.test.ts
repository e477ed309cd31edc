// The overview's search covers every column it shows: besides names, club and
// id, the D-exam overview finds the instrument and the course as the table writes them
// ("Klarinette", "D2") and the exam locations; the competition overview the type, cast and level
// ("Blasorchester", "3 – mittelschwer", "IV") and the location. Both doors read the one list
// (dexamWhere / competitionWhere): GraphQL's connection and the /v1 list answer the same rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld } from "../../support/principals.ts";

let app: TestApp;
let token: string;
let dexamEvent: number;
let competitionEvent: number;
const dexam: Record<string, number> = {};
const competition: Record<string, number> = {};

beforeAll(async () => {
  app = await startTestApp();
  const world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
  const prisma = app.db.prisma;
  const district = world.district1;
  const club = (await prisma.association.create({ data: { name: "MV Spaltensuche", districtAssociationId: district } })).id;
  dexamEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Spalten D", formType: "DEXAM" } })).id;
  competitionEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Spalten W", formType: "COMPETITION" } })).id;
  const theory = (await prisma.eventLocation.create({ data: { eventId: dexamEvent, name: "Aula Nordschule", type: "DEXAM_THEORY", street: "S", city: "C" } }))
    .id;
  const practice = (
    await prisma.eventLocation.create({ data: { eventId: dexamEvent, name: "Musikschule Süd", type: "DEXAM_PRACTICE", street: "S", city: "C" } })
  ).id;
  const stage = (await prisma.eventLocation.create({ data: { eventId: competitionEvent, name: "Festhalle Ost", type: "COMPETITION", street: "S", city: "C" } }))
    .id;
  const people = [
    ["flute", "FLUTE", "D1", null, null],
    ["clarinet", "CLARINET", "D2", theory, null],
    ["tuba", "TUBA", "D3", null, practice],
  ] as const;
  for (const [key, instrument, type, theoryLocationId, practiceLocationId] of people)
    dexam[key] = (
      await prisma.dexamRegistration.create({
        data: {
          eventId: dexamEvent,
          associationId: club,
          firstname: "Kind",
          lastname: "Muster",
          birthdate: new Date("2012-05-01"),
          gender: "F",
          instrument,
          type,
          theoryLocationId,
          practiceLocationId,
        },
      })
    ).id;
  const groups = [
    ["orchestra", "K", "B", "CAT_3", null, null],
    ["solo", "G", "S", null, "IV", stage],
    ["march", "M", "SL", "CAT_5", null, null],
  ] as const;
  for (const [key, type, cast, category, ageGroup, locationId] of groups)
    competition[key] = (
      await prisma.competitionRegistration.create({
        data: {
          eventId: competitionEvent,
          associationId: club,
          name: "Gruppe",
          conductorName: "D",
          type,
          cast,
          category,
          ageGroup,
          locationId,
          numberOfMusicians: 9,
        },
      })
    ).id;
});
afterAll(() => app.stop());

/** The databaseIds the GraphQL overview answers for `search`, and those of the /v1 list. */
async function bothDoors(kind: "dexam" | "competition", search: string): Promise<{ graphql: number[]; rest: number[] }> {
  const [list, event] = kind === "dexam" ? ["dexamRegistrations", dexamEvent] : ["competitionRegistrations", competitionEvent];
  const res = await app.gql(
    `query ($search: String) { list: ${list}(eventId: "${gid("Event", event)}", search: $search, first: 100) { edges { node { databaseId } } } }`,
    { search },
    token,
  );
  expect(res.body.errors).toBeUndefined();
  const graphql = (res.body.data.list.edges as { node: { databaseId: number } }[]).map((edge) => edge.node.databaseId).sort((a, b) => a - b);
  const rest = await app.rest("GET", `/v1/registrations/event/${event}/${kind}?search=${encodeURIComponent(search)}`, token);
  expect(rest.status).toBe(200);
  return { graphql, rest: (rest.body as { id: number }[]).map((row) => row.id).sort((a, b) => a - b) };
}

const ids = (rows: Record<string, number>, ...keys: string[]) => keys.map((key) => rows[key]).sort((a, b) => a - b);

describe("the overview search covers every column it shows, at both doors", () => {
  it.each([
    ["Klarinette", ["clarinet"]],
    ["querflöte", ["flute"]],
    ["D2", ["clarinet"]],
    ["d3", ["tuba"]],
    ["Nordschule", ["clarinet"]],
    ["Musikschule Süd", ["tuba"]],
  ])("D-exam: %j finds the instrument, course or exam location", async (search, keys) => {
    const answer = await bothDoors("dexam", search);
    expect(answer.graphql).toEqual(ids(dexam, ...keys));
    expect(answer.rest).toEqual(answer.graphql);
  });

  it.each([
    ["Konzertmusik", ["orchestra"]],
    ["Blasorchester", ["orchestra"]],
    ["spielleute", ["march"]],
    ["mittelschwer", ["orchestra"]],
    ["IV", ["solo"]],
    ["Festhalle", ["solo"]],
  ])("competition: %j finds the type, cast, level or location", async (search, keys) => {
    const answer = await bothDoors("competition", search);
    expect(answer.graphql).toEqual(ids(competition, ...keys));
    expect(answer.rest).toEqual(answer.graphql);
  });

  it("a text in no column finds nothing; names and club still match as before", async () => {
    expect((await bothDoors("dexam", "Fagott")).graphql).toEqual([]);
    expect((await bothDoors("dexam", "Spaltensuche")).graphql).toEqual(ids(dexam, "flute", "clarinet", "tuba"));
    expect((await bothDoors("competition", "Gruppe")).rest).toEqual(ids(competition, "orchestra", "solo", "march"));
  });
});
