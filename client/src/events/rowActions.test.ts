import { mayCall } from "@shared/permissions";
import { ROLES } from "@shared/roles";
import { describe, expect, it } from "vitest";
import { eventRowActions as allEventRowActions, exportPaths, locationRowActions } from "./rowActions";

// the spec's entries; the timetable link (beyond the spec) follows the permission table, tested below with allEventRowActions
const eventRowActions = (...args: Parameters<typeof allEventRowActions>) => allEventRowActions(...args).filter((action) => action !== "timetable");

describe("event row menu", () => {
  it("[R-EV008][R-EV009][R-EV010] edit, delete and copy need event_manage and a row the viewer may change", () => {
    expect(eventRowActions(["event_manage"], true, "DEXAM")).toEqual(["edit", "delete", "copy"]);
    expect(eventRowActions(["event_manage"], false, "DEXAM")).toEqual([]);
    expect(eventRowActions(["registration_read"], true, "DEXAM")).toEqual(["statistic"]);
  });

  it("[R-EV019][R-EV020] statistics need a registration role, the certificate list a results role; admin gets all", () => {
    expect(eventRowActions(["registration_manage", "results_read"], false, "DEXAM")).toEqual(["statistic", "certificateList"]);
    expect(eventRowActions(["result_manage"], false, "DEXAM")).toEqual(["certificateList"]);
    expect(eventRowActions(["admin"], true, "DEXAM")).toEqual(["edit", "delete", "statistic", "copy", "certificateList"]);
    expect(exportPaths.certificateList(7)).toBe("/export/event/7/dexam/certificate_list");
  });

  it("[R-EV020][R-API036] the certificate list is offered for D-exam events only, never for a competition", () => {
    expect(eventRowActions(["admin"], true, "DEXAM_CAMP")).toContain("certificateList");
    expect(eventRowActions(["admin"], true, "COMPETITION")).toEqual(["edit", "delete", "statistic", "copy"]);
    expect(eventRowActions(["results_manage"], false, "COMPETITION")).toEqual([]);
  });
});

describe("event row menu: timetable", () => {
  it("links the timetable (Zeitplan) for exactly the roles of timetable.read, for every form type", () => {
    for (const role of ROLES) {
      const offered = mayCall([role], "timetable.read");
      for (const formType of ["DEXAM", "DEXAM_CAMP", "COMPETITION"] as const)
        expect(allEventRowActions([role], false, formType).includes("timetable")).toBe(offered);
    }
    expect(ROLES.some((role) => mayCall([role], "timetable.read"))).toBe(true);
  });
});

describe("location row menu", () => {
  it("[R-LO008][R-LO009][R-LO010] statistics and overview list only for D-exam events", () => {
    expect(locationRowActions(["event_manage", "registration_manage"], true, "DEXAM", "DEXAM_THEORY")).toEqual(["edit", "delete", "statistic", "overview"]);
    expect(locationRowActions(["event_manage", "registration_manage"], true, "COMPETITION", "COMPETITION")).toEqual(["edit", "delete"]);
    expect(locationRowActions(["registration_read"], true, "DEXAM_CAMP", "DEXAM_PREPARATION")).toEqual(["statistic", "overview"]);
  });

  it("[R-LO011][R-LO012] evaluation sheets only for practice locations; the filled ones once the server says some were uploaded", () => {
    expect(locationRowActions(["registration_read"], false, "DEXAM", "DEXAM_PRACTICE", true)).toEqual(["statistic", "overview", "blankSheets", "sheets"]);
    expect(locationRowActions(["registration_read"], false, "DEXAM", "DEXAM_PRACTICE", false)).toEqual(["statistic", "overview", "blankSheets"]);
    expect(exportPaths.blankSheets(3)).toBe("/export/location/3/dexam/blank_practice_sheets");
    expect(exportPaths.sheets(3)).toBe("/export/location/3/dexam/practice_sheets");
  });
});
