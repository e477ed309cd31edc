// PostgreSQL only (runs when TEST_DATABASE_URL is set): production's migration path.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MigrationPg } from "../../server/src/db/adapter.ts";
import { testDatabase } from "../support/db.ts";

const prismaBin = "node_modules/.bin/prisma";

describe("production migrations", () => {
  it("npm run db:deploy migrates an empty PostgreSQL database and the result matches the schema", async () => {
    const db = await testDatabase(); // cloned from the migrated template: drop its tables first
    await db.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await db.close();
    const env = { ...process.env, DATABASE_URL: db.url };
    const deploy = spawnSync("npm", ["run", "--silent", "db:deploy"], { env, encoding: "utf8", timeout: 120_000 });
    expect(deploy.status, deploy.stdout + deploy.stderr).toBe(0);
    const diff = spawnSync(prismaBin, ["migrate", "diff", "--from-config-datasource", "--to-schema", "prisma/schema.prisma", "--exit-code"], {
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(diff.status, diff.stdout + diff.stderr).toBe(0);
    // the start-page version's PL/pgSQL trigger function arrived whole (adapter-pg would split it at ";")
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    try {
      const triggers = await check.query(`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%start_page_changed' ORDER BY tgname`);
      expect(triggers.rows.map((r) => r.tgname)).toEqual([
        "DistrictAssociation_start_page_changed",
        "EventLocation_start_page_changed",
        "Event_start_page_changed",
      ]);
      const before = (await check.query(`SELECT last_value FROM "start_page_version"`)).rows[0].last_value;
      await check.query(`UPDATE "DistrictAssociation" SET name = name`);
      expect(Number((await check.query(`SELECT last_value FROM "start_page_version"`)).rows[0].last_value)).toBe(Number(before) + 1);
    } finally {
      await check.end();
    }
  });

  it("[R-ER004] start-up (also with DEMO_DATA=1) on a database that lacks migrations stops with one line naming npm run db:deploy, not a stack trace", async () => {
    const migrations = fs
      .readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const start = (url: string) =>
      spawnSync("node_modules/.bin/tsx", ["server/src/main.ts"], {
        env: { PATH: process.env.PATH, DATABASE_URL: url, DEMO_DATA: "1", DATA_DIR: ".tmp/data", DATABASE_WAIT_SECONDS: "0", PORT: "0" },
        encoding: "utf8",
        timeout: 60_000,
      });
    const empty = await testDatabase();
    await empty.prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
    await empty.close();
    const r = start(empty.url);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `Start abgebrochen: DATABASE_URL: the database lacks ${migrations.length} of the migrations (first ${migrations[0]}): run \`npm run db:deploy\` before starting`,
    );
    // one migration missing (a release started before its db:deploy): the same, naming it
    const behind = await testDatabase();
    const last = migrations[migrations.length - 1];
    await behind.prisma.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${last}'`);
    await behind.close();
    const b = start(behind.url);
    expect(b.status).toBe(1);
    expect(b.stderr.trim()).toBe(
      `Start abgebrochen: DATABASE_URL: the database lacks 1 of the migrations (first ${last}): run \`npm run db:deploy\` before starting`,
    );
  });

  it("a migration script runs whole, in one transaction: a failing statement leaves the ones before it undone", async () => {
    const db = await testDatabase();
    await db.close();
    const pool = new pg.Pool({ connectionString: db.url });
    const adapter = await new MigrationPg(pool).connect();
    try {
      await expect(adapter.executeScript(`CREATE TABLE "Halb" (a int); INSERT INTO "Halb" VALUES (1); SELECT 1/0;`)).rejects.toThrow();
      expect((await pool.query(`SELECT to_regclass('"Halb"') AS t`)).rows[0].t).toBeNull();
      await adapter.executeScript(`CREATE FUNCTION "semi"() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$; CREATE TABLE "Ganz" (a int);`);
      expect((await pool.query(`SELECT "semi"() AS v, to_regclass('"Ganz"') IS NOT NULL AS t`)).rows[0]).toEqual({ v: 1, t: true });
    } finally {
      await adapter.dispose();
      await pool.end();
    }
  });
});
