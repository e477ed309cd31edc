// The authorization matrix (pretix style): every operation of auth/permissions.ts, called over
// GraphQL and /v1 by single-role principals in two districts, members of clubs in both, and
// anonymous callers. The expectations below are written from the spec, independently of the
// table, so removing a role from the table fails here. A GraphQL root field or /v1 route that
// the table does not name fails too.

import fs from "node:fs";
import { type FieldDefinitionNode, type ObjectTypeDefinitionNode, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Operation, PERMISSIONS } from "../../server/src/auth/permissions.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { createWorld, PRINCIPAL_NAMES, type World } from "../support/principals.ts";

let app: TestApp;
let world: World;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) tokens[name] = await app.token(sub);
});
afterAll(() => app.stop());

type Outcome = "allowed" | "denied" | "notFound";
type Call = { via: string; run: (token: string | null) => Promise<{ outcome: Outcome | "unauthenticated"; detail: unknown }> };

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString("base64");

function gqlCall(query: string, variables: () => Record<string, unknown> = () => ({}), pick: (data: any) => unknown = (d) => d): Call {
  return {
    via: `graphql ${query}`,
    run: async (token) => {
      const { status, body } = await app.gql(query, variables(), token);
      if (status === 401) return { outcome: "unauthenticated", detail: body };
      const code = body.errors?.[0]?.extensions?.code;
      if (code === "FORBIDDEN" || code === "BLOCKED" || code === "UNAUTHENTICATED") return { outcome: "denied", detail: body };
      if (code === "NOT_FOUND" || (body.data && pick(body.data) === null)) return { outcome: "notFound", detail: body };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return { outcome: "allowed", detail: body.data };
    },
  };
}

function restCall(method: string, url: () => string, body?: () => unknown): Call {
  return {
    via: `${method} ${url.toString()}`,
    run: async (token) => {
      const res = await app.rest(method, url(), token, body?.());
      if (res.status === 401) return { outcome: "unauthenticated", detail: res.body };
      if (res.status === 403) return { outcome: "denied", detail: res.body };
      if (res.status === 404) return { outcome: "notFound", detail: res.body };
      if (res.status >= 400) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      return { outcome: "allowed", detail: res.body };
    },
  };
}

/** How each operation is called; a row per operation of the table is required. */
const CALLS: Record<Operation, Call[]> = {
  "viewer.read": [gqlCall("{ viewer { id email } }"), restCall("GET", () => "/v1/user/0")],
  "districtAssociation.list": [gqlCall("{ districtAssociations { id name gdprLink } }"), restCall("GET", () => "/v1/districtassociations")],
  "districtAssociation.read": [
    gqlCall(
      "query($id: ID!) { node(id: $id) { ... on DistrictAssociation { name } } }",
      () => ({ id: globalId("DistrictAssociation", world.district1) }),
      (d) => d.node,
    ),
    restCall("GET", () => `/v1/districtassociation/${world.district1}`),
  ],
};

const EVERYONE = Object.fromEntries(PRINCIPAL_NAMES.map((p) => [p, "allowed"])) as Record<string, Outcome>;

/** Expected outcome per principal, from spec sections 2 and 6 and ARCHITECTURE "Tenancy". */
const EXPECTED: Record<Operation, Record<string, Outcome>> = {
  "viewer.read": EVERYONE,
  "districtAssociation.list": EVERYONE,
  "districtAssociation.read": EVERYONE,
};

