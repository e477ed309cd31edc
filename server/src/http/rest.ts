// Helpers for the /v1 routes: authenticate, name the operation, render errors as
// { error: { code, message, fields? } } with the status of docs/api.md (docs/decisions.md "/v1 REST").
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Authenticator } from "../auth/authenticate.ts";
import { AppError } from "../auth/errors.ts";
import type { Principal } from "../auth/principal.ts";
import { queryTextLengths } from "../db/search.ts";
import { contentDisposition } from "../domains/files/rules.ts";
import { type ListRead, type PageRequest, readListPage } from "../domains/lists.ts";
import { KEY_REUSED } from "../domains/registrations/idempotency.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { AppServices } from "../services.ts";
import { decimalId } from "../shared/validation.ts";
import { containsNul, NUL_MESSAGE } from "./inputGuard.ts";
import { jsonSchemaOf, noValidation, operationId, plainJson, type RouteDoc, routeSchema } from "./openapi.ts";
import { noteCaller } from "./operations.ts";
import { type ConcurrencyLimiter, RATE_LIMIT_MESSAGE, type RateLimiter, tooManyConcurrent } from "./rateLimit.ts";
import { fieldsAsSent, readQuery, refuseParameters } from "./wireSchema.ts";

export type RestCtx = { principal: Principal; prisma: PrismaClient; services: AppServices; request: FastifyRequest; replayed?: boolean };

export type RestDeps = {
  authenticate: Authenticator;
  prisma: PrismaClient;
  services: AppServices;
  /** rate limit for the changing methods (POST, PUT, DELETE), per caller */
  limit?: RateLimiter;
  /** expensive reads at once per caller (lists, searches, exports: isExpensiveRead) */
  concurrent?: ConcurrencyLimiter;
};

/**
 * The /v1 reads that count against the per-caller limit of expensive reads at once: every GET but
 * the one-record reads (a path ending in an id or the own account, /v1/user/0), i.e. the lists,
 * searches, statistics and exports.
 */
export const isExpensiveRead = (method: string, url: string) => method === "GET" && !/\/(:[A-Za-z]*[iI]d|0)$/.test(url);

