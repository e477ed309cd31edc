// Every door at the HTTP level ("How to prove it"): real requests with fetch against
// the listening test app, generated with fast-check from fixed seeds.
//  1. the GraphQL request envelope: query, variables, operationName, extensions as every JSON
//     type, GET and POST, every content type and Accept, malformed JSON, batched arrays;
//  2. every argument of every root field (queries and mutations, the list from the schema), with
//     the hostile values of tests/support/fuzz.ts (HOSTILE: look-alike global ids, days that do
//     not exist, ints out of range, cursors no list gave) besides the plausible and wild ones;
//  3. every /v1 route with generated path and query parameters and bodies, by each method it has
//     and by one it does not have (405 with Allow).
// Each answer: status < 500; every error carries a code of the table in docs/api.md with a German
// message; a refused request writes nothing (the fingerprint of tests/support/fuzz.ts); and the
// server's own log (pino, captured) has no error line, no "Unexpected error" and no 5xx request.
// A failure prints its seed and counterexample; FUZZ_SEED / FUZZ_FACTOR hunt for more. Each property
// has a generous timeout of its own (a loaded 2-core CI machine), no verdict reads a clock.
import crypto from "node:crypto";
import fc from "fast-check";
import { type GraphQLField, getNamedType, isLeafType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import {
  argsArb,
  assertCleanGraphQL,
  assertCleanRest,
  documentFor,
  FINGERPRINT_SQL,
  type GqlError,
  HOSTILE,
  PAYLOADS,
  type Pools,
  runs,
  scenario,
  wildString,
} from "../../support/fuzz.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let pools: Pools;
const tokens: Record<string, string> = {};
/** the app's log lines (pino JSON) and how many of them were checked */
const log: string[] = [];
let checkedLines = 0;

beforeAll(async () => {
  app = await startTestApp({ listen: true, logStream: { write: (line) => log.push(line) } });
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) tokens[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711555", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  // the first request of each caller stamps lastActive: before any fingerprint
  for (const t of Object.values(tokens)) await app.gql("{ viewer { id } }", {}, t);
  pools = await scenario(app.db.prisma, world);
});
afterAll(() => app?.stop());

// ---------------------------------------------------------------------------------------------
// One request and what its answer must be

type Answer = { status: number; headers: Headers; text: string; json: unknown };

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const res = await fetch(`${app.baseUrl}${path}`, { method, headers: init.headers, body: init.body, redirect: "manual" });
  const text = method === "HEAD" ? "" : Buffer.from(await res.arrayBuffer()).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, text, json };
}

/** log lines since the last check: no error of the server, no "Unexpected error", no 5xx answer */
function assertCleanLog(label: string) {
  const lines = log.slice(checkedLines);
  checkedLines = log.length;
  for (const line of lines) {
    let entry: { level?: number; status?: number; msg?: string } = {};
    try {
      entry = JSON.parse(line);
    } catch {}
    const detail = `${label}: server log ${line.slice(0, 800)}`;
    expect(line, detail).not.toMatch(/Unexpected error/i);
    expect(entry.level ?? 30, detail).toBeLessThan(50);
    expect(entry.status ?? 200, detail).toBeLessThan(500);
  }
}

async function fingerprint(): Promise<Record<string, string>> {
  const [row] = await app.db.prisma.$queryRawUnsafe<Record<string, string>[]>(FINGERPRINT_SQL);
  return row;
}

/** an answer of /graphql: < 500, GraphQL's error shape with documented codes and German messages */
function assertCleanGraphQLAnswer(res: Answer, label: string) {
  expect(res.status, `${label}: ${res.text.slice(0, 400)}`).toBeLessThan(500);
  if ([408, 431].includes(res.status)) {
    // refused by Node before the request was read (a URL beyond the header limit): /v1's shape on both doors (docs/api.md)
    assertCleanRest({ status: res.status, body: res.json }, label);
    return assertCleanLog(label);
  }
  if (res.status === 405) expect(res.headers.get("allow"), label).toBeTruthy();
  if (res.status >= 400 || res.json === undefined) {
    // a refusal is JSON in GraphQL's shape, whatever was asked
    expect((res.json as { errors?: unknown[] })?.errors?.length, `${label}: ${res.text.slice(0, 400)}`).toBeGreaterThan(0);
  }
  assertCleanGraphQL({ status: res.status, body: (res.json ?? {}) as { errors?: GqlError[] } }, label);
  assertCleanLog(label);
}

