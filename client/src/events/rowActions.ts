import { type EventFormType, offersExport } from "@shared/event-exports";
import { mayCall } from "@shared/permissions";
import type { MessageKey } from "../i18n/de";

export type EventAction = "edit" | "delete" | "statistic" | "copy" | "certificateList" | "timetable";
export type LocationAction = "edit" | "delete" | "statistic" | "overview" | "blankSheets" | "sheets";

/** Create, edit, copy and delete of events and locations: event.update's roles (event_manage), and the server's canManage for the row. */
export function canManageEvents(roles: readonly string[]): boolean {
  return mayCall(roles, "event.update");
}

/** Statistics: event.statistic's roles (registration_read or registration_manage, R-EV019). */
export function canReadStatistics(roles: readonly string[]): boolean {
  return mayCall(roles, "event.statistic");
}

/**
 * The row menu of an event (R-EV008..R-EV010, R-EV018..R-EV020): edit, delete and copy with
 * event_manage on a row the viewer may change; statistics with a registration role; the
 * certificate list with a results role, for D-exam events only (shared/event-exports.ts); the
 * timetable ("Zeitplan", a link to its screen) with timetable.read.
 */
export function eventRowActions(roles: readonly string[], canManage: boolean, formType: EventFormType): EventAction[] {
  const manage = canManageEvents(roles) && canManage;
  const actions: EventAction[] = [];
  if (manage) actions.push("edit", "delete");
  if (canReadStatistics(roles)) actions.push("statistic");
  if (manage) actions.push("copy");
  if (mayCall(roles, "results.certificateList") && offersExport(formType, "certificateList")) actions.push("certificateList");
  // the timetable (Zeitplan): every form type plans (D-exam and camp: theory and practice, competitions: performances)
  if (mayCall(roles, "timetable.read")) actions.push("timetable");
  return actions;
}

/**
 * The row menu of a location (R-LO008..R-LO012): edit and delete with event_manage; statistics and
 * the overview list for D-exam events (statistics also need a registration role, the overview list
 * too since it lists registrations); blank evaluation sheets for practice locations, and the filled
 * ones ("Auswertungsbögen") only when the server says some were uploaded and the viewer may
 * download them (EventLocation.practiceSheetsAvailable).
 */
export function locationRowActions(
  roles: readonly string[],
  canManage: boolean,
  formType: string,
  locationType: string,
  practiceSheetsAvailable = false,
): LocationAction[] {
  const actions: LocationAction[] = [];
  if (canManageEvents(roles) && canManage) actions.push("edit", "delete");
  const dexam = formType !== "COMPETITION";
  if (dexam && canReadStatistics(roles)) actions.push("statistic", "overview");
  if (locationType === "DEXAM_PRACTICE" && mayCall(roles, "results.blankPracticeSheets")) {
    actions.push("blankSheets");
    if (practiceSheetsAvailable) actions.push("sheets");
  }
  return actions;
}

export const EVENT_ACTION_LABELS: Record<EventAction, MessageKey> = {
  edit: "event.action.edit",
  delete: "event.action.delete",
  statistic: "event.action.statistic",
  copy: "event.action.copy",
  certificateList: "event.action.certificateList",
  timetable: "event.action.timetable",
};

export const LOCATION_ACTION_LABELS: Record<LocationAction, MessageKey> = {
  edit: "location.action.edit",
  delete: "location.action.delete",
  statistic: "location.action.statistic",
  overview: "location.action.overview",
  blankSheets: "location.action.blankSheets",
  sheets: "location.action.sheets",
};

/** Export paths (spec §7 "Exports") below the API base (`/v1`). */
export const exportPaths = {
  certificateList: (eventId: number) => `/export/event/${eventId}/dexam/certificate_list`,
  overview: (eventId: number) => `/export/event/${eventId}/overview`,
  blankSheets: (locationId: number) => `/export/location/${locationId}/dexam/blank_practice_sheets`,
  sheets: (locationId: number) => `/export/location/${locationId}/dexam/practice_sheets`,
};
