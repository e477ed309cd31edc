// The tenancy column of the permission table, as the code reads it: actsOn (a row in memory) and
// actsOnWhere (the same rule as a where for the database) for each kind of tenancy.
import { describe, expect, it } from "vitest";
import { hasDistrictRoles, isAdmin, mayCall } from "../shared/permissions.ts";
import { actsOn, actsOnWhere, isAllowed, type Operation, type Owner, PERMISSIONS, type Permission } from "./permissions.ts";
import type { Principal } from "./principal.ts";

const principal = (roles: string[], districtAssociationId: number, associationIds: number[] = []): Principal => ({
  kind: "user",
  userId: 1,
  subject: "s",
  roles: roles as Principal["roles"],
  districtAssociationId,
  associationIds,
  blocked: false,
  profileComplete: true,
});

/** Paths whose "where" is data this test can evaluate against an owner. */
type W = { district: number } | { clubs: number[] } | { registrant: number } | { published: true } | { OR: W[] } | Record<string, never>;
const paths = {
  district: (district: number): W => ({ district }),
  clubs: (clubs: number[]): W => ({ clubs }),
  registrant: (registrant: number): W => ({ registrant }),
  published: (): W => ({ published: true }),
};
function matches(w: W, o: Owner): boolean {
  if ("OR" in w) return (w.OR as W[]).some((x) => matches(x, o));
  if ("published" in w) return o.published === true;
  if ("registrant" in w) return o.userId != null && w.registrant === o.userId;
  if ("district" in w) return w.district === o.districtAssociationId;
  if ("clubs" in w) return o.associationId != null && (w.clubs as number[]).includes(o.associationId);
  return true;
}

const owners: Owner[] = [
  { districtAssociationId: 1, associationId: 10, userId: 1 },
  { districtAssociationId: 1, associationId: 10, userId: 2 },
  { districtAssociationId: 2, associationId: 20, userId: 1 },
  { districtAssociationId: 1, associationId: 10 },
  { districtAssociationId: 1, associationId: 11 },
  { districtAssociationId: 2, associationId: 20 },
  { districtAssociationId: 2 },
  { districtAssociationId: 1 },
  { districtAssociationId: 1, published: true },
  { districtAssociationId: 2, published: true },
  { districtAssociationId: 2, published: false },
];
const principals = [
  principal([], 1, [10]),
  principal([], 1, [20]),
  principal(["registration_read"], 1),
  principal(["registration_manage"], 2, [10]),
  principal(["results_read"], 1, [11]),
  principal(["user_manage"], 2),
  principal(["association_manage"], 1),
  principal(["admin"], 3),
];

