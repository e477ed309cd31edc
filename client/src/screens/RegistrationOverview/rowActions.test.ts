import { describe, expect, it } from "vitest";
import { t } from "../../i18n/translate";
import {
  competitionRowActions,
  DEXAM_ACTION_LABELS,
  type DexamViewerCan,
  dexamRowActions,
  openAction,
  overviewExportPaths,
  ROW_ACTION_LABELS,
} from "./rowActions";

const nothing: DexamViewerCan = {
  edit: "NONE",
  delete: false,
  cancel: false,
  takeOver: false,
  downloadPracticeSheet: false,
  downloadConsentForm: false,
  history: false,
};

describe("D-exam row menu", () => {
  it('[R-RO018] the registration opens as "Bearbeiten", "Stücke eintragen" or "Ansehen" by the edit scope', () => {
    expect(dexamRowActions({ ...nothing, edit: "ALL" }, true)).toEqual(["edit"]);
    expect(dexamRowActions({ ...nothing, edit: "SONGS" }, true)).toEqual(["songs"]);
    expect(dexamRowActions(nothing, true)).toEqual(["view"]);
    expect(dexamRowActions(nothing, true).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual(["Ansehen"]);
  });

  it("[R-RO019][R-RO020][R-RO027][R-RO029][R-RO030] the server's flags decide the other entries, in a fixed order", () => {
    const all = { edit: "ALL", delete: true, cancel: true, takeOver: true, downloadPracticeSheet: true, downloadConsentForm: true, history: true };
    expect(dexamRowActions(all)).toEqual(["edit", "takeOver", "practiceSheet", "consentForm", "calendar", "history", "cancel", "delete"]);
    expect(dexamRowActions({ ...nothing, edit: "SONGS", cancel: true }).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual([
      "Stücke eintragen",
      "In den Kalender",
      "Stornieren",
    ]);
    expect(dexamRowActions({ ...nothing, edit: "ALL", delete: true, takeOver: true }).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual([
      "Bearbeiten",
      "Teilergebnis übernehmen",
      "In den Kalender",
      "Löschen",
    ]);
  });

  it("registration_manage gets 'Angaben zur Freizeit löschen' before delete when the server offers it (a camp that has ended)", () => {
    expect(dexamRowActions({ ...nothing, eraseCampData: true, delete: true }, true).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual([
      "Ansehen",
      "Angaben zur Freizeit löschen",
      "Löschen",
    ]);
  });

  it("the appointments are offered while the registration is live; the change history only when the server allows it", () => {
    expect(dexamRowActions(nothing)).toEqual(["view", "calendar"]);
    expect(dexamRowActions({ ...nothing, history: true }, true)).toEqual(["view", "history"]);
    expect(t(DEXAM_ACTION_LABELS.history)).toBe("Änderungen");
    expect(overviewExportPaths.dexamCalendar(7)).toBe("/registration/dexam/7/calendar");
    expect(overviewExportPaths.competitionCalendar(8)).toBe("/registration/competition/8/calendar");
  });

  it("[R-RO028][R-RO029][R-API040][R-API041] downloads go to the /v1 export paths", () => {
    expect(overviewExportPaths.practiceSheet(7)).toBe("/export/registration/dexam/7/practice_sheet");
    expect(overviewExportPaths.consentForm(7)).toBe("/export/registration/dexam/7/consent_form");
    expect(overviewExportPaths.consentForms(3)).toBe("/export/event/3/consent_forms");
  });
});

describe("competition row menu", () => {
  const none = { edit: "NONE", delete: false, cancel: false, history: false };

  it('[R-RO018] the registration opens as "Bearbeiten", "Stücke eintragen" or "Ansehen" as for D-exams', () => {
    expect(["ALL", "SONGS", "NONE", "%future added value"].map(openAction)).toEqual(["edit", "songs", "view", "view"]);
    expect(competitionRowActions({ ...none, edit: "SONGS" }, true).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual(["Stücke eintragen"]);
  });

  it("[R-RO021][R-RO022] the server's delete-or-cancel flags decide: delete (user_manage or NoRestrictions), otherwise cancel", () => {
    expect(competitionRowActions({ ...none, edit: "ALL", delete: true }).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual([
      "Bearbeiten",
      "In den Kalender",
      "Löschen",
    ]);
    expect(competitionRowActions({ ...none, cancel: true }).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual([
      "Ansehen",
      "In den Kalender",
      "Stornieren",
    ]);
    // a cancelled row: only viewed
    expect(competitionRowActions(none, true)).toEqual(["view"]);
  });
});
