// The data key's check value: a value sealed with the data key, kept in the database
// (ServerSecret "data-key.check"). Start-up opens it before anything else uses the key, so a wrong
// DATA_ENCRYPTION_KEY stops the server with one line, whatever the sign-in (with an external
// provider nothing else at start-up decrypts). A database without a check value yet (first start,
// or data from before the check value) gets one only after the key opened a value already sealed
// there: new data is never sealed under a key that does not open the old.
import type { PrismaClient } from "../generated/prisma/client.ts";
import { type DataKey, decrypt, UnknownKeyError } from "./aead.ts";
import { getOrCreateSecret } from "./secrets.ts";

export const KEY_CHECK_SECRET = "data-key.check";
const KEY_CHECK_TEXT = "Anmeldesystem: Prüfwert des Datenschlüssels";
export const WRONG_KEY_MESSAGE = "DATA_ENCRYPTION_KEY: does not open the data in this database (the key check value differs; was the key changed?)";

/** A value sealed with the data key before the check value existed, or null for a database without any. */
async function sealedSample(prisma: PrismaClient): Promise<Uint8Array | null> {
  const secret = await prisma.serverSecret.findFirst({ where: { name: { not: KEY_CHECK_SECRET } }, select: { value: true } });
  if (secret) return Buffer.from(secret.value, "base64");
  const camp = await prisma.dexamRegistration.findFirst({ where: { campDataEncrypted: { not: null } }, select: { campDataEncrypted: true } });
  if (camp?.campDataEncrypted) return camp.campDataEncrypted;
  const file = await prisma.storedFile.findFirst({ where: { encrypted: true }, select: { data: true } });
  return file?.data ?? null;
}

/** Throws WRONG_KEY_MESSAGE when `key` is not the key of this database's data; creates the check value on first use. */
export async function checkDataKey(prisma: PrismaClient, key: DataKey): Promise<void> {
  const existing = await prisma.serverSecret.findUnique({ where: { name: KEY_CHECK_SECRET } });
  if (!existing) {
    const sample = await sealedSample(prisma);
    if (sample) {
      try {
        decrypt(key, sample);
      } catch (e) {
        throw e instanceof UnknownKeyError ? e : new Error(WRONG_KEY_MESSAGE);
      }
    }
  }
  let value: string;
  try {
    value = await getOrCreateSecret(prisma, key, KEY_CHECK_SECRET, () => KEY_CHECK_TEXT);
  } catch (e) {
    // a check value sealed with a key no longer configured (after a rotation without DATA_ENCRYPTION_OLD_KEYS) names it
    throw e instanceof UnknownKeyError ? e : new Error(WRONG_KEY_MESSAGE);
  }
  if (value !== KEY_CHECK_TEXT) throw new Error(WRONG_KEY_MESSAGE);
}
