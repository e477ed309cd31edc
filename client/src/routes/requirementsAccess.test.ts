import { ROLES, Role } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { visibleMenuRouteNames } from "./menuModel";
import { canAccess, findRoute, type RouteName } from "./routeTable";

/** Every role alone, all non-admin roles together, and no role at all. */
const STAFF = ROLES.filter((role) => role !== "admin");
const ROLE_SETS: readonly (readonly string[])[] = [...ROLES.map((role) => [role]), STAFF, []];

/** Who reaches a screen: by its route (the guard) and by its menu entry, for every role set. */
function reachable(name: RouteName): { route: string[]; menu: string[] } {
  const label = (roles: readonly string[]) => (roles.length === 0 ? "(none)" : roles.length > 1 ? "(all staff)" : roles[0]);
  const route = ROLE_SETS.filter((roles) => canAccess(findRoute(name), roles)).map(label);
  const menu = ROLE_SETS.filter((roles) => visibleMenuRouteNames(roles).includes(name)).map(label);
  return { route, menu };
}

describe("who reaches which management screen", () => {
  it("[R-DA001] district association management (route and menu) only with admin, not even with every other role", () => {
    expect(reachable("districtAssociationManage")).toEqual({ route: ["admin"], menu: ["admin"] });
  });

  it("[R-EV001] events (route and menu) with registration_read, registration_manage or event_manage (admin passes)", () => {
    const expected = ["admin", "registration_read", "registration_manage", "event_manage", "(all staff)"];
    expect(reachable("eventManage")).toEqual({ route: expected, menu: expected });
  });

  it("[R-LO001] event locations (route and menu) with registration_read, registration_manage or event_manage (admin passes)", () => {
    const expected = ["admin", "registration_read", "registration_manage", "event_manage", "(all staff)"];
    expect(reachable("eventLocationManage")).toEqual({ route: expected, menu: expected });
  });
});

describe("role names", () => {
  const camel = (snake: string) => `Role${snake.replace(/(^|_)([a-z])/g, (_m, _sep, letter: string) => letter.toUpperCase())}`;

  it("[R-RP004] the interface names each role with a Role prefix in camel case (RoleUserRead), standing for the snake-case API value", () => {
    expect(Role.RoleUserRead).toBe("user_read");
    expect(Object.entries(Role)).toEqual(ROLES.map((role) => [camel(role), role]));
  });
});
