import { ROLES } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { visibleMenuRouteNames } from "./menuModel";
import { apiExplorerRoute, appRoutes, canAccess, pageTitle, routeTitle, toolRoutes } from "./routeTable";

describe("tool routes (issue 11: API-Explorer)", () => {
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

  it("stays out of the spec's route table and the menu, and its path is unique", () => {
    expect(appRoutes.some((route) => route.kind === "tool")).toBe(false);
    expect(visibleMenuRouteNames(["admin"])).not.toContain("apiExplorer");
    const paths = [...appRoutes, ...toolRoutes].map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
