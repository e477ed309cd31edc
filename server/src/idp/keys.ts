// The embedded provider's RS256 signing key and cookie keys: generated once, stored encrypted in
// the database (ServerSecret), so a restart signs nobody out and replicas agree.
import crypto from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { DataKey } from "../crypto/aead.ts";
import { getOrCreateSecret } from "../crypto/secrets.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

export type SigningKeys = { privateJwk: JWK; publicJwk: JWK };

export async function loadSigningKeys(prisma: PrismaClient, dataKey: DataKey): Promise<SigningKeys> {
  const json = await getOrCreateSecret(prisma, dataKey, "oidc.signing-key", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ ...jwk, kid: crypto.randomUUID(), alg: "RS256", use: "sig" });
  });
  const privateJwk = JSON.parse(json) as JWK;
  const { d, p, q, dp, dq, qi, ...publicJwk } = privateJwk;
  return { privateJwk, publicJwk };
}

export async function loadCookieKeys(prisma: PrismaClient, dataKey: DataKey, configured: string[] | null): Promise<string[]> {
  if (configured) return configured;
  return [await getOrCreateSecret(prisma, dataKey, "oidc.cookie-key", () => crypto.randomBytes(32).toString("base64url"))];
}
