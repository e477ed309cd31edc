// PostgreSQL only: the documented backup path (README "Backup and restore"):
// pg_dump --format=custom, pg_restore --no-owner into a fresh empty database; the app serves the
// same data there with the same DATA_ENCRYPTION_KEY. The embedded database: backup.pglite.test.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { startTestApp } from "../../support/app.ts";
import { emptyDatabaseUrl, testDatabase } from "../../support/db.ts";
import { expectSameData, populate, tableCounts } from "../../support/restored.ts";

const file = path.resolve(".tmp", `backup-${crypto.randomBytes(4).toString("hex")}.dump`);
const dataKey = crypto.randomBytes(32);
afterAll(() => fs.rmSync(file, { force: true }));

describe("backup and restore on PostgreSQL", () => {
  it("[R-AU001][R-AU002][R-BC024] pg_dump and pg_restore into a fresh database: the same counts, the decrypted camp data and a sign-in", async () => {
    const db = await testDatabase();
    const app = await startTestApp({ listen: true, db, dataKey });
    let before: Awaited<ReturnType<typeof populate>> & { counts: Record<string, number> };
    try {
      before = { ...(await populate(app)), counts: await tableCounts(db) };
      // as README shows it, while the server runs (pg_dump reads one consistent snapshot)
      const dump = spawnSync("pg_dump", ["--format=custom", `--file=${file}`, db.url], { encoding: "utf8", timeout: 120_000 });
      expect(dump.status, dump.stderr).toBe(0);
    } finally {
      await app.stop();
      await db.close();
    }
    const fresh = await emptyDatabaseUrl();
    const restore = spawnSync("pg_restore", ["--no-owner", `--dbname=${fresh}`, file], { encoding: "utf8", timeout: 120_000 });
    expect(restore.status, restore.stderr).toBe(0);
    const db2 = await openDatabase(fresh, { migrate: false });
    const app2 = await startTestApp({ listen: true, db: { ...db2, url: fresh }, dataKey });
    try {
      await expectSameData(app2, before);
      // the start-page version's sequence and triggers came along: a change still moves it on
      const [{ v }] = await db2.read<{ v: bigint }>(`SELECT last_value AS v FROM "start_page_version"`, []);
      await db2.read(`UPDATE "DistrictAssociation" SET name = name`, []);
      expect((await db2.read<{ v: bigint }>(`SELECT last_value AS v FROM "start_page_version"`, []))[0].v).toBe(v + 1n);
    } finally {
      await app2.stop();
      await db2.close();
    }
  });
});
