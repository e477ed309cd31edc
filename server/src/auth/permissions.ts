// The permission table's server side: `authorize(principal, op)` for services, the `operation` auth
// scope of GraphQL fields and the operations the /v1 routes name, and the tenancy rule that narrows
// an operation to rows (actsOn, actsOnWhere). The table itself (operations, roles, tenancy, district
// roles) is server/src/shared/permissions.ts, shared with the client.

import { hasDistrictRoles, isAdmin, mayCall, type Operation, PERMISSIONS, PERSON_ONLY, type Permission } from "../shared/permissions.ts";
import { AppError, forbidden } from "./errors.ts";
import { isMachine, type Principal } from "./principal.ts";

export { type Operation, PERMISSIONS, PERSON_ONLY, type Permission, type Tenancy } from "../shared/permissions.ts";

export function isAllowed(principal: Principal | null, op: Operation): boolean {
  if (!principal || principal.blocked) return false;
  if (isMachine(principal) && PERSON_ONLY.has(op)) return false;
  return mayCall(principal.roles, op);
}

/** A row as tenancy sees it: the district association it belongs to and, if any, its club. */
export type Owner = {
  districtAssociationId: number;
  associationId?: number | null;
  /** the account that made the row (tenancy "registrantOrDistrict"); null once deleted */
  userId?: number | null;
  /** whether the row is published (tenancy "publishedOrDistrict") */
  published?: boolean;
};

/**
 * Whether `p` acts on a row of `owner` under `op`'s tenancy (the table's `tenancy` column): admin on
 * every row; "ownDistrict" on the own district's rows; "ownClubsOrDistrict" on the own clubs' rows,
 * and with one of the operation's `districtRoles` on the own district's rows ("publishedOrDistrict":
 * on published rows, and with those roles on the own district's); "none" on every row.
 * Not "self" (the own account is not a row of another owner). `actsOnWhere` is the same rule as a
 * Prisma where, for rows in the database.
 */
export function actsOn(p: Principal | null, op: Operation, owner: Owner): boolean {
  if (!p) return false;
  const { tenancy } = PERMISSIONS[op] as Permission;
  if (tenancy === "none" || isAdmin(p.roles)) return true;
  const ownDistrict = p.districtAssociationId === owner.districtAssociationId;
  if (tenancy === "ownDistrict") return ownDistrict;
  if (tenancy === "registrantOrDistrict")
    return (p.kind === "user" && owner.userId != null && owner.userId === p.userId) || (ownDistrict && hasDistrictRoles(p.roles, op));
  if (tenancy === "publishedOrDistrict") return owner.published === true || (ownDistrict && hasDistrictRoles(p.roles, op));
  if (tenancy !== "ownClubsOrDistrict") return false;
  if (owner.associationId != null && p.associationIds.includes(owner.associationId)) return true;
  return ownDistrict && hasDistrictRoles(p.roles, op);
}

/** How a model reaches the owner of its rows, for `actsOnWhere`. */
export type OwnerPaths<D extends object, C extends object> = {
  district: (districtAssociationId: number) => D;
  clubs?: (associationIds: number[]) => C;
  /** the rows the account made (tenancy "registrantOrDistrict") */
  registrant?: (userId: number) => C;
  /** the published rows (tenancy "publishedOrDistrict") */
  published?: () => C;
};

/**
 * `actsOn` as a Prisma where over a model (`paths` say how its rows name their district and club):
 * every row for admin and "none", the own district's for "ownDistrict" (and for the district roles
 * of "ownClubsOrDistrict"), the own clubs' otherwise.
 */
export function actsOnWhere<D extends object, C extends object = D>(
  p: Principal,
  op: Operation,
  paths: OwnerPaths<D, C>,
): D | C | { OR: (D | C)[] } | Record<string, never> {
  const { tenancy } = PERMISSIONS[op] as Permission;
  if (tenancy === "none" || isAdmin(p.roles)) return {};
  if (tenancy === "self") throw new Error(`${op}: the own account is no row of an owner`);
  const district = paths.district(p.districtAssociationId);
  if (tenancy === "ownDistrict") return district;
  if (tenancy === "registrantOrDistrict") {
    if (!paths.registrant) throw new Error(`${op}: its rows belong to the accounts that made them, give their path`);
    // a machine client made no row
    const own = paths.registrant(p.kind === "user" ? p.userId : -1);
    return hasDistrictRoles(p.roles, op) ? { OR: [district, own] } : own;
  }
  if (tenancy === "publishedOrDistrict") {
    if (!paths.published) throw new Error(`${op}: its rows are seen once published, give that path`);
    const published = paths.published();
    return hasDistrictRoles(p.roles, op) ? { OR: [published, district] } : published;
  }
  if (!paths.clubs) throw new Error(`${op}: its rows belong to clubs, give their path`);
  const clubs = paths.clubs(p.associationIds);
  return hasDistrictRoles(p.roles, op) ? { OR: [district, clubs] } : clubs;
}

/** May call `op` on a row of `owner`: the operation's roles (isAllowed) and its tenancy (actsOn), as a door checks both. */
export const mayActOn = (p: Principal | null, op: Operation, owner: Owner): boolean => isAllowed(p, op) && actsOn(p, op, owner);

/** Throws 401/403 unless the principal may call the operation at all; row tenancy is the service's job. */
export function authorize(principal: Principal | null, op: Operation): Principal {
  if (!principal) throw new AppError("UNAUTHENTICATED", "Nicht angemeldet");
  if (isMachine(principal) && PERSON_ONLY.has(op))
    throw new AppError("FORBIDDEN", "Diese Aktion ist nur für angemeldete Personen möglich, nicht für API-Zugänge");
  if (!isAllowed(principal, op)) throw forbidden();
  return principal;
}
