// Global ids are exactly what the relay plugin encodes (its type name and key), and node(id)
// finds each row again.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLObjectType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPersistedOperations } from "../../../server/src/graphql/persisted.ts";
import { schema } from "../../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let eventId: number;
let ids: number[];

const nodeTypes = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && t.getInterfaces().some((i) => i.name === "Node"));

beforeAll(async () => {
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
afterAll(async () => app.stop());

describe("global ids", () => {
  it("the overview's rows carry the plugin's ids, and node(id) finds each again", async () => {
    const operations = loadPersistedOperations("client/src/__generated__/persisted-operations.json");
    const query = [...operations.values()].find((text) => text.includes("query DexamTablePaginationQuery"));
    expect(query).toBeDefined();
    const token = await app.token(world.subjects["role:registration_manage"]);
    const res = await app.gql(query!, { eventId: gid("Event", eventId), count: 100 }, token);
    expect(res.body.errors).toBeUndefined();
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
  });
});