type Handler = (ctx: RestCtx, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The /v1 routes: each names its RouteDoc (http/openapi.ts), the schemas its handler reads and
 * answers with, from which the OpenAPI document is generated.
 */
export function restRoutes(app: FastifyInstance, deps: RestDeps) {
  // operationIds of this router: an export's hyphenated spelling, registered after the underscored one, is its alias
  const ids = new Set<string>();
  const uniqueId = (method: string, url: string) => {
    const id = operationId(method, url);
    const unique = ids.has(id) ? `${id}Alias` : id;
    ids.add(unique);
    return unique;
  };
  const route = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, doc: RouteDoc, handler: Handler) => {
    const expensive = isExpensiveRead(method, url);
    // If-Match: a PUT whose body reads `version` (its update's optimistic-concurrency check), a DELETE that says it takes one
    const conditional = (method === "PUT" && readsVersion(doc)) || (method === "DELETE" && !!doc.ifMatch);
    return app.route({
      method,
      url,
      schema: routeSchema(uniqueId(method, url), url, doc, method, { conditional, refusals: WRITE_REFUSALS }),
      validatorCompiler: noValidation,
      serializerCompiler: plainJson,
      handler: async (request, reply) => {
        const principal = await deps.authenticate(request.headers.authorization);
        noteCaller(request, principal);
        // RateLimit-* on every answer (errors included): a change counts against the limit, a read only looks
        if (deps.limit) {
          if (method === "GET") reply.headers(await deps.limit.peek(principal.subject));
          else {
            const { refusal, headers } = await deps.limit.count(principal.subject);
            reply.headers(headers);
            if (refusal) throw refusal;
          }
        }
        if (containsNul(request.body) || containsNul(request.query)) throw new AppError("BAD_REQUEST", NUL_MESSAGE);
        queryTextLengths(request.query);
        // a read that takes no parameters refuses any (/v1 input is strict); a route with a query schema refuses unknown ones in readQuery
        if (method === "GET" && !doc.query) refuseParameters(request.query);
        const expected = conditional ? ifMatchVersion(request) : null;
        if (expected !== null && method === "PUT") bodyOnVersion(request, expected);
        const release = expensive && deps.concurrent ? deps.concurrent.acquire(principal.subject) : () => {};
        if (!release) throw tooManyConcurrent();
        try {
          const ctx: RestCtx = { principal, prisma: deps.prisma, services: deps.services, request };
          const result = await handler(ctx, request, reply).catch((e: unknown) => {
            // the record moved on since the ETag the caller sent: the update's version check refused, nothing changed
            throw expected !== null && stale(e) ? preconditionFailed() : e;
          });
          if (reply.sent) return reply;
          // the success status the route documents (201 for a create, 204 for a delete): set here, once
          if (doc.status && reply.statusCode === 200) reply.status(doc.status);
          const tag = method !== "DELETE" ? etagOf(result) : null;
          if (tag) reply.header("etag", tag);
          if (reply.statusCode === 201) reply.header("location", locationOf(doc.location ?? url, result));
          if (ctx.replayed) reply.header("idempotent-replayed", "true");
          return reply.send(result ?? null);
        } finally {
          release();
        }
      },
    });
  };
  return {
    get: (url: string, doc: RouteDoc, h: Handler) => route("GET", url, doc, h),
    /** A list in pages read from its service's list (ListSource): the one shape of every plain /v1 list. */
    list: <Q extends z.ZodType<PageRequest>, L extends ListRead, Row>(
      url: string,
      doc: Omit<RouteDoc, "query" | "paged"> & { query: Q },
      source: ListSource<z.output<Q>, L, Row>,
    ) =>
      route("GET", url, { ...doc, paged: true }, async (ctx, request, reply) => {
        const q = readQuery(doc.query, request.query);
        const list = await source.read(ctx, q, request);
        const page = await readListPage<Row>(source.delegate(ctx.prisma), source.connection, list, q, source.include);
        return pageAnswer(ctx, reply, { ...page, rows: page.rows.map((row) => source.wire(row, ctx, list)) });
      }),
    post: (url: string, doc: RouteDoc, h: Handler) => route("POST", url, doc, h),
    put: (url: string, doc: RouteDoc, h: Handler) => route("PUT", url, doc, h),
    delete: (url: string, doc: RouteDoc, h: Handler) => route("DELETE", url, doc, h),
  };
}

export type RestRouter = ReturnType<typeof restRoutes>;

/**
 * What a /v1 list reads (domains/lists.ts, one read path per list): the service's list for the
 * query (the caller's scope, the filters, the order), the model it pages with the connection's
 * name in its cursors and what each row includes, and each row's wire shape.
 */
export type ListSource<Q, L extends ListRead, Row> = {
  read: (ctx: RestCtx, q: Q, request: FastifyRequest) => L | Promise<L>;
  delegate: (prisma: PrismaClient) => { findMany(args: object): Promise<unknown[]> };
  connection: string;
  include?: Record<string, unknown>;
  wire: (row: Row, ctx: RestCtx, list: L) => unknown;
};

/**
 * A /v1 list's answer: its rows as a JSON array and, when more follow, the next page's address in
 * the `Link` header (RFC 8288, rel="next"): this request's address on PUBLIC_URL with the next
 * page's cursor, every other parameter as sent. The last page has no Link.
 */
export function pageAnswer<T>(ctx: RestCtx, reply: FastifyReply, page: { rows: T[]; next: string | null }): T[] {
  if (page.next) {
    const sent = new URL(ctx.request.url, "http://host");
    sent.searchParams.set("cursor", page.next);
    reply.header("link", `<${ctx.services.config.publicUrl.replace(/\/$/, "")}${sent.pathname}${sent.search}>; rel="next"`);
  }
  return page.rows;
}

