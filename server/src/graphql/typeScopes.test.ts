// The row rules of DexamRegistration, Association, User and DistrictAssociation run once per object (Pothos'
// runScopesOnType: in the type's isTypeOf) instead of before each of its fields. They
// must still refuse a row the principal may not read, and let a readable one through.
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql";
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal.ts";
import { schema } from "./schema.ts";

const principal = (over: Partial<Principal>): Principal => ({
  kind: "user",
  userId: 7,
  subject: "sub-7",
  roles: [],
  districtAssociationId: 1,
  associationIds: [],
  blocked: false,
  profileComplete: true,
  ...over,
});
/** Whether the type lets `row` through for `p` (true), or the error it refuses it with. */
function check(typeName: string, row: object, p: Principal): true | { message: string; code: unknown } {
  const type = schema.getType(typeName) as GraphQLObjectType;
  expect(type.isTypeOf, `${typeName} checks its rows in isTypeOf`).toBeTypeOf("function");
  try {
    const ok = type.isTypeOf!(row, { principal: p }, {} as GraphQLResolveInfo);
    expect(ok).toBe(true);
    return true;
  } catch (e) {
    const error = e as { message: string; extensions?: { code?: unknown } };
    return { message: error.message, code: error.extensions?.code };
  }
}

describe("type scopes run once per object", () => {
  const registration = { id: 1, associationId: 5, event: { districtAssociationId: 1 } };
  it("[R-RO014] a D-exam registration: its club's member and its district's registration staff read it; others are refused", () => {
    expect(check("DexamRegistration", registration, principal({ associationIds: [5] }))).toBe(true);
    expect(check("DexamRegistration", registration, principal({ roles: ["registration_read"] }))).toBe(true);
    const refused = { message: "Keine Berechtigung für diese Aktion", code: "FORBIDDEN" };
    expect(check("DexamRegistration", registration, principal({ associationIds: [6] }))).toEqual(refused);
    expect(check("DexamRegistration", registration, principal({ roles: ["registration_read"], districtAssociationId: 2 }))).toEqual(refused);
  });

  it("[R-CM003] a club: its members and its district's staff read it; staff of another district are refused", () => {
    const club = { id: 5, name: "MV", districtAssociationId: 1 };
    expect(check("Association", club, principal({ associationIds: [5] }))).toBe(true);
    expect(check("Association", club, principal({ roles: ["association_read"] }))).toBe(true);
    expect(check("Association", club, principal({ roles: ["association_read"], districtAssociationId: 2 }))).toEqual({
      message: "Keine Berechtigung für diese Aktion",
      code: "FORBIDDEN",
    });
  });

  it("[R-UM005] a user: the user themself, admin and their district's user staff read it; another district's staff and other members are refused", () => {
    const user = { id: 9, districtAssociationId: 1 };
    const refused = { message: "Keine Berechtigung für diese Aktion", code: "FORBIDDEN" };
    expect(check("User", user, principal({ userId: 9 }))).toBe(true);
    expect(check("User", user, principal({ roles: ["admin"], districtAssociationId: 2 }))).toBe(true);
    expect(check("User", user, principal({ roles: ["user_read"] }))).toBe(true);
    expect(check("User", user, principal({ roles: ["user_read"], districtAssociationId: 2 }))).toEqual(refused);
    expect(check("User", user, principal({ associationIds: [5] }))).toEqual(refused);
  });

  it("a district association: every signed-in person reads it (names and links); without a principal it is refused", () => {
    const district = { id: 1, name: "KV", iamRef: "kv", gdprLink: "g", impressLink: "i" };
    expect(check("DistrictAssociation", district, principal({}))).toBe(true);
    expect(check("DistrictAssociation", district, principal({ roles: ["event_manage"], districtAssociationId: 2 }))).toBe(true);
    expect(check("DistrictAssociation", district, null as unknown as Principal)).not.toBe(true);
  });
});
