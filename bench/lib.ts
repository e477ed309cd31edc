// What the figures of `npm run bench` share (one file each in bench/figures/, run by bench/run.ts):
// settings from the environment, statistics, the seeded databases, the measured server, tokens,
// the client's queries and the ways to send them.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { importJWK, SignJWT } from "jose";
import pg from "pg";
// @ts-expect-error: a plain .mjs module of the start script, no types
import { SERVER_NODE_ARGS } from "../scripts/serverArgs.mjs";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { applyMigrations } from "../server/src/db/migrate.ts";
import { loadSigningKeys } from "../server/src/idp/keys.ts";
import { type Scale, scaleOf, seedStatements } from "./seed.ts";

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((n) => Number(n.trim()))) : null;
/** BENCH_SCALE: 10 (default, 10x the largest real federation) or 100 (a national federation on one box) */
export const SCALE_FACTOR: 10 | 100 = process.env.BENCH_SCALE === "100" ? 100 : 10;
export const DATASET: Scale = scaleOf(SCALE_FACTOR);
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
export const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const ROOT = path.resolve(import.meta.dirname, "..");
/** node options of the production start (`npm start`), for every server the bench starts */
export const SERVER_ARGS: string[] = SERVER_NODE_ARGS;
export const OUT = path.join(ROOT, SCALE_FACTOR === 100 ? "bench/results-100x.json" : "bench/results.json");
export const DATA_KEY = crypto.randomBytes(32).toString("base64");
export const METRICS_TOKEN = crypto.randomBytes(16).toString("hex");
export const COOKIE_KEYS = `${crypto.randomBytes(16).toString("hex")},${crypto.randomBytes(16).toString("hex")}`;

export type Stats = { n: number; median: number; p95: number; p99: number; max: number };
export const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: q(0.5), p95: q(0.95), p99: q(0.99), max: s[s.length - 1] };
};
export const ms = (n: number) => Math.round(n * 100) / 100;
export const now = () => performance.now();
export const log = (...a: unknown[]) => console.log("bench:", ...a);

// ---------------------------------------------------------------- figures

/** A line of the table: what, measured, target, met (undefined: reported, no target). */
export type Row = [string, string, string, boolean?];
/** bench/results.json while it is being written: each figure adds its part. */
export type Results = Record<string, any>;
/** What a figure measures: the production server on a seeded database, with tokens and the client's queries. */
export type Bench = {
  database: "postgres" | "pglite";
  databaseUrl: string;
  server: Server;
  /** BENCH_BASELINE's server on the same database (PostgreSQL only) */
  baseline?: Server;
  tokenFor: (sub: string) => Promise<string>;
  /** staff of district 1 (bench-1) and a member of a club of district 1 (bench-11) */
  staff: string;
  member: string;
  /** the client's overview, start-page events and viewer queries */
  queries: { overview: string; start: string; viewer: string };
};
/**
 * One figure of the table, a file of bench/figures/ (bench/run.ts runs every file there, in the
 * order of `id`): `on` says which server it measures (PostgreSQL's figures run first, on one
 * seeded database and server, then PGlite's, then those without a server), `run` measures and
 * writes its part of the results, `rows` are its lines of the table. A figure that needs a server
 * of its own (one that has served nothing yet, say) starts it with `startServer` on another port
 * and stops it again.
 */
export type Figure = { id: number; title: string; rows(r: Results): Row[] } & (
  | {
      on: "postgres" | "pglite";
      run(bench: Bench, r: Results): Promise<void>;
      /** runs on the seeded database before the measured server starts (a server of its own: PGlite serves one process) */
      before?(database: Bench["database"], databaseUrl: string, r: Results): Promise<void>;
    }
  | { on: "none"; run(r: Results): Promise<void> | void }
);

// ---------------------------------------------------------------- database and server

