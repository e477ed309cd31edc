// global ids are parsed strictly (server/src/graphql/ids.ts), and every
// error the server answers is German with a code of the table in docs/api.md (spec section 8):
// graphql-js's syntax, validation and coercion errors, Yoga's request-level refusals, Pothos'
// cursor and page-size errors (server/src/graphql/errors.ts) and Fastify's HTTP-level answers
// (server/src/http/clientError.ts).
import fs from "node:fs";
import fc from "fast-check";
import { createGraphQLError } from "graphql-yoga";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { germanError } from "../../../server/src/graphql/errors.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { DOCUMENTED_CODES } from "../../support/fuzz.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let token: string;
let eventId: number;
beforeAll(async () => {
  app = await startTestApp({ listen: true });
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
  eventId = (
    await app.db.prisma.event.create({ data: { ...openEventFields(world.district1), name: "Ids", formType: "DEXAM", start: new Date(Date.now() + 20 * DAY) } })
  ).id;
});
afterAll(() => app.stop());

/** the codes of the error table in docs/api.md (section 7) */
const TABLE = DOCUMENTED_CODES;
const GERMAN = /[äöüßÄÖÜ„“]|\b(nicht|bitte|ungültige?|keine?|der|die|das|ein|eine|und|oder|nur|muss|darf|wird|anfrage)\b/i;
/** English words of graphql-js, Yoga and Fastify messages (names in „…“ or "…" are not text) */
const ENGLISH = /\b(the|is|not|must|cannot|expected|invalid|unexpected|provide|supported|only|found|did you mean|error|exceeded)\b/i;

