// Reading the audit log: staff with the manage role of an area read the entries
// of one record of that area in their district association (admin everywhere). The area decides
// the role; the record's district association decides the tenancy (another district's record is
// "not found", never "forbidden"). A deleted record keeps its entries: the district stored with
// them decides then.
import { AppError } from "../../auth/errors.ts";
import { actsOn, authorize, isAllowed, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import {
  CAST_LABELS,
  CATEGORY_LABELS,
  COMPETITION_TYPE_LABELS,
  EDIT_PHASE_LABELS,
  EXAM_PART_LABELS,
  FORM_TYPE_LABELS,
  fieldLabel,
  GENDER_LABELS,
  INSTRUMENT_LABELS,
  LOCATION_TYPE_LABELS,
} from "../../shared/labels.ts";
import { TIME_ZONE } from "../../shared/time.ts";

/** the record types with an audit trail, and the operation (role) that reads it */
export const AUDITED: Record<string, Operation> = {
  DexamRegistration: "audit.registration",
  CompetitionRegistration: "audit.registration",
  Event: "audit.event",
  EventLocation: "audit.event",
  User: "audit.user",
  Association: "audit.association",
  DistrictAssociation: "audit.districtAssociation",
};

export const auditOperation = (typename: string): Operation => {
  const op = AUDITED[typename];
  if (!op) throw new AppError("VALIDATION", `Für „${typename}“ gibt es keinen Änderungsverlauf`);
  return op;
};

async function districtOf(prisma: PrismaClient, typename: string, id: number): Promise<number | null> {
  const d = { select: { districtAssociationId: true } } as const;
  switch (typename) {
    case "DexamRegistration":
      return (await prisma.dexamRegistration.findUnique({ where: { id }, select: { event: d } }))?.event.districtAssociationId ?? null;
    case "CompetitionRegistration":
      return (await prisma.competitionRegistration.findUnique({ where: { id }, select: { event: d } }))?.event.districtAssociationId ?? null;
    case "Event":
      return (await prisma.event.findUnique({ where: { id }, ...d }))?.districtAssociationId ?? null;
    case "EventLocation":
      return (await prisma.eventLocation.findUnique({ where: { id }, select: { event: d } }))?.event.districtAssociationId ?? null;
    case "User":
      return (await prisma.user.findUnique({ where: { id }, ...d }))?.districtAssociationId ?? null;
    case "Association":
      return (await prisma.association.findUnique({ where: { id }, ...d }))?.districtAssociationId ?? null;
    case "DistrictAssociation":
      return (await prisma.districtAssociation.findUnique({ where: { id }, select: { id: true } }))?.id ?? null;
    default:
      return null;
  }
}

/** Throws unless `p` may read the trail of (typename, id); returns the where clause of its entries. */
export async function auditTrailWhere(prisma: PrismaClient, p: Principal | null, typename: string, id: number) {
  const principal = authorize(p, auditOperation(typename));
  const district =
    (await districtOf(prisma, typename, id)) ??
    (
      await prisma.auditEntry.findFirst({
        where: { entity: typename, entityId: id, districtAssociationId: { not: null } },
        select: { districtAssociationId: true },
      })
    )?.districtAssociationId ??
    null;
  if (!inTrailTenancy(principal, typename, district)) throw new AppError("NOT_FOUND", "Eintrag nicht gefunden");
  return { entity: typename, entityId: id };
}

/** The record's district association, under the tenancy of the trail's operation (the permission table). */
const inTrailTenancy = (p: Principal, typename: string, district: number | null) =>
  district !== null && actsOn(p, auditOperation(typename), { districtAssociationId: district });

/** Whether `p` may read the trail of a `typename` record of district `district` (row menus offer "Änderungen" by it). */
export function mayReadTrail(p: Principal | null, typename: string, district: number | null): boolean {
  return !!p && isAllowed(p, auditOperation(typename)) && inTrailTenancy(p, typename, district);
}

// ---- the screen "Änderungen": German names of actions and changed fields

/** German names of the audit actions (the screen "Änderungen"). */
export const ACTION_LABELS: Record<string, string> = {
  create: "Angelegt",
  update: "Geändert",
  updateSongs: "Stücke geändert",
  cancel: "Storniert",
  delete: "Gelöscht",
  takeover: "Teilergebnis übernommen",
  setTheoryResult: "Theorieergebnis eingetragen",
  uploadPracticeSheet: "Praxis-Auswertungsbogen hochgeladen",
  importPcJuror: "PC-Juror-Ergebnisse eingelesen",
  expire: "Automatisch gelöscht",
  copy: "Kopiert",
  duplicate: "Dupliziert",
  setAssociations: "Vereine zugeordnet",
  addUser: "Konto zugeordnet",
  removeUser: "Konto entfernt",
  deactivate: "Deaktiviert",
  reactivate: "Reaktiviert",
  resendInvitation: "Einladung erneut gesendet",
  revoke: "Widerrufen",
  "calendar_feed.enable": "Kalender-Abo eingeschaltet",
  "calendar_feed.renew": "Kalender-Abo erneuert",
  "calendar_feed.disable": "Kalender-Abo ausgeschaltet",
  "timetable.rules": "Zeitplan-Regeln gespeichert",
  "timetable.plan": "Zeitplan erstellt",
  "timetable.move": "Zeitplan: Eintrag verschoben",
  "timetable.swap": "Zeitplan: Einträge getauscht",
  "timetable.lock": "Zeitplan: Eintrag fixiert oder gelöst",
  "timetable.publish": "Zeitplan veröffentlicht",
  remind: "Zahlungserinnerung oder Mahnung versandt",
};

/** Stored column names that are no input field (the input's label catalogue covers the rest). */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  campData: "Freizeitangaben (Gesundheitsdaten)",
  practicePoints: "Praxispunkte",
  partialResultType: "Vorhandene Teilprüfung",
  partialResultDistrict: "Vorhandene Teilprüfung – Kreisverband",
  partialResultYear: "Vorhandene Teilprüfung – Jahr",
  partialResultLocation: "Vorhandene Teilprüfung – Ort",
  partialResultPoints: "Vorhandene Teilprüfung – Punkte",
  consentFormFileId: "Einverständniserklärung",
  practiceSheetFileId: "Praxis-Auswertungsbogen",
  takenOverFromId: "Übernommenes Teilergebnis",
  mark: "Prädikat",
  blocked: "Deaktiviert",
  userId: "Angemeldet von",
  copiedFromId: "Kopiert aus",
  subject: "Benutzerkennung",
  signatureFileId: "Unterschrift",
  resultMails: "E-Mail bei Ergebnissen",
  accounts: "Konten",
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The German label of a changed column (health data only as "Freizeitangaben (Gesundheitsdaten)"). */
export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? fieldLabel(field);

/** German names of stored enum values, by field (the rest is shown as stored). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  gender: GENDER_LABELS,
  instrument: INSTRUMENT_LABELS,
  type: { ...COMPETITION_TYPE_LABELS, ...LOCATION_TYPE_LABELS },
  cast: CAST_LABELS,
  category: CATEGORY_LABELS,
  partialResultType: EXAM_PART_LABELS,
  formType: FORM_TYPE_LABELS,
  editPhase: EDIT_PHASE_LABELS,
};

const DATE_TIME = new Intl.DateTimeFormat("de-DE", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const DAY = new Intl.DateTimeFormat("de-DE", { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" });

/** A kept value for people: "–" for none, ja/nein, German dates (a day stored at midnight UTC as the day), enum labels, lists joined. */
export function auditValueText(field: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "–";
  if (typeof v === "boolean") return v ? "ja" : "nein";
  if (typeof v === "number") return String(v).replace(".", ",");
  if (typeof v === "string") {
    if (/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(v)) return DAY.format(new Date(v));
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v)) return `${DATE_TIME.format(new Date(v))} Uhr`;
    return VALUE_LABELS[field]?.[v] ?? v;
  }
  if (Array.isArray(v))
    return v.length
      ? v
          .map((x) =>
            typeof x === "object" && x !== null
              ? Object.values(x)
                  .filter((y) => y !== "" && y !== null)
                  .join(" ")
              : auditValueText(field, x),
          )
          .filter(Boolean)
          .join("; ") || "–"
      : "–";
  return JSON.stringify(v);
}

export type AuditChange = { field: string; label: string; before: string | null; after: string | null };

/**
 * The changes of an entry for the history: each changed field's label, with old and new value where
 * the entry kept them (details.values; health data and free text never: before and after null).
 */
export function auditChanges(details: unknown): AuditChange[] {
  const d = (details && typeof details === "object" ? details : {}) as { changed?: unknown; values?: Record<string, unknown> };
  const changed = Array.isArray(d.changed) ? d.changed.map(String) : [];
  return changed.map((field) => {
    const pair = d.values?.[field];
    const label = auditFieldLabel(field);
    if (!Array.isArray(pair) || pair.length !== 2) return { field, label, before: null, after: null };
    return { field, label, before: auditValueText(field, pair[0]), after: auditValueText(field, pair[1]) };
  });
}