export const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export async function seedPostgres(): Promise<{ url: string; drop: () => Promise<void>; seconds: number }> {
  const name = `anmeldesystem_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDb(ADMIN_URL, name);
  const t0 = now();
  await applyMigrations({ url });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const sql of seedStatements(DATASET)) await c.query(sql);
  await c.end();
  const seconds = (now() - t0) / 1000;
  return {
    url,
    seconds,
    drop: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

export function seedPglite(dir: string): number {
  const t0 = now();
  const r = spawnSync(process.execPath, ["--import", "tsx", "bench/seed-pglite.ts", dir], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("seeding PGlite failed");
  return (now() - t0) / 1000;
}

export type Server = { url: string; proc: ChildProcess; rss: () => number; stop: () => Promise<void> };

/**
 * Starts dist/server/main.mjs of `root` (this checkout, or BENCH_BASELINE's) on `port`. `publicUrl`:
 * the issuer the tokens name (a baseline server answers on its own port under the first one's name).
 */
export async function startServer(databaseUrl: string, port: number, root = ROOT, publicUrl?: string): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  // BENCH_BASELINE_SERVER_ARGS: the baseline server's own node options (e.g. the same build with another flag)
  const options =
    root === BASELINE && process.env.BENCH_BASELINE_SERVER_ARGS !== undefined ? process.env.BENCH_BASELINE_SERVER_ARGS : process.env.BENCH_SERVER_ARGS;
  const serverArgs = (options ?? "").split(" ").filter(Boolean);
  // as `npm start` runs it (scripts/serverArgs.mjs)
  const proc = spawn(process.execPath, [...SERVER_NODE_ARGS, ...serverArgs, "dist/server/main.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      EMBEDDED_IDP: "1",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl ?? url,
      DATA_ENCRYPTION_KEY: DATA_KEY,
      COOKIE_KEYS,
      DATA_DIR: path.join(ROOT, ".tmp/bench-data"),
      LOG_REQUESTS: "0",
      // figure 9 plays several uploaders from one account: the per-account limit would hide the parser
      RATE_LIMIT_UPLOADS: "0",
      // figure 10 reads the event-loop delay the server measures
      METRICS_TOKEN,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {}
    if (proc.exitCode !== null || i > 600) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const rss = () => {
    // resident set of the server process (Linux)
    const status = fs.readFileSync(`/proc/${proc.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  };
  return {
    url,
    proc,
    rss,
    stop: () =>
      new Promise((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Bearer tokens the embedded provider could have issued (signed with its key, read from the database). */
export async function tokenFactory(databaseUrl: string, publicUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, DATA_ENCRYPTION_KEY: DATA_KEY, PORT: "1" });
  const db = await openDatabase(databaseUrl, { migrate: false });
  const keys = await loadSigningKeys(db.prisma, Buffer.from(DATA_KEY, "base64"));
  await db.close();
  const key = await importJWK(keys.privateJwk, "RS256");
  return async (sub: string) => {
    const t = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: config.oidc.issuer, aud: config.oidc.audience, sub, iat: t, exp: t + 3600, client_id: config.oidc.clientId, scope: "openid" })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: keys.privateJwk.kid })
      .sign(key);
  };
}

// ---------------------------------------------------------------- the queries the client sends

export const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString("base64");

/** The text of a Relay query as the client sends it (its compiled artefact), or a fallback. */
export async function clientQuery(artefact: string, fallback: string): Promise<string> {
  const file = path.join(ROOT, artefact);
  if (!fs.existsSync(file)) return fallback;
  const mod = await import(file);
  const params = mod.default?.params;
  if (params?.text) return params.text;
  // persisted operations (relay.config.json persistConfig): the text lives in the id map
  const map = JSON.parse(fs.readFileSync(path.join(ROOT, "client/src/__generated__/persisted-operations.json"), "utf8"));
  return (params?.id && map[params.id]) || fallback;
}

export const OVERVIEW_FALLBACK = `query BenchOverview($eventId: ID!, $count: Int!) {
  dexamRegistrations(eventId: $eventId, first: $count) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id databaseId firstname lastname association { id name } instrument type songsComplete theoryPoints practicePoints grade cancelledAt
      partialResultType existingPartialResultVerified consentFormFile { name } hasPracticeSheet
      viewerCan { edit delete cancel manage takeOver downloadPracticeSheet downloadConsentForm } } }
  }
}`;

/** The hand-written floor of figure 1: the same page and count in two statements. */
export const FLOOR_SQL = [
  `SELECT r.id, r.firstname, r.lastname, a.id AS "clubId", a.name AS club, r.instrument, r.type, r.songs, r."theoryPoints", r."practicePoints",
          r."partialResultType", r."existingPartialResultVerified", r."cancelledAt", r."consentFormFileId", r."practiceSheetFileId",
          e."editPhase", e."formType", e."districtAssociationId", t."publishResults" AS "theoryPublished", p."publishResults" AS "practicePublished",
          n.id IS NOT NULL AS "takenOver"
   FROM "DexamRegistration" r
   LEFT JOIN "DexamRegistration" n ON n."takenOverFromId" = r.id
   JOIN "Association" a ON a.id = r."associationId"
   JOIN "Event" e ON e.id = r."eventId"
   LEFT JOIN "EventLocation" t ON t.id = r."theoryLocationId"
   LEFT JOIN "EventLocation" p ON p.id = r."practiceLocationId"
   WHERE r."eventId" = $1
   ORDER BY r.lastname, r.firstname, r.id
   LIMIT 101`,
  `SELECT count(*) FROM "DexamRegistration" WHERE "eventId" = $1`,
];

