// `npm run keys:rotate`: seals every ciphertext of the database again under the current data key
// (crypto/rotate.ts), so the old keys can be removed; `npm run keys:rotate -- --check` only counts
// the ciphertexts per key. Uses the server's environment: DATA_ENCRYPTION_KEY is the new key,
// DATA_ENCRYPTION_OLD_KEYS the old ones (README "Operations", "Rotating the data key"). Servers
// on PostgreSQL may keep running (with the same two settings); the embedded database (pglite:) can
// be opened by one process only: stop the server first.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { type DataKey, ringOf } from "../crypto/aead.ts";
import { loadDataKey } from "../crypto/dataKey.ts";
import { checkDataKey } from "../crypto/keyCheck.ts";
import { rotateKeys, sealedCensus } from "../crypto/rotate.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { sealMealRequests } from "../domains/dexam/service.ts";
import { sealPlaintextFiles } from "../domains/files/stored.ts";
import { sealPlainRemarks } from "../domains/registrations/remarks.ts";

const USAGE = "usage: npm run keys:rotate [-- --check] [-- --batch N]";

const census = (counts: Map<string, number>, current: string) =>
  [...counts].map(([id, n]) => `${n} mit Schlüssel ${id}${id === current ? " (aktuell)" : ""}`).join(", ") || "keine";

/** Runs the command; `print` is the terminal; `opened`: a database the caller opened (tests); `dataKey`: the ring (tests). Answers the exit code. */
export async function keysRotate(argv: string[], print: (line: string) => void, env = process.env, opened?: Database, dataKey?: DataKey): Promise<number> {
  let values: { check?: boolean; batch?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { check: { type: "boolean" }, batch: { type: "string" } }, strict: true }));
  } catch (e) {
    print(`keys:rotate: ${(e as Error).message}; ${USAGE}`);
    return 2;
  }
  const batch = values.batch === undefined ? 50 : Number(values.batch);
  if (!(Number.isSafeInteger(batch) && batch > 0)) {
    print(`keys:rotate: --batch: not a positive number; ${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  const ring = ringOf(dataKey ?? loadDataKey(config));
  const db = opened ?? (await openDatabase(config.databaseUrl, { waitSeconds: 0, log: () => {} }));
  try {
    if (db.kind === "pg" && (await pendingMigrations(db.read)).length) {
      print("keys:rotate: DATABASE_URL: the database lacks migrations: run `npm run db:deploy` first");
      return 1;
    }
    // the ring must open this database's data before anything is sealed with its current key
    await checkDataKey(db.prisma, ring);
    if (values.check) {
      const counts = await sealedCensus(db.prisma);
      print(`Verschlüsselte Werte: ${census(counts, ring.id)}`);
      return [...counts.keys()].every((id) => id === ring.id) ? 0 : 1;
    }
    print(`Neuer Schlüssel ${ring.id}; alte Schlüssel: ${[...ring.old.keys()].join(", ") || "keine"}`);
    // what the start-up sweeps seal (plaintext files, meal requests, remarks from before) first
    const swept =
      (await sealPlaintextFiles(db.prisma, ring, batch)) + (await sealMealRequests(db.prisma, ring, batch)) + (await sealPlainRemarks(db.prisma, ring, batch));
    if (swept) print(`${swept} bisher unverschlüsselte Werte verschlüsselt`);
    // a value a running server changed meanwhile is sealed again in the next pass
    let total = 0;
    for (let pass = 0; pass < 3; pass++) {
      const n = await rotateKeys(db.prisma, ring, batch);
      total += n;
      if (n === 0) break;
    }
    const counts = await sealedCensus(db.prisma);
    const left = [...counts].filter(([id]) => id !== ring.id);
    print(`${total} Werte neu verschlüsselt; jetzt: ${census(counts, ring.id)}`);
    if (left.length) {
      print("keys:rotate: not every value is under the new key yet: run the command again");
      return 1;
    }
    print(
      "Alle Werte sind mit dem neuen Schlüssel verschlüsselt: DATA_ENCRYPTION_OLD_KEYS kann entfernt werden (Sicherungen mit altem Schlüssel brauchen ihn weiter).",
    );
    return 0;
  } catch (e) {
    print(`keys:rotate: ${(e as Error).message}`);
    return 1;
  } finally {
    if (!opened) await db.close();
  }
}

// run as a command (dist/server/keys-rotate.mjs or tsx), not when imported by a test
if (process.argv[1] && /keys-?rotate\.(m?js|ts)$/i.test(process.argv[1])) {
  keysRotate(process.argv.slice(2), (line) => console.log(line)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof ConfigError || /^[A-Z_]+: /.test(String(e?.message)) ? `keys:rotate: ${e.message}` : e);
      process.exit(1);
    },
  );
}
