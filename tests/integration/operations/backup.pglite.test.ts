// `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database (issue 26, item 5):
// a backup restored into a fresh data directory serves the same data with the same
// DATA_ENCRYPTION_KEY: the counts, a camp registration's decrypted health data, a sign-in.
// PostgreSQL's pg_dump/pg_restore path: backup.pg.test.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { startTestApp } from "../../support/app.ts";
import { pgliteTemplate } from "../../support/db.ts";
import { expectSameData, populate, tableCounts } from "../../support/restored.ts";

const dir = path.resolve(".tmp", `backup-${crypto.randomBytes(4).toString("hex")}`);
const original = path.join(dir, "original", "db");
const copy = path.join(dir, "restored", "db");
const file = path.join(dir, "sicherung.tar.gz");
const dataKey = crypto.randomBytes(32);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const npm = (script: "backup" | "restore", databaseDir: string) =>
  spawnSync("npm", ["run", "--silent", script, "--", file], {
    env: { ...process.env, DATABASE_URL: `pglite:${databaseDir}`, DATA_ENCRYPTION_KEY: dataKey.toString("base64") },
    encoding: "utf8",
    timeout: 120_000,
  });

describe("backup and restore of the embedded database", () => {
  it("[R-AU001][R-AU002][R-BC024] a backup restored into a fresh data directory serves the same counts, the decrypted camp data and a sign-in", async () => {
    fs.mkdirSync(path.dirname(original), { recursive: true });
    const db = await openDatabase(new PGlite(original, { loadDataDir: pgliteTemplate() }), { migrate: false });
    const app = await startTestApp({ listen: true, db: { ...db, url: `pglite:${original}` }, dataKey });
    let before: Awaited<ReturnType<typeof populate>> & { counts: Record<string, number> };
    try {
      before = { ...(await populate(app)), counts: await tableCounts(db) };
      // the server still has the directory open: no backup of a database in use
      const busy = npm("backup", original);
      expect(busy.status).toBe(1);
      expect(busy.stderr.trim()).toBe(
        `Sicherung abgebrochen: ${original} ist geöffnet: erst den Server beenden (nach einem Absturz ohne laufenden Server: ${original}/postmaster.pid löschen)`,
      );
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await app.stop();
      await db.close();
    }

    const saved = npm("backup", original);
    expect(saved.status, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Gesichert: ${original} -> ${file}`);
    const restored = npm("restore", copy);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Wiederhergestellt: ${file} -> ${copy}`);
    // a second restore would overwrite: refused, the restored database untouched
    const again = npm("restore", copy);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`Wiederherstellung abgebrochen: ${copy} ist nicht leer`);

    fs.rmSync(original, { recursive: true }); // the restored copy stands alone
    const db2 = await openDatabase(`pglite:${copy}`);
    const app2 = await startTestApp({ listen: true, db: { ...db2, url: `pglite:${copy}` }, dataKey });
    try {
      await expectSameData(app2, before);
    } finally {
      await app2.stop();
      await db2.close();
    }
  });

  it("PostgreSQL and an in-memory database are refused with what to do instead, and so is a file that is no backup", () => {
    const run = (script: string, url: string) =>
      spawnSync("npm", ["run", "--silent", script, "--", "x.dump"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8", timeout: 60_000 });
    const pgBackup = run("backup", "postgresql://anmeldung@db.internal:5432/anmeldung");
    expect(pgBackup.status).toBe(1);
    expect(pgBackup.stderr.trim()).toBe(
      `Sicherung abgebrochen: DATABASE_URL ist PostgreSQL: sichern mit pg_dump --format=custom --file=x.dump "$DATABASE_URL" (README, "Backup and restore")`,
    );
    const memory = run("restore", "pglite:memory");
    expect(memory.status).toBe(1);
    expect(memory.stderr.trim()).toBe("Wiederherstellung abgebrochen: DATABASE_URL pglite:memory hat nichts zu sichern oder wiederherzustellen");
    // a file that is no backup: refused, and no half-restored directory stays behind
    const target = path.join(dir, "kaputt", "db");
    fs.mkdirSync(dir, { recursive: true });
    const junk = path.join(dir, "x.dump");
    fs.writeFileSync(junk, "keine Sicherung");
    const bad = spawnSync("npm", ["run", "--silent", "restore", "--", junk], {
      env: { ...process.env, DATABASE_URL: `pglite:${target}` },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`Wiederherstellung abgebrochen: ${junk} ist keine Sicherung des Anmeldesystems`);
    expect(fs.existsSync(target)).toBe(false);
  });
});
