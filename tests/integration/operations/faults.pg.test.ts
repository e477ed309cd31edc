// Faults, PostgreSQL pass only: a private cluster this file creates with
// initdb on its own port (tests/support/privateCluster.ts; the shared server is never touched)
// is restarted during a load run and is missing at start-up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../../../server/src/db/unavailable.ts";
import { freePort, startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { createPrivateCluster, type PrivateCluster } from "../../support/privateCluster.ts";
import { startServerProcess } from "../../support/serverProcess.ts";

let cluster: PrivateCluster;

beforeAll(async () => {
  cluster = await createPrivateCluster();
  cluster.start();
  const db = await openDatabase(cluster.url, { migrate: true });
  await db.close();
}, 120_000);
afterAll(() => cluster?.destroy());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real start-up as a child process with its own data directory, removed when it is killed. */
function startServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-faults-data-"));
  const server = startServerProcess({
    ...process.env,
    NODE_ENV: "",
    STATIC_DIR: ".tmp/no-client",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    DEMO_DATA: "",
    ...env,
  });
  return {
    ...server,
    async kill() {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe("start-up against an unreachable database", () => {
  it("retries, says so on every attempt, and starts once PostgreSQL is up", async () => {
    cluster.stop();
    const port = await freePort();
    const server = startServer({ DATABASE_URL: cluster.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_WAIT_SECONDS: "60" });
    try {
      await server.waitFor(/Datenbank nicht erreichbar \(.+\): neuer Versuch 3 in/, 20_000);
      expect(server.output()).toMatch(/neuer Versuch 2 in 1 s/);
      cluster.start();
      await server.waitFor(/Anmeldesystem läuft auf/, 30_000);
      expect(server.output()).toMatch(/Datenbank erreichbar nach \d+ Versuchen/);
      const res = await fetch(`http://127.0.0.1:${port}/config.json`);
      expect(res.status).toBe(200);
      // a request that reads the database: without a token 401, proving the route and the pool work
      const gql = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer x.y.z" },
        body: JSON.stringify({ query: "{ viewer { id } }" }),
      });
      expect(gql.status).toBe(401);
    } finally {
      await server.kill();
      if (!cluster.running()) cluster.start();
    }
  }, 90_000);

  it("gives up after DATABASE_WAIT_SECONDS with one line naming the setting", async () => {
    cluster.stop();
    const port = await freePort();
    const server = startServer({ DATABASE_URL: cluster.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_WAIT_SECONDS: "2" });
    try {
      const code = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toMatch(/Datenbank nicht erreichbar/);
      expect(server.output()).toMatch(/Start abgebrochen: DATABASE_URL: cannot connect \(.+\)/);
      expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await server.kill();
      cluster.start();
    }
  }, 60_000);
});

describe("PostgreSQL restarts during a load run", () => {
  let app: TestApp;
  let world: World;
  let token: string;

  beforeAll(async () => {
    if (!cluster.running()) cluster.start();
    const db = await openDatabase(cluster.url, { migrate: false });
    world = await createWorld(db.prisma);
    // the start-up tests' server kept its sign-in keys encrypted with its own data key
    await db.prisma.serverSecret.deleteMany();
    app = await startTestApp({ listen: true, db: { ...db, url: cluster.url } });
    token = await app.token(world.subjects.admin);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await app?.db.close();
  });

  it("in-flight requests fail with 503 UNAVAILABLE and a German message, the server recovers by itself, every acknowledged write survives", async () => {
    const acknowledged: number[] = [];
    const failures: { status: number; code?: string; message?: string; retryAfter?: string | null }[] = [];
    let successesAfterRestart = 0;
    let phase: "before" | "down" | "after" = "before";
    let stop = false;
    let n = 0;

    const createClub = async () => {
      const name = `Lastverein ${++n}`;
      const res = await fetch(`${app.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: "mutation($input: CreateAssociationInput!) { createAssociation(input: $input) { databaseId } }",
          variables: { input: { name, districtAssociationId: world.district1 } },
        }),
      });
      const body = (await res.json()) as {
        data?: { createAssociation?: { databaseId: number } };
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      const id = body.data?.createAssociation?.databaseId;
      if (res.status === 200 && id && !body.errors) {
        acknowledged.push(id);
        if (phase === "after") successesAfterRestart++;
      } else
        failures.push({
          status: res.status,
          code: body.errors?.[0]?.extensions?.code,
          message: body.errors?.[0]?.message,
          retryAfter: res.headers.get("retry-after"),
        });
    };
    const worker = async () => {
      while (!stop) await createClub();
    };

    const workers = Array.from({ length: 8 }, worker);
    await sleep(800);
    phase = "down";
    cluster.stop(); // fast shutdown: open connections are cut in the middle of statements
    // while it is down: GraphQL and /v1 both answer 503 with the German message
    const v1 = await fetch(`${app.baseUrl}/v1/user/0`, { headers: { authorization: `Bearer ${token}` } });
    const v1Body = (await v1.json()) as { error?: { code: string; message: string } };
    await sleep(1000);
    cluster.start();
    phase = "after";
    const until = Date.now() + 15_000;
    while (successesAfterRestart < 20 && Date.now() < until) await sleep(100);
    stop = true;
    await Promise.all(workers);

    expect(v1.status).toBe(503);
    expect(v1.headers.get("retry-after")).toBe("5");
    expect(v1Body.error).toEqual({ code: "UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE });

    // the outage was seen (the test is not vacuous) and every failure was the clean one
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.code, JSON.stringify(f)).toBe("UNAVAILABLE");
      expect(f.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      expect([200, 503], JSON.stringify(f)).toContain(f.status); // 200: a GraphQL error; 503: the principal could not be read
    }
    // recovered without a restart of the server
    expect(successesAfterRestart).toBeGreaterThanOrEqual(20);

    // every acknowledged write is there, read over a fresh connection
    const check = new pg.Client({ connectionString: cluster.url });
    check.on("error", () => {}); // the query below reports failures
    await check.connect();
    const { rows } = await check.query<{ id: number }>('SELECT id FROM "Association" WHERE id = ANY($1::int[])', [acknowledged]).finally(() => check.end());
    expect(rows.length).toBe(acknowledged.length);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(acknowledged));
  }, 90_000);
});

// PostgreSQL up, but refusing the application's connections. Each fault is made
// for real on the private cluster (a role with a password of its own, host-based authentication
// scram-sha-256): a changed password (28P01), the role's connection limit reached (53300), the
// database taking no connections (55000). The pool's open connections are cut first, so every
// request needs a new one.
describe("PostgreSQL refusing the connections", () => {
  const PASSWORD = "richtig-2026";
  let admin: pg.Client;
  let app: TestApp;
  let token: string;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    if (!cluster.running()) cluster.start();
    const owner = new pg.Client({ connectionString: cluster.url });
    await owner.connect();
    await owner.query(`CREATE ROLE anm_app LOGIN PASSWORD '${PASSWORD}'`);
    await owner.query("GRANT ALL ON SCHEMA public TO anm_app");
    await owner.query("GRANT ALL ON ALL TABLES IN SCHEMA public TO anm_app");
    await owner.query("GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO anm_app");
    await owner.end();
    // the faults are made from another database: a database's own connection cannot close it
    admin = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, "/template1") });
    await admin.connect();
    cluster.prependHba("host all anm_app 127.0.0.1/32 scram-sha-256");
    const url = `postgresql://anm_app:${PASSWORD}@127.0.0.1:${cluster.port}/postgres`;
    const db = await openDatabase(url, { migrate: false });
    // the sign-in keys of earlier servers on this cluster were encrypted with their own data keys
    await db.prisma.serverSecret.deleteMany();
    const existing = await db.prisma.user.findFirst({ where: { subject: "sub-admin" } });
    const subject = existing?.subject ?? (await createWorld(db.prisma)).subjects.admin;
    app = await startTestApp({
      db: { ...db, url },
      logStream: {
        write(line: string) {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          logLines.push({ level, msg });
        },
      },
    });
    token = await app.token(subject);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await app?.db.close();
    await admin?.end();
  });

  const viewer = () =>
    app.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      payload: JSON.stringify({ query: "{ viewer { id } }" }),
    });
  /** cuts the application's open connections and waits until its pool has none left */
  const cutConnections = async () => {
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'anm_app'");
    for (let i = 0; i < 200 && (app.db.pool?.().total ?? 0) > 0; i++) await sleep(25);
    expect(app.db.pool?.().total).toBe(0);
  };
  const outageLines = () => logLines.filter((l) => l.msg.startsWith("Datenbank nicht erreichbar"));

  const faults: { name: string; sqlState: string; make: string; undo: string }[] = [
    { name: "a wrong password", sqlState: "28P01", make: "ALTER ROLE anm_app PASSWORD 'inzwischen-anders'", undo: `ALTER ROLE anm_app PASSWORD '${PASSWORD}'` },
    { name: "too many connections", sqlState: "53300", make: "ALTER ROLE anm_app CONNECTION LIMIT 0", undo: "ALTER ROLE anm_app CONNECTION LIMIT -1" },
    {
      name: "a database not accepting connections",
      sqlState: "55000",
      make: "ALTER DATABASE postgres ALLOW_CONNECTIONS false",
      undo: "ALTER DATABASE postgres ALLOW_CONNECTIONS true",
    },
  ];

  for (const fault of faults) {
    it(`${fault.name} (${fault.sqlState}): every request answers 503 UNAVAILABLE with Retry-After, /readyz reports it, the burst is logged once, the server recovers`, async () => {
      expect((await viewer()).statusCode).toBe(200);
      const linesBefore = outageLines().length;
      const errorsBefore = logLines.filter((l) => l.level >= 50).length;
      await admin.query(fault.make);
      try {
        await cutConnections();
        for (let i = 0; i < 30; i++) {
          const res = await viewer();
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers["retry-after"]).toBe("5");
          expect(res.json().errors[0]).toMatchObject({ message: SERVICE_UNAVAILABLE_MESSAGE, extensions: { code: "UNAVAILABLE" } });
          const v1 = await app.rest("GET", "/v1/user/0", token);
          expect(v1.status).toBe(503);
          expect(v1.headers["retry-after"]).toBe("5");
          expect(v1.body).toEqual({ error: { code: "UNAVAILABLE", message: SERVICE_UNAVAILABLE_MESSAGE } });
        }
        const ready = await app.fastify.inject({ method: "GET", url: "/readyz" });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: "database_unavailable" });
      } finally {
        await admin.query(fault.undo);
      }
      // one line for 60 refused requests, naming the SQLSTATE; no internal error, no stack trace
      const lines = outageLines().slice(linesBefore);
      expect(lines.map((l) => l.msg)).toHaveLength(1);
      expect(lines[0].msg).toContain(`(${fault.sqlState} `);
      expect(logLines.filter((l) => l.level >= 50).slice(errorsBefore)).toEqual([]);
      // recovered without a restart
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i++) {
        status = (await viewer()).statusCode;
        if (status !== 200) await sleep(100);
      }
      expect(status).toBe(200);
      expect((await app.fastify.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    }, 60_000);
  }
});