const refused = (res: Answer) => res.status >= 400 || ((res.json as { errors?: unknown[] })?.errors?.length ?? 0) > 0;

// ---------------------------------------------------------------------------------------------
// 1. The GraphQL request envelope

const DOCUMENTS = [
  "{ viewer { id } }",
  "query Events { events(first: 2) { totalCount } }",
  "query A { viewer { id } } query B { districtAssociations { id } }",
  "query($id: ID!) { node(id: $id) { __typename } }",
  "mutation M($id: ID!) { deleteEvent(id: $id) }",
  "subscription { viewer { id } }",
  "{ __schema { queryType { name } } }",
  "{ viewer { ",
  "",
  "{ a: viewer { id } b: viewer { id } }",
];

/** a value of any JSON type, a huge or unicode string included */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom(...DOCUMENTS) },
  { weight: 1, arbitrary: wildString },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, true, false, null, [], {}, [1, "a"], { id: "x" }) },
  { weight: 1, arbitrary: fc.constant("{ viewer { id } }".padEnd(200_000, " ")) },
);

const envelope = fc.record(
  {
    query: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...DOCUMENTS) }, { weight: 2, arbitrary: anyValue }),
    variables: fc.oneof(
      fc.constant({ id: gid("Event", 999_999_999) }),
      fc.dictionary(fc.constantFrom("id", "x", "", "__proto__", "constructor"), anyValue, { maxKeys: 3 }),
      anyValue,
    ),
    operationName: fc.oneof(fc.constantFrom("A", "B", "Events", "M", "Nope", ""), anyValue),
    extensions: fc.oneof(fc.constantFrom({}, { persistedQuery: { version: 1, sha256Hash: "x" } }), anyValue),
    documentId: fc.oneof(fc.constantFrom("nope", "0"), anyValue),
  },
  { requiredKeys: [] },
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/graphql-response+json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "application/graphql",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "",
  null,
];
const ACCEPTS = [
  "application/json",
  "application/graphql-response+json",
  "application/graphql-response+json, application/json;q=0.9",
  "*/*",
  "text/html",
  "",
  null,
];

/** a GET parameter: a string as it is, anything else as JSON */
const asParam = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "[",
    "nul",
    "{'query':'{ viewer { id } }'}",
    '{"query": "{ viewer { id } }"',
    "\u0000",
    '{"query":"{ viewer { id } }"}}',
    "[]",
    "[{}]",
    "1",
    '"x"',
  ),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v).slice(0, -1)),
);

