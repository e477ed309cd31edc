import { mayCall } from "@shared/permissions";
import type { MessageKey } from "../../i18n/de";

/**
 * What results management offers whom (spec §2 "Results management", §6): results_read sees every
 * table and download, results_manage (admin passes) also enters, uploads and deletes (the roles of
 * results.setTheory, results.delete and the uploads). Like the
 * route guard these only hide controls; the server authorises every call.
 */
export function canManageResults(roles: readonly string[]): boolean {
  return mayCall(roles, "results.setTheory");
}

export type DexamResultAction = "editTheory" | "delete" | "downloadSheet";

export interface DexamResultRowFacts {
  theoryLocationId?: number | null;
  practiceLocationId?: number | null;
  theoryPoints?: number | null;
  practicePoints?: number | null;
  hasPracticeSheet: boolean;
  cancelledAt?: string | null;
}

export interface ChosenLocation {
  databaseId: number;
  type: string;
}

/** The part of a registration the chosen location examines, or null (no location chosen, or not the row's). */
export function partAt(row: DexamResultRowFacts, location: ChosenLocation | null): "theory" | "practice" | null {
  if (!location) return null;
  if (location.type === "DEXAM_THEORY" && row.theoryLocationId === location.databaseId) return "theory";
  if (location.type === "DEXAM_PRACTICE" && row.practiceLocationId === location.databaseId) return "practice";
  return null;
}

/**
 * The row menu of a D-exam result (R-RE007, R-RE014): changes need results_manage and a chosen
 * location that is the row's theory or practice location. At its theory location an active
 * registration gets "Theorieergebnis bearbeiten"; "Ergebnis löschen" clears the part of the chosen
 * location when there is something to clear (points, or the practice sheet). The stored practice
 * sheet can be downloaded by every results role.
 */
export function dexamResultActions(roles: readonly string[], location: ChosenLocation | null, row: DexamResultRowFacts): DexamResultAction[] {
  const actions: DexamResultAction[] = [];
  const part = partAt(row, location);
  if (canManageResults(roles) && part === "theory") {
    if (!row.cancelledAt) actions.push("editTheory");
    if (row.theoryPoints != null) actions.push("delete");
  }
  if (canManageResults(roles) && part === "practice" && (row.practicePoints != null || row.hasPracticeSheet)) actions.push("delete");
  if (row.hasPracticeSheet) actions.push("downloadSheet");
  return actions;
}

export const DEXAM_RESULT_ACTION_LABELS: Record<DexamResultAction, MessageKey> = {
  editTheory: "results.action.editTheory",
  delete: "results.action.delete",
  downloadSheet: "results.action.downloadSheet",
};

/** Routes below the API base (`/v1`, spec §7). */
export const resultPaths = {
  practiceSheetsUpload: (locationId: number) => `/registration/dexam/location/${locationId}/practice_sheets`,
  pcJurorUpload: (eventId: number) => `/registration/competition/event/${eventId}/pc_juror`,
  pcJurorImport: (eventId: number) => `/export/event/${eventId}/competition/pc_juror_import`,
  practiceSheet: (registrationId: number) => `/export/registration/dexam/${registrationId}/practice_sheet`,
  blankSheets: (locationId: number) => `/export/location/${locationId}/dexam/blank_practice_sheets`,
  sheets: (locationId: number) => `/export/location/${locationId}/dexam/practice_sheets`,
};
