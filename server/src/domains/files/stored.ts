// Stored files at rest: every StoredFile row (consent forms signed by parents, often with health
// notes; practice sheets with names and points; district signature images) is written encrypted
// with the data key (crypto/aead.ts: AES-256-GCM, DATA_ENCRYPTION_KEY), the scheme of the camp
// data. One rule for all of them (docs/decisions.md "Encryption at rest"): every writer builds its
// row with storedFileRow, every reader takes the bytes with fileBytes. Rows from before carry
// encrypted = false and are read as they are until sealPlaintextFiles (at start-up) seals them.
import crypto from "node:crypto";
import { type DataKey, decrypt, encrypt } from "../../crypto/aead.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";

/** SHA-256 of the bytes as stored (hex): of the sealed bytes, never of the plaintext, which it would confirm for a guessed file. */
export const storedHash = (stored: Uint8Array) => crypto.createHash("sha256").update(stored).digest("hex");

/** The columns of a new StoredFile row: size of the file as uploaded, its bytes sealed, and the SHA-256 of the sealed bytes. */
export function storedFileRow(key: DataKey, file: { name: string; mimeType: string; data: Uint8Array }) {
  const plain = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  const sealed = new Uint8Array(encrypt(key, plain));
  return {
    name: file.name,
    mimeType: file.mimeType,
    size: plain.length,
    sha256: storedHash(sealed),
    data: sealed,
    encrypted: true,
  };
}

/** The file as uploaded. */
export function fileBytes(key: DataKey, file: { data: Uint8Array; encrypted: boolean }): Buffer {
  if (!file.encrypted) return Buffer.from(file.data);
  try {
    return decrypt(key, file.data);
  } catch {
    throw new Error("DATA_ENCRYPTION_KEY: cannot decrypt a stored file (was the key changed?)");
  }
}

/**
 * Seals the rows written before files were encrypted, a few at a time; answers how many. Each row
 * is changed only while it is still plaintext, so replicas starting together seal each row once.
 * Stored files are never updated otherwise (only created and deleted).
 */
export async function sealPlaintextFiles(prisma: PrismaClient, key: DataKey, batch = 20): Promise<number> {
  let sealed = 0;
  let after = 0;
  for (;;) {
    const rows = await prisma.storedFile.findMany({
      where: { encrypted: false, id: { gt: after } },
      select: { id: true, data: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) return sealed;
    for (const r of rows) {
      const bytes = new Uint8Array(encrypt(key, Buffer.from(r.data)));
      const done = await prisma.storedFile.updateMany({
        where: { id: r.id, encrypted: false },
        data: { data: bytes, sha256: storedHash(bytes), encrypted: true },
      });
      sealed += done.count;
    }
    after = rows[rows.length - 1].id;
  }
}
