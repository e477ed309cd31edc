// HTTP conventions of both doors: the 401 challenge (RFC 6750), 405 with
// Allow for a known path, /graphql's own error shape for bodies it cannot read, /v1 messages in the
// field names of /v1, POST /v1/user keeps phone and address, the RateLimit-* headers of a refusal,
// and GraphQL updates that must name the version they are based on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "../../../server/src/http/rateLimit.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_MUTATIONS: "3" } });
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

const token = (who: keyof World["subjects"]) => app.token(world.subjects[who]);

describe("401 carries the Bearer challenge (RFC 6750, section 3)", () => {
  it("[R-API002][R-ER004] /v1 and /graphql without a token: 401 with WWW-Authenticate: Bearer realm, no error code", async () => {
    const rest = await app.rest("GET", "/v1/events", null);
    expect(rest.status).toBe(401);
    expect(rest.headers["www-authenticate"]).toBe('Bearer realm="Anmeldesystem"');
    expect(rest.body.error.code).toBe("UNAUTHENTICATED");
    const gql = await app.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ query: "{ viewer { id } }" }),
    });
    expect(gql.statusCode).toBe(401);
    expect(gql.headers["www-authenticate"]).toBe('Bearer realm="Anmeldesystem"');
    expect(gql.json().errors[0].extensions.code).toBe("UNAUTHENTICATED");
    // another scheme is no bearer credential either
    const basic = await app.rest("GET", "/v1/events", null, undefined, { authorization: "Basic dXNlcjpwdw==" });
    expect(basic.status).toBe(401);
    expect(basic.headers["www-authenticate"]).toBe('Bearer realm="Anmeldesystem"');
  });

  it('[R-API002][R-ER004] a refused token (expired, forged): 401 with error="invalid_token" on both doors', async () => {
    const expired = await app.token(world.subjects.admin, { exp: Math.floor(Date.now() / 1000) - 3600 });
    const challenge = 'Bearer realm="Anmeldesystem", error="invalid_token"';
    const rest = await app.rest("GET", "/v1/events", expired);
    expect(rest.status).toBe(401);
    expect(rest.headers["www-authenticate"]).toBe(challenge);
    const gql = await app.gql("{ viewer { id } }", {}, "not.a.token");
    expect(gql.status).toBe(401);
    expect(gql.body.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const raw = await app.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", authorization: "Bearer not.a.token" },
      payload: JSON.stringify({ query: "{ viewer { id } }" }),
    });
    expect(raw.headers["www-authenticate"]).toBe(challenge);
  });

  it("[R-API002] other refusals carry no challenge: a valid token without the right is 403 without WWW-Authenticate", async () => {
    const res = await app.rest("POST", "/v1/districtassociation", await token("member"), { name: "X" });
    expect(res.status).toBe(403);
    expect(res.headers["www-authenticate"]).toBeUndefined();
  });
});