type Err = { message: string; path?: unknown; extensions?: { code?: string; detail?: string } };
function expectGerman(errors: Err[] | undefined, label: string, code?: string) {
  expect(errors?.length, label).toBeGreaterThan(0);
  for (const e of errors ?? []) {
    const detail = `${label}: ${JSON.stringify(e)}`;
    expect(TABLE.has(e.extensions?.code ?? ""), detail).toBe(true);
    if (code) expect(e.extensions?.code, detail).toBe(code);
    expect(e.message, detail).toMatch(GERMAN);
    expect(e.message.replace(/„[^“]*“|"[^"]*"|<\w+>/g, ""), detail).not.toMatch(ENGLISH);
  }
}

const NODE = "query($id: ID!) { node(id: $id) { __typename id } }";

describe("strict global ids", () => {
  const malformed = () => [
    ["User:1e3", gid("User", "1e3")],
    ["User:1.0", gid("User", "1.0")],
    ["Event:1 OR 1=1", gid("Event", "1 OR 1=1")],
    ["Event:abc", gid("Event", "abc")],
    ["Event:99999999999", gid("Event", "99999999999")],
    ["Event:-1", gid("Event", "-1")],
    ["Event:0<id>", gid("Event", `0${eventId}`)],
    ["foreign type PageInfo", gid("PageInfo", 1)],
    ["foreign type DexamResult", gid("DexamResult", 1)],
    ["unknown type", gid("Foo", 1)],
    ["base64 garbage", "!!!garbage"],
    ["base64 of no id", "YWJj"],
    ["unpadded", gid("Event", eventId).replace(/=+$/, "")],
  ];

  it("[R-API006][R-ER004] node(id:) of a malformed, out-of-range or foreign-type id answers INVALID_ID at its path, never a row or an internal error", async () => {
    for (const [label, id] of malformed()) {
      const res = await app.gql(NODE, { id }, token);
      expect(res.body.data, label).toEqual({ node: null });
      expectGerman(res.body.errors, label, "INVALID_ID");
      expect(res.body.errors?.[0], label).toMatchObject({ path: ["node"] });
    }
    // the well-formed ids still answer: a row, or null without an error when it does not exist
    const admin = await app.gql(NODE, { id: gid("User", world.userIds.admin) }, token);
    expect(admin.body).toEqual({ data: { node: { __typename: "User", id: gid("User", world.userIds.admin) } } });
    expect((await app.gql(NODE, { id: gid("Event", 2147483647) }, token)).body).toEqual({ data: { node: null } });
  });

  it("[R-API006] nodes(ids:) with one malformed id answers null and INVALID_ID at that index; the others load", async () => {
    const ids = [gid("User", world.userIds.admin), gid("Event", "1e3"), gid("Event", eventId), gid("Event", 999_999)];
    const res = await app.gql("query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }", { ids }, token);
    expect(res.body.data).toEqual({ nodes: [{ __typename: "User", id: ids[0] }, null, { __typename: "Event", id: ids[2] }, null] });
    expect(res.body.errors?.map((e: Err) => [e.path, e.extensions?.code])).toEqual([[["nodes", 1], "INVALID_ID"]]);
    expectGerman(res.body.errors, "nodes");
  });

  it("[R-API006][R-ER004] a mutation naming the event by a lax id is refused with INVALID_ID and changes nothing; another type's id is NOT_FOUND", async () => {
    const DELETE = "mutation($id: ID!) { deleteEvent(id: $id) }";
    for (const text of [`${eventId}.0`, `${eventId}e0`, `0${eventId}`, `${eventId} OR 1=1`]) {
      const res = await app.gql(DELETE, { id: gid("Event", text) }, token);
      expectGerman(res.body.errors, text, "INVALID_ID");
    }
    const other = await app.gql(DELETE, { id: gid("User", world.userIds.admin) }, token);
    expect(other.body.errors?.[0]).toMatchObject({ message: "Veranstaltung nicht gefunden", extensions: { code: "NOT_FOUND" }, path: ["deleteEvent"] });
    expect(await app.db.prisma.event.count({ where: { id: eventId } })).toBe(1);
  });

  it("[R-API006] generated malformed ids: every one answers INVALID_ID in German at node(id:) and in an ID argument", async () => {
    const notDecimal = fc.string({ maxLength: 14 }).filter((s) => !/^(0|[1-9]\d{0,9})$/.test(s) || Number(s) > 2147483647);
    const bad = fc.oneof(
      fc.tuple(fc.constantFrom("Event", "User", "DexamRegistration"), notDecimal).map(([t, s]) => gid(t, s)),
      fc.tuple(fc.constantFrom("PageInfo", "Query", "DexamResult", "event", "X"), fc.nat()).map(([t, n]) => gid(t, n)),
      fc.string({ maxLength: 30 }).filter((s) => !/^[A-Za-z0-9+/]+=*$/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (id) => {
        const one = await app.gql(NODE, { id }, token);
        expect(one.body.data).toEqual({ node: null });
        expectGerman(one.body.errors, id, "INVALID_ID");
        const arg = await app.gql("query($id: ID!) { eventStatistic(eventId: $id) { __typename } }", { id }, token);
        expectGerman(arg.body.errors, id, "INVALID_ID");
      }),
      { seed: 2029, numRuns: 40 },
    );
  });
});

const read = (file: string) => fs.readFileSync(file, "utf8");
/** source text without comments (a code named in a comment is answered nowhere) */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
/** the server's source files, tests and generated code aside */
const sourceFiles = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => `${dir}/${f}`)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("/generated/"));

/**
 * The codes the GraphQL libraries the server depends on (package.json dependencies naming graphql
 * or pothos, and everything they depend on) write into an error's extensions, with a file of each.
 */
function libraryCodes(): [string, string][] {
  const dependencies = (name: string) => Object.keys(JSON.parse(read(`node_modules/${name}/package.json`)).dependencies ?? {});
  const todo = Object.keys(JSON.parse(read("package.json")).dependencies).filter((n) => /graphql|pothos/.test(n));
  const packages = new Set<string>();
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    if (packages.has(name) || !fs.existsSync(`node_modules/${name}/package.json`)) continue;
    packages.add(name);
    todo.push(...dependencies(name));
  }
  const found = new Map<string, string>();
  for (const name of packages)
    for (const f of fs.readdirSync(`node_modules/${name}`, { recursive: true }) as string[]) {
      if (!/\.[cm]?js$/.test(f) || f.includes("node_modules")) continue;
      const text = code(read(`node_modules/${name}/${f}`));
      // extensions: { code: 'X' }, errorExtensions = { code: 'X' }, extensions['code'] ||= 'X'
      for (const m of text.matchAll(/xtensions[\s\S]{0,300}?\bcode['"]?\]?\s*(?::|\|\|=|\?\?=|=)\s*['"]([A-Z][A-Z_]{3,})['"]/g))
        if (!found.has(m[1])) found.set(m[1], `${name}/${f}`);
    }
  return [...found];
}

