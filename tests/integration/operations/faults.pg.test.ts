// Faults (issue 10, item 6), PostgreSQL pass only: a private cluster this file creates with
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
