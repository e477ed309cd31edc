import { describe, expect, it } from "vitest";
import { canManageResults, dexamResultActions, partAt, resultPaths } from "./rowActions";

const theory = { databaseId: 3, type: "DEXAM_THEORY" };
const practice = { databaseId: 2, type: "DEXAM_PRACTICE" };
const row = {
  theoryLocationId: 3,
  practiceLocationId: 2,
  theoryPoints: null as number | null,
  practicePoints: null as number | null,
  hasPracticeSheet: false,
  cancelledAt: null as string | null,
};

describe("results row menu", () => {
  it("[R-RE001] results_manage changes results, results_read only reads; admin passes", () => {
    expect(canManageResults(["results_manage"])).toBe(true);
    expect(canManageResults(["result_manage"])).toBe(true);
    expect(canManageResults(["admin"])).toBe(true);
    expect(canManageResults(["results_read", "registration_manage"])).toBe(false);
  });

  it("[R-RE007][R-RE008] the theory result is entered at the row's theory location only", () => {
    expect(dexamResultActions(["results_manage"], theory, row)).toEqual(["editTheory"]);
    expect(dexamResultActions(["results_manage"], practice, row)).toEqual([]);
    expect(dexamResultActions(["results_manage"], null, row)).toEqual([]);
    expect(dexamResultActions(["results_manage"], { databaseId: 9, type: "DEXAM_THEORY" }, row)).toEqual([]);
    expect(partAt(row, theory)).toBe("theory");
    expect(partAt(row, practice)).toBe("practice");
    expect(partAt(row, { databaseId: 3, type: "DEXAM_PRACTICE" })).toBeNull();
  });

  it("[R-RE014] delete is offered where the chosen location's part has a result", () => {
    expect(dexamResultActions(["results_manage"], theory, { ...row, theoryPoints: 30 })).toEqual(["editTheory", "delete"]);
    expect(dexamResultActions(["results_manage"], practice, { ...row, practicePoints: 40.5, hasPracticeSheet: true })).toEqual(["delete", "downloadSheet"]);
    expect(dexamResultActions(["results_manage"], practice, { ...row, theoryPoints: 30 })).toEqual([]);
  });

  it("[R-RE001] results_read sees no change actions, only the practice sheet download", () => {
    const full = { ...row, theoryPoints: 30, practicePoints: 40.5, hasPracticeSheet: true };
    expect(dexamResultActions(["results_read"], theory, full)).toEqual(["downloadSheet"]);
    expect(dexamResultActions(["results_read"], practice, full)).toEqual(["downloadSheet"]);
  });

  it("a cancelled registration gets no new theory result, but its result can still be deleted", () => {
    expect(dexamResultActions(["results_manage"], theory, { ...row, theoryPoints: 30, cancelledAt: "2026-01-01T00:00:00Z" })).toEqual(["delete"]);
  });

  it("[R-RE009][R-RE016] uploads and downloads use the /v1 routes of spec section 7", () => {
    expect(resultPaths.practiceSheetsUpload(5)).toBe("/registration/dexam/location/5/practice_sheets");
    expect(resultPaths.pcJurorUpload(7)).toBe("/registration/competition/event/7/pc_juror");
    expect(resultPaths.pcJurorImport(7)).toBe("/export/event/7/competition/pc_juror_import");
    expect(resultPaths.practiceSheet(11)).toBe("/export/registration/dexam/11/practice_sheet");
    expect(resultPaths.blankSheets(5)).toBe("/export/location/5/dexam/blank_practice_sheets");
    expect(resultPaths.sheets(5)).toBe("/export/location/5/dexam/practice_sheets");
  });
});