describe("the GraphQL request envelope over HTTP", () => {
  it("any query/variables/operationName/extensions by GET or POST, any content type and Accept, malformed and batched bodies answer < 500 with documented codes and write nothing", async () => {
    const request = fc.record({
      method: fc.constantFrom("POST", "POST", "GET", "PUT", "DELETE", "PATCH"),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      accept: fc.constantFrom(...ACCEPTS),
      csrf: fc.boolean(),
      token: fc.constantFrom(tokens.admin, tokens.admin, tokens.member, "garbage", null),
      body: fc.oneof(
        { weight: 4, arbitrary: envelope.map((e) => JSON.stringify(e)) },
        { weight: 2, arbitrary: fc.array(envelope, { minLength: 0, maxLength: 3 }).map((b) => JSON.stringify(b)) },
        { weight: 2, arbitrary: malformedJson },
        { weight: 1, arbitrary: envelope.map((e) => new URLSearchParams(Object.entries(e).map(([k, v]) => [k, asParam(v)])).toString()) },
        { weight: 1, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? "") },
      ),
      params: envelope,
    });
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(request, async ({ method, contentType, accept, csrf, token, body, params }) => {
        const headers: Record<string, string> = {};
        if (contentType !== null) headers["content-type"] = contentType;
        if (accept !== null) headers.accept = accept;
        if (csrf) headers["x-graphql-csrf"] = "1";
        if (token) headers.authorization = `Bearer ${token}`;
        const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, asParam(v)])).toString();
        const res =
          method === "GET"
            ? await send("GET", `/graphql?${query}`, { headers })
            : await send(method, "/graphql", { headers, body: method === "DELETE" && !body ? undefined : body });
        assertCleanGraphQLAnswer(res, `${method} /graphql ${JSON.stringify(headers)} ${method === "GET" ? query.slice(0, 300) : body.slice(0, 300)}`);
      }),
      {
        ...runs(150, 2101),
        // found: a POST without Content-Type got Yoga's empty 415 (body "null", no code)
        examples: [
          [{ method: "POST", contentType: null, accept: "application/json", csrf: true, token: tokens.admin, body: "{}", params: {} }],
          // found: a GET whose variables (or extensions) are no JSON was a 500 (Yoga's parser threw)
          [
            {
              method: "GET",
              contentType: null,
              accept: "application/json",
              csrf: true,
              token: tokens.admin,
              body: "",
              params: { query: "{ viewer { id } }", variables: 'mgN6h"j' },
            },
          ],
          [
            {
              method: "GET",
              contentType: null,
              accept: null,
              csrf: true,
              token: tokens.admin,
              body: "",
              params: { query: "{ viewer { id } }", extensions: "{" },
            },
          ],
        ],
      },
    );
    // the documents of the envelope only read or are refused: nothing may have changed
    expect(await fingerprint()).toEqual(before);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// 2. Every argument of every root field

const ROOT_FIELDS: { kind: "query" | "mutation"; field: GraphQLField<unknown, unknown> }[] = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ kind: "query" as const, field })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ kind: "mutation" as const, field })),
];
/** removes or blocks what its ids name: never offered the principals' own districts and clubs */
const DESTRUCTIVE = /^(delete|deactivate|revoke)/;
let throwaways = 0;

/** a fresh user with the roles and clubs of a principal: for mutations that remove or change the caller */
async function throwaway(who: string): Promise<string> {
  const original = await app.db.prisma.user.findUniqueOrThrow({ where: { subject: world.subjects[who] }, include: { associations: true } });
  const n = ++throwaways;
  const copy = await app.db.prisma.user.create({
    data: {
      subject: `http-fuzz-${n}-${crypto.randomBytes(3).toString("hex")}`,
      email: `http-fuzz${n}@test.example`,
      firstname: "C",
      lastname: "C",
      roles: original.roles,
      districtAssociationId: original.districtAssociationId,
      lastActive: new Date(),
      associations: { create: original.associations.map((a) => ({ associationId: a.associationId })) },
    },
  });
  return app.token(copy.subject as string);
}

