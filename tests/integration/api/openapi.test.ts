// OpenAPI 3.1 for /v1: the document at /v1/openapi.json, generated from the
// route schemas (http/openapi.ts), passes an outside validator (@readme/openapi-parser), names
// every /v1 route, and every documented example runs: the contract test sends it, as the admin of
// the demo data (prisma/demo.ts, the data `npm start` shows), and checks the answer against the
// documented status and schema (Ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses it). The examples run
// one after the other in document order, as an integrator trying them out would (http/openapi.ts
// inExampleOrder: writes first, then reads, deletions last).
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../../prisma/demo.ts";
import { fillPracticeSheet, type Part, pcJurorWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";

type Json = Record<string, any>;
type Operation = { method: string; path: string; op: Json };

let app: TestApp;
let token: string;
let doc: Json;

beforeAll(async () => {
  app = await startTestApp();
  expect(await seedDemoData(app.db.prisma)).toBe(true);
  await app.db.prisma.user.update({ where: { email: "admin@demo.test" }, data: { subject: "sub-demo-admin" } });
  token = await app.token("sub-demo-admin");
  const res = await app.rest("GET", "/v1/openapi.json");
  if (process.env.OPENAPI_DUMP) (await import("node:fs")).writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(res.body, null, 1));
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => app.stop());

const METHODS = ["get", "post", "put", "delete"] as const;
/** The operations in document order: the paths as the document lists them, each path's operations as it lists them. */
const operations = (): Operation[] =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m): m is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(m))
      .map((method) => ({ method, path, op: item[method] })),
  );

const successStatus = (op: Json) => Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)) as string;
const exampleOf = (schema: Json | undefined) => schema?.examples?.[0] ?? schema?.example;

/**
 * The files of an upload example, made as its description says: the practice sheets are the
 * location's blank sheets with 50 points each, the PC-Juror file rates every active competition
 * registration of the event.
 */
async function exampleFiles(url: string, field: string): Promise<Part[]> {
  const id = Number(url.split("/").at(-2));
  if (field === "files") {
    const blank = await app.rest("GET", `/v1/export/location/${id}/dexam/blank_practice_sheets`, token);
    expect(blank.status).toBe(200);
    return Promise.all(Object.entries(unzip(blank.raw)).map(async ([name, data]) => ({ name, data: await fillPracticeSheet(data, 50) })));
  }
  const registrations = (await app.rest("GET", `/v1/registrations/event/${id}/competition`, token)).body as { id: number; cancelled_at: string | null }[];
  const rows = registrations.filter((r) => !r.cancelled_at).map((r, i) => [i + 1, "Ensemble", "mit sehr gutem Erfolg", 90, 90, r.id, ""]);
  expect(rows.length).toBeGreaterThan(0);
  const file = await pcJurorWorkbook(["Startnr.", "Ensemble", "PRÄDIKAT", "Juror 1", "Gesamtpunkte", "anmelde-id", "Bemerkung"], rows);
  return [{ name: "pcjuror.xlsm", data: file }];
}

