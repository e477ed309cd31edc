// `npm run bench`: seeds the benchmark dataset (bench/seed.ts) into a fresh PostgreSQL database on
// 127.0.0.1:5432 and into PGlite, starts the PRODUCTION build of the server (dist/server/main.mjs)
// against each, runs the figures of bench/figures/ and prints one table plus bench/results.json. A
// script, not a test: it measures, the README records the figures; the table's last column says
// for each target whether it was met, and its last line sums it up.
//
// The figures, one file each in bench/figures/ (a new figure is a new file there exporting
// `figure: Figure`, bench/lib.ts; this runner finds it, runs it on its server and prints its rows):
//   1. overview: one event with 5,000 registrations, first page of 100 rows + totalCount, against
//      the hand-written SQL floor; SQL statements per request
//   2. start-page events query and viewer query, 32 connections (autocannon)
//   3. deadline rush: 200 members create D-exam registrations for one event at once
//   4. exports (overview list, certificate list of 5,000 registrations)
//   5. practice-sheet import of 300 files in one upload
//   6. client: gzip size of the first screen's JS and of every chunk
//   7. figures 1-2 on PGlite as the PGlite/PostgreSQL ratio
//   8. searches that must not exhaust the server
//   9. the start page while crafted workbooks are uploaded
//  10. other users while heavy valid workbooks are uploaded
//  11. the server's memory: idle RSS with no request served (PostgreSQL, PGlite), RSS in the rush
//  12. planning the timetable of an event with 5,000 registrations (from no slots; again, keeping them)
//  13. integrators: the change feed (10,000 changes in pages of 500), the rush with a webhook endpoint
//  14. issuing the invoices of 500 clubs in one run; the open items of them
//
// `npm run bench` builds first (scripts/build.mjs: Prisma client, server, client; the figures import
// the generated client); `npx tsx bench/run.ts` measures the dist/ already built.
// Options: BENCH_SCALE=100 (a national federation on one box: 500,000 registrations, 5,000 clubs,
// 200,000 users; figures 1-3 unless BENCH_ONLY names others, PostgreSQL only, written to
// bench/results-100x.json), BENCH_DURATION (seconds per autocannon run, default 10), BENCH_REQUESTS
// (samples for figure 1, default 200), TEST_DATABASE_URL / BENCH_DATABASE_URL (admin URL of the
// PostgreSQL), BENCH_ONLY=2,3 (only these figures; prints the JSON and leaves the results file
// alone: for working on one figure), BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=.tmp/prof" (node
// options of the measured server, e.g. to profile it), BENCH_BASELINE=<dir> (another checkout with
// its own build, e.g. a git worktree of an older commit: figures 1 and 3 measure both side by side;
// it may be this checkout, with BENCH_BASELINE_SERVER_ARGS as its node options, to compare a flag),
// BENCH_LOG_SQL=1 (each statement of the counted requests; BENCH_LOG_SQL_CHARS: how much of each,
// default 300).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BASELINE,
  type Bench,
  clientQuery,
  DATASET,
  DURATION,
  type Figure,
  log,
  ms,
  ONLY,
  OUT,
  OVERVIEW_FALLBACK,
  REQUESTS,
  type Results,
  ROOT,
  type Row,
  SCALE_FACTOR,
  seedPglite,
  seedPostgres,
  startServer,
  tokenFactory,
} from "./lib.ts";

/** The figures of bench/figures/, by number. */
async function loadFigures(): Promise<Figure[]> {
  const dir = path.join(import.meta.dirname, "figures");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"));
  const figures = await Promise.all(files.map(async (f) => ((await import(path.join(dir, f))) as { figure: Figure }).figure));
  return figures.sort((a, b) => a.id - b.id);
}

/** Which figures run: BENCH_ONLY's, else all (at BENCH_SCALE=100 the budgets of figures 1-3). */
const selected = (f: Figure) => (ONLY ? ONLY.has(f.id) : SCALE_FACTOR === 10 || f.id <= 3);

