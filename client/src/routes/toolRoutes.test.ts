import { mayCall, PERMISSIONS } from "@shared/permissions";
import { ROLES } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { visibleMenuRouteNames } from "./menuModel";
import { apiExplorerRoute, appRoutes, canAccess, pageTitle, routeTitle, toolRoutes, webhookManageRoute } from "./routeTable";

describe("tool routes (API-Explorer)", () => {
  it("the API-Explorer lives at /api-explorer with its own title", () => {
    expect(apiExplorerRoute.path).toBe("/api-explorer");
    expect(pageTitle(routeTitle(apiExplorerRoute))).toBe("API-Explorer - Anmeldesystem");
  });

  it.each(ROLES.map((role) => [role]))("staff with only %s may open it (the server lets every role introspect)", (role) => {
    expect(canAccess(apiExplorerRoute, [role])).toBe(true);
  });

  it("members (no role) may not; the results roles' other spelling counts as staff", () => {
    expect(canAccess(apiExplorerRoute, [])).toBe(false);
    expect(canAccess(apiExplorerRoute, ["result_read"])).toBe(true);
  });

  it("stays out of the spec's route table, and its path is unique", () => {
    expect(appRoutes.some((route) => route.kind === "tool")).toBe(false);
    const paths = [...appRoutes, ...toolRoutes].map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(ROLES.map((role) => [role]))("the menu links it for staff with only %s, after the screens and before help", (role) => {
    const names = visibleMenuRouteNames([role]);
    expect(names).toContain("apiExplorer");
    expect(names.indexOf("apiExplorer")).toBeLessThan(names.indexOf("startPageHelp"));
  });

  it("the menu has no link to it for members (no role), who may not introspect", () => {
    expect(visibleMenuRouteNames([])).not.toContain("apiExplorer");
  });
});

describe("the webhooks screen", () => {
  it("is opened by exactly the roles that list and manage webhooks on the server", () => {
    expect(webhookManageRoute.path).toBe("/webhooks");
    expect(webhookManageRoute.roles).toEqual(PERMISSIONS["webhook.list"].access);
    expect(PERMISSIONS["webhook.manage"].access).toEqual(PERMISSIONS["webhook.list"].access);
    const allowed = PERMISSIONS["webhook.list"].access;
    const others = ROLES.filter((role) => !mayCall([role], "webhook.list"));
    expect(allowed.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const role of allowed) expect(canAccess(webhookManageRoute, [role])).toBe(true);
    expect(canAccess(webhookManageRoute, others)).toBe(false);
    expect(canAccess(webhookManageRoute, [])).toBe(false);
  });
});