/** The example request of an operation: its URL from the path and query examples, its JSON body; null when an id has no example. */
function exampleRequest({ path, op }: Operation): { url: string; body?: unknown; upload?: string } | null {
  let url = path;
  const query: string[] = [];
  for (const p of (op.parameters ?? []) as Json[]) {
    const value = p.example ?? exampleOf(p.schema);
    if (p.in === "path") {
      if (value === undefined) return null;
      url = url.replace(`{${p.name}}`, String(value));
    } else if (p.in === "query" && value !== undefined) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`);
  }
  const full = query.length ? `${url}?${query.join("&")}` : url;
  const form = op.requestBody?.content?.["multipart/form-data"];
  if (form) return { url: full, upload: Object.keys(form.schema.properties)[0] };
  const media = op.requestBody?.content?.["application/json"];
  const body = media ? (media.example ?? exampleOf(media.schema)) : undefined;
  if (media && body === undefined) return null;
  return { url: full, ...(media ? { body } : {}) };
}

describe("/v1/openapi.json", () => {
  it("is OpenAPI 3.1 and passes the outside validator (@readme/openapi-parser)", async () => {
    expect(doc.openapi).toBe("3.1.0");
    // validate() dereferences in place: give it a copy
    await expect(validate(structuredClone(doc) as Parameters<typeof validate>[0])).resolves.toMatchObject({ valid: true });
    expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    // or an API client's token, fetched with the client-credentials flow at the token endpoint
    expect(doc.components.securitySchemes.apiClient).toMatchObject({
      type: "oauth2",
      flows: { clientCredentials: { tokenUrl: expect.stringMatching(/\/oidc\/token$/), scopes: {} } },
    });
    expect(doc.security).toEqual([{ bearer: [] }, { apiClient: [] }]);
    // a 500 answers the envelope's INTERNAL, so the enumeration names it
    expect(JSON.stringify(doc)).toMatch(/"enum":\["UNAUTHENTICATED"[^\]]*"INTERNAL"\]/);
  });

  it("[R-API033] names every /v1 route the server answers, each export under both spellings, with the error envelope", () => {
    const documented = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path.replace(/\{(\w+)\}/g, ":$1")}`));
    const served = app.routes.filter((r) => / \/v1\//.test(r));
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.includes(r))).toEqual([]);
    // every operation has its own operationId (generated clients name their functions by it)
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("getAssociationById");
    expect(ids).toEqual(expect.arrayContaining(["getExportEventByIdDexamCertificateList", "getExportEventByIdDexamCertificateListAlias"]));
    for (const { op } of operations()) {
      expect(op.tags?.length, op.summary).toBe(1);
      expect(op.responses.default.content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorEnvelope");
    }
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect(envelope.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(["VALIDATION", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT"]),
    );
  });

  it("every list a request takes has a maximum (maxItems), in bodies and query parameters", () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Json;
      if (!Array.isArray(node) && [n.type].flat().includes("array") && typeof n.maxItems !== "number") unbounded.push(at);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    for (const { method, path, op } of operations()) {
      walk(op.requestBody?.content?.["application/json"]?.schema, `${method} ${path} body`);
      walk(op.parameters, `${method} ${path} parameters`);
    }
    expect(unbounded).toEqual([]);
  });

  it("every documented example, run in document order on fresh demo data, answers with the documented status and schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // ajv-formats is CommonJS: its plugin is the default export
    (formats as unknown as typeof formats.default)(ajv);
    const ran: string[] = [];
    // one after the other as the document lists them, as an integrator trying them out would
    for (const o of operations()) {
      const request = exampleRequest(o);
      if (!request) continue;
      const label = `${o.method.toUpperCase()} ${request.url}`;
      const res = request.upload
        ? await upload(app, request.url, token, request.upload, await exampleFiles(request.url, request.upload)).then((r) => ({
            ...r,
            headers: {} as Record<string, unknown>,
            raw: Buffer.from(""),
          }))
        : await app.rest(o.method.toUpperCase(), request.url, token, request.body);
      const status = successStatus(o.op);
      expect(`${label} -> ${res.status} ${res.status >= 400 ? JSON.stringify(res.body) : ""}`).toBe(`${label} -> ${status} `);
      // a create names the new record's URL, which reads it (docs/decisions.md "/v1 REST": Location)
      if (status === "201" && !request.upload) {
        expect(o.op.responses[status].headers?.Location, label).toBeDefined();
        const read = await app.rest("GET", String(res.headers.location), token);
        expect(`${label} Location ${res.headers.location} -> ${read.status}`).toBe(`${label} Location ${res.headers.location} -> 200`);
      }
      const content = o.op.responses[status].content as Json | undefined;
      if (!content) {
        expect(res.raw.length, label).toBe(0);
      } else if (content["application/json"]) {
        const check = ajv.compile(content["application/json"].schema);
        expect(check(res.body) ? [] : check.errors, label).toEqual([]);
      } else {
        expect(Object.keys(content), label).toContain(String(res.headers["content-type"]).split(";")[0]);
        expect(res.raw.length, label).toBeGreaterThan(0);
      }
      ran.push(label);
    }
    // every operation has an example, and each ran
    expect(
      operations()
        .filter((o) => !exampleRequest(o))
        .map((o) => `${o.method} ${o.path}`),
    ).toEqual([]);
    expect(ran.length).toBe(operations().length);
  });
});

/** The kinds of JSON value a schema admits ("integer" inside "number"); "any" without a constraint. */
function kinds(schema: Json): Set<string> {
  if (Array.isArray(schema.anyOf)) return new Set((schema.anyOf as Json[]).flatMap((m) => [...kinds({ ...schema, anyOf: undefined, ...m })]));
  if (schema.type) return new Set([schema.type].flat() as string[]);
  if (Array.isArray(schema.enum)) return new Set((schema.enum as unknown[]).map((v) => (v === null ? "null" : Number.isInteger(v) ? "integer" : typeof v)));
  return new Set(["any"]);
}
const admits = (write: Set<string>, kind: string) => write.has("any") || write.has(kind) || (kind === "integer" && write.has("number"));
/** The object (or array) alternative of a schema, for its properties (items). */
const shapeOf = (schema: Json, type: "object" | "array"): Json | undefined =>
  [schema, ...((schema.anyOf as Json[]) ?? [])].find((m) => [m.type].flat().includes(type) && (m.properties || m.items));

