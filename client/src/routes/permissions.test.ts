import { describe, expect, it } from "vitest";
import { ALL_ROLES, canEditRoles, canManageAssociations, canManageUsers } from "./permissions";

describe("screen permissions", () => {
  it("[R-UM001][R-RP007] user_manage (or admin) may change users; user_read only reads", () => {
    expect(canManageUsers(["user_manage"])).toBe(true);
    expect(canManageUsers(["admin"])).toBe(true);
    expect(canManageUsers(["user_read"])).toBe(false);
    expect(canManageUsers([])).toBe(false);
  });

  it("[R-CM001] association_manage (or admin) may create, edit and delete clubs; association_read only reads", () => {
    expect(canManageAssociations(["association_manage"])).toBe(true);
    expect(canManageAssociations(["admin"])).toBe(true);
    expect(canManageAssociations(["association_read"])).toBe(false);
    expect(canManageAssociations(["user_manage"])).toBe(false);
  });

  it("roles are edited only with the embedded sign-in and only by admins", () => {
    expect(canEditRoles(["admin"], true)).toBe(true);
    expect(canEditRoles(["admin"], false)).toBe(false);
    expect(canEditRoles(["user_manage"], true)).toBe(false);
  });

  it("[R-RP001] the role picker offers the 13 roles of spec §6", () => {
    expect(ALL_ROLES).toHaveLength(13);
    expect(new Set(ALL_ROLES).size).toBe(13);
  });
});