describe("every argument of every root field over HTTP", () => {
  it("the schema's root fields are all offered below", () => {
    expect(ROOT_FIELDS.filter((f) => f.kind === "query").length).toBeGreaterThan(10);
    expect(ROOT_FIELDS.filter((f) => f.kind === "mutation").length).toBeGreaterThan(30);
  });

  for (const kind of ["query", "mutation"] as const) {
    it(`every ${kind} field with generated, hostile and wild arguments answers < 500 with documented codes; a refusal writes nothing`, async () => {
      const fields = ROOT_FIELDS.filter((f) => f.kind === kind);
      const call = fc.constantFrom(...fields.map((f) => f.field.name)).chain((name) => {
        const field = fields.find((f) => f.field.name === name)?.field as GraphQLField<unknown, unknown>;
        return fc.record({
          name: fc.constant(name),
          variables: argsArb({ field, pools, destructive: DESTRUCTIVE.test(name), hostile: true }),
          who: fc.constantFrom("admin", "member", "role:user_read"),
          get: fc.boolean(),
          accept: fc.constantFrom("application/json", "application/graphql-response+json"),
        });
      });
      await fc.assert(
        fc.asyncProperty(call, async ({ name, variables, who, get, accept }) => {
          const field = fields.find((f) => f.field.name === name)?.field as GraphQLField<unknown, unknown>;
          const document = kind === "query" ? documentFor(field).replace(/^mutation/, "query") : documentFor(field);
          const token = DESTRUCTIVE.test(name) && /Viewer/.test(name) ? await throwaway(who) : tokens[who];
          const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept };
          const before = await fingerprint();
          const res =
            kind === "query" && get
              ? await send("GET", `/graphql?${new URLSearchParams({ query: document, variables: JSON.stringify(variables) })}`, {
                  headers: { ...headers, "x-graphql-csrf": "1" },
                })
              : await send("POST", "/graphql", {
                  headers: { ...headers, "content-type": "application/json" },
                  body: JSON.stringify({ query: document, variables }),
                });
          const label = `${kind} ${name} as ${who} with ${JSON.stringify(variables).slice(0, 400)}`;
          assertCleanGraphQLAnswer(res, label);
          if (kind === "query" || refused(res))
            expect(await fingerprint(), `${label}: a ${kind === "query" ? "query" : "refused call"} changed data`).toEqual(before);
        }),
        runs(kind === "query" ? 150 : 120, kind === "query" ? 2102 : 2103),
      );
    }, 180_000);
  }

  it("a literal argument of a hostile value in the document itself answers < 500 with a documented code", async () => {
    const fields = ROOT_FIELDS.filter((f) => f.kind === "query" && f.field.args.length > 0);
    const literal = fc.oneof(
      HOSTILE.ID.map((v) => JSON.stringify(v)),
      HOSTILE.Date.map((v) => JSON.stringify(v)),
      HOSTILE.Int.map((v) => String(v)),
      fc.constantFrom("null", "[]", "{}", "true", "-0", "1e400", '"\\u0000"', "$undeclared", "ENUM_NOPE"),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), literal, async ({ field }, value) => {
        const args = field.args.map((a) => `${a.name}: ${value}`).join(", ");
        const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
        const res = await send("POST", "/graphql", {
          headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
          body: JSON.stringify({ query: `{ ${field.name}(${args})${selection} }` }),
        });
        assertCleanGraphQLAnswer(res, `${field.name}(${args})`);
      }),
      runs(80, 2104),
    );
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// 3. Every /v1 route

/** the object type a /v1 path's ids name */
const REST_TYPES: [RegExp, string][] = [
  [/^\/v1\/users?\b/, "User"],
  [/^\/v1\/districtassociations?\b/, "DistrictAssociation"],
  [/^\/v1\/associations?\b/, "Association"],
  [/^\/v1\/event\/location/, "EventLocation"],
  [/^\/v1\/events?\b/, "Event"],
  [/^\/v1\/registrations?\/dexam/, "DexamRegistration"],
  [/^\/v1\/registrations?\/competition/, "CompetitionRegistration"],
  [/location/, "EventLocation"],
  [/event/, "Event"],
];
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"];
const QUERY_KEYS = ["search", "districtId", "locationId", "associationId", "eventId", "startDate", "endDate", "location_id", "page", "x"];

/** every byte of the text's UTF-8 as %XX (a lone surrogate as U+FFFD) */
const percentEncoded = (text: string) => [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** a path segment: mostly an existing id, else something no id is */
const pathId = (type: string) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...(pools[type] ?? pools.Event).filter((r) => !r.protected).map((r) => String(r.id))) },
    {
      weight: 3,
      arbitrary: fc.constantFrom("0", "-1", "abc", "1e3", "01", "1.5", "99999999999", "2147483648", "%00", "%20", "%E2%82%AC", "null", " 1", "%2F", "Event:1"),
    },
    { weight: 1, arbitrary: wildString.map((s) => percentEncoded(s.slice(0, 300)) || "x") },
  );
const queryValue = fc.oneof(
  fc.constantFrom("1", "0", "-1", "abc", "", "2026-02-30", "2027-13-45", "2026-01-01", "2026-01-01T00:00:00Z", "99999999999", "x".repeat(201), "%", "[]"),
  fc.nat().map(String),
  wildString.map((s) => s.slice(0, 500)),
);