/** Where a read's value does not fit the save's schema: every kind of value the read may hold, the save must take. */
function misfits(read: Json, write: Json, at: string): string[] {
  const w = kinds(write);
  const out = [...kinds(read)].filter((k) => !admits(w, k)).map((k) => `${at}: the answer may hold ${k}, the body takes ${[...w].join("|")}`);
  const [ro, wo] = [shapeOf(read, "object"), shapeOf(write, "object")];
  if (ro?.properties && wo?.properties)
    for (const [k, v] of Object.entries(ro.properties as Json)) if (wo.properties[k]) out.push(...misfits(v, wo.properties[k], `${at}.${k}`));
  const [ra, wa] = [shapeOf(read, "array"), shapeOf(write, "array")];
  if (ra?.items && wa?.items) out.push(...misfits(ra.items, wa.items, `${at}[]`));
  return out;
}

describe("the description round-trips", () => {
  /** Each record with a save: the GET of one record and the PUT of its collection path. */
  const pairs = () =>
    Object.keys(doc.paths)
      .filter((path) => doc.paths[path].put?.requestBody && doc.paths[`${path}/{id}`]?.get)
      .map((path) => ({
        path,
        read: doc.paths[`${path}/{id}`].get.responses["200"].content["application/json"].schema as Json,
        write: doc.paths[path].put.requestBody.content["application/json"].schema as Json,
      }));

  it("a read's answer can be sent back as the next save: every value an answer may hold, the save's body takes (the generated types agree)", () => {
    expect(pairs().map((p) => p.path)).toEqual(
      expect.arrayContaining(["/v1/user", "/v1/association", "/v1/event", "/v1/event/location", "/v1/registration/dexam", "/v1/registration/competition"]),
    );
    expect(pairs().flatMap(({ path, read, write }) => misfits(read, write, path))).toEqual([]);
    // an alternative without a type (`anyOf: [{ format: "date" }, …]`) is "anything" to a generator
    // (openapi-typescript): cancelled_at was a string when read and unknown when saved
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const n = node as Json;
      for (const [i, m] of ((n.anyOf as Json[]) ?? []).entries()) if (!m.type && !m.enum && !m.$ref && !("const" in m)) untyped.push(`${at}/anyOf/${i}`);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    for (const { method, path, op } of operations()) walk(op.requestBody?.content?.["application/json"]?.schema, `${method} ${path}`);
    expect(untyped).toEqual([]);
  });

  it("the demo records, as read, validate against their save's body schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (formats as unknown as typeof formats.default)(ajv);
    for (const { path, write } of pairs()) {
      const check = ajv.compile(write);
      const read = await app.rest("GET", `${path}/1`, token);
      expect(read.status, path).toBe(200);
      expect(check(read.body) ? [] : check.errors, path).toEqual([]);
    }
  });

  it("a create's body names its required fields, and a create without one is refused naming it", async () => {
    const creates = Object.entries(doc.paths as Json).filter(
      ([path, item]) => item.post?.requestBody?.content?.["application/json"]?.schema?.properties && !path.includes("{"),
    );
    expect(creates.length).toBeGreaterThanOrEqual(7);
    const notRefused: string[] = [];
    for (const [path, item] of creates) {
      const media = item.post.requestBody.content["application/json"];
      const example = (media.example ?? exampleOf(media.schema)) as Json;
      const required = (media.schema.required as string[] | undefined) ?? [];
      for (const field of required) {
        const { [field]: _, ...without } = example;
        const res = await app.rest("POST", path, token, without);
        if (res.status !== 400 || res.body.error?.code !== "VALIDATION" || !res.body.error.fields?.[field]) notRefused.push(`${path} ${field}`);
      }
      expect(required.length, `${path}: required`).toBeGreaterThan(0);
    }
    // every field the document calls required is refused when left out
    expect(notRefused).toEqual([]);
  });
});

describe("the reference page /v1/docs", () => {
  it("is served from the app itself (Swagger UI from npm, no CDN) under the app's CSP, and loads the same document", async () => {
    const page = await app.fastify.inject({ method: "GET", url: "/v1/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(2);
    for (const s of sources) expect(s, s).toMatch(/^(\.\/|\/v1\/docs\/|[\w.-]+$)/);
    for (const s of sources.filter((x) => x.endsWith(".js"))) {
      const url = s.startsWith("/") ? s : `/v1/docs/${s.replace(/^\.\//, "")}`;
      expect((await app.fastify.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
    const json = await app.fastify.inject({ method: "GET", url: "/v1/docs/json" });
    expect(json.json().paths).toEqual(doc.paths);
  });
});
