// `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded database (DATABASE_URL
// pglite:./dir, default ./data/db) as one file, PGlite's dump of its data directory (a gzipped
// tar). The server must be stopped: PGlite is one process's database. PostgreSQL is saved and
// restored with pg_dump and pg_restore (README "Backup and restore"); this script names the command.
// The data encryption key is not in the file: keep DATA_ENCRYPTION_KEY (or the data directory's
// encryption.key) apart; without it camp health data, stored files and sign-in keys stay unreadable.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { ConfigError, databaseUrlOf } from "../server/src/config.ts";

class Refused extends Error {}

/** The data directory of an embedded DATABASE_URL; PostgreSQL and pglite:memory are refused with what to do instead. */
function pgliteDir(command: "backup" | "restore", file: string): string {
  const url = databaseUrlOf(process.env);
  if (!url.startsWith("pglite:")) {
    throw new Refused(
      command === "backup"
        ? `DATABASE_URL ist PostgreSQL: sichern mit pg_dump --format=custom --file=${file} "$DATABASE_URL" (README, "Backup and restore")`
        : `DATABASE_URL ist PostgreSQL: wiederherstellen mit pg_restore --no-owner --dbname="$DATABASE_URL" ${file} in eine leere Datenbank (README, "Backup and restore")`,
    );
  }
  const dir = url.slice("pglite:".length);
  if (dir === "" || dir === "memory") throw new Refused("DATABASE_URL pglite:memory hat nichts zu sichern oder wiederherzustellen");
  return path.resolve(dir);
}

/** PGlite leaves postmaster.pid in its directory while a process has it open (removed on a clean close). */
function inUse(dir: string): boolean {
  return fs.existsSync(path.join(dir, "postmaster.pid"));
}

async function backup(file: string): Promise<string> {
  const dir = pgliteDir("backup", file);
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new Refused(`${dir} enthält keine Datenbank`);
  if (inUse(dir)) {
    throw new Refused(`${dir} ist geöffnet: erst den Server beenden (nach einem Absturz ohne laufenden Server: ${path.join(dir, "postmaster.pid")} löschen)`);
  }
  const db = new PGlite(dir);
  try {
    await db.waitReady; // dumpDataDir before the database is up never settles
    const dump = await db.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    fs.renameSync(tmp, file); // a file named FILE is always whole
  } finally {
    await db.close();
  }
  return `Gesichert: ${dir} -> ${file} (${Math.round(fs.statSync(file).size / 1024)} KB). Der Datenschlüssel (DATA_ENCRYPTION_KEY bzw. encryption.key im Datenverzeichnis) ist nicht enthalten: getrennt aufbewahren.`;
}

async function restore(file: string): Promise<string> {
  const dir = pgliteDir("restore", file);
  if (!fs.existsSync(file)) throw new Refused(`${file} gibt es nicht`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Refused(`${dir} ist nicht leer: die vorhandene Datenbank erst beiseite legen (z. B. mv ${dir} ${dir}.alt), dann wiederherstellen`);
  }
  const bytes = fs.readFileSync(file);
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let db: PGlite | undefined;
  try {
    db = new PGlite(dir, { loadDataDir: new Blob([tar]) });
    const [{ migrations }] = (await db.query<{ migrations: number }>(`SELECT count(*)::int AS migrations FROM _prisma_migrations`)).rows;
    return `Wiederhergestellt: ${file} -> ${dir} (${migrations} Migrationen; fehlende wendet der Server beim Start an). Den Server mit demselben Datenschlüssel starten.`;
  } catch (e) {
    await db?.close().catch(() => {});
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true }); // nothing half restored stays behind
    throw new Refused(`${file} ist keine Sicherung des Anmeldesystems (${(e as Error).message.split("\n")[0]})`);
  } finally {
    await db?.close();
  }
}

const [command, file] = process.argv.slice(2);
try {
  if ((command !== "backup" && command !== "restore") || !file) throw new Refused(`Aufruf: npm run ${command ?? "backup"} -- DATEI`);
  console.log(command === "backup" ? await backup(file) : await restore(file));
} catch (e) {
  if (!(e instanceof Refused || e instanceof ConfigError)) throw e;
  console.error(`${command === "restore" ? "Wiederherstellung" : "Sicherung"} abgebrochen: ${e.message}`);
  process.exit(1);
}
