// Observability: one structured JSON log line per request (request id, caller
// id, operation, status, duration; never an e-mail address) and /metrics in Prometheus text
// format behind METRICS_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { usingPostgres } from "../../support/db.ts";
import { createWorld, type World } from "../../support/principals.ts";

const METRICS_TOKEN = "metrics-token-0123456789";
const CREATE_CLUB = "mutation CreateClubForMetrics($input: CreateAssociationInput!) { createAssociation(input: $input) { databaseId } }";

describe("/metrics", () => {
  let app: TestApp;
  let world: World;
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN, RATE_LIMIT_MUTATIONS: "2" } });
    world = await createWorld(app.db.prisma);
  });
  afterAll(() => app.stop());

  const scrape = async () => {
    const r = await app.rest("GET", "/metrics", METRICS_TOKEN);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    return r.raw.toString("utf8");
  };

  it("[R-ER004] /metrics without the METRICS_TOKEN bearer answers 401 UNAUTHENTICATED in German, also for a user's valid token", async () => {
    const none = await app.rest("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: { code: "UNAUTHENTICATED", message: "Für /metrics ist das Token aus METRICS_TOKEN nötig" } });
    expect((await app.rest("GET", "/metrics", "metrics-token-0123456788")).status).toBe(401);
    expect((await app.rest("GET", "/metrics", await app.token(world.subjects.admin))).status).toBe(401);
  });

  it("[R-ER004] counts request durations per route and GraphQL operation, and 429 refusals per route", async () => {
    const token = await app.token(world.subjects.admin);
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await app.gql(CREATE_CLUB, { input: { name: `Messverein ${i}`, districtAssociationId: world.district1 } }, token);
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await app.rest("GET", "/v1/districtassociations", token)).status).toBe(200);
    const text = await scrape();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/graphql",operation="CreateClubForMetrics",status="200"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/graphql",operation="CreateClubForMetrics",status="429"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/districtassociations",operation="",status="200"\} 1$/m);
    expect(text).toMatch(/^rate_limit_refusals_total\{route="\/graphql"\} 1$/m);
  });

  it("[R-ER004] a caller without a valid token never names a label: its operationName and document are not counted as operations", async () => {
    const post = (operationName: string, authorization?: string) =>
      app.fastify.inject({
        method: "POST",
        url: "/graphql",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        payload: JSON.stringify({ query: `query ${operationName}Doc { viewer { id } }`, operationName }),
      });
    for (let i = 0; i < 20; i++) expect((await post(`Erfunden${i}`)).statusCode).toBe(401);
    expect((await post("ErfundenMitToken", "Bearer x.y.z")).statusCode).toBe(401);
    const text = await scrape();
    expect(text).not.toMatch(/Erfunden/);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/graphql",operation="",status="401"\} 21$/m);
  });

  it("[R-ER004] reports event-loop delay, memory and (PostgreSQL) the database pool", async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_delay_seconds\{quantile="0.99"\} [0-9.e+-]+$/m);
    const heap = Number(/^nodejs_memory_bytes\{kind="heap_used"\} (\d+)$/m.exec(text)?.[1]);
    expect(heap).toBeGreaterThan(1_000_000);
    expect(text).toMatch(/^app_draining 0$/m);
    if (usingPostgres()) {
      expect(Number(/^db_pool_connections\{state="total"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    }
  });

  it("[R-ER004] without METRICS_TOKEN there is no /metrics (404)", async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.rest("GET", "/metrics", METRICS_TOKEN)).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe("structured request log", () => {
  it("[R-ER004] one JSON line per request with request id, caller id, route, operation, status and duration; no e-mail address", async () => {
    const lines: string[] = [];
    const app = await startTestApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      const world = await createWorld(app.db.prisma);
      const token = await app.token(world.subjects.admin);
      const created = await app.gql(CREATE_CLUB, { input: { name: "Logverein", districtAssociationId: world.district1 } }, token);
      expect(created.status).toBe(200);
      expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(200); // answers with the admin's e-mail address
      expect((await app.rest("GET", "/v1/user/0")).status).toBe(401);
      const entries = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === "request");
      expect(entries).toHaveLength(3);
      const [gql, me, anonymous] = entries;
      expect(gql).toMatchObject({
        level: 30,
        caller: `user:${world.userIds.admin}`,
        method: "POST",
        route: "/graphql",
        operation: "CreateClubForMetrics",
        status: 200,
      });
      expect(typeof gql.reqId).toBe("string");
      expect(gql.durationMs).toBeGreaterThan(0);
      expect(me).toMatchObject({ caller: `user:${world.userIds.admin}`, route: "/v1/user/0", status: 200 });
      expect(anonymous.caller).toBeUndefined();
      expect(anonymous.status).toBe(401);
      expect(new Set(entries.map((e) => e.reqId)).size).toBe(3);
      const email = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.admin } })).email;
      expect(lines.join("")).not.toContain(email);
      expect(lines.join("")).not.toMatch(/@/);
    } finally {
      await app.stop();
    }
  });
});
