// Roles from an identity provider's token claim.
import { normalizeRoles, type RoleName } from "../shared/roles.ts";

/** ZITADEL puts project roles in an object claim { "role_key": { orgId: domain } }. */
export function rolesFromClaim(claims: Record<string, unknown>, claim: string): RoleName[] {
  const value = claim.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), claims);
  if (value && typeof value === "object" && !Array.isArray(value)) return normalizeRoles(Object.keys(value));
  return normalizeRoles(value);
}
