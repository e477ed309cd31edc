// Applies prisma/migrations in-process with the same engine the Prisma CLI uses, compiled to
// WebAssembly (@prisma/schema-engine-wasm, pinned to the CLI's engine hash). Used at start in the
// embedded mode and by the tests; production runs `npm run db:deploy` (the CLI through the
// prisma/schema-engine.mjs stand-in).

import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";
import { MigrationPg, pgPoolConfig, type RawRead } from "./adapter.ts";

/** The project root: the nearest directory above this module holding prisma/schema.prisma (works from server/src and from the bundled dist/server). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "prisma/schema.prisma"))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}
const root = projectRoot();
export const SCHEMA_PATH = path.join(root, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(root, "prisma/migrations");

/**
 * The migration pool's client: adapter-pg 7.10 cannot map the catalog type "char" (oid 18) that the
 * engine's introspection queries return, so this client reports it as text. Only the migration
 * pool uses it (pg.Pool's `Client` option); every other connection is pg's own client.
 */
class CatalogCharClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this one passes them through
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const answer = (super.query as (...a: any[]) => any)(...args);
    if (!answer || typeof answer.then !== "function") return answer;
    return answer.then((result: pg.QueryResult) => {
      for (const f of result.fields ?? []) if (f.dataTypeID === 18) f.dataTypeID = 25;
      return result;
    });
  }
}

async function loadEngineClass(): Promise<typeof SchemaEngine> {
  // the package entry imports the .wasm bundler-style, which Node cannot; instantiate by hand
  // (createRequire rather than import.meta.resolve, which vitest's module runner lacks)
  const bgPath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg: any = await import(pathToFileURL(bgPath).href);
  const wasmPath = path.join(path.dirname(bgPath), "schema_engine_bg.wasm");
  const instance = await WebAssembly.instantiate(await WebAssembly.compile(await fs.readFile(wasmPath)), {
    "./schema_engine_bg.js": bg,
  });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as any).__wbindgen_start();
  return bg.SchemaEngine;
}

async function listMigrations(): Promise<MigrationList> {
  const dirs = (await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: "migration_lock.toml", content: await fs.readFile(path.join(MIGRATIONS_DIR, "migration_lock.toml"), "utf8") },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      dirs.map(async (dir) => ({
        path: dir,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await fs.readFile(path.join(MIGRATIONS_DIR, dir, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

/** Applies pending migrations through a driver adapter factory (PGlite) or a PostgreSQL URL. */
export async function applyMigrations(target: { factory: any } | { url: string }): Promise<string[]> {
  // our own pool for a URL, so it can be closed: a lingering connection would block
  // CREATE DATABASE ... TEMPLATE and keep the process alive
  const pool = "url" in target ? new pg.Pool({ ...pgPoolConfig(target.url), Client: CatalogCharClient }) : null;
  const factory = "factory" in target ? target.factory : new MigrationPg(pool as pg.Pool);
  const Engine = await loadEngineClass();
  const schema = await fs.readFile(SCHEMA_PATH, "utf8");
  const engine = await Engine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: await listMigrations(),
      filters: { externalTables: [], externalEnums: [] },
    });
    return appliedMigrationNames;
  } finally {
    engine.free();
    await pool?.end();
  }
}

/**
 * The migrations of prisma/migrations a PostgreSQL database lacks (none applied: all of them). The
 * server does not migrate a PostgreSQL database itself (`npm run db:deploy` does, once per
 * release); start-up refuses to run on a database that lacks migrations (main.ts).
 */
export async function pendingMigrations(read: RawRead): Promise<string[]> {
  const dirs = (await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const [{ present }] = await read<{ present: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`, []);
  if (!present) return dirs;
  const applied = await read<{ name: string }>(
    `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    [],
  );
  const done = new Set(applied.map((r) => r.name));
  return dirs.filter((d) => !done.has(d));
}
