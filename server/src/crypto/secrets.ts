// Secrets the server generates once and keeps in the database, encrypted with the data key, so
// every replica and every restart uses the same ones.
import type { PrismaClient } from "../generated/prisma/client.ts";
import { type DataKey, decrypt, encrypt, UnknownKeyError } from "./aead.ts";

export async function getOrCreateSecret(prisma: PrismaClient, key: DataKey, name: string, create: () => Promise<string> | string): Promise<string> {
  const existing = await prisma.serverSecret.findUnique({ where: { name } });
  if (!existing) {
    const value = encrypt(key, await create()).toString("base64");
    // another replica may have won the race: keep whichever row was written first
    await prisma.serverSecret.createMany({ data: [{ name, value }], skipDuplicates: true });
  }
  const row = await prisma.serverSecret.findUniqueOrThrow({ where: { name } });
  try {
    return decrypt(key, Buffer.from(row.value, "base64")).toString("utf8");
  } catch (e) {
    if (e instanceof UnknownKeyError) throw e;
    throw new Error(`DATA_ENCRYPTION_KEY: cannot decrypt the stored secret "${name}" (was the key changed?)`);
  }
}
