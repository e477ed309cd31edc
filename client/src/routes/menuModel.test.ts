import { describe, expect, it } from "vitest";
import { buildMenu, visibleMenuRouteNames } from "./menuModel";

const everyone = ["start", "editProfile", "associationUserEdit", "registrationOverview"];
const everyoneHelp = ["startPageHelp", "userAccountHelp", "associationUserEditHelp", "registrationOverviewHelp"];

describe("menu visibility", () => {
  it.each([
    ["[R-SH052]", [], [...everyone, ...everyoneHelp]],
    ["[R-SH046][R-SH051]", ["user_read"], [...everyone, "userManage", "apiExplorer", ...everyoneHelp, "userManageHelp"]],
    // user_manage also manages the district's webhooks (beyond the spec; the server's webhook.list)
    ["[R-SH046][R-SH051]", ["user_manage"], [...everyone, "userManage", "webhookManage", "apiExplorer", ...everyoneHelp, "userManageHelp"]],
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
    // registration_manage also answers erasure and access requests ("Auskunft und Löschung") and reads
    // the health-data access log (beyond the spec; the server's registration.person, healthDataAccess.list)
    [
      "[R-SH049][R-SH051]",
      ["registration_manage"],
      [
        ...everyone,
        "eventManage",
        "eventLocationManage",
        "personData",
        "healthAccessLog",
        "apiExplorer",
        ...everyoneHelp,
        "eventManageHelp",
        "eventLocationManageHelp",
      ],
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
        "personData",
        "healthAccessLog",
        "webhookManage",
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
    expect(visibleMenuRouteNames(roles)).toEqual(expected);
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
