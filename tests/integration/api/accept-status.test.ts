// The HTTP status of every kind of /graphql answer under both media types of GraphQL over HTTP
//: `Accept: application/json` (also none, or */*) and
// `Accept: application/graphql-response+json`. What the server really answers, and the table of
// docs/api.md ("Status codes by Accept") lists exactly the codes whose status differs. Runs in
// production mode, where a member's introspection is refused by a validation rule.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, productionEnv } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const JSON_TYPE = "application/json";
const GRAPHQL_RESPONSE = "application/graphql-response+json";
const persistedFile = ".tmp/accept-status-persisted.json";
const TYPE_ID = "accept-status-type";
/** changes per minute: the admin's refused mutation is sent once per Accept below, within it */
const LIMIT = 5;

let app: TestApp;
let world: World;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  fs.mkdirSync(".tmp", { recursive: true });
  fs.writeFileSync(persistedFile, JSON.stringify({ [TYPE_ID]: 'query TypeOf { __type(name: "Query") { name } }' }));
  app = await startTestApp({ env: productionEnv({ PERSISTED_OPERATIONS_FILE: persistedFile, RATE_LIMIT_MUTATIONS: String(LIMIT) }) });
  world = await createWorld(app.db.prisma);
  for (const who of ["admin", "member", "blocked", "role:registration_manage", "role:event_manage", "role:user_read"])
    tokens[who] = await app.token(world.subjects[who]);
});
afterAll(() => app.stop());

type Answer = { status: number; type: string; codes: string[]; data: unknown };
type Request = { method?: "GET" | "POST" | "PUT"; url?: string; body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> };

