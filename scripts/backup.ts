// `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded database (DATABASE_URL
// pglite:./dir, default ./data/db) as one file: PGlite's dump of its data directory (a gzipped
// tar), sealed with the data key (crypto/aead.ts, AES-256-GCM; the file names its key), so a copy of
// the file alone shows no name and no remark. The server must be stopped: PGlite is one process's
// database. PostgreSQL is saved and restored with pg_dump and pg_restore (README "Backup and
// restore"); this script names the command.
// The data encryption key is not in the file: keep DATA_ENCRYPTION_KEY (or the data directory's
// encryption.key) apart; without it the backup cannot be restored. Backup checks that the key opens
// the database's check value before sealing; restore opens the file with the key (old keys:
// DATA_ENCRYPTION_OLD_KEYS) and restores nothing when it does not.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { ConfigError, databaseUrlOf, dataKeySettingsOf } from "../server/src/config.ts";
import { decrypt, encrypt, type Keyring, keyring, UnknownKeyError } from "../server/src/crypto/aead.ts";
import { KEY_CHECK_SECRET } from "../server/src/crypto/keyCheck.ts";

class Refused extends Error {}

/** The first bytes of a sealed backup; older backups are a plain gzipped tar. */
const MAGIC = Buffer.from("ANMELDESYSTEM-SICHERUNG-1\n", "ascii");

/**
 * The data key as the server loads it (DATA_ENCRYPTION_KEY, else DATA_DIR/encryption.key; old keys
 * DATA_ENCRYPTION_OLD_KEYS), never generated here: a backup sealed with a new key would open nothing.
 */
function configuredKey(env: NodeJS.ProcessEnv): Keyring {
  const { dataEncryptionKey, dataEncryptionOldKeys } = dataKeySettingsOf(env);
  const old = dataEncryptionOldKeys.map((k) => Buffer.from(k, "base64"));
  if (dataEncryptionKey) return keyring(Buffer.from(dataEncryptionKey, "base64"), old);
  const file = path.resolve(env.DATA_DIR ?? "data", "encryption.key");
  if (!fs.existsSync(file)) throw new Refused(`kein Datenschlüssel / no data key: DATA_ENCRYPTION_KEY setzen oder ${file} zurücklegen`);
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Refused(`${file} enthält keine 32 Bytes in Base64`);
  return keyring(key, old);
}

/** Whether the key opens the database's check value (crypto/keyCheck.ts) or another server secret; true for a database without any. */
async function keyOpens(db: PGlite, ring: Keyring): Promise<boolean> {
  const table = (await db.query<{ t: string | null }>(`SELECT to_regclass('"ServerSecret"')::text AS t`)).rows[0]?.t;
  if (!table) return true; // a database from before server secrets
  // the check value, else (a database from before it) any other server secret sealed with the key
  const rows = (await db.query<{ value: string }>(`SELECT value FROM "ServerSecret" ORDER BY (name = $1) DESC, name LIMIT 1`, [KEY_CHECK_SECRET])).rows;
  if (rows.length === 0) return true;
  try {
    decrypt(ring, Buffer.from(rows[0].value, "base64"));
    return true;
  } catch {
    return false;
  }
}

const WRONG_KEY = "der Datenschlüssel öffnet diese Sicherung nicht / the data key does not open this backup";

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
  const ring = configuredKey(process.env);
  const db = new PGlite(dir);
  try {
    await db.waitReady; // dumpDataDir before the database is up never settles
    if (!(await keyOpens(db, ring))) {
      throw new Refused(`der Datenschlüssel (Schlüssel ${ring.id}) öffnet die Daten von ${dir} nicht / the data key does not open this database`);
    }
    const dump = await db.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, Buffer.concat([MAGIC, encrypt(ring, Buffer.from(await dump.arrayBuffer()))]), { mode: 0o600 });
    fs.renameSync(tmp, file); // a file named FILE is always whole
  } finally {
    await db.close();
  }
  return `Gesichert: ${dir} -> ${file} (${Math.round(fs.statSync(file).size / 1024)} KB, verschlüsselt mit Schlüssel ${ring.id}). Der Datenschlüssel (DATA_ENCRYPTION_KEY bzw. encryption.key im Datenverzeichnis) ist nicht enthalten: getrennt aufbewahren, die Wiederherstellung braucht ihn.`;
}

async function restore(file: string): Promise<string> {
  const dir = pgliteDir("restore", file);
  if (!fs.existsSync(file)) throw new Refused(`${file} gibt es nicht`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Refused(`${dir} ist nicht leer: die vorhandene Datenbank erst beiseite legen (z. B. mv ${dir} ${dir}.alt), dann wiederherstellen`);
  }
  let bytes: Buffer = fs.readFileSync(file);
  const sealed = bytes.subarray(0, MAGIC.length).equals(MAGIC);
  if (sealed) {
    const ring = configuredKey(process.env);
    const body = bytes.subarray(MAGIC.length);
    try {
      bytes = decrypt(ring, body);
    } catch (e) {
      if (e instanceof UnknownKeyError) {
        throw new Refused(`${WRONG_KEY} (Sicherung: Schlüssel ${e.keyId}, DATA_ENCRYPTION_KEY: Schlüssel ${ring.id}); nichts wiederhergestellt`);
      }
      throw new Refused(`${WRONG_KEY} (oder die Datei ist beschädigt); nichts wiederhergestellt`);
    }
  }
  const tar = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let db: PGlite | undefined;
  try {
    db = new PGlite(dir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
    const [{ migrations }] = (await db.query<{ migrations: number }>(`SELECT count(*)::int AS migrations FROM _prisma_migrations`)).rows;
    // an older, unsealed backup: its check value tells whether this key opens its data
    if (!sealed && !(await keyOpens(db, configuredKey(process.env)))) throw new Refused(`${WRONG_KEY}; nichts wiederhergestellt`);
    return `Wiederhergestellt: ${file} -> ${dir} (${migrations} Migrationen; fehlende wendet der Server beim Start an${sealed ? "" : "; eine ältere, unverschlüsselte Sicherung"}). Den Server mit demselben Datenschlüssel starten.`;
  } catch (e) {
    await db?.close().catch(() => {});
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true }); // nothing half restored stays behind
    if (e instanceof Refused) throw e;
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