/** The request body the browser sends: the persisted id where relay-compiler knows the document (members may send nothing else in production). */
export let persistedIds: Map<string, string> | undefined;
export function gqlBody(query: string, variables: Record<string, unknown>): string {
  if (!persistedIds) {
    const file = path.join(ROOT, "client/src/__generated__/persisted-operations.json");
    const map = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>) : {};
    persistedIds = new Map(Object.entries(map).map(([id, text]) => [text, id]));
  }
  const documentId = persistedIds.get(query);
  return JSON.stringify(documentId ? { documentId, variables } : { query, variables });
}

export async function gqlPost(url: string, token: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: gqlBody(query, variables),
  });
  const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
  if (!res.ok || body.errors) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
  return body.data;
}

/** The /v1 body of figure 3's D-exam registration. */
export function createBody(associationId: number, locations: { id: number; type: string }[], firstname: string) {
  return JSON.stringify({
    event_id: 2,
    firstname,
    lastname: "Letzteminute",
    birthdate: "2012-05-05",
    gender: "f",
    association_id: associationId,
    instrument: "Clarinet",
    type: "D2",
    theory_location_id: locations.find((l) => l.type === "DEXAM_THEORY")!.id,
    practice_location_id: locations.find((l) => l.type === "DEXAM_PRACTICE")!.id,
    gdpr_accepted: true,
    cancellation_accepted: true,
  });
}

export async function load(url: string, title: string, body: string, token: string, duration = DURATION) {
  const r = await autocannon({
    url: `${url}/graphql`,
    method: "POST",
    connections: 32,
    duration,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
    title,
  });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
    bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); 0 where unreadable. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}
/** CPU time of all PostgreSQL processes (named postgres) together. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuMs(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * One POST on its own connection (every member is a browser of their own), through node:http: the
 * load generator shares the machine's two cores with the server and PostgreSQL, and fetch (undici)
 * cost about three times the CPU per request (its share is reported as cpuPerCreateMs.loadGenerator).
 */
export function post(url: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Repeated runs of figures 4 and 5: how many, and their summary (seconds as median and p95). */
export const FILE_RUNS = 5;
export const summary = <R extends { seconds?: number; rssGrowthMB?: number }>(runs: R[]) => {
  const done = runs.filter((r) => r.seconds !== undefined);
  if (done.length < runs.length) return { failed: runs.length - done.length, runs };
  const { n, median, p95, max } = stats(done.map((r) => r.seconds as number));
  const rss = done.map((r) => r.rssGrowthMB).filter((x) => x !== undefined);
  return { seconds: { n, median, p95, max }, ...(rss.length ? { rssGrowthMBMax: Math.max(...rss) } : {}), runs };
};

export const loadMet = (l: { requestsPerSecond: number; p99: number; errors: number }) => l.requestsPerSecond >= 1000 && l.p99 <= 100 && l.errors === 0;
export const fileMet = (f: { seconds?: Stats; rssGrowthMBMax?: number } | undefined, seconds: number, rssMB?: number) =>
  !!f?.seconds && f.seconds.p95 <= seconds && (rssMB === undefined || (f.rssGrowthMBMax ?? Infinity) <= rssMB);

/** "median x s, p95 y s (n runs)[, RSS growth at most z MB]" of a figure 4 or 5 summary. */
export function fileRuns(f: { seconds?: Stats; rssGrowthMBMax?: number; failed?: number } | undefined) {
  if (!f?.seconds) return `${f?.failed ?? "all"} runs failed`;
  const rss = f.rssGrowthMBMax !== undefined ? `, RSS growth at most ${ms(f.rssGrowthMBMax)} MB` : "";
  return `median ${ms(f.seconds.median)} s, p95 ${ms(f.seconds.p95)} s (${f.seconds.n} runs)${rss}`;
}