/** A file answer: its type, its name to save it under (Content-Disposition), never cached. */
export function download(reply: FastifyReply, name: string, type: string, data: Uint8Array) {
  reply.header("content-type", type).header("content-disposition", contentDisposition(name)).header("cache-control", "no-store");
  return reply.send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/**
 * Parses a numeric path id; anything else, a leading zero or a number beyond the id column's range (int4) included,
 * is "not found" (no information about what exists; /v1/event/2147483648 was a database error).
 */
export function idParam(request: FastifyRequest, name = "id"): number {
  const id = decimalId((request.params as Record<string, string>)[name] ?? "");
  if (id === null) throw new AppError("NOT_FOUND", "Eintrag nicht gefunden");
  return id;
}

/**
 * The `Idempotency-Key` header of a create (registrations/idempotency.ts checks and uses it);
 * null without one. Sent twice, it is refused.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const v = request.headers["idempotency-key"];
  if (v === undefined) return null;
  if (typeof v !== "string") throw new AppError("BAD_REQUEST", "Ungültiger Idempotency-Key: nur einmal senden");
  return v;
}

/**
 * The Location of a create's 201 (http/openapi.ts documents it): the new record's /v1 URL, the
 * create's path and its id (POST /v1/registration/dexam -> /v1/registration/dexam/12, whose GET
 * reads it), or the route's `location` with the id for `:id` (the takeover); a created thing
 * without an id (the own calendar feed) is read at the create's path.
 */
export function locationOf(path: string, answer: unknown): string {
  const id = (answer as { id?: unknown } | null)?.id;
  if (typeof id !== "number") return path;
  return path.includes(":id") ? path.replace(":id", String(id)) : `${path}/${id}`;
}

/** The body of this PUT route reads `version` (the optimistic-concurrency check of its update): If-Match works through it. */
const readsVersion = (doc: RouteDoc) => !!doc.body && "version" in ((jsonSchemaOf(doc.body, "input").properties as object | undefined) ?? {});

/** A record's entity tag: its version (it grows with every change), strong, quoted; null for answers without one (lists, files). */
export function etagOf(answer: unknown): string | null {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return null;
  const v = (answer as { version?: unknown }).version;
  return typeof v === "number" && Number.isSafeInteger(v) ? `"${v}"` : null;
}

export const PRECONDITION_MESSAGE =
  "Der Eintrag wurde inzwischen geändert: If-Match nennt nicht seine aktuelle Version (ETag). Es wurde nichts geändert; bitte laden Sie den Eintrag neu.";
export const IF_MATCH_LIST_MESSAGE = "Ungültiges If-Match: bitte genau ein ETag (aus der letzten Antwort) oder * senden";
/** The messages of the write headers' refusals, for the OpenAPI examples. */
const WRITE_REFUSALS = { precondition: PRECONDITION_MESSAGE, keyReused: KEY_REUSED, rateLimited: RATE_LIMIT_MESSAGE };
/** 412 PRECONDITION_FAILED: the If-Match names another version than the record's. */
export const preconditionFailed = () => new AppError("PRECONDITION_FAILED", PRECONDITION_MESSAGE);

/** The refusal of an update's version check (domains/context.ts checkVersion, guardStale): CONFLICT with a message for `version`. */
const stale = (e: unknown) => e instanceof AppError && e.code === "CONFLICT" && !!e.fields?.version;

/**
 * The version an `If-Match` names (the ETag of a record's answer, `"<version>"`): null without the
 * header or with `*` (any current record). A tag that is no ETag of ours (a weak `W/"3"` too: If-Match
 * compares strongly) matches no record: 412 at once. Several tags are refused (400).
 */
export function ifMatchVersion(request: FastifyRequest): number | null {
  const header = request.headers["if-match"];
  if (header === undefined) return null;
  const tags = (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length !== 1) throw new AppError("BAD_REQUEST", IF_MATCH_LIST_MESSAGE);
  if (tags[0] === "*") return null;
  const m = /^"(0|[1-9][0-9]{0,9})"$/.exec(tags[0]);
  const version = m ? Number(m[1]) : null;
  // a version beyond int4 (the column) is no record's
  if (version === null || version > 2147483647) throw preconditionFailed();
  return version;
}

/** A PUT with If-Match saves on that version: the body's `version` is set to it (a body naming another version: 412). */
function bodyOnVersion(request: FastifyRequest, expected: number) {
  const body = request.body as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  if (body.version !== undefined && body.version !== null && body.version !== expected) throw preconditionFailed();
  body.version = expected;
}

/** Input names whose spec (section 3) name is not simply their snake case. */
const WIRE_NAMES: Record<string, string> = {
  signatureImage: "file_upload",
  consentForm: "file_upload",
  camp: "camp_extension",
  partialResult: "existing_partial_result",
  emergencyContacts: "emergency_contact",
};
/** A field path as the body names it, segment by segment: camp.emergencyContacts.0.phone -> camp_extension.emergency_contact.0.phone. */
const snake = (k: string) =>
  k
    .split(".")
    .map((s) => WIRE_NAMES[s] ?? s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    .join(".");

/**
 * The /v1 error envelope; field names in the spec's snake case (invoiceEmail -> invoice_email) in
 * `fields`; the message names them by their German labels, as through GraphQL.
 */
export function errorBody(e: AppError) {
  const named = fieldsAsSent.has(e) ? (k: string) => k : snake;
  const fields = e.fields ? Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [named(k), v])) : undefined;
  return { error: { code: e.code, message: e.message, ...(fields ? { fields } : {}) } };
}