/** the methods a concrete /v1 path answers, from the registered routes (as the server's 405 does) */
function methodsOf(path: string, routes: [string, string][]): Set<string> {
  const found = new Set<string>();
  for (const [method, route] of routes) {
    const pattern = new RegExp(`^${route.replace(/:\w+/g, "[^/]+")}$`);
    if (pattern.test(path)) found.add(method);
  }
  return found;
}

describe("every /v1 route over HTTP", () => {
  it("each /v1 route by each of its methods and by one it lacks, with generated path and query parameters and bodies: < 500, documented codes, 405 with Allow, a refusal writes nothing", async () => {
    const routes = app.routes.filter((r) => / \/v1\//.test(r)).map((r) => r.split(" ") as [string, string]);
    expect(routes.length).toBeGreaterThan(40);
    const call = fc.constantFrom(...routes).chain(([method, route]) => {
      const type = REST_TYPES.find(([re]) => re.test(route))?.[1] ?? "Event";
      return fc.record({
        method: fc.oneof({ weight: 3, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
        route: fc.constant(route),
        a: pathId(type),
        b: pathId("EventLocation"),
        query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), queryValue, { maxKeys: 3 }),
        body: fc.oneof(
          fc.constant(undefined),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
          fc
            .dictionary(
              fc.constantFrom("id", "name", "event_id", "association_id", "version", "birthdate", "start", "type"),
              fc.oneof(fc.jsonValue({ maxDepth: 2 }), wildString, fc.constantFrom(...PAYLOADS)),
              { maxKeys: 5 },
            )
            .map((v) => JSON.stringify(v)),
          malformedJson,
        ),
        who: fc.constantFrom("admin", "admin", "member", "role:user_read", null),
      });
    });
    await fc.assert(
      fc.asyncProperty(call, async ({ method, route, a, b, query, body, who }) => {
        const path = route.replace(/:\w+/, a).replace(/:\w+/, b);
        const qs = new URLSearchParams(query).toString();
        const url = `${path}${qs ? `?${qs}` : ""}`;
        const bearer = who ? tokens[who] : null;
        const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
        const sendsBody = body !== undefined && method !== "GET";
        if (sendsBody) headers["content-type"] = "application/json";
        const before = await fingerprint();
        const res = await send(method, url, { headers, body: sendsBody ? body : undefined });
        const label = `${method} ${url} ${sendsBody ? body.slice(0, 300) : ""}`;
        const allowed = methodsOf(path, routes);
        if (allowed.size && !allowed.has(method)) {
          expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBe(405);
          const allow = (res.headers.get("allow") ?? "").split(", ");
          for (const m of allowed) expect(allow, label).toContain(m);
        }
        assertCleanRest({ status: res.status, body: res.json ?? res.text }, label);
        assertCleanLog(label);
        if (res.status >= 400 || method === "GET")
          expect(await fingerprint(), `${label}: a ${method === "GET" ? "read" : "refused call"} changed data`).toEqual(before);
      }),
      {
        ...runs(150, 2105),
        examples: [
          // found: an id beyond int4 in the path reached the database (500, "Value out of range")
          [{ method: "GET", route: "/v1/event/:id", a: "2147483648", b: "1", query: {}, body: undefined, who: "admin" }],
          [{ method: "DELETE", route: "/v1/registration/dexam/:id", a: "99999999999", b: "1", query: {}, body: undefined, who: "admin" }],
          // found: a path parameter beyond the router's 100 characters, or a malformed percent-encoding, got Fastify's English answer
          [{ method: "GET", route: "/v1/event/:id", a: percentEncoded("Ä".repeat(120)), b: "1", query: {}, body: undefined, who: "admin" }],
          [{ method: "GET", route: "/v1/event/:id", a: "%E0%A4%A", b: "1", query: {}, body: undefined, who: "admin" }],
          // found: a malformed body on a method the path lacks answered 400 instead of 405
          [{ method: "POST", route: "/v1/export/location/:id/dexam/practice-sheets", a: "1", b: "1", query: {}, body: "fals", who: "admin" }],
        ],
      },
    );
  }, 180_000);

  it("the server log of the whole file has no error line and no 5xx", () => {
    checkedLines = 0;
    assertCleanLog("whole file");
    expect(log.length).toBeGreaterThan(100);
  });
});
