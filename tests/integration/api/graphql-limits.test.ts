// GraphQL hardening: depth and alias limits. Every query the client sends stays
// inside them; a deeper or alias-amplified document is refused before it runs.
import fs from "node:fs";
import { getIntrospectionQuery, getOperationAST, parse, validate, valueFromASTUntyped } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boundedParseCache,
  DOCUMENT_CACHE_TOKENS,
  depthAndAliasRules,
  documentRefusal,
  LIST_ESTIMATE,
  MAX_ALIASES,
  MAX_COST,
  MAX_DEPTH,
  MAX_DOCUMENT_LENGTH,
  MAX_NESTING,
  MAX_PAGE,
  MAX_TOKENS,
  operationCost,
} from "../../../server/src/graphql/limits.ts";
import { schema } from "../../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

/** every operation of the browser client: relay-compiler persists them all (relay.config.json persistConfig) */
function clientQueries(): string[] {
  const map = JSON.parse(fs.readFileSync("client/src/__generated__/persisted-operations.json", "utf8")) as Record<string, string>;
  return Object.values(map);
}

/** events > edges > node > locations > event > locations > event ... `levels` fields deep */
function deepQuery(levels: number): string {
  let inner = "id";
  let depth = 4; // events { edges { node { ... id } } }: the leaf counts as a level
  const pair = ["locations", "event"];
  let i = 0;
  const parts: string[] = [];
  while (depth < levels) {
    parts.push(pair[i++ % 2]);
    depth++;
  }
  for (const f of parts.reverse()) inner = `${f} { id ${inner} }`;
  return `{ events(first: 1) { edges { node { ${inner} } } } }`;
}