/** The same error as /graphql answers it: { errors: [{ message, extensions: { code, fields? } }] } (GraphQL's names). */
export function graphqlErrorBody(e: AppError) {
  return { errors: [{ message: e.message, extensions: { code: e.code, ...(e.fields ? { fields: e.fields } : {}) } }] };
}

/** Whether a request URL is the GraphQL endpoint (its errors are answered in GraphQL's shape). */
export const isGraphqlRequest = (url: string) => url.split("?")[0] === "/graphql";

/** The error body of the door a request came through: GraphQL's shape on /graphql, the /v1 envelope elsewhere. */
export function errorBodyFor(url: string, e: AppError) {
  return isGraphqlRequest(url) ? graphqlErrorBody(e) : errorBody(e);
}

const REALM = "Anmeldesystem";
/**
 * The WWW-Authenticate challenge of a 401 (RFC 6750, section 3): the scheme and realm; when a
 * bearer token was sent and refused, error="invalid_token" too (without credentials, no error code).
 */
export function bearerChallenge(authorization: string | undefined): string {
  return /^Bearer\s+\S/i.test(authorization ?? "") ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`;
}

/**
 * The methods each route path answers, for 405 Method Not Allowed with `Allow`: a known
 * path asked with another method is no "not found". Fill it from Fastify's onRoute hook.
 */
export function routeMethods() {
  const paths: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  const toPattern = (url: string) =>
    new RegExp(
      `^${url
        .split("/")
        .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg === "*" ? ".*" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}$`,
    );
  return {
    add(method: string, url: string) {
      let methods = byUrl.get(url);
      if (!methods) {
        methods = new Set();
        byUrl.set(url, methods);
        paths.push({ pattern: toPattern(url), methods });
      }
      methods.add(method);
      if (method === "GET") methods.add("HEAD"); // Fastify answers HEAD for every GET route
    },
    /** the methods `path` answers (sorted), or null when no route has this path */
    allowed(path: string): string[] | null {
      const found = new Set<string>();
      for (const p of paths) if (p.pattern.test(path)) for (const m of p.methods) found.add(m);
      return found.size ? [...found].sort() : null;
    },
  };
}
