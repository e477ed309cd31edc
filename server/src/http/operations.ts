// Operations: what a load balancer, Kubernetes and an operator's monitoring ask of the
// server, beside the application's routes.
//  - /healthz: the process answers (liveness); /readyz: the database answers and has every
//    migration of this release, and the server is not draining (readiness). Unauthenticated,
//    outside every rate limit, no-store.
//  - the drain (App.drain): readiness fails first, then new requests answer 503 UNAVAILABLE with
//    Connection: close while the requests in flight finish (bounded), see main.ts.
//  - one structured log line per request (pino, Fastify's logger): request id, caller id (the user's
//    number or the machine client's subject, never an e-mail address), method, route, GraphQL
//    operation name, status and duration.
//  - /metrics (Prometheus text format): request durations per route and GraphQL operation, 429
//    refusals per route, event-loop delay, heap, database pool; only with METRICS_TOKEN as bearer.
import crypto from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics } from "prom-client";
import { AppError } from "../auth/errors.ts";
import type { Principal } from "../auth/principal.ts";
import { buildInfo } from "../buildInfo.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../db/unavailable.ts";
import type { PersistedOperations } from "../graphql/persisted.ts";
import { boundedLabel, Counter, Gauge, Histogram, Registry } from "./metrics.ts";
import { errorBodyFor } from "./rest.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** who made the request, for the log line: "user:<id>" or the machine client's "client:<id>"; "" before authentication */
    callerId: string;
  }
}

export const DRAINING_MESSAGE = "Der Server wird gerade neu gestartet. Bitte versuchen Sie es in einigen Sekunden erneut.";
export const MIGRATIONS_PENDING_MESSAGE = "Der Datenbank fehlen Migrationen dieser Version (npm run db:deploy).";
const METRICS_TOKEN_MESSAGE = "Für /metrics ist das Token aus METRICS_TOKEN nötig";

/** The paths of this module: never rate-limited, never authenticated by a user token. */
export const OPERATIONS_PATHS = ["/healthz", "/readyz", "/metrics"] as const;
/** how long /readyz waits for the database before it answers 503 */
const READY_CHECK_MS = 2000;

