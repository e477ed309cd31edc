// Global ids resolve without a promise (server/src/graphql/syncGlobalIds.ts, issue 9): one
// asynchronous field makes GraphQL complete its whole object asynchronously, and the relay
// plugin's own id resolver is `async`. The ids themselves stay exactly what the plugin encodes.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPersistedOperations } from "../../server/src/graphql/persisted.ts";
import { schema } from "../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { DAY, gid, openEventFields } from "../support/fixtures.ts";
import { createWorld, type World } from "../support/principals.ts";

let app: TestApp;
let world: World;
let eventId: number;
let ids: number[];

/** Per field coordinate, how often its resolver answered a promise and how often a value. */
const answers = new Map<string, { promise: number; value: number }>();
const restore: (() => void)[] = [];
const nodeTypes = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && t.getInterfaces().some((i) => i.name === "Node"));

beforeAll(async () => {
  // watch every field of the types the overview's query reaches, and every Node type's id
  const watched = ["Query", "DexamRegistrationConnection", "DexamRegistrationEdge", "DexamRegistration", "Association", "DexamRegistrationActions", "PageInfo"];
  for (const type of new Set([...watched.map((n) => schema.getType(n) as GraphQLObjectType), ...nodeTypes])) {
    for (const [name, field] of Object.entries(type.getFields())) {
      const original = field.resolve;
      const resolve: GraphQLFieldResolver<unknown, unknown> = original ?? defaultFieldResolver;
      field.resolve = (...args) => {
        const result = resolve(...args);
        const seen = answers.get(`${type.name}.${name}`) ?? { promise: 0, value: 0 };
        if (result && typeof (result as { then?: unknown }).then === "function") seen.promise++;
        else seen.value++;
        answers.set(`${type.name}.${name}`, seen);
        return result;
      };
      restore.push(() => {
        field.resolve = original;
      });
    }
  }
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  const event = await app.db.prisma.event.create({
    data: { ...openEventFields(world.district1), name: "Ids", formType: "DEXAM", start: new Date(Date.now() + 20 * DAY) },
  });
  eventId = event.id;
  ids = [];
  for (let i = 0; i < 3; i++) {
    const r = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId,
        firstname: `Id${i}`,
        lastname: "Test",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
      },
    });
    ids.push(r.id);
  }
});
afterAll(async () => {
  for (const undo of restore) undo();
  await app.stop();
});

describe("global ids (issue 9)", () => {
  it("the overview's rows complete without a promise: only the page and its count are asynchronous", async () => {
    const operations = loadPersistedOperations("client/src/__generated__/persisted-operations.json");
    const query = [...operations.values()].find((text) => text.includes("query DexamTablePaginationQuery"));
    expect(query).toBeDefined();
    answers.clear();
    const token = await app.token(world.subjects["role:registration_manage"]);
    const res = await app.gql(query!, { eventId: gid("Event", eventId), count: 100 }, token);
    expect(res.body.errors).toBeUndefined();
    const asynchronous = [...answers].filter(([, seen]) => seen.promise > 0).map(([coordinate]) => coordinate);
    expect(asynchronous.sort()).toEqual(["DexamRegistrationConnection.totalCount", "Query.dexamRegistrations"]);
    expect(answers.get("DexamRegistration.id")).toEqual({ promise: 0, value: 3 });
    expect(answers.get("Association.id")).toEqual({ promise: 0, value: 3 });
    // the ids are the relay plugin's encoding, and node(id) finds each row again
    const nodes = res.body.data.dexamRegistrations.edges.map((e: { node: { id: string; databaseId: number } }) => e.node);
    for (const node of nodes) {
      expect(node.id).toBe(encodeGlobalID("DexamRegistration", String(node.databaseId)));
      const again = await app.gql("query($id: ID!) { node(id: $id) { id ... on DexamRegistration { firstname } } }", { id: node.id }, token);
      expect(again.body.data.node.id).toBe(node.id);
    }
    expect(nodes.map((n: { databaseId: number }) => n.databaseId).sort()).toEqual([...ids].sort());
  });

  it("every Node type's id is the plugin's encoding of its type name and key", async () => {
    expect(nodeTypes.length).toBeGreaterThan(5);
    const token = await app.token(world.subjects.admin);
    const res = await app.gql(`{ viewer { id databaseId districtAssociation { id databaseId } } districtAssociations { id databaseId } }`, {}, token);
    expect(res.body.errors).toBeUndefined();
    const { viewer, districtAssociations } = res.body.data;
    expect(viewer.id).toBe(encodeGlobalID("User", String(viewer.databaseId)));
    expect(viewer.districtAssociation.id).toBe(encodeGlobalID("DistrictAssociation", String(viewer.districtAssociation.databaseId)));
    for (const d of districtAssociations) expect(d.id).toBe(encodeGlobalID("DistrictAssociation", String(d.databaseId)));
    for (const type of nodeTypes) expect(answers.get(`${type.name}.id`)?.promise ?? 0, type.name).toBe(0);
  });
});
