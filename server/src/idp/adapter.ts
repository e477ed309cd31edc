// oidc-provider storage on Prisma (table OidcPayload): sessions, grants, interactions,
// authorization codes and refresh tokens survive a restart and are shared by all replicas.
// Clients other than the static browser client are the machine clients of the ApiClient table
// (client credentials only); a revoked one is unknown, so its token request answers invalid_client.
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { PrismaClient } from "../generated/prisma/client.ts";

const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

export function prismaAdapterClass(prisma: PrismaClient) {
  return class PrismaOidcAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const data = {
        payload: payload as object,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await prisma.oidcPayload.upsert({ where: { id_type: { id, type: this.type } }, create: { id, type: this.type, ...data }, update: data });
    }

    private async findWhere(where: { id?: string; userCode?: string; uid?: string }) {
      const row = await prisma.oidcPayload.findFirst({ where: { ...where, type: this.type } });
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    async find(id: string) {
      if (this.type === "Client") return apiClientMetadata(prisma, id);
      return this.findWhere({ id });
    }
    findByUserCode(userCode: string) {
      return this.findWhere({ userCode });
    }
    findByUid(uid: string) {
      return this.findWhere({ uid });
    }
    async consume(id: string) {
      await prisma.oidcPayload.updateMany({ where: { id, type: this.type }, data: { consumedAt: new Date() } });
    }
    async destroy(id: string) {
      await prisma.oidcPayload.deleteMany({ where: { id, type: this.type } });
    }
    async revokeByGrantId(grantId: string) {
      if (GRANTABLE.has(this.type) || this.type === "Grant") await prisma.oidcPayload.deleteMany({ where: { grantId } });
    }
  };
}

/** advisory lock key of the hourly cleanup below (any bigint unique to this job; the expiry job has 7_300_601) */
export const OIDC_CLEANUP_LEASE = 7_300_602;

/**
 * Deletes the provider's expired rows (sessions, codes, interactions, tokens); the server runs it at
 * start and hourly (app.ts). Every replica schedules it, one runs it at a time: the round holds
 * PostgreSQL's transaction-scoped advisory lock OIDC_CLEANUP_LEASE, and a replica that does not get
 * it skips the round (false).
 */
export async function deleteExpiredOidcRows(prisma: PrismaClient): Promise<boolean> {
  return prisma.$transaction(
    async (tx) => {
      const [{ leased }] = await tx.$queryRaw<{ leased: boolean }[]>`SELECT pg_try_advisory_xact_lock(${OIDC_CLEANUP_LEASE}::bigint) AS leased`;
      if (!leased) return false;
      await tx.oidcPayload.deleteMany({ where: { expiresAt: { lt: new Date() } } });
      return true;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/**
 * oidc-provider client metadata of an active machine client. `client_secret` holds the scrypt hash;
 * the provider's secret comparison is replaced by a hash check (provider.ts), so the secret itself
 * is never stored.
 */
export async function apiClientMetadata(prisma: PrismaClient, clientId: string): Promise<AdapterPayload | undefined> {
  const row = await prisma.apiClient.findUnique({ where: { clientId } });
  if (!row || row.revokedAt) return undefined;
  return {
    client_id: row.clientId,
    client_name: row.name,
    client_secret: row.secretHash,
    grant_types: ["client_credentials"],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: "client_secret_basic",
    scope: "api",
  } as AdapterPayload;
}
