// The GraphQL update and cancel of both registration kinds answer from the transaction's own row
// (registrations/graphql.ts), read with what the selection asks for: the answer equals the same
// selection read back afterwards, field for field, over every field of the type (scalars, and the
// scalars of each related object), so no field answers from a half-read row.
import fs from "node:fs";
import { buildSchema, type GraphQLObjectType, getNamedType, isLeafType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, dexamEventWithLocations, gid, practiceCandidate } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};

/** Every field without arguments; an object field with its own argument-free leaf fields. */
function selection(typeName: string): string {
  const schema = buildSchema(fs.readFileSync("schema.graphql", "utf8"));
  const leaves = (type: GraphQLObjectType) =>
    Object.values(type.getFields())
      .filter((f) => f.args.length === 0 && isLeafType(getNamedType(f.type)))
      .map((f) => f.name);
  const type = schema.getType(typeName) as GraphQLObjectType;
  return Object.values(type.getFields())
    .filter((f) => f.args.length === 0)
    .map((f) => {
      const named = getNamedType(f.type);
      if (isLeafType(named)) return f.name;
      return isObjectType(named) && leaves(named).length ? `${f.name} { ${leaves(named).join(" ")} }` : "";
    })
    .filter(Boolean)
    .join("\n");
}

it("the selection reaches related objects (the club, the event)", () => {
  expect(selection("DexamRegistration")).toMatch(/^association \{ .*name/m);
  expect(selection("CompetitionRegistration")).toMatch(/^event \{ .*name/m);
});

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const name of ["member", "role:registration_manage"]) t[name] = await app.token(world.subjects[name]);
});
afterAll(() => app?.stop());

async function readBack(type: string, id: string, token: string) {
  const r = await app.gql(`query($id: ID!) { node(id: $id) { ... on ${type} { ${selection(type)} } } }`, { id }, token);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data.node;
}

describe("GraphQL update and cancel answer what a read answers", () => {
  it("a D-exam registration: the update's answer, then the cancel's, equal the read back", async () => {
    const at = await dexamEventWithLocations(app.db.prisma, world.district1, "D-Prüfungen Antwort");
    const id = gid("DexamRegistration", await practiceCandidate(app.db.prisma, at, world.club1, "Ada", [{ number: "1", name: "Etüde" }]));
    const fields = selection("DexamRegistration");
    const dexamInput = {
      firstname: "Ada",
      lastname: "Klar",
      birthdate: "2012-04-05",
      gender: "F",
      association: gid("Association", world.club1),
      instrument: "CLARINET",
      type: "D2",
      theoryLocationId: at.theory,
      practiceLocationId: at.practice,
      songs: [{ number: "1", name: "Etüde" }],
    };
    for (const token of [t.member, t["role:registration_manage"]]) {
      const { version } = await readBack("DexamRegistration", id, token);
      const updated = await app.gql(
        `mutation($id: ID!, $input: UpdateDexamRegistrationInput!) { updateDexamRegistration(id: $id, input: $input) { ${fields} } }`,
        { id, input: { ...dexamInput, version, remarks: `Bemerkung ${version}` } },
        token,
      );
      expect(updated.body.errors).toBeUndefined();
      expect(updated.body.data.updateDexamRegistration.remarks).toBe(`Bemerkung ${version}`);
      expect(updated.body.data.updateDexamRegistration).toEqual(await readBack("DexamRegistration", id, token));
    }
    const cancelled = await app.gql(`mutation($id: ID!) { cancelDexamRegistration(id: $id) { ${fields} } }`, { id }, t.member);
    expect(cancelled.body.errors).toBeUndefined();
    expect(cancelled.body.data.cancelDexamRegistration.cancelledAt).toEqual(expect.any(String));
    expect(cancelled.body.data.cancelDexamRegistration).toEqual(await readBack("DexamRegistration", id, t.member));
  });

  it("a competition registration: the update's answer, then the cancel's, equal the read back", async () => {
    const event = await competitionEventWithHall(app.db.prisma, world.district1);
    const hall = (await app.db.prisma.eventLocation.findFirstOrThrow({ where: { eventId: event } })).id;
    const row = await app.db.prisma.competitionRegistration.create({
      data: {
        eventId: event,
        locationId: hall,
        name: "Jugendkapelle Antwort",
        associationId: world.club1,
        userId: world.userIds.member,
        type: "K",
        cast: "B",
        category: "CAT_3",
        conductorName: "D",
        numberOfMusicians: 30,
      },
    });
    const id = gid("CompetitionRegistration", row.id);
    const fields = selection("CompetitionRegistration");
    const competitionInput = {
      name: "Jugendkapelle Antwort",
      association: gid("Association", world.club1),
      type: "K",
      cast: "B",
      category: "CAT_3",
      conductorName: "D",
      numberOfMusicians: 30,
    };
    for (const token of [t.member, t["role:registration_manage"]]) {
      const { version } = await readBack("CompetitionRegistration", id, token);
      const updated = await app.gql(
        `mutation($id: ID!, $input: UpdateCompetitionRegistrationInput!) { updateCompetitionRegistration(id: $id, input: $input) { ${fields} } }`,
        { id, input: { ...competitionInput, version, remarks: `Bemerkung ${version}` } },
        token,
      );
      expect(updated.body.errors).toBeUndefined();
      expect(updated.body.data.updateCompetitionRegistration.remarks).toBe(`Bemerkung ${version}`);
      expect(updated.body.data.updateCompetitionRegistration).toEqual(await readBack("CompetitionRegistration", id, token));
    }
    const cancelled = await app.gql(`mutation($id: ID!) { cancelCompetitionRegistration(id: $id) { ${fields} } }`, { id }, t.member);
    expect(cancelled.body.errors).toBeUndefined();
    expect(cancelled.body.data.cancelCompetitionRegistration).toEqual(await readBack("CompetitionRegistration", id, t.member));
  });
});