describe("authorization matrix", () => {
  it("[R-RP019] every operation of the permission table has calls and expectations", () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("[R-RP019] every GraphQL root field of the printed schema is named by the permission table", () => {
    const doc = parse(fs.readFileSync("schema.graphql", "utf8"));
    const named = new Set<string>(Object.values(PERMISSIONS).flatMap((p) => p.graphql.map((g) => g.replace(/\(.*\)$/, ""))));
    const roots = doc.definitions
      .filter((d): d is ObjectTypeDefinitionNode => d.kind === "ObjectTypeDefinition" && ["Query", "Mutation"].includes(d.name.value))
      .flatMap((d) => (d.fields ?? []).map((f: FieldDefinitionNode) => `${d.name.value}.${f.name.value}`));
    // node/nodes are answered per type: each node type has a ".read" row naming Query.node(Type)
    const missing = roots.filter((r) => !named.has(r) && r !== "Query.nodes");
    expect(missing).toEqual([]);
  });

  it("[R-RP019] every /v1 route is named by the permission table", () => {
    const named = new Set<string>(Object.values(PERMISSIONS).flatMap((p) => p.rest));
    const missing = app.routes.filter((r) => r.includes(" /v1/")).filter((r) => !named.has(r));
    expect(missing).toEqual([]);
  });

  for (const op of Object.keys(PERMISSIONS) as Operation[]) {
    describe(op, () => {
      for (const call of CALLS[op]) {
        it(`[R-RP019] anonymous callers get 401 via ${call.via}`, async () => {
          expect((await call.run(null)).outcome).toBe("unauthenticated");
        });
        it(`[R-RP019] a blocked user gets 403 via ${call.via}`, async () => {
          const res = await call.run(tokens.blocked);
          expect(res.outcome === "denied" || res.outcome === "unauthenticated").toBe(true);
        });
        for (const principal of PRINCIPAL_NAMES) {
          it(`[R-RP019][R-RP006] ${principal} is ${EXPECTED[op][principal]} via ${call.via}`, async () => {
            const res = await call.run(tokens[principal]);
            expect(res.outcome, JSON.stringify(res.detail)).toBe(EXPECTED[op][principal]);
          });
        }
      }
    });
  }
});

describe("node(id:) across tenants", () => {
  const userNode = "query($id: ID!) { node(id: $id) { ... on User { email } } }";
  const clubNode = "query($id: ID!) { node(id: $id) { ... on Association { name } } }";

  it("[R-RP020] a member reads their own user node but gets null for another user", async () => {
    const own = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens.member);
    expect(own.body.data?.node).toEqual({ email: "member@test.example" });
    const other = await app.gql(userNode, { id: globalId("User", world.userIds.admin) }, tokens.member);
    expect(other.body.data?.node).toBeNull();
  });

  it("[R-RP020] user_read staff see users of their own district only", async () => {
    const same = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens["role:user_read"]);
    expect(same.body.data?.node).toEqual({ email: "member@test.example" });
    const other = await app.gql(userNode, { id: globalId("User", world.userIds.member) }, tokens.staff2);
    expect(other.body.data?.node).toBeNull();
  });

  it("[R-RP020] a member sees their own club, not another club; association_read staff of another district get null", async () => {
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens.member)).body.data?.node).toEqual({ name: "MV Eins" });
    expect((await app.gql(clubNode, { id: globalId("Association", world.club2) }, tokens.member)).body.data?.node).toBeNull();
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens.staff2)).body.data?.node).toBeNull();
    expect((await app.gql(clubNode, { id: globalId("Association", world.club1) }, tokens["role:association_read"])).body.data?.node).toEqual({
      name: "MV Eins",
    });
  });

  it("[R-RP006] admin reads every node", async () => {
    expect((await app.gql(userNode, { id: globalId("User", world.userIds.member2) }, tokens.admin)).body.data?.node).toEqual({ email: "member2@test.example" });
    expect((await app.gql(clubNode, { id: globalId("Association", world.club2) }, tokens.admin)).body.data?.node).toEqual({ name: "MV Zwei" });
  });

  it("[R-DA011] IamRef is shown to admin only", async () => {
    const q = "{ districtAssociations { name iamRef } }";
    expect((await app.gql(q, {}, tokens.admin)).body.data?.districtAssociations).toEqual([
      { name: "KV Eins", iamRef: "kv-1" },
      { name: "KV Zwei", iamRef: "kv-2" },
    ]);
    expect((await app.gql(q, {}, tokens.staff2)).body.data?.districtAssociations.map((d: { iamRef: string | null }) => d.iamRef)).toEqual([null, null]);
    const rest = await app.rest("GET", `/v1/districtassociation/${world.district1}`, tokens.member);
    expect(rest.body).toEqual({
      id: world.district1,
      name: "KV Eins",
      iam_ref: null,
      gdpr_link: "https://e.test/1/dsgvo",
      impress_link: "https://e.test/1/impressum",
    });
  });

  it("[R-RP019] an unknown or malformed id is 404, never 500", async () => {
    expect((await app.rest("GET", "/v1/districtassociation/999999", tokens.admin)).status).toBe(404);
    expect((await app.rest("GET", "/v1/districtassociation/abc", tokens.admin)).status).toBe(404);
    const bad = await app.gql(userNode, { id: "not-base64" }, tokens.admin);
    expect(bad.status).toBeLessThan(500);
  });
});
