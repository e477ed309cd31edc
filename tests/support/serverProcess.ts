// The real start-up (server/src/main.ts) as a child process, for the tests that need the process
// itself (signals, start-up retries): its output collected, waited for by pattern.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { testDatabase, usingPostgres } from "./db.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts main.ts with exactly `env` as its environment. */
export function startServerProcess(env: Record<string, string | undefined>) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Waits until the output matches; fails after `ms` or when the process ended first. */
    async waitFor(pattern: RegExp, ms: number) {
      const until = Date.now() + ms;
      while (!pattern.test(output)) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
        await sleep(100);
      }
    },
  };
}

/** A database the child process can open by URL: the run's PostgreSQL clone, or a PGlite directory from the migrated template. */
export async function databaseForChild(dir: string): Promise<string> {
  if (usingPostgres()) {
    const db = await testDatabase();
    await db.close();
    return db.url;
  }
  const pglite = new PGlite(path.join(dir, "db"), { loadDataDir: new Blob([fs.readFileSync(inject("pgliteBase"))]) });
  await pglite.close();
  return `pglite:${path.join(dir, "db")}`;
}
