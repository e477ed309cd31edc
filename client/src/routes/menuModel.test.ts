import { mayCall, type Operation } from "@shared/permissions";
import { ROLES } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { buildMenu, visibleMenuRouteNames } from "./menuModel";
import type { ToolRouteName } from "./routeTable";

// The screens beyond the spec's menu, each opened by the roles of one server operation: the rows
// below leave them out, the last test derives who sees them from the permission table.
const beyondSpec: Partial<Record<ToolRouteName, Operation>> = {
  timetable: "timetable.read",
  invoiceManage: "invoiceFees.read",
  personData: "registration.person",
  healthAccessLog: "healthDataAccess.list",
  webhookManage: "webhook.list",
};
const specMenu = (roles: readonly string[]) => visibleMenuRouteNames(roles).filter((name) => !(name in beyondSpec));

const everyone = ["start", "editProfile", "associationUserEdit", "registrationOverview"];
const everyoneHelp = ["startPageHelp", "userAccountHelp", "associationUserEditHelp", "registrationOverviewHelp"];

describe("menu visibility", () => {
  it.each([
    ["[R-SH052]", [], [...everyone, ...everyoneHelp]],
    ...(["user_read", "user_manage"] as const).map(
      (role) => ["[R-SH046][R-SH051]", [role], [...everyone, "userManage", "apiExplorer", ...everyoneHelp, "userManageHelp"]] as const,
    ),
    ["[R-SH047][R-SH051]", ["association_read"], [...everyone, "associationManage", "apiExplorer", ...everyoneHelp, "associationManageHelp"]],
    ["[R-SH047][R-SH051]", ["association_manage"], [...everyone, "associationManage", "apiExplorer", ...everyoneHelp, "associationManageHelp"]],
    ...(["registration_read", "event_manage"] as const).map(
      (role) =>
        [
          "[R-SH049][R-SH051]",
          [role],
          [...everyone, "eventManage", "eventLocationManage", "apiExplorer", ...everyoneHelp, "eventManageHelp", "eventLocationManageHelp"],
        ] as const,
    ),
    [
      "[R-SH049][R-SH051]",
      ["registration_manage"],
      [...everyone, "eventManage", "eventLocationManage", "apiExplorer", ...everyoneHelp, "eventManageHelp", "eventLocationManageHelp"],
    ],
    ["[R-SH050][R-SH051]", ["results_read"], [...everyone, "resultManage", "apiExplorer", ...everyoneHelp, "resultManageHelp"]],
    ["[R-SH050][R-SH051]", ["results_manage"], [...everyone, "resultManage", "apiExplorer", ...everyoneHelp, "resultManageHelp"]],
    ["[R-SH050]", ["result_read"], [...everyone, "resultManage", "apiExplorer", ...everyoneHelp, "resultManageHelp"]],
    ["[R-SH048]", ["registration_create", "invoice_read", "invoice_manage"], [...everyone, "apiExplorer", ...everyoneHelp]],
    [
      "[R-SH053][R-SH048]",
      ["admin"],
      [
        ...everyone,
        "userManage",
        "associationManage",
        "districtAssociationManage",
        "eventManage",
        "eventLocationManage",
        "resultManage",
        "apiExplorer",
        ...everyoneHelp,
        "userManageHelp",
        "associationManageHelp",
        "eventManageHelp",
        "eventLocationManageHelp",
        "resultManageHelp",
      ],
    ],
  ] as const)("%s roles %j see %j", (_ids, roles, expected) => {
    expect(specMenu(roles)).toEqual(expected);
  });

  it.each(Object.entries(beyondSpec))("the screen %s is in the menu of exactly the roles of the server's %s", (name, op) => {
    for (const role of ROLES) expect([role, visibleMenuRouteNames([role]).includes(name)]).toEqual([role, mayCall([role], op as Operation)]);
    expect(visibleMenuRouteNames([])).not.toContain(name);
  });

  it("[R-SH042][R-SH043][R-SH044] admin menu order: links, event group before results, help group last", () => {
    const menu = buildMenu(["admin"]);
    expect(menu.map((entry) => (entry.kind === "link" ? entry.route.name : entry.id))).toEqual([
      "start",
      "editProfile",
      "associationUserEdit",
      "registrationOverview",
      "userManage",
      "associationManage",
      "districtAssociationManage",
      "eventGroup",
      "resultManage",
      "timetable",
      "invoiceManage",
      "personData",
      "healthAccessLog",
      "webhookManage",
      "apiExplorer",
      "helpGroup",
    ]);
  });

  it("[R-SH049] the event group is absent without an event role", () => {
    expect(buildMenu(["user_manage"]).some((entry) => entry.kind === "group" && entry.id === "eventGroup")).toBe(false);
  });
});
