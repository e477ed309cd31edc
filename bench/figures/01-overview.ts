// Figure 1: the overview. One event with 5,000 registrations (50,000 at BENCH_SCALE=100), first
// page of 100 rows + totalCount over GraphQL/HTTP, median and p95, against the hand-written SQL
// floor through `pg` in this process; SQL statements per request for page sizes 10/50/100 (must not
// grow: no N+1), the start-page events and viewer queries and one create.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import {
  createBody,
  DATA_KEY,
  DATASET,
  type Figure,
  FLOOR_SQL,
  gid,
  gqlBody,
  gqlPost,
  log,
  ms,
  now,
  ONLY,
  REQUESTS,
  ROOT,
  SCALE_FACTOR,
  type Server,
  type Stats,
  stats,
  tokenFactory,
} from "../lib.ts";

/**
 * Figure 1. With a `baseline` server (BENCH_BASELINE), both answer the same requests in alternating
 * blocks of a tenth of the samples, so that a slower or faster minute of the machine hits both alike.
 */
export async function figure1(server: Server, token: string, overview: string, floorUrl: string | null, baseline?: Server) {
  const vars = { eventId: gid("Event", 1), first: 100, count: 100, cursor: null, search: null };
  const servers = baseline ? [server, baseline] : [server];
  const times: number[][] = servers.map(() => []);
  for (const s of servers) {
    const conn = (await gqlPost(s.url, token, overview, vars)).dexamRegistrations;
    if (conn.totalCount !== DATASET.bigEvent || conn.edges.length !== 100) throw new Error(`overview returned ${conn.totalCount}/${conn.edges.length}`);
    for (let i = 0; i < 20; i++) await gqlPost(s.url, token, overview, vars);
  }
  const block = Math.max(1, Math.round(REQUESTS / 10));
  for (let done = 0; done < REQUESTS; done += block) {
    for (const [k, s] of servers.entries()) {
      for (let i = done; i < Math.min(REQUESTS, done + block); i++) {
        const t0 = now();
        await gqlPost(s.url, token, overview, vars);
        times[k].push(now() - t0);
      }
    }
  }
  let floor: Stats | null = null;
  let floorPrepared: Stats | null = null;
  let explain = "";
  if (floorUrl) {
    const c = new pg.Client({ connectionString: floorUrl });
    await c.connect();
    // the floor as hand-written code sends it (pg's unnamed statements: planned on every call), and
    // the same two statements prepared once per connection (named: planned once, as the server's are)
    const measure = async (prepared: boolean) => {
      const ft: number[] = [];
      for (let i = 0; i < REQUESTS + 20; i++) {
        const t0 = now();
        const [rows, count] = await Promise.all(
          FLOOR_SQL.map((text, k) => c.query(prepared ? { name: `floor${k}`, text, values: [1] } : { text, values: [1] })),
        );
        if (rows.rowCount !== 101 || Number(count.rows[0].count) !== DATASET.bigEvent) throw new Error("floor query returned the wrong page");
        if (i >= 20) ft.push(now() - t0);
      }
      return stats(ft);
    };
    floor = await measure(false);
    floorPrepared = await measure(true);
    for (const q of FLOOR_SQL) explain += `${(await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${q}`, [1])).rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\n`;
    await c.end();
  }
  return { graphql: stats(times[0]), baseline: baseline ? stats(times[1]) : undefined, floor, floorPrepared, explain };
}

/**
 * SQL statements per request, counted in-process: the overview for page sizes 10, 50, 100 (must not
 * grow: no N+1), the start-page events and viewer queries, and one D-exam registration created over
 * /v1 (figure 3's request). BENCH_LOG_SQL=1 prints each statement.
 */
export async function statementsPerRequest(databaseUrl: string, queries: { overview: string; start: string; viewer: string }) {
  const counted = { n: 0 };
  const proto = pg.Client.prototype as any;
  const orig = proto.query;
  proto.query = function (...args: unknown[]) {
    counted.n++;
    if (process.env.BENCH_LOG_SQL === "1") {
      const q = args[0] as string | { text?: string };
      console.log("  sql:", (typeof q === "string" ? q : (q?.text ?? "")).replace(/\s+/g, " ").slice(0, Number(process.env.BENCH_LOG_SQL_CHARS ?? 300)));
    }
    return orig.apply(this, args);
  };
  try {
    const { createApp } = await import("../../server/src/app.ts");
    const { logOutbox } = await import("../../server/src/idp/identityAdmin.ts");
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: "http://127.0.0.1:1",
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PORT: "1",
      STATIC_DIR: ".tmp/none",
    });
    const db = await openDatabase(databaseUrl, { migrate: false });
    const app = await createApp({ config, db, dataKey: Buffer.from(DATA_KEY, "base64"), outbox: logOutbox(true) });
    await app.fastify.ready();
    const tokenFor = await tokenFactory(databaseUrl, "http://127.0.0.1:1");
    const staff = await tokenFor("bench-1");
    const member = await tokenFor("bench-11");
    const count = async (name: string, token: string, url: string, payload: string, repeat = true) => {
      const send = () =>
        app.fastify.inject({ method: "POST", url, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, payload });
      if (repeat) await send();
      if (process.env.BENCH_LOG_SQL === "1") console.log(`-- ${name}`);
      counted.n = 0;
      const res = await send();
      if (res.statusCode >= 300 || res.json().errors) throw new Error(`${name}: ${res.body.slice(0, 300)}`);
      return counted.n;
    };
    const result: Record<string, number> = {};
    for (const first of [10, 50, 100]) {
      result[`first${first}`] = await count(
        `overview ${first}`,
        staff,
        "/graphql",
        gqlBody(queries.overview, { eventId: gid("Event", 1), first, count: first, cursor: null, search: null }),
      );
    }
    const from = new Date().toISOString().slice(0, 10);
    result.events = await count("events", member, "/graphql", gqlBody(queries.start, { districtAssociationId: 1, from }));
    result.viewer = await count("viewer", member, "/graphql", gqlBody(queries.viewer, {}));
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const m = (
      await c.query(
        `SELECT u.subject, ua."associationId" FROM "User" u JOIN "UserAssociation" ua ON ua."userId" = u.id WHERE u."districtAssociationId" = 2 ORDER BY u.id DESC LIMIT 1`,
      )
    ).rows[0] as { subject: string; associationId: number };
    const locations = (await c.query(`SELECT id, type FROM "EventLocation" WHERE "eventId" = 2`)).rows as { id: number; type: string }[];
    await c.query(`UPDATE "Event" SET "registrationDeadline" = now() + interval '1 day' WHERE id = 2`);
    await c.end();
    const createToken = await tokenFor(m.subject);
    // the principal is read once before (as the member's browser did for the start page)
    await count("viewer (create's user)", createToken, "/graphql", gqlBody(queries.viewer, {}), false);
    // the first create after the write to the event above reads the event; the next ones find it kept
    result.createAfterChange = await count(
      "create after a change",
      createToken,
      "/v1/registration/dexam",
      createBody(m.associationId, locations, "Zaehlung"),
      false,
    );
    result.create = await count("create", createToken, "/v1/registration/dexam", createBody(m.associationId, locations, "Zaehlung2"), false);
    await app.close();
    await db.close();
    return result;
  } finally {
    proto.query = orig;
  }
}

export const figure: Figure = {
  id: 1,
  title: "overview",
  on: "postgres",
  async run(bench, results) {
    const f1 = await figure1(bench.server, bench.staff, bench.queries.overview, bench.databaseUrl, bench.baseline);
    results.overview = {
      postgres: f1.graphql,
      ...(f1.baseline ? { baseline: f1.baseline, versusBaseline: ms(f1.graphql.median / f1.baseline.median) } : {}),
      floor: f1.floor,
      ratio: f1.floor ? ms(f1.graphql.median / f1.floor.median) : null,
      floorPrepared: f1.floorPrepared,
      ratioPrepared: f1.floorPrepared ? ms(f1.graphql.median / f1.floorPrepared.median) : null,
    };
    if (!ONLY && SCALE_FACTOR === 10) {
      fs.writeFileSync(
        path.join(ROOT, "bench/floor-explain.txt"),
        `${FLOOR_SQL.join(";\n\n")};\n\n-- EXPLAIN (ANALYZE, BUFFERS) on the benchmark dataset\n\n${f1.explain}`,
      );
    }
    log("figure 1: statements per request");
    results.statementsPerRequest = await statementsPerRequest(bench.databaseUrl, bench.queries);
  },
  rows: (r) => [
    ["1 overview p95 (PostgreSQL)", `${ms(r.overview.postgres.p95)} ms (median ${ms(r.overview.postgres.median)})`, "<= 40 ms", r.overview.postgres.p95 <= 40],
    ["1 SQL floor median / p95", r.overview.floor ? `${ms(r.overview.floor.median)} / ${ms(r.overview.floor.p95)} ms` : "-", ""],
    // the floor ratio is no target (no user feels it), only a figure beside the p95 budget
    ["1 overview / floor (median)", `${r.overview.ratio}x`, "reported"],
    [
      "1 floor prepared median; overview / it",
      r.overview.floorPrepared ? `${ms(r.overview.floorPrepared.median)} ms; ${r.overview.ratioPrepared}x` : "-",
      "reported",
    ],
    [
      "1 SQL statements (10/50/100 rows)",
      `${r.statementsPerRequest.first10} / ${r.statementsPerRequest.first50} / ${r.statementsPerRequest.first100}`,
      "constant",
      r.statementsPerRequest.first10 === r.statementsPerRequest.first100 && r.statementsPerRequest.first50 === r.statementsPerRequest.first100,
    ],
    [
      "SQL statements: events, viewer, create (after a change)",
      `${r.statementsPerRequest.events}, ${r.statementsPerRequest.viewer}, ${r.statementsPerRequest.create} (${r.statementsPerRequest.createAfterChange})`,
      "reported",
    ],
  ],
};
