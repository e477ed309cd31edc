// Named prepared statements on PostgreSQL (docs/decisions.md "Fewer round trips per
// request"): by default every query of the app's pg clients carries a name derived from its SQL
// text, so a connection parses and plans it once; DATABASE_PREPARED_STATEMENTS=0 (poolers without
// prepared statements) sends unnamed queries. PostgreSQL pass only: it watches pg's clients.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/src/config.ts";
import { statementName } from "../../../server/src/db/adapter.ts";
import { openDatabase } from "../../../server/src/db/client.ts";
import { testDatabase } from "../../support/db.ts";
import { recordQueries } from "../../support/statements.ts";

/** The queries (text and name) the app's database clients send while `run` runs. */
const namesOf = async (run: () => Promise<unknown>) => (await recordQueries(run)).queries;

describe("prepared statements", () => {
  it("are named after their SQL by default, the same name for the same text, and answer correctly when reused", async () => {
    const base = await testDatabase();
    const db = await openDatabase(base.url, { migrate: false });
    try {
      await db.prisma.districtAssociation.create({ data: { name: "KV", iamRef: "kv", gdprLink: "https://e.test/d", impressLink: "https://e.test/i" } });
      const seen = await namesOf(async () => {
        for (let i = 0; i < 3; i++) expect(await db.prisma.districtAssociation.count({ where: { name: "KV" } })).toBe(1);
        expect(await db.prisma.districtAssociation.count({ where: { name: "anders" } })).toBe(0);
      });
      expect(seen.length).toBeGreaterThanOrEqual(4);
      for (const q of seen) expect(q.name).toBe(statementName({ sql: q.text }));
      expect(new Set(seen.map((q) => q.name)).size).toBe(1);
    } finally {
      await db.close();
      await base.close();
    }
  });

  it("a text of several commands goes unnamed (it cannot be prepared) and runs", async () => {
    const base = await testDatabase();
    const db = await openDatabase(base.url, { migrate: false });
    try {
      const seen = await namesOf(() => db.prisma.$executeRawUnsafe("CREATE TABLE scratch (n int); DROP TABLE scratch;"));
      expect(seen.map((q) => q.name)).toEqual([undefined]);
    } finally {
      await db.close();
      await base.close();
    }
  });

  it("DATABASE_PREPARED_STATEMENTS=0 sends unnamed queries", async () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: "0", PORT: "1" }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ PORT: "1" }).databasePreparedStatements).toBe(true);
    const base = await testDatabase();
    const db = await openDatabase(base.url, { migrate: false, preparedStatements: false });
    try {
      const seen = await namesOf(() => db.prisma.districtAssociation.count());
      expect(seen.length).toBeGreaterThanOrEqual(1);
      for (const q of seen) expect(q.name).toBeUndefined();
    } finally {
      await db.close();
      await base.close();
    }
  });
});
