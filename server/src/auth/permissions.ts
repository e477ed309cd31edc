// Authorization as data: every operation of the API, who may call it, and the tenancy rule that
// narrows it to rows. Services call `authorize(principal, op)`; GraphQL fields use the
// `operation` auth scope; the /v1 routes name their operation; the test harness iterates this
// table and docs/authorization.md is generated from it (npm run docs:authorization).
import { AppError, forbidden } from "./errors.ts";
import type { Principal } from "./principal.ts";
import { hasAnyRole, type RoleName } from "./roles.ts";

export type Tenancy =
  /** no row-level restriction beyond being signed in */
  | "none"
  /** the principal's own user row */
  | "self"
  /** staff act within their own district association; admin everywhere */
  | "ownDistrict";

export type Permission = {
  /** "signedIn": every signed-in, not blocked user; otherwise any of these roles (admin always passes) */
  access: "signedIn" | readonly RoleName[];
  tenancy: Tenancy;
  graphql: readonly string[];
  rest: readonly string[];
  description: string;
};

export const PERMISSIONS = {
  "viewer.read": {
    access: "signedIn",
    tenancy: "self",
    graphql: ["Query.viewer"],
    rest: ["GET /v1/user/0"],
    description: "The signed-in user's own account (the spec's user id 0).",
  },
  "districtAssociation.list": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Query.districtAssociations"],
    rest: ["GET /v1/districtassociations"],
    description: "Names and links of all district associations (start-page picker, selector, footer links). IamRef only for admin.",
  },
  "districtAssociation.read": {
    access: "signedIn",
    tenancy: "none",
    graphql: ["Query.node(DistrictAssociation)"],
    rest: ["GET /v1/districtassociation/:id"],
    description: "One district association. IamRef only for admin.",
  },
} as const satisfies Record<string, Permission>;

export type Operation = keyof typeof PERMISSIONS;

export function isAllowed(principal: Principal | null, op: Operation): boolean {
  if (!principal || principal.blocked) return false;
  const { access } = PERMISSIONS[op] as Permission;
  return access === "signedIn" || hasAnyRole(principal.roles, access);
}

/** Throws 401/403 unless the principal may call the operation at all; row tenancy is the service's job. */
export function authorize(principal: Principal | null, op: Operation): Principal {
  if (!principal) throw new AppError("UNAUTHENTICATED", "Nicht angemeldet");
  if (!isAllowed(principal, op)) throw forbidden();
  return principal;
}