/** Starts the server on `databaseUrl` and runs `figures` against it. */
async function runOn(database: Bench["database"], databaseUrl: string, port: number, figures: Figure[], results: Results) {
  if (!figures.length) return;
  const queries = {
    overview: await clientQuery("client/src/screens/RegistrationOverview/__generated__/DexamTablePaginationQuery.graphql.ts", OVERVIEW_FALLBACK),
    start: await clientQuery("client/src/screens/Start/__generated__/StartEventsQuery.graphql.ts", ""),
    viewer: await clientQuery("client/src/shell/__generated__/AppShellQuery.graphql.ts", ""),
  };
  // the signing key is created and read before the server opens the database (PGlite serves one process)
  const tokenFor = await tokenFactory(databaseUrl, `http://127.0.0.1:${port}`);
  for (const f of figures) if (f.on !== "none" && f.before) await f.before(database, databaseUrl, results);
  const server = await startServer(databaseUrl, port);
  // BENCH_BASELINE: another checkout's build, measured side by side (figures 1 and 3)
  const baseline = BASELINE && database === "postgres" ? await startServer(databaseUrl, port + 2, BASELINE, server.url) : undefined;
  try {
    const bench: Bench = {
      database,
      databaseUrl,
      server,
      baseline,
      tokenFor,
      staff: await tokenFor("bench-1"), // staff of district 1 (registration_manage, results_manage)
      member: await tokenFor("bench-11"), // member of a club of district 1
      queries,
    };
    for (const f of figures) {
      if (f.on === "none") continue;
      log(`figure ${f.id}: ${f.title}`);
      await f.run(bench, results);
    }
  } finally {
    await server.stop();
    await baseline?.stop();
  }
}

async function main() {
  const figures = (await loadFigures()).filter(selected);
  const on = (where: Figure["on"]) => figures.filter((f) => f.on === where);
  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGB: ms(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    scale: SCALE_FACTOR,
    dataset: DATASET,
    settings: { durationSeconds: DURATION, samples: REQUESTS, connections: 32 },
    seedSeconds: {},
  };

  if (on("postgres").length) {
    log(`seeding PostgreSQL (${DATASET.dexam + DATASET.competition} registrations, ${DATASET.users} users)`);
    const pgDb = await seedPostgres();
    results.seedSeconds.postgres = ms(pgDb.seconds);
    log(`seeded in ${ms(pgDb.seconds)} s`);
    try {
      await runOn("postgres", pgDb.url, 3901, on("postgres"), results);
    } finally {
      await pgDb.drop();
    }
  }
  if (on("pglite").length) {
    const liteDir = path.join(ROOT, ".tmp/bench-pglite");
    log("seeding PGlite");
    results.seedSeconds.pglite = ms(seedPglite(liteDir));
    try {
      await runOn("pglite", `pglite:${liteDir}`, 3902, on("pglite"), results);
    } finally {
      fs.rmSync(liteDir, { recursive: true, force: true });
    }
  }
  for (const f of figures) {
    if (f.on !== "none") continue;
    log(`figure ${f.id}: ${f.title}`);
    await f.run(results);
  }

  if (ONLY) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  fs.writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
  printTable(figures, results);
  log(`results written to ${path.relative(process.cwd(), OUT)}`);
}

function printTable(figures: Figure[], r: Results) {
  const seeded = Object.values(r.seedSeconds) as number[];
  const rows: Row[] = [
    ...figures.flatMap((f) => f.rows(r)),
    [
      `seed seconds (${Object.keys(r.seedSeconds).join(", ")})`,
      seeded.join(", "),
      SCALE_FACTOR === 10 ? "< 120" : "reported",
      SCALE_FACTOR === 10 ? seeded.every((s) => s < 120) : undefined,
    ],
  ];
  const w = [Math.max(...rows.map((x) => x[0].length)), Math.max(...rows.map((x) => x[1].length)), Math.max(...rows.map((x) => x[2].length))];
  const verdict = (met?: boolean) => (met === undefined ? "" : met ? "met" : "MISSED");
  console.log(`\n${"figure".padEnd(w[0])}  ${"measured".padEnd(w[1])}  ${"target".padEnd(w[2])}  verdict`);
  for (const [a, b, c, met] of rows) console.log(`${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padEnd(w[2])}  ${verdict(met)}`.trimEnd());
  const missed = rows.filter((x) => x[3] === false).map((x) => x[0]);
  console.log(missed.length ? `\nMISSED: ${missed.join("; ")}` : "\nall targets met");
  if (r.client)
    console.log("\nclient chunks (gzip KB):", r.client.chunks.map((c: { file: string; gzip: number }) => `${c.file} ${ms(c.gzip / 1024)}`).join(", "));
}

main().catch((e) => {
  console.error("bench failed:", e);
  process.exit(1);
});
