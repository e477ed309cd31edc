// Machine clients (API-Zugänge): staff with user_manage create, list and revoke
// OAuth 2 client-credentials clients of their district association (admin: any district). The
// secret is answered once and stored as a scrypt hash; the embedded provider authenticates against
// it (idp/adapter.ts, idp/provider.ts), the API reads the row on every request (auth/authenticate.ts).
import crypto from "node:crypto";
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { hashPassword } from "../../idp/passwords.ts";
import { isAdmin } from "../../shared/permissions.ts";
import { ROLES, type RoleName } from "../../shared/roles.ts";
import { audit } from "../audit/service.ts";
import { clean, districtInScope, type ServiceCtx } from "../context.ts";

export const API_CLIENT_MSG = {
  nameRequired: "Bitte geben Sie einen Namen ein.",
  nameTooLong: "Der Name darf höchstens 100 Zeichen lang sein.",
  rolesRequired: "Bitte wählen Sie mindestens eine Rolle.",
  adminOnlyByAdmin: "Die Rolle admin kann nur von einem Administrator vergeben werden.",
  notOwnRole: "Sie können nur Rollen vergeben, die Sie selbst haben.",
  unknownDistrict: "Kreisverband nicht gefunden",
  alreadyRevoked: "Dieser API-Zugang ist bereits widerrufen.",
  externalOnly: "Eine Kennung eines Dienstkontos gibt es nur mit einem externen Anmeldedienst.",
  externalRequired: "Bitte geben Sie die Kennung (sub) des Dienstkontos beim Anmeldedienst ein.",
  externalTaken: "Diese Kennung ist bereits vergeben.",
} as const;

const NOT_FOUND = "API-Zugang";

/** The roles a creator may give a machine client: never admin unless admin; otherwise only the creator's own. */
export function checkClientRoles(creator: Principal, roles: readonly string[]): string | null {
  if (!roles.length) return API_CLIENT_MSG.rolesRequired;
  if (isAdmin(creator.roles)) return null;
  if (isAdmin(roles)) return API_CLIENT_MSG.adminOnlyByAdmin;
  if (roles.some((r) => !creator.roles.includes(r as RoleName))) return API_CLIENT_MSG.notOwnRole;
  return null;
}

export async function listApiClients(ctx: ServiceCtx, districtAssociationId?: number | null) {
  const p = authorize(ctx.principal, "apiClient.list");
  return ctx.prisma.apiClient.findMany({
    where: { districtAssociationId: districtInScope(p, districtAssociationId) },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { name: "asc" }, { id: "asc" }],
  });
}

/**
 * Embedded provider: a new client id and secret (answered once, stored hashed). External issuer:
 * the service user's subject becomes the client id; the issuer authenticates it, so no secret.
 */
export async function createApiClient(
  ctx: ServiceCtx,
  input: { name: string; roles: readonly string[]; districtAssociationId?: number | null; externalSubject?: string | null },
) {
  const p = authorize(ctx.principal, "apiClient.create");
  const districtAssociationId = districtInScope(p, input.districtAssociationId);
  const name = clean(input.name);
  const roles = [...new Set(input.roles)].filter((r): r is RoleName => (ROLES as readonly string[]).includes(r));
  const errors: Record<string, string> = {};
  if (!name) errors.name = API_CLIENT_MSG.nameRequired;
  else if (name.length > 100) errors.name = API_CLIENT_MSG.nameTooLong;
  const roleError = checkClientRoles(p, roles);
  if (roleError) errors.roles = roleError;
  const external = ctx.services.config.oidc.mode === "external";
  const externalSubject = clean(input.externalSubject);
  if (external && !externalSubject) errors.externalSubject = API_CLIENT_MSG.externalRequired;
  if (!external && externalSubject) errors.externalSubject = API_CLIENT_MSG.externalOnly;
  if (
    externalSubject &&
    ((await ctx.prisma.apiClient.count({ where: { clientId: externalSubject } })) || (await ctx.prisma.user.count({ where: { subject: externalSubject } })))
  ) {
    errors.externalSubject = API_CLIENT_MSG.externalTaken;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (!(await ctx.prisma.districtAssociation.findUnique({ where: { id: districtAssociationId }, select: { id: true } }))) {
    throw new AppError("NOT_FOUND", API_CLIENT_MSG.unknownDistrict);
  }
  const clientId = externalSubject ?? `api-${crypto.randomBytes(12).toString("base64url")}`;
  const secret = externalSubject ? null : crypto.randomBytes(32).toString("base64url");
  // no secret for external service users: an empty hash never verifies
  const secretHash = secret ? await hashPassword(secret) : "";
  const client = await ctx.prisma.$transaction(async (tx) => {
    const c = await tx.apiClient.create({ data: { clientId, name: name as string, secretHash, roles, districtAssociationId } });
    await audit(tx, p, { action: "create", entity: "ApiClient", entityId: c.id, districtAssociationId, details: { name: c.name, roles } });
    return c;
  });
  return { client, secret };
}

export async function revokeApiClient(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "apiClient.revoke");
  const current = await ctx.prisma.apiClient.findUnique({ where: { id } });
  if (!current || !actsOn(p, "apiClient.revoke", { districtAssociationId: current.districtAssociationId })) throw notFound(NOT_FOUND);
  if (current.revokedAt) throw new AppError("CONFLICT", API_CLIENT_MSG.alreadyRevoked);
  return ctx.prisma.$transaction(async (tx) => {
    const c = await tx.apiClient.update({ where: { id }, data: { revokedAt: new Date() } });
    await audit(tx, p, { action: "revoke", entity: "ApiClient", entityId: id, districtAssociationId: c.districtAssociationId, details: { name: c.name } });
    return c;
  });
}