async function send(request: Request, accept: string | undefined): Promise<Answer> {
  const token = request.token === undefined ? tokens.admin : request.token;
  const res = await app.fastify.inject({
    method: request.method ?? "POST",
    url: request.url ?? "/graphql",
    headers: {
      ...(request.method === "GET" ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(accept ? { accept } : {}),
      ...request.headers,
    },
    payload: request.method === "GET" ? undefined : (request.raw ?? JSON.stringify(request.body)),
  });
  const body = res.json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return {
    status: res.statusCode,
    type: String(res.headers["content-type"]).split(";")[0],
    codes: (body.errors ?? []).map((e) => String(e.extensions?.code)),
    data: body.data,
  };
}

const query = (text: string, variables?: Record<string, unknown>): Request => ({ body: { query: text, ...(variables ? { variables } : {}) } });
const noEvent = () => gid("Event", 999_999);
const deep = `{ ${"viewer { associations { districtAssociation { ".repeat(6)} id ${"} } } ".repeat(6)} }`;
const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: viewer { id }`).join(" ")} }`;

/**
 * label, request, the first error's code (null: none), whether `data` is there, and the status
 * under application/json and under application/graphql-response+json. `early`: refused before
 * GraphQL reads the request (authentication, routing, body parsing): application/json
 * whatever was asked.
 */
type Case = { label: string; request: () => Request; code: string | null; data: boolean; status: [number, number]; early?: boolean };
const CASES: Case[] = [
  { label: "a query that succeeds", request: () => query("{ viewer { id } }"), code: null, data: true, status: [200, 200] },
  {
    label: "a field error beside data (NOT_FOUND)",
    request: () => query(`{ viewer { id } eventStatistic(eventId: "${noEvent()}") { __typename } }`),
    code: "NOT_FOUND",
    data: true,
    status: [200, 200],
  },
  { label: "a malformed id (INVALID_ID)", request: () => query('{ viewer { id } node(id: "xx") { id } }'), code: "INVALID_ID", data: true, status: [200, 200] },
  {
    label: "a cursor of no list (INVALID_CURSOR)",
    request: () => query('{ events(after: "garbage") { totalCount } }'),
    code: "INVALID_CURSOR",
    data: true,
    status: [200, 200],
  },
  {
    label: "a negative page size (BAD_USER_INPUT at a field)",
    request: () => query("{ events(first: -1) { totalCount } }"),
    code: "BAD_USER_INPUT",
    data: true,
    status: [200, 200],
  },
  {
    label: "a field the token's roles do not allow (FORBIDDEN)",
    request: () => ({ ...query("{ apiClients { databaseId } }"), token: tokens["role:event_manage"] }),
    code: "FORBIDDEN",
    data: true,
    status: [200, 200],
  },
  {
    label: "a mutation refused at its field (NOT_FOUND), data null",
    request: () => query(`mutation { deleteEvent(id: "${noEvent()}") }`),
    code: "NOT_FOUND",
    data: true,
    status: [200, 200],
  },
  { label: "a syntax error", request: () => query("{ viewer { "), code: "GRAPHQL_PARSE_FAILED", data: false, status: [200, 400] },
  { label: "an unknown field", request: () => query("{ nope }"), code: "GRAPHQL_VALIDATION_FAILED", data: false, status: [200, 400] },
  { label: "too deep", request: () => query(deep), code: "QUERY_TOO_DEEP", data: false, status: [200, 400] },
  { label: "too many aliases", request: () => query(aliases), code: "TOO_MANY_ALIASES", data: false, status: [200, 400] },
  {
    label: "nested 3,000 levels (refused before parsing)",
    request: () => query(`{ viewer ${"{ a ".repeat(3000)}${"}".repeat(3001)}`),
    code: "QUERY_TOO_DEEP",
    data: false,
    status: [400, 400],
  },
  {
    label: "too many tokens (refused before parsing)",
    request: () => query(`{ viewer { ${"id ".repeat(3000)}} }`),
    code: "QUERY_TOO_LARGE",
    data: false,
    status: [400, 400],
  },
  {
    label: "a member's introspection (FORBIDDEN by a validation rule)",
    request: () => ({ body: { documentId: TYPE_ID }, token: tokens.member }),
    code: "FORBIDDEN",
    data: false,
    status: [200, 400],
  },
  { label: "a body without query", request: () => ({ body: {} }), code: "BAD_REQUEST", data: false, status: [400, 400] },
  { label: "a body null", request: () => ({ body: null }), code: "BAD_REQUEST", data: false, status: [400, 400] },
  {
    label: "a variable that does not fit its type (BAD_USER_INPUT)",
    request: () => query("query($n: Int) { events(first: $n) { totalCount } }", { n: "x" }),
    code: "BAD_USER_INPUT",
    data: false,
    status: [400, 400],
  },
  {
    label: "too expensive (QUERY_TOO_COMPLEX)",
    request: () => query("{ events(first: 100) { edges { node { locations { event { locations { event { locations { id name } } } } } } } } }"),
    code: "QUERY_TOO_COMPLEX",
    data: false,
    status: [400, 400],
  },
  { label: "an unknown documentId", request: () => ({ body: { documentId: "nope" } }), code: "PERSISTED_QUERY_NOT_FOUND", data: false, status: [400, 400] },
  {
    label: "a member's own document in production",
    request: () => ({ ...query("{ viewer { id } }"), token: tokens.member }),
    code: "PERSISTED_QUERY_ONLY",
    data: false,
    status: [400, 400],
  },
  { label: "batching", request: () => ({ body: [{ query: "{ viewer { id } }" }] }), code: "BAD_REQUEST", data: false, status: [400, 400] },
  {
    label: "an operationName naming no operation",
    request: () => ({ body: { query: "query A { viewer { id } }", operationName: "B" } }),
    code: "BAD_REQUEST",
    data: false,
    status: [400, 400],
  },
  {
    label: "a GET without x-graphql-csrf",
    request: () => ({ method: "GET", url: "/graphql?query=%7Bviewer%7Bid%7D%7D" }),
    code: "CSRF_REJECTED",
    data: false,
    status: [403, 403],
  },
  {
    label: "a mutation by GET",
    request: () => ({
      method: "GET",
      url: `/graphql?query=${encodeURIComponent("mutation { disableCalendarFeed }")}`,
      headers: { "x-graphql-csrf": "1" },
      token: tokens["role:user_read"],
    }),
    code: "BAD_REQUEST",
    data: false,
    status: [405, 405],
  },
  {
    label: "over the rate limit (RATE_LIMITED)",
    request: () => ({ ...query(`mutation { deleteEvent(id: "${noEvent()}") }`), token: tokens["role:registration_manage"] }),
    code: "RATE_LIMITED",
    data: false,
    status: [429, 429],
  },
  { label: "no token", request: () => ({ ...query("{ viewer { id } }"), token: null }), code: "UNAUTHENTICATED", data: false, status: [401, 401], early: true },
  {
    label: "a blocked user",
    request: () => ({ ...query("{ viewer { id } }"), token: tokens.blocked }),
    code: "BLOCKED",
    data: false,
    status: [403, 403],
    early: true,
  },
  { label: "a body that is no JSON", request: () => ({ raw: "{nope" }), code: "BAD_REQUEST", data: false, status: [400, 400], early: true },
  {
    label: "a form-encoded body",
    request: () => ({ raw: "query=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    code: "BAD_REQUEST",
    data: false,
    status: [415, 415],
    early: true,
  },
  {
    label: "a body above 8 MB",
    request: () => ({ raw: JSON.stringify({ query: `{ viewer { id } }${" ".repeat(8.5 * 1024 * 1024)}` }) }),
    code: "PAYLOAD_TOO_LARGE",
    data: false,
    status: [413, 413],
    early: true,
  },
  { label: "PUT /graphql", request: () => ({ method: "PUT", body: {} }), code: "METHOD_NOT_ALLOWED", data: false, status: [405, 405], early: true },
];

/** the rows of docs/api.md's "Status codes by Accept" table: code -> [application/json, application/graphql-response+json] */
function documented(): Map<string, [number, number]> {
  const section = fs.readFileSync("docs/api.md", "utf8").split("\n### Status codes by Accept")[1]?.split("\n## ")[0].split("\n### ")[0] ?? "";
  return new Map([...section.matchAll(/^\| `([A-Z_]+)`[^|]*\| (\d{3}) \| (\d{3}) \|/gm)].map((m) => [m[1], [Number(m[2]), Number(m[3])]]));
}

describe("the status of /graphql answers by Accept (docs/api.md section 7)", () => {
  it("[R-ER004] every kind of answer: its status and code under application/json, none, */* and application/graphql-response+json", async () => {
    // the rate limit's caller has used up its window before
    for (let i = 0; i < LIMIT; i++)
      await send({ ...query(`mutation { deleteEvent(id: "${noEvent()}") }`), token: tokens["role:registration_manage"] }, JSON_TYPE);
    for (const c of CASES) {
      for (const [accept, status] of [
        [JSON_TYPE, c.status[0]],
        [undefined, c.status[0]],
        ["*/*", c.status[0]],
        [GRAPHQL_RESPONSE, c.status[1]],
        [`${GRAPHQL_RESPONSE}, ${JSON_TYPE};q=0.9`, c.status[1]],
      ] as const) {
        const label = `${c.label}, Accept: ${accept}`;
        const answer = await send(c.request(), accept);
        expect(answer.status, `${label}: ${JSON.stringify(answer)}`).toBe(status);
        expect(answer.codes[0] ?? null, label).toBe(c.code);
        expect(answer.data !== undefined, label).toBe(c.data);
        const asked = accept?.startsWith(GRAPHQL_RESPONSE) && !c.early ? GRAPHQL_RESPONSE : JSON_TYPE;
        expect(answer.type, label).toBe(asked);
      }
    }
  });

  it("[R-ER004] an Accept naming neither media type is 406 BAD_REQUEST", async () => {
    const answer = await send(query("{ viewer { id } }"), "text/html");
    expect(answer).toMatchObject({ status: 406, type: JSON_TYPE, codes: ["BAD_REQUEST"] });
  });

  it("[R-ER004] docs/api.md lists exactly the codes whose status depends on Accept, with both statuses", () => {
    const differing = new Map(CASES.filter((c) => c.status[0] !== c.status[1]).map((c) => [c.code as string, c.status]));
    expect(Object.fromEntries(documented())).toEqual(Object.fromEntries(differing));
  });
});
