// The one place where an export that contains camp health data reports it (issue 43: reading health
// data leaves a trace). The per-person export (person.ts) and the own consent forms ("Meine Daten",
// users/export.ts) call it with who exported which registrations through which door; the access
// record of the health-data log is written from here. Until that log exists it records nothing.
import type { Principal } from "../../auth/principal.ts";
import type { ServiceCtx } from "../context.ts";

export type HealthDataExport = {
  /** the caller who receives the data */
  principal: Principal;
  /** the D-exam registrations whose camp data or consent form the export holds */
  registrationIds: number[];
  /** the door: "person.json", "person.xlsx", "viewer.consentForms" */
  door: string;
};

/** Called once per export that holds health data, after it was read and before it is answered. */
export async function onHealthDataExported(_ctx: ServiceCtx, _access: HealthDataExport): Promise<void> {}
