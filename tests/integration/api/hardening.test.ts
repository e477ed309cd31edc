// GraphQL and HTTP hardening: CSRF prevention, persisted operations of the
// browser client, rate limits per caller on mutations, uploads and sign-in attempts.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "../../../server/src/http/rateLimit.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { productionEnv } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const VIEWER = "query Viewer { viewer { id } }";
const MUTATION = 'mutation Cancel { cancelDexamRegistration(id: "RGV4YW1SZWdpc3RyYXRpb246OTk5OTk=") { id } }';
const persistedFile = ".tmp/hardening-persisted.json";
const VIEWER_ID = "viewer-test-id";

let app: TestApp;
let world: World;
beforeAll(async () => {
  fs.mkdirSync(".tmp", { recursive: true });
  fs.writeFileSync(persistedFile, JSON.stringify({ [VIEWER_ID]: VIEWER }));
  app = await startTestApp({
    env: { PERSISTED_OPERATIONS_FILE: persistedFile, RATE_LIMIT_MUTATIONS: "3", RATE_LIMIT_UPLOADS: "2", RATE_LIMIT_SIGNIN: "2" },
  });
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

async function post(body: unknown, token: string | null, headers: Record<string, string> = {}) {
  const res = await app.fastify.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe("CSRF prevention", () => {
  it("refuses a form-encoded or text/plain POST (a browser's cross-site simple request) before anything runs", async () => {
    const token = await app.token(world.subjects.member);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await app.fastify.inject({
        method: "POST",
        url: "/graphql",
        headers: { "content-type": type, authorization: `Bearer ${token}` },
        payload: JSON.stringify({ query: VIEWER }),
      });
      // text/plain reaches the CSRF check (403); Fastify has no parser for the form types (415)
      expect([403, 415], type).toContain(res.statusCode);
      expect(res.json().data, type).toBeUndefined();
      if (type === "text/plain") expect(res.json().errors[0].extensions.code).toBe("CSRF_REJECTED");
    }
  });

  it("refuses a GET without the x-graphql-csrf header and runs one with it", async () => {
    const token = await app.token(world.subjects.member);
    const url = `/graphql?query=${encodeURIComponent(VIEWER)}`;
    const bare = await app.fastify.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    expect(bare.statusCode).toBe(403);
    const withHeader = await app.fastify.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}`, "x-graphql-csrf": "1" } });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json().data.viewer.id).toBeTruthy();
  });
});

describe("request size", () => {
  it("a JSON body above 8 MB is refused with 413 and the German message before it is parsed; nothing is written", async () => {
    const token = await app.token(world.subjects.admin);
    const before = await app.db.prisma.association.count();
    const name = "x".repeat(9 * 1024 * 1024);
    const mutation = "mutation($i: CreateAssociationInput!) { createAssociation(input: $i) { id } }";
    const gql = await post({ query: mutation, variables: { i: { name, districtAssociationId: world.district1 } } }, token);
    expect(gql.status).toBe(413);
    // /graphql answers in GraphQL's error shape, /v1 in its envelope
    expect(gql.body).toEqual({ errors: [{ message: "Die Anfrage ist zu groß", extensions: { code: "PAYLOAD_TOO_LARGE" } }] });
    const v1 = await app.rest("POST", "/v1/association", token, { name, district_association_id: world.district1 });
    expect(v1.status).toBe(413);
    expect(v1.body).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "Die Anfrage ist zu groß" } });
    expect(await app.db.prisma.association.count()).toBe(before);
  });
});

describe("persisted operations", () => {
  it("runs an operation the client names by its id", async () => {
    const res = await post({ documentId: VIEWER_ID, operationName: "Viewer", variables: {} }, await app.token(world.subjects.member));
    expect(res.status).toBe(200);
    expect(res.body.data.viewer.id).toBeTruthy();
  });

  it("answers an unknown id with PERSISTED_QUERY_NOT_FOUND and a German hint to reload", async () => {
    const res = await post({ documentId: "nope" }, await app.token(world.subjects.member));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(res.body.errors[0].message).toMatch(/neu laden/);
  });

  it("every operation of the built browser client is in the map relay-compiler writes", () => {
    const map = JSON.parse(fs.readFileSync("client/src/__generated__/persisted-operations.json", "utf8")) as Record<string, string>;
    const ids = Object.keys(map);
    expect(ids.length).toBeGreaterThan(40);
    expect(map[ids[0]]).toMatch(/^(query|mutation|subscription) /);
  });
});

describe("persisted operations in production", () => {
  let prod: TestApp;
  let prodWorld: World;
  beforeAll(async () => {
    prod = await startTestApp({
      env: productionEnv({ PERSISTED_OPERATIONS_FILE: persistedFile }),
    });
    prodWorld = await createWorld(prod.db.prisma);
  });
  afterAll(() => prod.stop());

  it("a member (no staff role) may only run the app's persisted operations", async () => {
    const token = await prod.token(prodWorld.subjects.member);
    const doc = await prod.gql(VIEWER, {}, token);
    expect(doc.status).toBe(400);
    expect(doc.body.errors?.[0].extensions?.code).toBe("PERSISTED_QUERY_ONLY");
    const res = await prod.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      payload: JSON.stringify({ documentId: VIEWER_ID }),
    });
    expect(res.json().data.viewer.id).toBeTruthy();
  });

  it("staff (integrators with a token) may still send their own documents", async () => {
    const res = await prod.gql(VIEWER, {}, await prod.token(prodWorld.subjects.admin));
    expect(res.status).toBe(200);
    expect(res.body.data.viewer.id).toBeTruthy();
  });
});

describe("rate limits per caller", () => {
  it("the fourth mutation in a minute is refused with 429, RATE_LIMITED, Retry-After and the German message; queries and other callers go on", async () => {
    const token = await app.token(world.subjects.member2);
    for (let i = 0; i < 3; i++) {
      const ok = await app.gql(MUTATION, {}, token);
      expect(ok.body.errors?.[0].extensions?.code, JSON.stringify(ok.body)).not.toBe("RATE_LIMITED");
    }
    const limited = await post({ query: MUTATION }, token);
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limited.body.errors[0]).toMatchObject({ message: RATE_LIMIT_MESSAGE, extensions: { code: "RATE_LIMITED" } });
    expect(limited.body.errors[0].extensions.http).toBeUndefined();
    // queries are not limited
    expect((await app.gql(VIEWER, {}, token)).body.data?.viewer).toBeTruthy();
    // another caller has a bucket of its own
    const other = await app.gql(MUTATION, {}, await app.token(world.subjects.staff2));
    expect(other.body.errors?.[0].extensions?.code).not.toBe("RATE_LIMITED");
  });

  it("/v1 changes share the caller's mutation budget; /v1 reads do not", async () => {
    const token = await app.token(world.subjects["role:registration_read"]);
    for (let i = 0; i < 3; i++) expect((await app.rest("DELETE", "/v1/registration/dexam/99999", token)).status).not.toBe(429);
    const limited = await app.rest("DELETE", "/v1/registration/dexam/99999", token);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE } });
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await app.rest("GET", "/v1/user", token)).status).not.toBe(429);
  });

  it("uploads have their own, smaller budget", async () => {
    const token = await app.token(world.subjects["role:results_manage"]);
    const upload = () =>
      app.fastify.inject({
        method: "POST",
        url: "/v1/registration/dexam/location/99999/practice_sheets",
        headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=b" },
        payload: '--b\r\nContent-Disposition: form-data; name="file_upload"; filename="x.xlsx"\r\n\r\nxx\r\n--b--\r\n',
      });
    for (let i = 0; i < 2; i++) expect((await upload()).statusCode).not.toBe(429);
    const limited = await upload();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
  });

  it("sign-in form posts are limited per client address (password guessing)", async () => {
    const attempt = () =>
      app.fastify.inject({
        method: "POST",
        url: "/oidc/interaction/abc123/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "email=a%40b.de&password=x",
        remoteAddress: "10.1.2.3",
      });
    for (let i = 0; i < 2; i++) expect((await attempt()).statusCode).not.toBe(429);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toMatch(/text\/html/);
    expect(limited.body).toContain(RATE_LIMIT_MESSAGE); // the login form again, with the message
    // another address is not affected
    const other = await app.fastify.inject({
      method: "POST",
      url: "/oidc/interaction/abc123/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a%40b.de&password=x",
      remoteAddress: "10.9.9.9",
    });
    expect(other.statusCode).not.toBe(429);
  });
});
