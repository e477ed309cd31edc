// Roles from an identity provider's token claim. Accepted shapes: an array of role names
// (["admin", "user_read"]), one string with the names separated by spaces or commas
// ("admin user_read", "admin,user_read": glewlwyd sends a multi-valued property so), or an object
// whose keys are the names (ZITADEL's { "role_key": { orgId: domain } }). Unknown names are dropped.
import { normalizeRoles, type RoleName } from "../shared/roles.ts";

/** The claim's value; a dotted name ("realm_access.roles") walks into objects. */
function claimValue(claims: Record<string, unknown>, claim: string): unknown {
  return claim.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), claims);
}

/** Whether the token carries the roles claim at all (an empty list or string counts: "no roles"). */
export function hasRolesClaim(claims: Record<string, unknown>, claim: string): boolean {
  const value = claimValue(claims, claim);
  return value !== undefined && value !== null;
}

export function rolesFromClaim(claims: Record<string, unknown>, claim: string): RoleName[] {
  const value = claimValue(claims, claim);
  if (value && typeof value === "object" && !Array.isArray(value)) return normalizeRoles(Object.keys(value));
  return normalizeRoles(value);
}
