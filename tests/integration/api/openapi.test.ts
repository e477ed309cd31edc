// OpenAPI 3.1 for /v1: the document at /v1/openapi.json, generated from the
// route schemas (http/openapi.ts), passes an outside validator (@readme/openapi-parser), names
// every /v1 route, and every documented example runs: the contract test sends it, as the admin of
// the demo data (prisma/demo.ts, the data `npm start` shows), and checks the answer against the
// documented status and schema (Ajv, JSON Schema 2020-12, as OpenAPI 3.1 uses it).
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
const operations = (): Operation[] =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })));
/** The order the examples run in: creates and edits first (so reads find what they made), then reads, deletes last in reverse (dependents first). */
const PHASE: Record<string, number> = { post: 0, put: 1, get: 2, delete: 3 };
const inRunOrder = (ops: Operation[]) =>
  ops.map((o, i) => ({ ...o, i })).sort((a, b) => PHASE[a.method] - PHASE[b.method] || (a.method === "delete" ? b.i - a.i : a.i - b.i));

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

  it("every documented example answers with the documented status and schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // ajv-formats is CommonJS: its plugin is the default export
    (formats as unknown as typeof formats.default)(ajv);
    const ran: string[] = [];
    for (const o of inRunOrder(operations())) {
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
