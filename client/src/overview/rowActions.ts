import type { MessageKey } from "../i18n/de";

/** The server's answer which actions the viewer has on one row (DexamRegistration.viewerCan). */
export interface DexamViewerCan {
  readonly edit: string;
  readonly delete: boolean;
  readonly cancel: boolean;
  readonly takeOver: boolean;
  readonly downloadPracticeSheet: boolean;
  readonly downloadConsentForm: boolean;
}

export type DexamRowAction = "edit" | "songs" | "view" | "takeOver" | "practiceSheet" | "consentForm" | "cancel" | "delete";

/**
 * The row menu of a D-exam registration (R-RO010, R-RO018..R-RO030), in this order: open it
 * ("Bearbeiten" for edit scope ALL, "Stücke eintragen" for SONGS, "Ansehen" for NONE), take over the
 * partial result, the downloads, then cancel or delete. The server computes the flags and enforces
 * them again; the client only renders them.
 */
export function dexamRowActions(can: DexamViewerCan): DexamRowAction[] {
  const actions: DexamRowAction[] = [can.edit === "ALL" ? "edit" : can.edit === "SONGS" ? "songs" : "view"];
  if (can.takeOver) actions.push("takeOver");
  if (can.downloadPracticeSheet) actions.push("practiceSheet");
  if (can.downloadConsentForm) actions.push("consentForm");
  if (can.cancel) actions.push("cancel");
  if (can.delete) actions.push("delete");
  return actions;
}

export const DEXAM_ACTION_LABELS: Record<DexamRowAction, MessageKey> = {
  edit: "overview.action.edit",
  songs: "overview.action.songs",
  view: "overview.action.view",
  takeOver: "overview.action.takeOver",
  practiceSheet: "overview.action.practiceSheet",
  consentForm: "overview.action.consentForm",
  cancel: "overview.action.cancel",
  delete: "overview.action.delete",
};

/** Export paths of the overview below the API base (/v1, spec §7 "Exports"). */
export const overviewExportPaths = {
  practiceSheet: (registrationId: number) => `/export/registration/dexam/${registrationId}/practice_sheet`,
  consentForm: (registrationId: number) => `/export/registration/dexam/${registrationId}/consent_form`,
  consentForms: (eventId: number) => `/export/event/${eventId}/consent_forms`,
};