async function post(payload: string, headers: Record<string, string> = {}) {
  const res = await app.fastify.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe("German messages with a code for every error", () => {
  it("[R-ER004] the error table of docs/api.md lists exactly the codes the server's code answers", () => {
    const codes = new Map<string, string>(); // code -> a file that answers it
    const add = (code: string, where: string) => codes.set(code, codes.get(code) ?? where);
    // the AppError codes (auth/errors.ts ErrorCode): every AppError, thrown anywhere, carries one
    const union = /export type ErrorCode =([^;]+);/.exec(read("server/src/auth/errors.ts"))?.[1] ?? "";
    for (const m of union.matchAll(/"([A-Z_]+)"/g)) add(m[1], "server/src/auth/errors.ts");
    // codes written into an answer by hand, in every file of the server: GraphQL extensions and
    // /v1 bodies (`extensions: { code: … }`, `error: { code: … }`), each literal of the expression
    for (const file of sourceFiles("server/src"))
      for (const m of code(read(file)).matchAll(/\b(?:extensions|error)\s*:\s*\{[^}]*?\bcode\s*:\s*([^,}\n]+)/g))
        for (const literal of m[1].matchAll(/"([A-Z][A-Z_]+)"/g)) add(literal[1], file);
    // those graphql/errors.ts gives graphql-js's, Yoga's and Pothos' errors
    for (const m of read("server/src/graphql/errors.ts").matchAll(/^\s*(?:\[\/.*\/\w*,\s*)?"([A-Z][A-Z_]{4,})",/gm)) add(m[1], "server/src/graphql/errors.ts");
    // what the GraphQL libraries the server loads put into extensions.code (their own refusals),
    // as graphql/errors.ts passes it on: an English text no rule knows keeps or renames its code
    for (const [libraryCode, where] of libraryCodes())
      for (const path of [undefined, ["events"]]) {
        const answered = germanError(createGraphQLError("Some English text no rule knows.", { path, extensions: { code: libraryCode } })).extensions.code;
        add(String(answered), `${where} (${libraryCode})`);
      }
    expect(codes.size).toBeGreaterThan(20);
    const missing = [...codes].filter(([c]) => !TABLE.has(c)).map(([c, where]) => `${c} (${where})`);
    expect(missing.sort(), "codes the server answers that docs/api.md does not list").toEqual([]);
    expect([...TABLE].filter((c) => !codes.has(c)).sort(), "codes docs/api.md lists that the server never answers").toEqual([]);
  });

  it("[R-ER004] the check above finds a code the server answers wherever it is written", () => {
    // every form that check reads, in a file of its own: an AppError code, a literal in extensions
    // (also behind a condition), a /v1 body
    const samples = [
      'extensions: { code: "FIRST_CODE", http: { status: 400 } }',
      'extensions: { code: principal ? "SECOND_CODE" : "THIRD_CODE" }',
      'return { error: { code: "FOURTH_CODE", message } };',
    ].join("\n");
    const found = [...code(samples).matchAll(/\b(?:extensions|error)\s*:\s*\{[^}]*?\bcode\s*:\s*([^,}\n]+)/g)].flatMap((m) =>
      [...m[1].matchAll(/"([A-Z][A-Z_]+)"/g)].map((l) => l[1]),
    );
    expect(found).toEqual(["FIRST_CODE", "SECOND_CODE", "THIRD_CODE", "FOURTH_CODE"]);
    // the libraries' codes: Yoga's and Armor's are found, a code graphql-js only names in a comment is not
    const library = new Map(libraryCodes());
    for (const c of [
      "BAD_REQUEST",
      "GRAPHQL_PARSE_FAILED",
      "REQUEST_ENTITY_TOO_LARGE",
      "OPERATION_RESOLUTION_FAILURE",
      "BAD_USER_INPUT",
      "INTERNAL_SERVER_ERROR",
    ])
      expect(library.has(c), c).toBe(true);
    expect(library.has("FORBIDDEN")).toBe(false);
  });

  it("[R-ER004] syntax and validation errors of the document", async () => {
    const cases: [string, string, string][] = [
      ["syntax", "{ viewer { ", "GRAPHQL_PARSE_FAILED"],
      ["unterminated string", '{ node(id: "abc) { id } }', "GRAPHQL_PARSE_FAILED"],
      ["unknown field", "{ nope }", "GRAPHQL_VALIDATION_FAILED"],
      ["unknown argument", "{ events(firsst: 1) { totalCount } }", "GRAPHQL_VALIDATION_FAILED"],
      ["missing argument", "{ node { id } }", "GRAPHQL_VALIDATION_FAILED"],
      ["missing subselection", "{ viewer }", "GRAPHQL_VALIDATION_FAILED"],
      ["subselection on a leaf", "{ viewer { id { x } } }", "GRAPHQL_VALIDATION_FAILED"],
      ["literal of the wrong type", '{ events(first: "x") { totalCount } }', "GRAPHQL_VALIDATION_FAILED"],
      ["unknown type", "query($x: Nope) { viewer { id } }", "GRAPHQL_VALIDATION_FAILED"],
      ["undeclared variable", "{ node(id: $x) { id } }", "GRAPHQL_VALIDATION_FAILED"],
      ["unused variable", "query($x: ID) { viewer { id } }", "GRAPHQL_VALIDATION_FAILED"],
      ["unknown fragment", "{ ...F }", "GRAPHQL_VALIDATION_FAILED"],
      // a rule without its own text: the code's German text, graphql-js's in extensions.detail
      ["unknown directive", "{ viewer @nope { id } }", "GRAPHQL_VALIDATION_FAILED"],
    ];
    for (const [label, query, code] of cases) {
      const res = await app.gql(query, {}, token);
      expect(res.status, label).toBeLessThan(500);
      expectGerman(res.body.errors, label, code);
    }
    const directive = await app.gql("{ viewer @nope { id } }", {}, token);
    expect(directive.body.errors?.[0]).toMatchObject({
      message: "Die Anfrage passt nicht zum Schema",
      extensions: { code: "GRAPHQL_VALIDATION_FAILED", detail: 'Unknown directive "@nope".' },
    });
  });

  it("[R-ER004] variables that do not fit their type and negative page sizes: BAD_USER_INPUT; invalid cursors: INVALID_CURSOR", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["variable of the wrong type", "query($n: Int) { events(first: $n) { totalCount } }", { n: "x" }],
      ["variable out of the Int range", "query($n: Int) { events(first: $n) { totalCount } }", { n: 1e20 }],
      ["missing required variable", "query($id: ID!) { node(id: $id) { id } }", {}],
      ["null for a required variable", "query($id: ID!) { node(id: $id) { id } }", { id: null }],
      [
        "invalid date",
        "query($id: ID!, $d: DateTime) { dexamRegistrations(eventId: $id, updatedSince: $d) { totalCount } }",
        { id: gid("Event", 1), d: "gestern" },
      ],
      [
        "invalid input object",
        "mutation($id: ID!, $i: DexamRegistrationInput!) { createDexamRegistration(eventId: $id, input: $i) { id } }",
        { id: gid("Event", 1), i: { type: "D9", nope: 1 } },
      ],
      ["invalid cursor", 'query { events(first: 1, after: "garbage") { totalCount } }', {}],
      ["cursor of another kind", 'query { events(first: 1, after: "T2Zmc2V0Q29ubmVjdGlvbjp4") { totalCount } }', {}],
      ["negative first", "query { events(first: -1) { totalCount } }", {}],
      ["negative last", "query { events(last: -1) { totalCount } }", {}],
    ];
    for (const [label, query, variables] of cases) {
      const res = await app.gql(query, variables, token);
      expect(res.status, label).toBeLessThan(500);
      expectGerman(res.body.errors, label);
      expect(["BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "INVALID_CURSOR"], `${label}: ${JSON.stringify(res.body)}`).toContain(
        res.body.errors?.[0].extensions?.code,
      );
    }
    const coercion = await app.gql("query($n: Int) { events(first: $n) { totalCount } }", { n: "x" }, token);
    expect(coercion.body.errors?.[0]).toMatchObject({
      message: 'Die Variable „$n“ hat einen ungültigen Wert: Der Wert "x" passt nicht zum Typ „Int“',
      extensions: { code: "BAD_USER_INPUT" },
    });
    for (const after of ["garbage", "T2Zmc2V0Q29ubmVjdGlvbjp4"]) {
      const cursor = await app.gql("query($a: String) { events(first: 1, after: $a) { totalCount } }", { a: after }, token);
      expect(cursor.body.errors?.[0], after).toMatchObject({
        message: "Ungültiger Cursor: bitte den startCursor oder endCursor einer Seite dieser Liste übergeben",
        extensions: { code: "INVALID_CURSOR" },
        path: ["events"],
      });
    }
    const negative = await app.gql("query { events(first: -1) { totalCount } }", {}, token);
    expect(negative.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" }, path: ["events"] });
  });

  it("[R-ER004] request-level refusals of Yoga: batching, no query string, a body that is no JSON object, odd parameters; all 400", async () => {
    const cases: [string, Promise<{ status: number; body: { errors?: Err[] } }>, number][] = [
      ["batching", post(JSON.stringify([{ query: "{ viewer { id } }" }, { query: "{ viewer { id } }" }])), 400],
      // a body that is no GraphQL request is 400 also under Accept application/json
      ["no query string", post(JSON.stringify({ variables: {} })), 400],
      ["null", post("null"), 400],
      ["two operations, no operationName", post(JSON.stringify({ query: "query A { viewer { id } } query B { viewer { id } }" })), 400],
      ["empty object", post("{}"), 400],
      ["query not a string", post(JSON.stringify({ query: 5 })), 400],
      ["variables not an object", post(JSON.stringify({ query: "{ viewer { id } }", variables: "x" })), 400],
      ["unknown parameter", post(JSON.stringify({ query: "{ viewer { id } }", nope: 1 })), 400],
      ["unknown operation name", post(JSON.stringify({ query: "query A { viewer { id } }", operationName: "B" })), 400],
    ];
    for (const [label, pending, status] of cases) {
      const res = await pending;
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(status);
      expectGerman(res.body.errors, label, "BAD_REQUEST");
    }
    const get = await app.fastify.inject({
      method: "GET",
      url: "/graphql",
      headers: { authorization: `Bearer ${token}`, "x-graphql-csrf": "1" },
    });
    expectGerman(get.json().errors, "GET without query", "BAD_REQUEST");
    expect(get.json().errors[0].message).toBe("Die Anfrage enthält kein GraphQL-Dokument (query)");
    const mutation = await app.fastify.inject({
      method: "GET",
      url: `/graphql?query=${encodeURIComponent(`mutation { deleteEvent(id: "${gid("Event", eventId)}") }`)}`,
      headers: { authorization: `Bearer ${token}`, "x-graphql-csrf": "1" },
    });
    expect(mutation.statusCode).toBe(405);
    expectGerman(mutation.json().errors, "mutation by GET", "BAD_REQUEST");
    const batch = await post(JSON.stringify([{ query: "{ viewer { id } }" }]));
    expect(batch.body.errors?.[0].message).toBe("Mehrere Operationen in einer Anfrage (Batching) werden nicht unterstützt");
  });

  it("[R-API006][R-ER004] HTTP level: headers too large answer 431 HEADERS_TOO_LARGE, a body that is no JSON 400 BAD_REQUEST, German and in the error envelope", async () => {
    const big = await fetch(`${app.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-big": "a".repeat(20_000) },
      body: JSON.stringify({ query: "{ viewer { id } }" }),
    });
    expect(big.status).toBe(431);
    expect(big.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await big.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: "HEADERS_TOO_LARGE", message: "Die Kopfzeilen der Anfrage sind zu groß" } });
    expectGerman([{ message: body.error.message, extensions: { code: body.error.code } }], "431");
    for (const url of ["/graphql", "/v1/event"]) {
      const res = await app.fastify.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        payload: "{not json",
      });
      expect(res.statusCode, url).toBe(400);
      // each door in its own shape: /graphql { errors: [...] }, /v1 its envelope
      const error = { code: "BAD_REQUEST", message: "Ungültige Anfrage: Der Rumpf der Anfrage ist kein gültiges JSON" };
      expect(res.json(), url).toEqual(url === "/graphql" ? { errors: [{ message: error.message, extensions: { code: error.code } }] } : { error });
    }
  });
});
