// Reading the audit log (issue 10, item 7): staff with the manage role of an area read the entries
// of one record of that area in their district association (admin everywhere). The area decides
// the role; the record's district association decides the tenancy (another district's record is
// "not found", never "forbidden"). A deleted record keeps its entries: the district stored with
// them decides then.
import { AppError } from "../../auth/errors.ts";
import { actsOn, authorize, isAllowed, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { fieldLabel } from "../../shared/labels.ts";

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
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The German label of a changed column (health data only as "Freizeitangaben (Gesundheitsdaten)"). */
export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? fieldLabel(field);
