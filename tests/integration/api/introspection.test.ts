// Introspection in production (item 2): staff and machine clients may read
// the schema, members may not; outside production everybody may.
import fs from "node:fs";
import { getIntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTROSPECTION_REFUSED } from "../../../server/src/graphql/introspection.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { productionEnv } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const persistedFile = ".tmp/introspection-persisted.json";
const TYPE_ID = "introspection-type";
const TYPENAME_ID = "introspection-typename";
const TYPE_QUERY = 'query TypeOf { __type(name: "Query") { name } }';
const TYPENAME_QUERY = "query Typename { __typename viewer { __typename id } }";

let prod: TestApp;
let world: World;
beforeAll(async () => {
  fs.mkdirSync(".tmp", { recursive: true });
  fs.writeFileSync(persistedFile, JSON.stringify({ [TYPE_ID]: TYPE_QUERY, [TYPENAME_ID]: TYPENAME_QUERY }));
  prod = await startTestApp({
    env: productionEnv({ PERSISTED_OPERATIONS_FILE: persistedFile }),
  });
  world = await createWorld(prod.db.prisma);
});
afterAll(() => prod.stop());

async function persisted(documentId: string, token: string) {
  const res = await prod.fastify.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    payload: JSON.stringify({ documentId }),
  });
  return { status: res.statusCode, body: res.json() };
}

describe("introspection in production", () => {
  it("staff (any role) may run the full introspection query", async () => {
    for (const who of ["admin", "role:user_read"]) {
      const res = await prod.gql(getIntrospectionQuery(), {}, await prod.token(world.subjects[who]));
      expect(res.status, who).toBe(200);
      expect(res.body.errors, who).toBeUndefined();
      expect(res.body.data.__schema.queryType.name).toBe("Query");
    }
  });

  it("without a token nothing runs, introspection included", async () => {
    const res = await prod.gql(getIntrospectionQuery(), {}, null);
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("a member's own introspection document is refused (members may only send persisted operations: PERSISTED_QUERY_ONLY comes first)", async () => {
    const res = await prod.gql(getIntrospectionQuery(), {}, await prod.token(world.subjects.member));
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0].extensions?.code).toBe("PERSISTED_QUERY_ONLY");
  });

  it("even a persisted operation asking __type is refused for a member with FORBIDDEN and a clear message; __typename stays allowed", async () => {
    const token = await prod.token(world.subjects.member);
    const refused = await persisted(TYPE_ID, token);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0]).toMatchObject({ message: INTROSPECTION_REFUSED, extensions: { code: "FORBIDDEN" } });
    const typename = await persisted(TYPENAME_ID, token);
    expect(typename.body.errors).toBeUndefined();
    expect(typename.body.data).toMatchObject({ __typename: "Query", viewer: { __typename: "User" } });
  });
});

describe("introspection outside production", () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await startTestApp();
  });
  afterAll(() => dev.stop());

  it("a member may introspect during development", async () => {
    const w = await createWorld(dev.db.prisma);
    const res = await dev.gql('{ __type(name: "Query") { name } }', {}, await dev.token(w.subjects.member));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__type.name).toBe("Query");
  });
});
