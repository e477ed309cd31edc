// The rule for schema changes (README "Upgrades"): release n keeps running on n+1's schema, so a
// migration since the previous release only expands (new tables, new nullable or defaulted columns,
// new indexes), unless the changelog's upgrade notes name it (then they say that a stop is needed,
// or why the old release does not mind); an index on one of the large tables is built
// concurrently, which PostgreSQL allows only as the single statement of its migration file (a
// longer script runs as one implicit transaction). upgrade.pg.test.ts runs the previous release on
// the migrations; this test reads them, so a contracting change cannot slip in unannounced.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { previousRelease } from "../../support/previousRelease.ts";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../prisma/migrations");
const CHANGELOG = path.resolve(import.meta.dirname, "../../../CHANGELOG.md");

/** The tables that grow with the registrations: an index on them is built concurrently. */
const LARGE_TABLES = ["DexamRegistration", "CompetitionRegistration", "AuditEntry", "StoredFile", "MailOutbox", "User", "OidcPayload", "IdempotencyKey"];

/** A migration's statements, without comments (good enough for the files Prisma and we write). */
function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** The statements of `sql` that take something away an older release may still use. */
function contracting(sql: string): string[] {
  return statements(sql).filter((s) =>
    /\bDROP (?:TABLE|COLUMN|TYPE|VIEW|FUNCTION)\b|\bRENAME\b|\bALTER COLUMN "?[\w]+"? (?:SET DATA )?TYPE\b|\bSET NOT NULL\b|\bDROP DEFAULT\b|\bADD COLUMN [^,]* NOT NULL(?![^,]*\bDEFAULT\b)/i.test(
      s,
    ),
  );
}

/** CREATE INDEX statements on a large table that exists already, not built concurrently. */
function blockingIndexes(sql: string): string[] {
  const created = new Set([...sql.matchAll(/CREATE TABLE "?(\w+)"?/gi)].map((m) => m[1]));
  return statements(sql).filter((s) => {
    const m = /^CREATE (?:UNIQUE )?INDEX (CONCURRENTLY )?.*? ON "?(\w+)"?/i.exec(s);
    return !!m && !m[1] && LARGE_TABLES.includes(m[2]) && !created.has(m[2]);
  });
}

function migrationsSince(commit: string): string[] {
  const listed = spawnSync("git", ["ls-tree", "--name-only", `${commit}:prisma/migrations`], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-tree ${commit} failed: ${listed.stderr}`);
  const released = new Set(listed.stdout.split("\n").filter(Boolean));
  return fs
    .readdirSync(MIGRATIONS)
    .filter((d) => fs.existsSync(path.join(MIGRATIONS, d, "migration.sql")) && !released.has(d))
    .sort();
}

describe("migrations follow the upgrade rule", () => {
  it("a migration since the previous release that contracts the schema is named in the changelog's unreleased upgrade notes", () => {
    const unreleased = /^## Unreleased\n([\s\S]*?)(?=^## )/m.exec(fs.readFileSync(CHANGELOG, "utf8"))?.[1] ?? "";
    const unannounced = migrationsSince(previousRelease().commit)
      .map((name) => ({ name, statements: contracting(fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8")) }))
      .filter((m) => m.statements.length > 0 && !unreleased.includes(m.name));
    // expand first (the previous release runs on the new schema), contract in a later release; or
    // name the migration in CHANGELOG.md "Unreleased" with the stop it needs
    expect(unannounced).toEqual([]);
  });

  it("an index on a large table is built concurrently, as the only statement of its migration", () => {
    const offending: Record<string, string[]> = {};
    for (const name of migrationsSince(previousRelease().commit)) {
      const sql = fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");
      const blocking = blockingIndexes(sql);
      if (blocking.length) offending[name] = blocking;
      if (/\bCONCURRENTLY\b/i.test(sql) && statements(sql).length > 1) offending[name] = ["CONCURRENTLY in a file with further statements"];
    }
    expect(offending).toEqual({});
  });

  it("the checks see what they look for", () => {
    expect(contracting('ALTER TABLE "DexamRegistration" DROP COLUMN "remarks";')).toHaveLength(1);
    expect(contracting('ALTER TABLE "User" RENAME COLUMN "phone" TO "telephone";')).toHaveLength(1);
    expect(contracting('ALTER TABLE "User" ADD COLUMN "x" TEXT NOT NULL;')).toHaveLength(1);
    expect(contracting('ALTER TABLE "User" ADD COLUMN "x" TEXT NOT NULL DEFAULT \'\';')).toEqual([]);
    expect(contracting('ALTER TABLE "User" ADD COLUMN "x" TEXT;\nCREATE TABLE "T" ("id" SERIAL NOT NULL);')).toEqual([]);
    expect(blockingIndexes('CREATE INDEX "a" ON "DexamRegistration"("lastname");')).toHaveLength(1);
    expect(blockingIndexes('CREATE INDEX CONCURRENTLY "a" ON "DexamRegistration"("lastname");')).toEqual([]);
    expect(blockingIndexes('CREATE TABLE "StoredFile" ("id" INT);\nCREATE INDEX "a" ON "StoredFile"("id");')).toEqual([]);
    expect(blockingIndexes('CREATE INDEX "a" ON "Event"("name");')).toEqual([]);
  });
});
