// Figure 11, the server's memory: the resident set of a production server that
// has served no request, on PostgreSQL and on the embedded database, and its peak during the
// deadline rush (figure 3). A module of its own beside run.ts, which calls it in three places.
//
// "No request served": the server is started and read from /proc only; readiness is its start-up
// line ("Anmeldesystem läuft"), not a probe. Node's heap shrinks on its own a few seconds after
// start-up (V8's memory reducer gives back the young generation that start-up grew to
// --max-semi-space-size), so two figures: just after start (2 s) and idle (SETTLE_SECONDS).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

const SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const MB = 1048576;
const round = (n: number) => Math.round(n * 10) / 10;

/** Resident set of a process (Linux), bytes; 0 once it is gone. */
export function rssOf(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Threads of a process (the main thread, libuv's and V8's helpers, spreadsheet threads once started). */
export function threadsOf(pid: number | undefined): number {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return 0;
  }
}

export type IdleFootprint = { startedMB: number; idleMB: number; idleAfterSeconds: number; threads: number };

/**
 * Starts `node <nodeArgs> dist/server/main.mjs` in `root` with `env`, waits for its start-up line,
 * reads its RSS 2 s later and after SETTLE_SECONDS with no request, and stops it.
 */
export async function idleFootprint(opts: { root: string; nodeArgs: string[]; env: NodeJS.ProcessEnv }): Promise<IdleFootprint> {
  const proc: ChildProcess = spawn(process.execPath, [...opts.nodeArgs, "dist/server/main.mjs"], {
    cwd: opts.root,
    env: { ...process.env, NODE_ENV: "production", LOG_REQUESTS: "0", ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<number>((resolve, reject) => {
    proc.stdout?.on("data", (d) => {
      output += d;
      if (/Anmeldesystem läuft/.test(output)) resolve(performance.now());
    });
    proc.stderr?.on("data", (d) => (output += d));
    proc.once("exit", () => reject(new Error(`server did not start:\n${output}`)));
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    await ready;
    await sleep(2000);
    const started = rssOf(proc.pid);
    await sleep((SETTLE_SECONDS - 2) * 1000);
    return { startedMB: round(started / MB), idleMB: round(rssOf(proc.pid) / MB), idleAfterSeconds: SETTLE_SECONDS, threads: threadsOf(proc.pid) };
  } finally {
    const gone = new Promise((r) => proc.once("exit", r));
    if (proc.exitCode === null) proc.kill("SIGTERM");
    await gone;
  }
}

export type RssDuring = { beforeMB: number; peakMB: number; afterMB: number };

/** The server's RSS before, at most (sampled every 20 ms) and after `work`. */
export async function rssDuring<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, RssDuring]> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    const result = await work();
    const after = rssOf(pid);
    peak = Math.max(peak, after);
    return [result, { beforeMB: round(before / MB), peakMB: round(peak / MB), afterMB: round(after / MB) }];
  } finally {
    clearInterval(timer);
  }
}

/** Budget of the idle figure on PostgreSQL (the embedded database is reported). */
export const IDLE_BUDGET_MB = 200;

/** The rows of figure 11 in run.ts's table: figure, measured, target, met (undefined: reported). */
export function footprintRows(f: { postgres?: IdleFootprint; pglite?: IdleFootprint; rush?: RssDuring } | undefined): [string, string, string, boolean?][] {
  const rows: [string, string, string, boolean?][] = [];
  if (f?.postgres)
    rows.push([
      `11 idle RSS, PostgreSQL, no request (${f.postgres.idleAfterSeconds} s; 2 s after start)`,
      `${f.postgres.idleMB} MB (${f.postgres.startedMB} MB), ${f.postgres.threads} threads`,
      `<= ${IDLE_BUDGET_MB} MB`,
      f.postgres.idleMB <= IDLE_BUDGET_MB,
    ]);
  if (f?.pglite)
    rows.push([
      `11 idle RSS, PGlite, no request (${f.pglite.idleAfterSeconds} s; 2 s after start)`,
      `${f.pglite.idleMB} MB (${f.pglite.startedMB} MB), ${f.pglite.threads} threads`,
      "reported",
    ]);
  if (f?.rush)
    rows.push(["11 RSS in the deadline rush (figure 3): peak (before, after)", `${f.rush.peakMB} MB (${f.rush.beforeMB}, ${f.rush.afterMB})`, "reported"]);
  return rows;
}
