import { hasAnyRole } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { appRoutes, canAccess, findRoute, helpRoutes, pageTitle, type RouteName, routeTitle, screenRoutes } from "./routeTable";

const EVENT = ["registration_read", "registration_manage", "event_manage"];

// [requirement ids, name, path, German title, roles] exactly as spec §2 lists them.
const expectedRoutes: [string, RouteName, string, string, string[]][] = [
  ["[R-SH015]", "start", "/", "Start", []],
  ["[R-SH016]", "editProfile", "/user/profile", "Mein Account bearbeiten", []],
  ["[R-SH017]", "associationUserEdit", "/association/edit", "Mein Verein bearbeiten", []],
  ["[R-SH018]", "registrationOverview", "/registration/overview", "Anmeldungsübersicht", []],
  ["[R-SH019]", "userManage", "/user/manage", "Benutzerverwaltung", ["user_read", "user_manage"]],
  ["[R-SH020]", "associationManage", "/association/manage", "Vereinsverwaltung", ["association_read", "association_manage"]],
  ["[R-SH021]", "districtAssociationManage", "/districtassociation/manage", "Kreisverbandsverwaltung", ["admin"]],
  ["[R-SH022]", "eventManage", "/event/manage", "Veranstaltungen", EVENT],
  ["[R-SH023]", "eventLocationManage", "/event/location/manage", "Veranstaltungsorte", EVENT],
  ["[R-SH024]", "resultManage", "/result/manage", "Ergebnisverwaltung", ["results_read", "results_manage"]],
  ["[R-SH025]", "startPageHelp", "/help/start", "Hilfe: Start", []],
  ["[R-SH025]", "userAccountHelp", "/help/user/account", "Hilfe: Mein Account bearbeiten", []],
  ["[R-SH025]", "associationUserEditHelp", "/help/association/edit", "Hilfe: Mein Verein bearbeiten", []],
  ["[R-SH025]", "registrationOverviewHelp", "/help/registration/overview", "Hilfe: Anmeldungsübersicht", []],
  ["[R-SH026]", "userManageHelp", "/help/user/manage", "Hilfe: Benutzerverwaltung", ["user_read", "user_manage"]],
  ["[R-SH027]", "associationManageHelp", "/help/association/manage", "Hilfe: Vereinsverwaltung", ["association_read", "association_manage"]],
  ["[R-SH028]", "eventManageHelp", "/help/event/manage", "Hilfe: Veranstaltungen", EVENT],
  ["[R-SH029]", "eventLocationManageHelp", "/help/event/location/manage", "Hilfe: Veranstaltungsorte", EVENT],
  ["[R-SH030]", "resultManageHelp", "/help/result/manage", "Hilfe: Ergebnisverwaltung", ["results_read", "results_manage"]],
];

describe("route table", () => {
  it.each(expectedRoutes)('%s route %s has path %s, title "%s" and roles %j', (_ids, name, path, title, roles) => {
    const route = findRoute(name);
    expect(route.path).toBe(path);
    expect(routeTitle(route)).toBe(title);
    expect([...route.roles].sort()).toEqual([...roles].sort());
  });

  it("[R-SH031] holds exactly the ten screen names and nine help names, in the listing order of the spec", () => {
    expect(appRoutes.map((route) => route.name)).toEqual(expectedRoutes.map(([, name]) => name));
    expect(screenRoutes).toHaveLength(10);
    expect(helpRoutes).toHaveLength(9);
    expect(new Set(appRoutes.map((route) => route.path)).size).toBe(appRoutes.length);
  });

  it('[R-SH012] a route with a title gets "{title} - Anmeldesystem"', () => {
    expect(pageTitle(routeTitle(findRoute("userManage")))).toBe("Benutzerverwaltung - Anmeldesystem");
    expect(pageTitle(routeTitle(findRoute("start")))).toBe("Start - Anmeldesystem");
    expect(pageTitle(routeTitle(findRoute("eventManageHelp")))).toBe("Hilfe: Veranstaltungen - Anmeldesystem");
  });

  it('[R-SH013] a route without a title gets "Anmeldesystem"', () => {
    expect(pageTitle()).toBe("Anmeldesystem");
    expect(pageTitle("")).toBe("Anmeldesystem");
  });
});

describe("hasAnyRole", () => {
  it.each([
    ["[R-SH015]", [], [], true],
    ["[R-SH019]", ["user_read"], ["user_read", "user_manage"], true],
    ["[R-SH019]", ["user_manage"], ["user_read", "user_manage"], true],
    ["[R-SH032]", ["association_read"], ["user_read", "user_manage"], false],
    ["[R-SH032]", [], ["admin"], false],
    ["[R-SH032]", ["registration_create"], EVENT, false],
    ["[R-SH033]", ["admin"], ["user_read"], true],
    ["[R-SH033]", ["admin"], ["results_manage"], true],
    ["[R-SH024]", ["result_read"], ["results_read", "results_manage"], true],
    ["[R-SH024]", ["results_read"], ["result_read"], true],
    ["[R-SH024]", ["result_manage"], ["results_read", "results_manage"], true],
  ] as const)("%s roles %j against %j -> %s", (_id, held, required, expected) => {
    expect(hasAnyRole(held, required)).toBe(expected);
  });

  it("[R-SH032][R-SH033] a user without roles may only open the unrestricted routes; admin opens all", () => {
    expect(appRoutes.filter((route) => canAccess(route, [])).map((route) => route.name)).toEqual([
      "start",
      "editProfile",
      "associationUserEdit",
      "registrationOverview",
      "startPageHelp",
      "userAccountHelp",
      "associationUserEditHelp",
      "registrationOverviewHelp",
    ]);
    expect(appRoutes.every((route) => canAccess(route, ["admin"]))).toBe(true);
  });
});
