// Searches and lists that cannot exhaust the server: a search (every `search` argument
// of GraphQL, every /v1 query parameter) is at most MAX_SEARCH_LENGTH characters and a longer one is
// refused before anything is read; one caller runs at most RATE_LIMIT_CONCURRENT_QUERIES expensive
// reads (lists, searches, exports) at once. The statement timeout: db/statement-timeout.pg.test.ts.
import fs from "node:fs";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isExpensiveQuery } from "../../../server/src/graphql/requestGuards.ts";
import { schema } from "../../../server/src/graphql/schema.ts";
import { CONCURRENCY_MESSAGE } from "../../../server/src/http/rateLimit.ts";
import { tooLong } from "../../../server/src/shared/messages.ts";
import { MAX_SEARCH_LENGTH } from "../../../server/src/shared/validation.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

const TOO_LONG = tooLong(MAX_SEARCH_LENGTH);

let app: TestApp;
let world: World;
let admin: string;
let member: string;
let dexamEvent: number;
let competitionEvent: number;

/** 2 MB of LIKE wildcards: the search that held PostgreSQL for 30 s */
const HUGE = "%_".repeat(1024 * 1024);
const MAXIMAL = "%_".repeat(MAX_SEARCH_LENGTH / 2);

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_CONCURRENT_QUERIES: "2" } });
  world = await createWorld(app.db.prisma);
  admin = await app.token(world.subjects.admin);
  member = await app.token(world.subjects.member);
  const d = world.district1;
  dexamEvent = (await app.db.prisma.event.create({ data: { ...openEventFields(d), name: "D", formType: "DEXAM" } })).id;
  competitionEvent = (await app.db.prisma.event.create({ data: { ...openEventFields(d), name: "W", formType: "COMPETITION" } })).id;
});
afterAll(() => app.stop());

/** Every top-level query field that takes a search, with the arguments it needs besides. */
const searchFields = () =>
  Object.values(schema.getQueryType()?.getFields() ?? {})
    .filter((f) => f.args.some((a) => a.name === "search"))
    .map((f) => {
      const event = f.args.some((a) => a.name === "eventId") ? (/competition/i.test(f.name) ? competitionEvent : dexamEvent) : null;
      return { name: f.name, args: event === null ? "" : `eventId: "${gid("Event", event)}", `, connection: String(f.type).endsWith("Connection!") };
    });

const searchQuery = (field: { name: string; args: string; connection?: boolean }) =>
  `query($s: String) { ${field.name}(${field.args}search: $s) { ${field.connection ? "edges { cursor }" : "__typename"} } }`;

describe("a search is at most MAX_SEARCH_LENGTH characters", () => {
  it("[R-API057][R-API056][R-API066][R-API015] every GraphQL list with a search refuses a 2 MB search at once with VALIDATION naming the field, and takes a maximal one", async () => {
    const fields = searchFields();
    expect(fields.map((f) => f.name).sort()).toEqual([
      "associations",
      "competitionRegistrations",
      "competitionResults",
      "dexamRegistrations",
      "dexamResults",
      "users",
    ]);
    for (const field of fields) {
      // refused before the search reaches the database: no statement with a LIKE pattern was sent (no wall clock: the CI machine is loaded)
      const { result: huge, queries } = await recordQueries(() => app.gql(searchQuery(field), { s: HUGE }, admin));
      expect(
        queries.filter((q) => /\bI?LIKE\b/i.test(q.text)).map((q) => q.text),
        field.name,
      ).toEqual([]);
      expect(huge.body.errors?.[0].extensions, field.name).toMatchObject({ code: "VALIDATION", fields: { search: TOO_LONG } });
      expect(huge.body.data, field.name).toBeNull();
      const over = await app.gql(searchQuery(field), { s: `${MAXIMAL}x` }, admin);
      expect(over.body.errors?.[0].extensions, field.name).toMatchObject({ code: "VALIDATION", fields: { search: TOO_LONG } });
      const maximal = await app.gql(searchQuery(field), { s: MAXIMAL }, admin);
      expect(maximal.body.errors, field.name).toBeUndefined();
      // characters, not UTF-16 units: 200 emoji (400 units) are a maximal search too
      const emoji = await app.gql(searchQuery(field), { s: "🎺".repeat(MAX_SEARCH_LENGTH) }, admin);
      expect(emoji.body.errors, field.name).toBeUndefined();
    }
  });

  it("[R-API057][R-API066][R-API015][R-API026] every /v1 GET refuses an over-long query parameter (search or any other) with 400 VALIDATION naming it, before reading anything", async () => {
    const gets = app.routes.filter((r) => r.startsWith("GET /v1/")).map((r) => r.slice(4));
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const url = route.replace(/:[A-Za-z]+/g, "1");
      for (const [name, value] of [
        ["search", `${MAXIMAL}x`],
        ["startDate", "2".repeat(MAX_SEARCH_LENGTH + 1)],
      ]) {
        const res = await app.rest("GET", `${url}?${name}=${encodeURIComponent(value)}`, admin);
        expect(res.status, `${route} ${name}`).toBe(400);
        // the /v1 envelope names fields in snake case (http/rest.ts errorBody)
        const field = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        expect(res.body.error, `${route} ${name}`).toMatchObject({ code: "VALIDATION", fields: { [field]: TOO_LONG } });
      }
    }
    // the lists with a search: 2 MB refused at once (a real server's 16 KB header limit refuses it even earlier: 431), a maximal one answers
    const lists = ["/v1/associations", "/v1/users", `/v1/registrations/event/${dexamEvent}/dexam`, `/v1/registrations/event/${competitionEvent}/competition`];
    for (const url of lists) {
      const { result: huge, queries } = await recordQueries(() => app.rest("GET", `${url}?search=${HUGE}`, admin));
      expect(
        queries.filter((q) => /\bI?LIKE\b/i.test(q.text)).map((q) => q.text),
        url,
      ).toEqual([]);
      expect(huge.status, url).toBe(400);
      expect(huge.body.error, url).toMatchObject({ code: "VALIDATION", fields: { search: TOO_LONG } });
      const res = await app.rest("GET", `${url}?search=${encodeURIComponent(MAXIMAL)}`, admin);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toEqual([]);
    }
  });
});

