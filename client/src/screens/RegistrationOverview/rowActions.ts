import type { MessageKey } from "../../i18n/de";

/** The server's answer which actions the viewer has on one row (DexamRegistration.viewerCan). */
export interface DexamViewerCan extends RowViewerCan {
  readonly takeOver: boolean;
  readonly downloadPracticeSheet: boolean;
  readonly downloadConsentForm: boolean;
  /** registration_manage: erase only the camp data (a camp that has ended) */
  readonly eraseCampData?: boolean;
}

/** What every registration row has (DexamRegistration.viewerCan, CompetitionRegistration.viewerCan). */
export interface RowViewerCan {
  readonly edit: string;
  readonly delete: boolean;
  readonly cancel: boolean;
  /** the change history ("Änderungen") may be read */
  readonly history: boolean;
}

/** The entries of the registration rows' menus (D-exam rows use all of them, competition rows open/cancel/delete). */
export type RowAction =
  | "edit"
  | "songs"
  | "view"
  | "takeOver"
  | "practiceSheet"
  | "consentForm"
  | "calendar"
  | "history"
  | "eraseCampData"
  | "cancel"
  | "delete";
export type DexamRowAction = RowAction;
export type CompetitionRowAction = Extract<RowAction, "edit" | "songs" | "view" | "calendar" | "history" | "cancel" | "delete">;

/** Opening a registration: "Bearbeiten" for edit scope ALL, "Stücke eintragen" for SONGS, "Ansehen" for NONE (R-RO018). */
export function openAction(edit: string): "edit" | "songs" | "view" {
  return edit === "ALL" ? "edit" : edit === "SONGS" ? "songs" : "view";
}

/**
 * The row menu of a registration (R-RO010, R-RO018..R-RO030), in this order: open it ("Bearbeiten"
 * for edit scope ALL, "Stücke eintragen" for SONGS, "Ansehen" for NONE), take over the partial
 * result, the downloads (D-exams), the appointments as .ics (not once cancelled), the change history
 * (staff who may read it), erasing the camp data (registration_manage, after the camp), then cancel
 * or delete (registration_manage also deletes a cancelled one: erasure on request; for competitions
 * the server decides delete for user_manage or phase NoRestrictions, otherwise cancel, R-RO021,
 * R-RO022). The server computes the flags and enforces them again; the client only renders them. A
 * competition row ("Row menu as for D-exams") has no flags of the D-exam entries.
 */
function registrationRowActions(can: RowViewerCan & Partial<DexamViewerCan>, cancelled: boolean): RowAction[] {
  const actions: RowAction[] = [openAction(can.edit)];
  if (can.takeOver) actions.push("takeOver");
  if (can.downloadPracticeSheet) actions.push("practiceSheet");
  if (can.downloadConsentForm) actions.push("consentForm");
  if (!cancelled) actions.push("calendar");
  if (can.history) actions.push("history");
  if (can.eraseCampData) actions.push("eraseCampData");
  if (can.cancel) actions.push("cancel");
  if (can.delete) actions.push("delete");
  return actions;
}

/** The row menu of a D-exam registration. */
export const dexamRowActions = (can: DexamViewerCan, cancelled = false): DexamRowAction[] => registrationRowActions(can, cancelled);

/** The row menu of a competition registration. */
export const competitionRowActions = (can: RowViewerCan, cancelled = false) => registrationRowActions(can, cancelled) as CompetitionRowAction[];

export const ROW_ACTION_LABELS: Record<RowAction, MessageKey> = {
  edit: "overview.action.edit",
  songs: "overview.action.songs",
  view: "overview.action.view",
  takeOver: "overview.action.takeOver",
  practiceSheet: "overview.action.practiceSheet",
  consentForm: "overview.action.consentForm",
  calendar: "calendar.download",
  history: "history.action",
  eraseCampData: "overview.action.eraseCampData",
  cancel: "overview.action.cancel",
  delete: "overview.action.delete",
};
export const DEXAM_ACTION_LABELS = ROW_ACTION_LABELS;

/** Export paths of the overview below the API base (/v1, spec §7 "Exports"). */
export const overviewExportPaths = {
  practiceSheet: (registrationId: number) => `/export/registration/dexam/${registrationId}/practice_sheet`,
  consentForm: (registrationId: number) => `/export/registration/dexam/${registrationId}/consent_form`,
  consentForms: (eventId: number) => `/export/event/${eventId}/consent_forms`,
  dexamCalendar: (registrationId: number) => `/registration/dexam/${registrationId}/calendar`,
  competitionCalendar: (registrationId: number) => `/registration/competition/${registrationId}/calendar`,
};
