// A fresh database for one test file, cloned from the run's migrated template.
import crypto from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type OpenOptions, openDatabase } from "../../server/src/db/client.ts";
import { withDatabase } from "./globalSetup.ts";

export const usingPostgres = () => !!process.env.TEST_DATABASE_URL;

/** `options`: PostgreSQL only, e.g. a statement timeout (PGlite ignores them). */
export async function testDatabase(options: Pick<OpenOptions, "statementTimeoutMs"> = {}): Promise<Database & { url: string }> {
  const template = inject("pgTemplate");
  if (template) {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // concurrent clones of one template can collide ("being accessed by other users"): retry
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (e) {
        if (attempt >= 20 || (e as { code?: string }).code !== "55006") throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const url = withDatabase(base, name);
    const db = await openDatabase(url, { ...options, migrate: false });
    return { ...db, url };
  }
  const blob = new Blob([fs.readFileSync(inject("pgliteBase"))]);
  const pglite = new PGlite({ loadDataDir: blob });
  const db = await openDatabase(pglite, { migrate: false });
  return { ...db, url: "pglite:memory" };
}

/** PostgreSQL: a new empty database of this run (dropped with the others at the end), e.g. to restore a dump into. */
export async function emptyDatabaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(base, name);
}

/** The PGlite template of this run (migrated, empty) as a tar, e.g. to open it in a data directory. */
export const pgliteTemplate = (): Blob => new Blob([fs.readFileSync(inject("pgliteBase"))]);
