// The roles of spec section 6, shared by the server and the client (Vite alias @shared). admin passes every role check. The identity provider may spell the
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

/**
 * The roles as the interface names them (spec section 6, R-RP004): a "Role" prefix in camel case,
 * such as RoleUserRead, each standing for its snake-case value in API data.
 */
export const Role = {
  RoleAdmin: "admin",
  RoleUserRead: "user_read",
  RoleUserManage: "user_manage",
  RoleAssociationRead: "association_read",
  RoleAssociationManage: "association_manage",
  RoleInvoiceRead: "invoice_read",
  RoleInvoiceManage: "invoice_manage",
  RoleRegistrationRead: "registration_read",
  RoleRegistrationManage: "registration_manage",
  RoleRegistrationCreate: "registration_create",
  RoleEventManage: "event_manage",
  RoleResultsRead: "results_read",
  RoleResultsManage: "results_manage",
} as const satisfies Record<`Role${string}`, RoleName>;

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

/**
 * The role check of server scopes and of the client's menu and guard (one implementation):
 * passes when nothing is required, for admin, or with any one of the required roles; both
 * spellings of the results roles count alike.
 */
export function hasAnyRole(roles: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  const held = heldRoles(roles);
  if (held.has("admin")) return true;
  return required.some((r) => held.has(ALIASES[r] ?? r));
}

// A principal's roles are checked for every row of a list: the set is built once per
// roles array. Role arrays are never changed in place (a principal gets a new one).
const heldSets = new WeakMap<readonly string[], Set<string>>();
function heldRoles(roles: readonly string[]): Set<string> {
  let held = heldSets.get(roles);
  if (!held) {
    held = new Set(roles.map((r) => ALIASES[r] ?? r));
    heldSets.set(roles, held);
  }
  return held;
}