describe("expensive reads at once per caller (RATE_LIMIT_CONCURRENT_QUERIES, here 2)", () => {
  const dexamList = () => searchQuery({ name: "dexamRegistrations", args: `eventId: "${gid("Event", dexamEvent)}", `, connection: true });

  it("[R-API057][R-ER004] a caller running as many lists as allowed gets 429 RATE_LIMITED (German, Retry-After) for one more on GraphQL and /v1; single records, the start page and other callers still answer", async () => {
    const subject = world.subjects.member;
    const held = [app.expensiveReads.acquire(subject), app.expensiveReads.acquire(subject)];
    try {
      expect(held.every(Boolean)).toBe(true);
      const gql = await app.fastify.inject({
        method: "POST",
        url: "/graphql",
        headers: { "content-type": "application/json", authorization: `Bearer ${member}` },
        payload: JSON.stringify({ query: dexamList(), variables: { s: "x" } }),
      });
      expect(gql.statusCode).toBe(429);
      expect(gql.headers["retry-after"]).toBe("1");
      expect(gql.json().errors[0]).toMatchObject({ message: CONCURRENCY_MESSAGE, extensions: { code: "RATE_LIMITED" } });
      // the client's pagination queries reach the list through a fragment on Query
      const spread = await app.gql(
        `query($s: String) { ...Table } fragment Table on Query { ... on Query { dexamRegistrations(eventId: "${gid("Event", dexamEvent)}", search: $s) { totalCount } } }`,
        { s: "x" },
        member,
      );
      expect(spread.status).toBe(429);
      expect(spread.body.errors?.[0].extensions?.code).toBe("RATE_LIMITED");
      for (const url of [`/v1/registrations/event/${dexamEvent}/dexam`, "/v1/associations", `/v1/export/event/${dexamEvent}/overview`]) {
        const res = await app.rest("GET", url, member);
        expect(res.status, url).toBe(429);
        expect(res.headers["retry-after"], url).toBe("1");
        expect(res.body.error, url).toEqual({ code: "RATE_LIMITED", message: CONCURRENCY_MESSAGE });
      }
      // not expensive: one record, the own account, the start page, any mutation
      expect((await app.rest("GET", "/v1/user/0", member)).status).toBe(200);
      expect((await app.rest("GET", `/v1/event/${dexamEvent}`, member)).status).toBe(200);
      expect((await app.gql("{ viewer { id } }", {}, member)).body.errors).toBeUndefined();
      expect((await app.gql("{ events(first: 5) { totalCount } }", {}, member)).body.errors).toBeUndefined();
      // another caller is not limited by this one
      expect((await app.gql(dexamList(), { s: "x" }, admin)).body.errors).toBeUndefined();
      expect(app.expensiveReads.running(world.subjects.admin)).toBe(0);
    } finally {
      for (const release of held) release?.();
    }
    expect((await app.gql(dexamList(), { s: "x" }, member)).body.errors).toBeUndefined();
    expect((await app.rest("GET", `/v1/registrations/event/${dexamEvent}/dexam`, member)).status).toBe(200);
  });

  it("[R-API057] every stored operation of the browser client that reads a searchable list counts as expensive, the others do not", () => {
    const operations = JSON.parse(fs.readFileSync("client/src/__generated__/persisted-operations.json", "utf8")) as Record<string, string>;
    const names = searchFields().map((f) => f.name);
    const reads = new RegExp(`\\b(${names.join("|")})\\(`);
    let expensive = 0;
    for (const text of Object.values(operations)) {
      const document = parse(text);
      const isQuery = document.definitions.some((d) => d.kind === "OperationDefinition" && d.operation === "query");
      const expected = isQuery && reads.test(text);
      expect(isExpensiveQuery(schema, document, null), text.slice(0, 80)).toBe(expected);
      if (expected) expensive++;
    }
    expect(expensive).toBeGreaterThanOrEqual(6);
  });

  it("[R-API057] a list's slot is free again after its answer, also after a refused or failed one", async () => {
    const subject = world.subjects.member;
    // a run of more lists than the limit, one after the other: never refused
    for (let i = 0; i < 5; i++) {
      expect((await app.gql(dexamList(), { s: `a${i}` }, member)).body.errors).toBeUndefined();
      expect((await app.rest("GET", `/v1/registrations/event/${dexamEvent}/dexam`, member)).status).toBe(200);
    }
    expect((await app.gql(dexamList(), { s: HUGE }, member)).body.errors?.[0].extensions?.code).toBe("VALIDATION");
    expect((await app.rest("GET", `/v1/registrations/event/x/dexam`, member)).status).toBe(404);
    // refused inside the handler (members export nothing)
    expect((await app.rest("GET", `/v1/export/event/${dexamEvent}/overview`, member)).status).toBe(403);
    expect(app.expensiveReads.running(subject)).toBe(0);
    // lists sent at once: the limit is the most that ever run, everything else answers
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => app.gql(dexamList(), { s: `p${i}` }, member)));
    for (const a of answers) expect([undefined, "RATE_LIMITED"]).toContain(a.body.errors?.[0].extensions?.code);
    expect(answers.filter((a) => !a.body.errors).length).toBeGreaterThanOrEqual(2);
    expect(app.expensiveReads.running(subject)).toBe(0);
  });
});
