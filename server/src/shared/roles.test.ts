import { describe, expect, it } from "vitest";
import { rolesFromClaim } from "../auth/roles.ts";
import { hasAnyRole, normalizeRoles, ROLES } from "./roles.ts";

describe("roles", () => {
  it("[R-RP001] the thirteen roles of spec section 6", () => {
    const spec =
      "admin user_read user_manage association_read association_manage invoice_read invoice_manage registration_read registration_manage registration_create event_manage results_read results_manage";
    expect([...ROLES].sort()).toEqual(spec.split(" ").sort());
    expect(ROLES).toHaveLength(13);
  });

  it("[R-RP002] result_read and result_manage are accepted as results_read and results_manage", () => {
    expect(normalizeRoles(["result_read", "result_manage"])).toEqual(["results_read", "results_manage"]);
  });

  it("[R-RP003] roles are snake case; unknown strings and non-strings are dropped", () => {
    expect(normalizeRoles(["RoleUserRead", "user_read", 5, null, "superuser"])).toEqual(["user_read"]);
    expect(normalizeRoles("user_read event_manage")).toEqual(["user_read", "event_manage"]);
  });

  it("[R-RP006] admin passes every role check", () => {
    for (const r of ROLES) expect(hasAnyRole(["admin"], [r])).toBe(true);
    expect(hasAnyRole(["admin"], [])).toBe(true);
  });

  it("[R-RP019] a non-admin passes only with one of the required roles", () => {
    expect(hasAnyRole(["user_read"], ["user_read", "user_manage"])).toBe(true);
    expect(hasAnyRole(["user_read"], ["association_read"])).toBe(false);
    expect(hasAnyRole([], ["user_read"])).toBe(false);
  });

  it("[R-RP005] roles from a plain claim or ZITADEL's project-roles object claim", () => {
    expect(rolesFromClaim({ roles: ["event_manage"] }, "roles")).toEqual(["event_manage"]);
    expect(rolesFromClaim({ "urn:zitadel:iam:org:project:roles": { admin: { "1": "x" }, result_read: {} } }, "urn:zitadel:iam:org:project:roles")).toEqual([
      "admin",
      "results_read",
    ]);
    expect(rolesFromClaim({ realm_access: { roles: ["user_manage"] } }, "realm_access.roles")).toEqual(["user_manage"]);
    expect(rolesFromClaim({}, "roles")).toEqual([]);
  });
});