/** Remembers the caller of a request for its log line (rest.ts and the /graphql route call it after authentication). */
export function noteCaller(request: FastifyRequest, principal: Principal): void {
  request.callerId = principal.kind === "client" ? principal.subject : `user:${principal.userId}`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** The GraphQL operation's name: operationName, else the name in the document (sent or persisted); "" when anonymous. */
export function graphqlOperationName(params: unknown, persisted: () => PersistedOperations): string {
  if (!params || typeof params !== "object") return "";
  const p = params as { operationName?: unknown; query?: unknown; documentId?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } };
  if (typeof p.operationName === "string" && NAME.test(p.operationName)) return p.operationName;
  const id = typeof p.documentId === "string" ? p.documentId : p.extensions?.persistedQuery?.sha256Hash;
  const text = typeof p.query === "string" ? p.query : typeof id === "string" ? persisted().get(id) : undefined;
  const m = text ? /\b(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(text) : null;
  return m && NAME.test(m[1]) ? m[1] : "";
}

/**
 * The level of a request's log line. Probes (every few seconds) at debug; alerts match on the
 * level, so a failed request (5xx) is an error, but 503 (the database is out, which
 * db/unavailable.ts reports once per burst, or the server drains) a warning: an outage is not an
 * error line per request.
 */
export function requestLogLevel(route: string, status: number): "debug" | "info" | "warn" | "error" {
  if ((OPERATIONS_PATHS as readonly string[]).includes(route)) return "debug";
  if (status === 503) return "warn";
  return status >= 500 ? "error" : "info";
}

export type OperationsState = {
  /** /readyz answers 503 (the balancer takes this server out); requests are still served */
  draining: boolean;
  /** the listener is closed: requests arriving on open connections answer 503 with Connection: close */
  closing: boolean;
};

export function registerOperations(
  fastify: FastifyInstance,
  deps: { config: Config; db: Database; persisted: () => PersistedOperations; logRequests: boolean },
): { state: OperationsState; stop(): void } {
  const { config, db } = deps;
  const state: OperationsState = { draining: false, closing: false };
  fastify.decorateRequest("callerId", "");

  // ---- health
  fastify.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });
  fastify.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const refuse = (status: string, message: string) =>
      reply
        .status(503)
        .header("retry-after", "5")
        .send({ status, ...errorBodyFor(request.url, new AppError("UNAVAILABLE", message)) });
    if (state.draining) return refuse("draining", DRAINING_MESSAGE);
    let timer: NodeJS.Timeout | undefined;
    try {
      const pending = await Promise.race([
        pendingMigrations(db.read),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), READY_CHECK_MS);
        }),
      ]);
      if (pending.length) return refuse("migrations_pending", MIGRATIONS_PENDING_MESSAGE);
    } catch {
      return refuse("database_unavailable", SERVICE_UNAVAILABLE_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
    return { status: "ready" };
  });

  // ---- the drain: once the listener closes, requests on kept-alive connections are refused cleanly
  // (callback hooks: no promise per request on the hot path)
  fastify.addHook("onRequest", (request, reply, done) => {
    if (!state.closing) return done();
    reply
      .status(503)
      .header("retry-after", "5")
      .header("connection", "close")
      .send(errorBodyFor(request.url, new AppError("UNAVAILABLE", DRAINING_MESSAGE)));
  });
  // while draining no connection is kept for another request: clients open their next one elsewhere
  fastify.addHook("onSend", (_request, reply, payload, done) => {
    if (state.draining) reply.header("connection", "close");
    done(null, payload);
  });

  // ---- metrics (prom-client) and the request log line
  const registry = new Registry();
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Dauer der Anfragen nach Route, GraphQL-Operation und Status",
    labelNames: ["method", "route", "operation", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const operationLabel = boundedLabel();
  const refusals = new Counter({
    name: "rate_limit_refusals_total",
    help: "Wegen eines Limits abgewiesene Anfragen (429) nach Route",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  // prom-client's process and Node.js metrics (CPU, resident memory, open files, heap spaces, GC,
  // handles), and which release runs: app_build_info{version, commit} 1
  collectDefaultMetrics({ register: registry });
  const release = buildInfo();
  new Gauge({
    name: "app_build_info",
    help: "Version und Commit des laufenden Servers",
    labelNames: ["version", "commit"] as const,
    registers: [registry],
  }).set(release, 1);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  new Gauge({
    name: "nodejs_eventloop_delay_seconds",
    help: "Verzögerung der Ereignisschleife seit der letzten Abfrage",
    labelNames: ["quantile"] as const,
    registers: [registry],
    collect() {
      this.set({ quantile: "0.5" }, loopDelay.percentile(50) / 1e9);
      this.set({ quantile: "0.99" }, loopDelay.percentile(99) / 1e9);
      this.set({ quantile: "1" }, loopDelay.max / 1e9);
      loopDelay.reset();
    },
  });
  new Gauge({
    name: "nodejs_memory_bytes",
    help: "Speicher des Prozesses",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      const m = process.memoryUsage();
      this.set({ kind: "heap_used" }, m.heapUsed);
      this.set({ kind: "heap_total" }, m.heapTotal);
      this.set({ kind: "rss" }, m.rss);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Verbindungen des Datenbank-Pools (PostgreSQL)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const p = db.pool?.();
      if (!p) return;
      this.set({ state: "total" }, p.total);
      this.set({ state: "idle" }, p.idle);
      this.set({ state: "waiting" }, p.waiting);
    },
  });
  new Gauge({
    name: "app_draining",
    help: "1 während der Server beendet wird",
    registers: [registry],
    collect() {
      this.set(state.draining ? 1 : 0);
    },
  });

  const expectedToken = config.metricsToken ? crypto.createHash("sha256").update(config.metricsToken).digest() : null;
  if (expectedToken) {
    fastify.get("/metrics", async (request, reply) => {
      const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
      const given = crypto.createHash("sha256").update(sent).digest();
      if (!crypto.timingSafeEqual(given, expectedToken)) {
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send(errorBodyFor(request.url, new AppError("UNAUTHENTICATED", METRICS_TOKEN_MESSAGE)));
      }
      reply.header("cache-control", "no-store").type(registry.contentType);
      return registry.metrics();
    });
  }

  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? "unmatched";
    // a caller without a valid token names no label: the operation name is the caller's input
    const operation =
      route === "/graphql" && request.callerId ? graphqlOperationName(request.method === "GET" ? request.query : request.body, deps.persisted) : "";
    const status = reply.statusCode;
    const seconds = reply.elapsedTime / 1000;
    durations.observe({ method: request.method, route, operation: operationLabel(operation), status: String(status) }, seconds);
    if (status === 429) refusals.inc({ route });
    if (!deps.logRequests) return;
    const line = {
      caller: request.callerId || undefined,
      method: request.method,
      route,
      operation: operation || undefined,
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    request.log[requestLogLevel(route, status)](line, "request");
  };
  fastify.addHook("onResponse", (request, reply, done) => {
    record(request, reply);
    done();
  });

  return { state, stop: () => loopDelay.disable() };
}
