import { describe, expect, it } from "vitest";
import { t } from "../i18n/translate";
import {
  competitionRowActions,
  DEXAM_ACTION_LABELS,
  type DexamViewerCan,
  dexamRowActions,
  openAction,
  overviewExportPaths,
  ROW_ACTION_LABELS,
} from "./rowActions";

const nothing: DexamViewerCan = { edit: "NONE", delete: false, cancel: false, takeOver: false, downloadPracticeSheet: false, downloadConsentForm: false };

describe("D-exam row menu", () => {
  it('[R-RO018] the registration opens as "Bearbeiten", "Stücke eintragen" or "Ansehen" by the edit scope', () => {
    expect(dexamRowActions({ ...nothing, edit: "ALL" })).toEqual(["edit"]);
    expect(dexamRowActions({ ...nothing, edit: "SONGS" })).toEqual(["songs"]);
    expect(dexamRowActions(nothing)).toEqual(["view"]);
    expect(dexamRowActions(nothing).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual(["Ansehen"]);
  });

  it("[R-RO019][R-RO020][R-RO027][R-RO029][R-RO030] the server's flags decide the other entries, in a fixed order", () => {
    const all = { edit: "ALL", delete: true, cancel: true, takeOver: true, downloadPracticeSheet: true, downloadConsentForm: true };
    expect(dexamRowActions(all)).toEqual(["edit", "takeOver", "practiceSheet", "consentForm", "cancel", "delete"]);
    expect(dexamRowActions({ ...nothing, edit: "SONGS", cancel: true }).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual([
      "Stücke eintragen",
      "Stornieren",
    ]);
    expect(dexamRowActions({ ...nothing, edit: "ALL", delete: true, takeOver: true }).map((action) => t(DEXAM_ACTION_LABELS[action]))).toEqual([
      "Bearbeiten",
      "Teilergebnis übernehmen",
      "Löschen",
    ]);
  });

  it("[R-RO028][R-RO029][R-API040][R-API041] downloads go to the /v1 export paths", () => {
    expect(overviewExportPaths.practiceSheet(7)).toBe("/export/registration/dexam/7/practice_sheet");
    expect(overviewExportPaths.consentForm(7)).toBe("/export/registration/dexam/7/consent_form");
    expect(overviewExportPaths.consentForms(3)).toBe("/export/event/3/consent_forms");
  });
});

describe("competition row menu", () => {
  const none = { edit: "NONE", delete: false, cancel: false };

  it('[R-RO018] the registration opens as "Bearbeiten", "Stücke eintragen" or "Ansehen" as for D-exams', () => {
    expect(["ALL", "SONGS", "NONE", "%future added value"].map(openAction)).toEqual(["edit", "songs", "view", "view"]);
    expect(competitionRowActions({ ...none, edit: "SONGS" }).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual(["Stücke eintragen"]);
  });

  it("[R-RO021][R-RO022] the server's delete-or-cancel flags decide: delete (user_manage or NoRestrictions), otherwise cancel", () => {
    expect(competitionRowActions({ edit: "ALL", delete: true, cancel: false }).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual([
      "Bearbeiten",
      "Löschen",
    ]);
    expect(competitionRowActions({ edit: "NONE", delete: false, cancel: true }).map((action) => t(ROW_ACTION_LABELS[action]))).toEqual([
      "Ansehen",
      "Stornieren",
    ]);
    // a cancelled row: only viewed
    expect(competitionRowActions(none)).toEqual(["view"]);
  });
});
