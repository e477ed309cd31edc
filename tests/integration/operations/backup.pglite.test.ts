// `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database:
// a backup restored into a fresh data directory serves the same data with the same
// DATA_ENCRYPTION_KEY: the counts, a camp registration's decrypted health data, a sign-in. The file
// is sealed with the data key (no name readable in it); another key restores nothing.
// PostgreSQL's pg_dump/pg_restore path: backup.pg.test.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { decrypt, keyIdOf } from "../../../server/src/crypto/aead.ts";
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

const MAGIC = "ANMELDESYSTEM-SICHERUNG-1\n";

const npm = (script: "backup" | "restore", databaseDir: string, key = dataKey, from = file) =>
  spawnSync("npm", ["run", "--silent", script, "--", from], {
    env: { ...process.env, DATABASE_URL: `pglite:${databaseDir}`, DATA_ENCRYPTION_KEY: key.toString("base64") },
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
    expect(saved.stdout).toContain(`verschlüsselt mit Schlüssel ${keyIdOf(dataKey)}`);
    // the file is sealed: no gzip, no name; opened with the key it is the database's dump, names and all
    const archive = fs.readFileSync(file);
    expect(archive.subarray(0, MAGIC.length).toString("ascii")).toBe(MAGIC);
    expect(() => zlib.gunzipSync(archive)).toThrow();
    const dump = zlib.gunzipSync(decrypt(dataKey, archive.subarray(MAGIC.length)));
    expect(dump.includes(Buffer.from("Lena"))).toBe(true);
    expect(archive.includes(Buffer.from("Lena"))).toBe(false);

    // another key: one line, nothing sealed with it and nothing restored
    const otherKey = crypto.randomBytes(32);
    const elsewhere = path.join(dir, "falscher-schluessel.tar.gz");
    const wrongBackup = npm("backup", original, otherKey, elsewhere);
    expect(wrongBackup.status).toBe(1);
    expect(wrongBackup.stderr.trim()).toBe(
      `Sicherung abgebrochen: der Datenschlüssel (Schlüssel ${keyIdOf(otherKey)}) öffnet die Daten von ${original} nicht / the data key does not open this database`,
    );
    expect(fs.existsSync(elsewhere)).toBe(false);
    const wrong = npm("restore", copy, otherKey);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe(
      `Wiederherstellung abgebrochen: der Datenschlüssel öffnet diese Sicherung nicht / the data key does not open this backup (Sicherung: Schlüssel ${keyIdOf(dataKey)}, DATA_ENCRYPTION_KEY: Schlüssel ${keyIdOf(otherKey)}); nichts wiederhergestellt`,
    );
    expect(fs.existsSync(copy)).toBe(false);
    // an older, unsealed backup (a plain gzipped tar) is checked against the database's check value
    const plain = path.join(dir, "alt.tar.gz");
    fs.writeFileSync(plain, zlib.gzipSync(dump));
    const wrongPlain = npm("restore", copy, otherKey, plain);
    expect(wrongPlain.status).toBe(1);
    expect(wrongPlain.stderr.trim()).toBe(
      "Wiederherstellung abgebrochen: der Datenschlüssel öffnet diese Sicherung nicht / the data key does not open this backup; nichts wiederhergestellt",
    );
    expect(fs.existsSync(copy)).toBe(false);
    // with its key it still restores
    const plainCopy = path.join(dir, "alt", "db");
    const oldFormat = npm("restore", plainCopy, dataKey, plain);
    expect(oldFormat.status, oldFormat.stderr).toBe(0);
    expect(oldFormat.stdout).toContain("eine ältere, unverschlüsselte Sicherung");
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
