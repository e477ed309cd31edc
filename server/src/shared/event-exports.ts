// Which event-level exports and imports exist for which kind of event (docs/decisions.md
// "Spreadsheets"): the list for certificate printing for D-exams, PC Juror (import list and the
// results file) for competitions, the consent forms for D-exam camps. One source: the server
// refuses the others with these German messages (CONFLICT, 409), the client offers only these.
import type { FORM_TYPE_LABELS } from "./labels.ts";

export type EventFormType = keyof typeof FORM_TYPE_LABELS;
export type EventExport = "certificateList" | "pcJuror" | "consentForms";

const FOR: Record<EventExport, readonly EventFormType[]> = {
  certificateList: ["DEXAM", "DEXAM_CAMP"],
  pcJuror: ["COMPETITION"],
  consentForms: ["DEXAM_CAMP"],
};

const REFUSAL: Record<EventExport, string> = {
  certificateList: "Die Liste für den Urkundendruck gibt es nur für D-Prüfungen",
  pcJuror: "PC Juror (Importliste und Ergebnisse) gibt es nur für Wertungsspiele",
  consentForms: "Einverständniserklärungen gibt es nur für D-Prüfungen Freizeit",
};

/** True when the event of this form type has the export. */
export const offersExport = (formType: EventFormType, what: EventExport) => FOR[what].includes(formType);

/** The German message refusing the export for an event of this form type, or null when it applies. */
export const exportRefusal = (formType: EventFormType, what: EventExport): string | null => (offersExport(formType, what) ? null : REFUSAL[what]);
