// The real start-up (server/src/main.ts) as a child process, for the tests that need the process
// itself (signals, start-up retries): its output collected, waited for by pattern.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { openDatabase } from "../../server/src/db/client.ts";
import { freePort, startTestApp } from "./app.ts";
import { testDatabase, usingPostgres } from "./db.ts";
import { createWorld } from "./principals.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts main.ts with exactly `env` as its environment; `at`: another checkout's built server
 * instead (the upgrade test's previous release: `{ cwd, entry: "dist/server/main.mjs" }`).
 */
export function startServerProcess(env: Record<string, string | undefined>, nodeArgs: string[] = [], at: { cwd?: string; entry?: string } = {}) {
  const entry = at.entry ? [at.entry] : ["--import", "tsx", "server/src/main.ts"];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...entry], { env, cwd: at.cwd, stdio: ["ignore", "pipe", "pipe"] });
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

/**
 * main.ts as a child process on a database of its own with the test world, and an admin token its
 * embedded provider accepts; `env` adds to (or overrides) the basic environment.
 */
export async function startWorldServer(env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anm-child-"));
  const url = await databaseForChild(dir);
  const dataKey = crypto.randomBytes(32);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // the world and the server's signing keys, stored under the data key the child gets too
  const db = await openDatabase(url, { migrate: false });
  const world = await createWorld(db.prisma);
  const keys = await startTestApp({ db: { ...db, url }, dataKey });
  const token = await keys.token(world.subjects.admin, { iss: `${publicUrl}/oidc` });
  await keys.close();
  await db.close();
  const server = startServerProcess(
    {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      DATA_ENCRYPTION_KEY: dataKey.toString("base64"),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      DATA_DIR: path.join(dir, "data"),
      STATIC_DIR: ".tmp/no-client",
      DATABASE_WAIT_SECONDS: "0",
      ...env,
    },
    nodeArgs,
  );
  return { ...server, dir, url, publicUrl, port, world, token };
}