describe("the permission table's tenancy, as the code reads it", () => {
  it("[R-RP020] members act on their own clubs' rows, the operation's district roles on their district's, admin everywhere", () => {
    const member = principal([], 1, [10]);
    expect(actsOn(member, "dexam.read", { districtAssociationId: 2, associationId: 10 })).toBe(true);
    expect(actsOn(member, "dexam.read", { districtAssociationId: 1, associationId: 11 })).toBe(false);
    const reader = principal(["registration_read"], 1);
    expect(actsOn(reader, "dexam.read", { districtAssociationId: 1, associationId: 11 })).toBe(true);
    expect(actsOn(reader, "dexam.read", { districtAssociationId: 2, associationId: 20 })).toBe(false);
    // reading is not changing: registration_read has no district role of dexam.update
    expect(actsOn(reader, "dexam.update", { districtAssociationId: 1, associationId: 11 })).toBe(false);
    expect(actsOn(principal(["admin"], 3), "dexam.update", { districtAssociationId: 1 })).toBe(true);
    expect(actsOn(null, "dexam.read", { districtAssociationId: 1, associationId: 10 })).toBe(false);
  });

  it("registrantOrDistrict: camp health data for the account that registered and the district's registration staff, not for other accounts of the club", () => {
    const registrant = principal([], 1, [10]); // userId 1
    const otherAccount = { ...principal([], 1, [10]), userId: 2 };
    const row = { districtAssociationId: 1, associationId: 10, userId: 1 };
    expect(actsOn(registrant, "dexam.campData.read", row)).toBe(true);
    expect(actsOn(otherAccount, "dexam.campData.read", row)).toBe(false);
    expect(actsOn(otherAccount, "dexam.read", row)).toBe(true);
    expect(actsOn(otherAccount, "dexam.consentForm", row)).toBe(false);
    expect(actsOn({ ...principal(["registration_read"], 1), userId: 5 }, "dexam.campData.read", row)).toBe(true);
    expect(actsOn({ ...principal(["registration_read"], 2), userId: 5 }, "dexam.campData.read", row)).toBe(false);
    expect(actsOn({ ...principal(["results_manage"], 1), userId: 5 }, "dexam.campData.read", row)).toBe(false);
    expect(actsOn({ ...principal(["admin"], 3), userId: 5 }, "dexam.campData.read", row)).toBe(true);
    // a deleted registering account (userId null) and a machine client (userId 0) are nobody's registrant
    expect(actsOn({ ...principal([], 1, [10]), userId: 0, kind: "client" }, "dexam.campData.read", { ...row, userId: 0 })).toBe(false);
    expect(actsOn(registrant, "dexam.campData.read", { ...row, userId: null })).toBe(false);
  });

  it("[R-RP020] ownDistrict: the own district's rows only (admin all); none: every row", () => {
    expect(actsOn(principal(["results_read"], 1), "results.list", { districtAssociationId: 1 })).toBe(true);
    expect(actsOn(principal(["results_read"], 1), "results.list", { districtAssociationId: 2 })).toBe(false);
    expect(actsOnWhere(principal(["results_read"], 1), "results.list", paths)).toEqual({ district: 1 });
    expect(actsOnWhere(principal(["admin"], 1), "results.list", paths)).toEqual({});
    expect(actsOn(principal([], 1), "location.read", { districtAssociationId: 2 })).toBe(true);
  });

  it("publishedOrDistrict: published events for everyone, the own district's unpublished ones for the district roles, admin all", () => {
    const unpublished = { districtAssociationId: 1, published: false };
    expect(actsOn(principal([], 2), "event.read", { districtAssociationId: 1, published: true })).toBe(true);
    expect(actsOn(principal([], 1), "event.read", unpublished)).toBe(false);
    expect(actsOn(principal(["user_manage"], 1), "event.read", unpublished)).toBe(false);
    for (const role of ["registration_read", "registration_manage", "event_manage", "results_read", "results_manage"]) {
      expect(actsOn(principal([role], 1), "event.read", unpublished), role).toBe(true);
      expect(actsOn(principal([role], 2), "event.read", unpublished), role).toBe(false);
    }
    expect(actsOn(principal(["admin"], 2), "event.read", unpublished)).toBe(true);
    expect(actsOnWhere(principal(["event_manage"], 1), "event.list", paths)).toEqual({ OR: [{ published: true }, { district: 1 }] });
    expect(actsOnWhere(principal([], 1), "event.list", paths)).toEqual({ published: true });
  });

  it("[R-RP019] the where and the in-memory rule answer alike for every operation, principal and row", () => {
    for (const op of Object.keys(PERMISSIONS) as Operation[]) {
      if ((PERMISSIONS[op] as Permission).tenancy === "self") continue;
      for (const p of principals) {
        const where = actsOnWhere(p, op, paths) as W;
        for (const o of owners) expect(matches(where, o), `${op} ${p.roles.join()} ${JSON.stringify(o)}`).toBe(actsOn(p, op, o));
      }
    }
  });

  it("[R-RP019] every ownClubsOrDistrict, registrantOrDistrict and publishedOrDistrict operation names its district roles, and only those do", () => {
    for (const [op, p] of Object.entries(PERMISSIONS) as [string, Permission][]) {
      if (p.tenancy === "ownClubsOrDistrict" || p.tenancy === "registrantOrDistrict" || p.tenancy === "publishedOrDistrict")
        expect(p.districtRoles?.length, op).toBeGreaterThan(0);
      else expect(p.districtRoles, op).toBeUndefined();
    }
  });

  it("the client's questions answer as the server's: mayCall as isAllowed for a person, hasDistrictRoles as actsOn on an own district's row", () => {
    for (const op of Object.keys(PERMISSIONS) as Operation[]) {
      for (const p of principals) {
        expect(mayCall(p.roles, op), `${op} ${p.roles.join()}`).toBe(isAllowed(p, op));
        if ((PERMISSIONS[op] as Permission).tenancy === "ownClubsOrDistrict" && !isAdmin(p.roles))
          expect(hasDistrictRoles(p.roles, op), `${op} ${p.roles.join()}`).toBe(actsOn(p, op, { districtAssociationId: p.districtAssociationId }));
      }
    }
    expect(isAdmin(["admin"])).toBe(true);
    expect(isAdmin(["user_manage", "results_manage"])).toBe(false);
  });
});