describe("405 Method Not Allowed with Allow", () => {
  it("[R-API006][R-ER004] a known /v1 path with another method answers 405, Allow lists its methods, German with a code, before authentication", async () => {
    const res = await app.rest("PATCH", "/v1/event", await token("admin"), { name: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("POST, PUT");
    expect(res.body).toEqual({ error: { code: "METHOD_NOT_ALLOWED", message: "Die Methode PATCH ist für /v1/event nicht erlaubt (erlaubt: POST, PUT)" } });
    // a path with an id: the methods of its pattern; GET brings HEAD
    const one = await app.rest("POST", "/v1/event/12", null);
    expect(one.status).toBe(405);
    expect(one.headers.allow).toBe("DELETE, GET, HEAD");
    expect((await app.rest("DELETE", "/v1/events", null)).headers.allow).toBe("GET, HEAD");
    // an unknown path stays 404, and a known method still reaches the route (401 without a token)
    expect((await app.rest("PATCH", "/v1/nothing-here", null)).status).toBe(404);
    expect((await app.rest("GET", "/v1/event/12", null)).status).toBe(401);
  });

  it("[R-ER004] /graphql asked with PUT answers 405 with Allow, in GraphQL's error shape", async () => {
    const res = await app.fastify.inject({ method: "PUT", url: "/graphql", headers: { "content-type": "application/json" }, payload: "{}" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS, POST");
    expect(res.json().errors[0].extensions.code).toBe("METHOD_NOT_ALLOWED");
  });
});

describe("/graphql answers bodies it cannot read in GraphQL's error shape", () => {
  it("[R-API004][R-ER004] malformed JSON: 400 BAD_REQUEST as { errors: [...] }, not the /v1 envelope; /v1 keeps its envelope", async () => {
    const auth = { authorization: `Bearer ${await token("member")}` };
    const gql = await app.fastify.inject({ method: "POST", url: "/graphql", headers: { "content-type": "application/json", ...auth }, payload: "{not json" });
    expect(gql.statusCode).toBe(400);
    expect(gql.json()).toEqual({
      errors: [{ message: "Ungültige Anfrage: Der Rumpf der Anfrage ist kein gültiges JSON", extensions: { code: "BAD_REQUEST" } }],
    });
    const rest = await app.fastify.inject({ method: "POST", url: "/v1/event", headers: { "content-type": "application/json", ...auth }, payload: "{not json" });
    expect(rest.json()).toEqual({ error: { code: "BAD_REQUEST", message: "Ungültige Anfrage: Der Rumpf der Anfrage ist kein gültiges JSON" } });
  });

  it("[R-API004][R-ER004] a form-encoded body: 415 BAD_REQUEST in GraphQL's shape, nothing runs", async () => {
    const res = await app.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${await token("member")}` },
      payload: "query=%7B%20viewer%20%7B%20id%20%7D%20%7D",
    });
    expect(res.statusCode).toBe(415);
    const body = res.json();
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      { message: "Ungültige Anfrage: Dieser Content-Type wird nicht unterstützt (JSON erwartet)", extensions: { code: "BAD_REQUEST" } },
    ]);
  });
});

describe("/v1 messages name the fields as /v1 does", () => {
  it("[R-API006][R-ER004][R-SH001] a refused save names snake-case fields in /v1 `fields`, camelCase in GraphQL's; the message names the German label through both doors", async () => {
    const res = await app.rest("PUT", "/v1/association", await token("member"), {
      id: world.club1,
      name: "MV Eins",
      invoice_email: "keine-adresse",
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(["invoice_email"]);
    expect(res.body.error.message).toBe(`Ungültige Eingabe: Rechnungs-E-Mail: ${res.body.error.fields.invoice_email}`);
    const club = await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club1 } });
    expect(club.invoiceEmail).not.toBe("keine-adresse");
    const gql = await app.gql(
      "mutation($id: ID!, $input: AssociationInput!) { updateAssociation(id: $id, input: $input) { id } }",
      { id: gid("Association", world.club1), input: { name: "MV Eins", invoiceEmail: "keine-adresse", version: club.version } },
      await token("member"),
    );
    const error = gql.body.errors?.[0] as { message: string; extensions: { fields: Record<string, string> } };
    expect(error.message).toBe(`Ungültige Eingabe: Rechnungs-E-Mail: ${error.extensions.fields.invoiceEmail}`);
  });
});

describe("POST /v1/user keeps phone and address", () => {
  it("[R-API064] the body PUT takes: phone and address are stored and answered, an invalid phone is refused and creates nothing", async () => {
    const manager = await token("role:user_manage");
    const body = {
      district_association_id: world.district1,
      firstname: "Tilda",
      lastname: "Telefon",
      email: "tilda@test.example",
      phone: "+49711777",
      address: { street: "Weg 7", postcode: "70173", city: "Stadt", country: "Deutschland" },
    };
    const res = await app.rest("POST", "/v1/user", manager, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ phone: "+49711777", address: body.address });
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      phone: "+49711777",
      street: "Weg 7",
      postcode: "70173",
      city: "Stadt",
      country: "Deutschland",
    });
    const bad = await app.rest("POST", "/v1/user", manager, { ...body, email: "tilda2@test.example", phone: "0711" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["phone"]);
    expect(await app.db.prisma.user.count({ where: { email: "tilda2@test.example" } })).toBe(0);
  });
});

describe("rate-limited answers carry the RateLimit-* headers beside Retry-After", () => {
  it("[R-ER004] /v1 and GraphQL: 3 in a minute pass, the 4th is 429 with RateLimit-Limit, -Remaining, -Reset, -Policy and Retry-After", async () => {
    const caller = await token("role:registration_read");
    for (let i = 0; i < 3; i++) expect((await app.rest("DELETE", "/v1/registration/dexam/99999", caller)).status).not.toBe(429);
    const rest = await app.rest("DELETE", "/v1/registration/dexam/99999", caller);
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ error: { code: "RATE_LIMITED", message: RATE_LIMIT_MESSAGE } });
    const h = rest.headers;
    expect(h["ratelimit-limit"]).toBe("3");
    expect(h["ratelimit-remaining"]).toBe("0");
    expect(h["ratelimit-policy"]).toBe("3;w=60");
    // a fixed window of a minute: the next change passes when it ends, Reset and Retry-After alike
    expect(Number(h["retry-after"])).toBeGreaterThan(0);
    expect(Number(h["retry-after"])).toBeLessThanOrEqual(60);
    expect(h["ratelimit-reset"]).toBe(h["retry-after"]);
    // the same window for GraphQL mutations
    const gql = await app.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${caller}` },
      payload: JSON.stringify({ query: `mutation { deleteDexamRegistration(id: "${gid("DexamRegistration", 99999)}") }` }),
    });
    expect(gql.statusCode).toBe(429);
    expect(gql.headers).toMatchObject({ "ratelimit-limit": "3", "ratelimit-remaining": "0", "ratelimit-policy": "3;w=60" });
    expect(gql.headers["retry-after"]).toMatch(/^\d+$/);
    expect(gql.headers["ratelimit-reset"]).toMatch(/^\d+$/);
  });
});

describe("GraphQL updates name the version they are based on", () => {
  it("[R-API025][R-ER004] an update without version is refused by the schema and changes nothing; with the version read it is saved", async () => {
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    const mutation = "mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { lastname version } }";
    const input = { firstname: u.firstname, lastname: "Ohne Version", email: u.email };
    const admin = await token("admin");
    const missing = await app.gql(mutation, { id: gid("User", u.id), input }, admin);
    expect(missing.body.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(missing.body.errors?.[0].message).toMatch(/„version“/);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).toMatchObject({ lastname: u.lastname, version: u.version });
    const saved = await app.gql(mutation, { id: gid("User", u.id), input: { ...input, lastname: "Mit Version", version: u.version } }, admin);
    expect(saved.body.data).toEqual({ updateUser: { lastname: "Mit Version", version: u.version + 1 } });
  });

  it("[R-API025] every update mutation's input requires version; the create inputs have none", async () => {
    const res = await app.gql(
      `{ __schema { mutationType { fields { name args { name type { ofType { name inputFields { name type { kind ofType { name } } } } } } } } } }`,
      {},
      await token("admin"),
    );
    type Field = {
      name: string;
      args: {
        name: string;
        type: { ofType: { name: string; inputFields: { name: string; type: { kind: string; ofType: { name: string } | null } }[] } | null };
      }[];
    };
    const fields = (res.body.data as { __schema: { mutationType: { fields: Field[] } } }).__schema.mutationType.fields;
    const inputOf = (f: Field) => f.args.find((a) => a.name === "input")?.type.ofType;
    const updates = fields.filter((f) => f.name.startsWith("update") && inputOf(f));
    expect(updates.map((f) => f.name).sort()).toEqual([
      "updateAssociation",
      "updateCompetitionRegistration",
      "updateDexamRegistration",
      "updateDistrictAssociation",
      "updateEvent",
      "updateEventLocation",
      "updateUser",
      "updateViewer",
      "updateWebhookEndpoint",
    ]);
    for (const f of updates) {
      const version = inputOf(f)?.inputFields.find((i) => i.name === "version");
      expect(version?.type, f.name).toEqual({ kind: "NON_NULL", ofType: { name: "Int" } });
    }
    for (const f of fields.filter((f) => f.name.startsWith("create") && inputOf(f)))
      expect(
        inputOf(f)?.inputFields.map((i) => i.name),
        f.name,
      ).not.toContain("version");
  });
});
