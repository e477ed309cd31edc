// Health: /healthz says the process answers, /readyz that the database answers
// with every migration of this release and the server is not draining. Unauthenticated, outside
// the rate limits, never cached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../../server/src/db/unavailable.ts";
import { DRAINING_MESSAGE, MIGRATIONS_PENDING_MESSAGE } from "../../../server/src/http/operations.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

const CREATE_CLUB = "mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { databaseId } }";

describe("/healthz and /readyz", () => {
  let app: TestApp;
  let world: World;
  beforeAll(async () => {
    // the tightest limits: the probes must pass them all the same
    app = await startTestApp({ env: { RATE_LIMIT_MUTATIONS: "1", RATE_LIMIT_SIGNIN: "1", RATE_LIMIT_UPLOADS: "1", RATE_LIMIT_CONCURRENT_QUERIES: "1" } });
    world = await createWorld(app.db.prisma);
  });
  afterAll(() => app.stop());

  it("[R-ER004] /healthz answers 200 without a token, uncached, also with a refused token", async () => {
    const r = await app.rest("GET", "/healthz");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok" });
    expect(r.headers["cache-control"]).toBe("no-store");
    expect((await app.rest("GET", "/healthz", "not-a-token")).status).toBe(200);
  });

  it("[R-ER004] /readyz answers 200 ready when the database answers and has every migration", async () => {
    const r = await app.rest("GET", "/readyz");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ready" });
    expect(r.headers["cache-control"]).toBe("no-store");
  });

  it("[R-ER004] the probes are never rate-limited: 200 probes pass while a mutation is refused 429", async () => {
    const token = await app.token(world.subjects.admin);
    const first = await app.gql(CREATE_CLUB, { input: { name: "Probeverein 1", districtAssociationId: world.district1 } }, token);
    expect(first.body.errors).toBeUndefined();
    const second = await app.gql(CREATE_CLUB, { input: { name: "Probeverein 2", districtAssociationId: world.district1 } }, token);
    expect(second.status).toBe(429);
    const probes = await Promise.all(Array.from({ length: 100 }, (_, i) => app.rest("GET", i % 2 ? "/healthz" : "/readyz")));
    expect(probes.map((p) => p.status)).toEqual(Array(100).fill(200));
  });

  it("[R-ER004] a database without this release's last migration is not ready: 503 UNAVAILABLE naming db:deploy; ready again once it is there", async () => {
    const [last] = await app.db.read<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name DESC LIMIT 1",
      [],
    );
    await app.db.read(`UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = $1`, [last.migration_name]);
    try {
      const r = await app.rest("GET", "/readyz");
      expect(r.status).toBe(503);
      expect(r.headers["retry-after"]).toBe("5");
      expect(r.body).toEqual({ status: "migrations_pending", error: { code: "UNAVAILABLE", message: MIGRATIONS_PENDING_MESSAGE } });
      expect((await app.rest("GET", "/healthz")).status).toBe(200); // alive all the same: no restart
    } finally {
      await app.db.read(`UPDATE _prisma_migrations SET finished_at = now() WHERE migration_name = $1`, [last.migration_name]);
    }
    expect((await app.rest("GET", "/readyz")).status).toBe(200);
  });
});

describe("readiness during the drain and without a database", () => {
  it("[R-ER004] after the drain starts /readyz answers 503 draining while /healthz and requests are still served (SHUTDOWN_DELAY_SECONDS)", async () => {
    const app = await startTestApp();
    const world = await createWorld(app.db.prisma);
    const token = await app.token(world.subjects.admin);
    const drained = app.drain({ delayMs: 400, timeoutMs: 5000 });
    try {
      const ready = await app.rest("GET", "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "draining", error: { code: "UNAVAILABLE", message: DRAINING_MESSAGE } });
      expect((await app.rest("GET", "/healthz")).status).toBe(200);
      const created = await app.gql(CREATE_CLUB, { input: { name: "Noch angenommen", districtAssociationId: world.district1 } }, token);
      expect(created.status).toBe(200);
      expect(created.body.data?.createAssociation.databaseId).toBeGreaterThan(0);
      expect(await drained).toBe("drained");
    } finally {
      await app.db.close();
    }
  });

  it("[R-ER004] a database that does not answer makes /readyz 503 database_unavailable, /healthz stays 200", async () => {
    const app = await startTestApp();
    await app.db.close(); // the database is gone under the running server
    try {
      const r = await app.rest("GET", "/readyz");
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: "database_unavailable", error: { code: "UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE } });
      expect((await app.rest("GET", "/healthz")).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
