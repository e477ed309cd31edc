// The roles of spec section 6. admin passes every role check. The identity provider may spell the
// results roles result_read / result_manage (one reading of the spec); both map to results_*.
export const ROLES = [
  "admin",
  "user_read",
  "user_manage",
  "association_read",
  "association_manage",
  "invoice_read",
  "invoice_manage",
  "registration_read",
  "registration_manage",
  "registration_create",
  "event_manage",
  "results_read",
  "results_manage",
] as const;

export type RoleName = (typeof ROLES)[number];

const ALIASES: Record<string, RoleName> = { result_read: "results_read", result_manage: "results_manage" };

/** Turns whatever a token or request carries into known role names; unknown strings are dropped. */
export function normalizeRoles(raw: unknown): RoleName[] {
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(/[\s,]+/) : [];
  const out = new Set<RoleName>();
  for (const r of list) {
    if (typeof r !== "string") continue;
    const name = ALIASES[r] ?? r;
    if ((ROLES as readonly string[]).includes(name)) out.add(name as RoleName);
  }
  return ROLES.filter((r) => out.has(r));
}

/** ZITADEL puts project roles in an object claim { "role_key": { orgId: domain } }. */
export function rolesFromClaim(claims: Record<string, unknown>, claim: string): RoleName[] {
  const value = claim.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), claims);
  if (value && typeof value === "object" && !Array.isArray(value)) return normalizeRoles(Object.keys(value));
  return normalizeRoles(value);
}

export function hasAnyRole(roles: readonly RoleName[], required: readonly RoleName[]): boolean {
  if (roles.includes("admin")) return true;
  return required.some((r) => roles.includes(r));
}