describe("GraphQL limits", () => {
  it("every query of the client and the introspection query stay within the limits", () => {
    const texts = [...clientQueries(), getIntrospectionQuery()];
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expect(validate(schema, parse(text), depthAndAliasRules()), text.slice(0, 80)).toEqual([]);
    // and within the document limits checked before parsing, with room to spare
    for (const text of texts) expect(documentRefusal(text.repeat(4)), text.slice(0, 80)).toBeNull();
  });

  it("a document nested 3,000 levels deep is refused with QUERY_TOO_DEEP (400), not a 500 of the parser's stack", async () => {
    const token = await app.token(world.subjects.admin);
    const selections = await app.gql(`{ viewer ${"{ a ".repeat(3000)}${"}".repeat(3001)}`, {}, token);
    expect(selections.status).toBe(400);
    expect(selections.body.errors?.[0]).toEqual({
      message: `Die Anfrage ist zu tief verschachtelt (mehr als ${MAX_NESTING} Klammerebenen)`,
      extensions: { code: "QUERY_TOO_DEEP" },
    });
    // nested lists and input objects in an argument recurse in the parser the same way
    for (const arg of [`${"[".repeat(3000)}${"]".repeat(3000)}`, `${"{ a: ".repeat(3000)}1${"}".repeat(3000)}`]) {
      const res = await app.gql(`{ node(id: ${arg}) { id } }`, {}, token);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0].extensions?.code).toBe("QUERY_TOO_DEEP");
    }
  });

  it(`a document of more than ${MAX_TOKENS} tokens or ${MAX_DOCUMENT_LENGTH} characters is refused before it is parsed`, async () => {
    const token = await app.token(world.subjects.admin);
    // 9 tokens per fragment and its spread, 5 around them
    const fragments = (n: number) =>
      `{ viewer { ${Array.from({ length: n }, (_, i) => `...F${i}`).join(" ")} } } ${Array.from({ length: n }, (_, i) => `fragment F${i} on User { id }`).join(" ")}`;
    const most = Math.floor((MAX_TOKENS - 5) / 9);
    expect((await app.gql(fragments(most), {}, token)).body.errors).toBeUndefined();
    const many = await app.gql(fragments(most + 1), {}, token);
    expect(many.status).toBe(400);
    expect(many.body.errors?.[0]).toEqual({
      message: "Das GraphQL-Dokument ist zu umfangreich (höchstens 2.000 Token)",
      extensions: { code: "QUERY_TOO_LARGE" },
    });
    // comments and whitespace are no tokens, but count as characters
    const long = await app.gql(`{ viewer { id } } # ${"x".repeat(MAX_DOCUMENT_LENGTH)}`, {}, token);
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]).toEqual({
      message: "Das GraphQL-Dokument ist zu lang (höchstens 100.000 Zeichen); große Werte bitte als Variablen senden",
      extensions: { code: "QUERY_TOO_LARGE" },
    });
    // a syntax error stays the parser's
    expect((await app.gql("{ viewer { id ", {}, token)).body.errors?.[0].extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
  });

  it("the parse cache is bounded by the tokens of the documents it keeps", () => {
    const { documentCache } = boundedParseCache();
    for (let i = 0; i < 150; i++) {
      const text = `query Q${i} { viewer { ${Array.from({ length: 1500 }, () => "id").join(" ")} } }`;
      documentCache.set(text, parse(text));
    }
    expect(documentCache.calculatedSize).toBeLessThanOrEqual(DOCUMENT_CACHE_TOKENS);
    expect(documentCache.size).toBeLessThan(150);
  });

  it(`a query nested deeper than ${MAX_DEPTH} levels is refused before it runs`, async () => {
    const token = await app.token(world.subjects.member);
    // exactly the limit passes the depth rule (running it would exceed the cost limit: lists nest)
    expect(validate(schema, parse(deepQuery(MAX_DEPTH)), depthAndAliasRules())).toEqual([]);
    const deep = await app.gql(deepQuery(MAX_DEPTH + 1), {}, token);
    expect(deep.status).toBe(200);
    expect(deep.body.data).toBeUndefined();
    expect(deep.body.errors?.[0]).toMatchObject({
      message: `Die Anfrage ist zu tief verschachtelt (${MAX_DEPTH + 1} Ebenen, höchstens ${MAX_DEPTH})`,
      extensions: { code: "QUERY_TOO_DEEP" },
    });
    // fragments count where they are spread
    const viaFragment = `{ ...F } fragment F on Query { ${deepQuery(MAX_DEPTH + 1).slice(1, -1)} }`;
    expect((await app.gql(viaFragment, {}, token)).body.errors?.[0].extensions?.code).toBe("QUERY_TOO_DEEP");
  });

  it(`more than ${MAX_ALIASES} aliases are refused`, async () => {
    const token = await app.token(world.subjects.member);
    const many = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(" ")} }`;
    expect((await app.gql(many(MAX_ALIASES), {}, token)).body.errors).toBeUndefined();
    const res = await app.gql(many(MAX_ALIASES + 1), {}, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0]).toMatchObject({
      message: `Die Anfrage enthält zu viele Aliasse (höchstens ${MAX_ALIASES})`,
      extensions: { code: "TOO_MANY_ALIASES" },
    });
    // aliases in a fragment count wherever it is spread
    const half = Array.from({ length: MAX_ALIASES / 2 + 1 }, (_, i) => `b${i}: viewer { id }`).join(" ");
    const spreadTwice = `{ ...F ...G } fragment G on Query { ...F } fragment F on Query { ${half} }`;
    expect((await app.gql(spreadTwice, {}, token)).body.errors?.[0].extensions?.code).toBe("TOO_MANY_ALIASES");
  });

  it(`[cost] every operation of the client, with its largest page sizes, costs at most ${MAX_COST}`, () => {
    for (const text of clientQueries()) {
      const doc = parse(text);
      const op = getOperationAST(doc);
      const vars: Record<string, unknown> = {};
      for (const v of op?.variableDefinitions ?? [])
        vars[v.variable.name.value] = v.defaultValue ? valueFromASTUntyped(v.defaultValue) : /count|first/i.test(v.variable.name.value) ? MAX_PAGE : undefined;
      expect(operationCost(schema, doc, undefined, vars), op?.name?.value).toBeLessThanOrEqual(MAX_COST);
    }
  });

  it("[cost] page sizes multiply, from literals and from variables", () => {
    const q = parse("query Q($n: Int) { events(first: $n) { edges { node { id name } } } }");
    // events (1) + n x (edges (1) + node (1) + id (1) + name (1))
    expect(operationCost(schema, q, "Q", { n: 10 })).toBe(1 + 10 * 4);
    expect(operationCost(schema, q, "Q", { n: 1000 })).toBe(1 + MAX_PAGE * 4); // the server caps pages at 100
    expect(operationCost(schema, q, "Q", {})).toBe(1 + 20 * 4); // Pothos' default page
  });

  it("[cost] a plain list multiplies by LIST_ESTIMATE, whatever its length; docs/api.md's example costs what it says", () => {
    const plain = parse("{ districtAssociations { id name } }");
    expect(operationCost(schema, plain, undefined, {})).toBe(1 + LIST_ESTIMATE * 2);
    // docs/api.md section 8: "`{ … }` costs n"
    const stated = /`(\{ events\(first: 100\)[^`]*\})` costs ([\d,]+)/.exec(fs.readFileSync("docs/api.md", "utf8"));
    expect(stated).not.toBeNull();
    const [, example, cost] = stated as RegExpExecArray;
    expect(operationCost(schema, parse(example), undefined, {})).toBe(Number(cost.replace(/,/g, "")));
    expect(Number(cost.replace(/,/g, ""))).toBe(1 + 100 * (1 + 1 + 1 + 1 + LIST_ESTIMATE * 2));
  });

  it("an operation costing more than the limit is refused before it runs, with QUERY_TOO_COMPLEX", async () => {
    const token = await app.token(world.subjects.admin);
    const nested = "locations { id event { locations { id event { locations { id name } } } } }";
    const res = await app.gql(`{ events(first: 100) { edges { node { id ${nested} } } } }`, {}, token);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors?.[0].extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.body.errors?.[0].message).toMatch(/zu aufwendig/);
    const small = await app.gql(`{ events(first: 2) { edges { node { id ${nested} } } } }`, {}, token);
    expect(small.body.errors).toBeUndefined();
  });
});
