// Migrates one template database per run; every test file clones it (ARCHITECTURE "Testing"):
// PGlite: dumpDataDir() once, new PGlite({ loadDataDir }) per file.
// PostgreSQL (TEST_DATABASE_URL): CREATE DATABASE ... TEMPLATE per file; all dropped at the end.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { adapterFromPglite } from "../../server/src/db/adapter.ts";
import { applyMigrations } from "../../server/src/db/migrate.ts";

const RUN = `t${process.pid}_${Date.now().toString(36)}`;

export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const base = `${RUN}_base`;
    await admin.query(`CREATE DATABASE "${base}"`);
    await admin.end();
    await applyMigrations({ url: withDatabase(url, base) });
    project.provide("pgTemplate", base);
    project.provide("pgliteBase", "");
  } else {
    const db = new PGlite();
    const handle = adapterFromPglite(db);
    await applyMigrations({ factory: handle.factory });
    const dump = await db.dumpDataDir("none");
    await db.close();
    const file = path.resolve(".tmp", `${RUN}.tar`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteBase", file);
    project.provide("pgTemplate", "");
  }
  project.provide("runId", RUN);
}

export async function teardown() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${RUN}%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
  } else {
    fs.rmSync(path.resolve(".tmp", `${RUN}.tar`), { force: true });
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteBase: string;
    pgTemplate: string;
    runId: string;
  }
}
