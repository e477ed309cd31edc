// Key rotation (README "Operations"): every ciphertext names its key (aead.ts), the servers read
// with the current key and the old ones (DATA_ENCRYPTION_OLD_KEYS), and rotateKeys seals every
// ciphertext of the database again under the current key, a batch at a time, so the old keys can
// be removed. The sealed columns are listed here once: camp data, remarks, stored files, server
// secrets (the key check value among them). Backups are files of their own (scripts/backup.ts):
// each names its key, and an old backup needs its old key to be restored.
//
// A value is replaced only while it is still the ciphertext read (compare-and-set), so a change a
// running server makes at the same time wins and the value is sealed again in the next pass;
// version and updatedAt of the rows stay (the plaintext is unchanged). The servers may keep running.
import crypto from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { type DataKey, reseal, sealedKeyId, underCurrentKey } from "./aead.ts";

type Column = {
  table: string;
  column: string;
  /** the table's key column (keyset pages) */
  id: string;
  /** a condition on the rows whose column holds a ciphertext, besides NOT NULL */
  where?: string;
  /** stored as base64 text, not bytes */
  base64?: boolean;
  /** further columns that follow the sealed bytes (the stored file's hash of them) */
  follows?: Record<string, (sealed: Uint8Array) => string>;
};

/** Every sealed column of the database. */
export const SEALED_COLUMNS: Column[] = [
  { table: "DexamRegistration", column: "campDataEncrypted", id: "id" },
  { table: "DexamRegistration", column: "remarksEncrypted", id: "id" },
  { table: "CompetitionRegistration", column: "remarksEncrypted", id: "id" },
  { table: "StoredFile", column: "data", id: "id", where: `"encrypted" = true`, follows: { sha256: (s) => storedHashOf(s) } },
  { table: "ServerSecret", column: "value", id: "name", base64: true },
  { table: "WebhookEndpoint", column: "secretEncrypted", id: "id" },
  { table: "WebhookEndpoint", column: "previousSecretEncrypted", id: "id" },
  { table: "SepaMandate", column: "accountEncrypted", id: "associationId" },
  { table: "SepaDebit", column: "xmlEncrypted", id: "id" },
];

// files/stored.ts storedHash, without importing the domain layer here
const storedHashOf = (stored: Uint8Array) => crypto.createHash("sha256").update(stored).digest("hex");

const q = (name: string) => `"${name}"`;

/**
 * Visits every ciphertext of the database, a page of `batch` rows at a time; `visit` answers a
 * replacement (or null to keep it). Answers how many values were replaced.
 */
async function walk(prisma: PrismaClient, batch: number, visit: (sealed: Uint8Array, at: Column) => Uint8Array | null): Promise<number> {
  let replaced = 0;
  for (const c of SEALED_COLUMNS) {
    let after: string | number | null = null;
    for (;;) {
      const rows: { id: string | number; value: Uint8Array | string }[] = await prisma.$queryRawUnsafe(
        `SELECT ${q(c.id)} AS id, ${q(c.column)} AS value FROM ${q(c.table)}
         WHERE ${q(c.column)} IS NOT NULL${c.where ? ` AND ${c.where}` : ""}${after === null ? "" : ` AND ${q(c.id)} > $1`}
         ORDER BY ${q(c.id)} LIMIT ${Math.max(1, Math.floor(batch))}`,
        ...(after === null ? [] : [after]),
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const sealed = typeof row.value === "string" ? Buffer.from(row.value, "base64") : row.value;
        const next = visit(sealed, c);
        if (!next) continue;
        const value = c.base64 ? Buffer.from(next).toString("base64") : next;
        const follows = Object.entries(c.follows ?? {}).map(([col, f]) => [col, f(next)] as const);
        const sets = [`${q(c.column)} = $1`, ...follows.map(([col], i) => `${q(col)} = $${i + 2}`)];
        const n = follows.length;
        replaced += await prisma.$executeRawUnsafe(
          `UPDATE ${q(c.table)} SET ${sets.join(", ")} WHERE ${q(c.id)} = $${n + 2} AND ${q(c.column)} = $${n + 3}`,
          value,
          ...follows.map(([, v]) => v),
          row.id,
          row.value,
        );
      }
      after = rows[rows.length - 1].id;
    }
  }
  return replaced;
}

/** How many ciphertexts each key holds: key id -> count ("ohne Kennung" for ciphertexts from before key ids). */
export async function sealedCensus(prisma: PrismaClient, batch = 200): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await walk(prisma, batch, (sealed) => {
    const id = sealedKeyId(sealed) ?? "ohne Kennung";
    counts.set(id, (counts.get(id) ?? 0) + 1);
    return null;
  });
  return counts;
}

/**
 * Seals every ciphertext not under the current key again under it; answers how many. A value no
 * key of the ring opens stops the rotation with the error that names its key (UnknownKeyError).
 */
export async function rotateKeys(prisma: PrismaClient, key: DataKey, batch = 50): Promise<number> {
  return walk(prisma, batch, (sealed) => (underCurrentKey(key, sealed) ? null : new Uint8Array(reseal(key, sealed))));
}
