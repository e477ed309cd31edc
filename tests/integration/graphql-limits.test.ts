// GraphQL hardening (issue 10, item 3): depth and alias limits. Every query the client sends stays
// inside them; a deeper or alias-amplified document is refused before it runs.
import fs from "node:fs";
import path from "node:path";
import { getIntrospectionQuery, parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliasLimit, depthLimit, MAX_ALIASES, MAX_DEPTH } from "../../server/src/graphql/limits.ts";
import { schema } from "../../server/src/graphql/schema.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { createWorld, type World } from "../support/principals.ts";

let app: TestApp;
let world: World;
beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

function clientQueries(dir = "client/src"): string[] {
  const texts: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) texts.push(...clientQueries(p));
    else if (p.includes("__generated__") && p.endsWith(".graphql.ts")) {
      const m = /"text": ("(?:[^"\\]|\\.)*")/.exec(fs.readFileSync(p, "utf8"));
      if (m) texts.push(JSON.parse(m[1]));
    }
  }
  return texts;
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
    for (const text of texts) expect(validate(schema, parse(text), [depthLimit(), aliasLimit()]), text.slice(0, 80)).toEqual([]);
  });

  it(`a query nested deeper than ${MAX_DEPTH} levels is refused before it runs`, async () => {
    const token = await app.token(world.subjects.member);
    const ok = await app.gql(deepQuery(MAX_DEPTH), {}, token);
    expect(ok.body.errors, JSON.stringify(ok.body.errors)).toBeUndefined();
    const deep = await app.gql(deepQuery(MAX_DEPTH + 1), {}, token);
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
    expect(res.body.errors?.[0].extensions?.code).toBe("TOO_MANY_ALIASES");
  });
});
