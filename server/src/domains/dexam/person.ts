// One child's data across the district's events (erasure and access requests; GDPR art. 15,
// 17 and 20 for a child whose parents have no account): registration_manage finds the D-exam
// registrations of one person by first name, last name and birth date (names in any case, exactly),
// exports everything stored about them (JSON, and a readable .xlsx) and deletes them or erases only
// their camp data through the ordinary doors. docs/decisions.md "Erasure on request".
import { validationFailed } from "../../auth/errors.ts";
import { actsOnWhere, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { sameText } from "../../db/search.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { fieldLabel } from "../../shared/labels.ts";
import { ERASE_MSG } from "../../shared/messages.ts";
import { TIME_ZONE } from "../../shared/time.ts";
import { asBuffer, spreadsheetPool } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
import { recordHealthDataAccess } from "../healthaccess/service.ts";
import { remarksOf } from "../registrations/remarks.ts";
import type { Cell, InfoLine } from "../results/xlsx.ts";
import { campOf } from "./service.ts";

export type PersonQuery = { firstname?: string | null; lastname?: string | null; birthdate?: string | null };
export type Person = { firstname: string; lastname: string; birthdate: Date };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The person asked for: all three parts required, the birth date as YYYY-MM-DD (a real day). */
export function personOf(q: PersonQuery): Person {
  const firstname = (q.firstname ?? "").trim();
  const lastname = (q.lastname ?? "").trim();
  const birthdate = (q.birthdate ?? "").trim();
  const errors: Record<string, string> = {};
  if (!firstname) errors.firstname = ERASE_MSG.personRequired;
  if (!lastname) errors.lastname = ERASE_MSG.personRequired;
  const day = DATE.test(birthdate) ? new Date(`${birthdate}T00:00:00Z`) : null;
  if (!birthdate) errors.birthdate = ERASE_MSG.personRequired;
  // a real day from 1900 on (the database's date range starts at year 1; nobody registered is older)
  else if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== birthdate || day.getUTCFullYear() < 1900)
    errors.birthdate = ERASE_MSG.birthdate;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { firstname, lastname, birthdate: day as Date };
}

/** The person's D-exam registrations the caller may act on: the own district's events (admin: all). */
function personWhere(p: Principal, person: Person): Prisma.DexamRegistrationWhereInput {
  return {
    firstname: sameText(person.firstname),
    lastname: sameText(person.lastname),
    birthdate: person.birthdate,
    ...actsOnWhere(p, "registration.person", { district: (districtAssociationId: number) => ({ event: { districtAssociationId } }) }),
  };
}

/** The ids of the person's registrations, newest event first (the search of the screen "Auskunft und Löschung"). */
export async function findPersonRegistrations(ctx: ServiceCtx, q: PersonQuery): Promise<number[]> {
  const p = authorize(ctx.principal, "registration.person");
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: personWhere(p, personOf(q)),
    select: { id: true },
    orderBy: [{ event: { start: { sort: "desc", nulls: "last" } } }, { id: "desc" }],
  });
  return rows.map((r) => r.id);
}

const fileInfo = { select: { id: true, name: true, mimeType: true, size: true, createdAt: true } } as const;
const placeOf = { select: { id: true, name: true, type: true } } as const;

/**
 * Everything stored about the person (registrations with their camp data decrypted, files by
 * name, the audit entries of these registrations and the mails about them), for an access request.
 * `door` names the export in the health-data access record (healthaccess/service.ts).
 */
export async function personData(ctx: ServiceCtx, q: PersonQuery, door: "childExport" | "childExportXlsx") {
  const p = authorize(ctx.principal, "registration.person");
  const person = personOf(q);
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: personWhere(p, person),
    include: {
      event: {
        select: { id: true, name: true, formType: true, start: true, end: true, expiration: true, districtAssociation: { select: { id: true, name: true } } },
      },
      association: { select: { id: true, name: true } },
      theoryLocation: placeOf,
      practiceLocation: placeOf,
      preparationLocation: placeOf,
      consentFormFile: fileInfo,
      practiceSheetFile: fileInfo,
    },
    orderBy: { id: "asc" },
  });
  const ids = rows.map((r) => r.id);
  const auditEntries = ids.length
    ? await ctx.prisma.auditEntry.findMany({
        where: { entity: "DexamRegistration", entityId: { in: ids } },
        select: { id: true, at: true, action: true, entity: true, entityId: true, actorLabel: true, details: true },
        orderBy: { id: "asc" },
      })
    : [];
  const mails = ids.length
    ? await ctx.prisma.mailOutbox.findMany({
        where: { AND: [{ payload: { path: ["registration"], equals: "dexam" } }, { OR: ids.map((id) => ({ payload: { path: ["id"], equals: id } })) }] },
        select: { id: true, userId: true, kind: true, payload: true, createdAt: true, sentAt: true, attempts: true },
        orderBy: { id: "asc" },
      })
    : [];
  const withHealth = rows.filter((r) => r.campDataEncrypted || r.mealRequest || r.consentFormFileId !== null).map((r) => r.id);
  await recordHealthDataAccess(ctx, { registrationIds: withHealth, door });
  return {
    exportedAt: ctx.services.now().toISOString(),
    person: { firstname: person.firstname, lastname: person.lastname, birthdate: person.birthdate.toISOString().slice(0, 10) },
    dexamRegistrations: rows.map(({ campDataEncrypted, mealRequest, remarksEncrypted, ...r }) => ({
      ...r,
      remarks: remarksOf(ctx.services.dataKey, { remarks: r.remarks, remarksEncrypted }),
      birthdate: r.birthdate.toISOString().slice(0, 10),
      partialResultPoints: r.partialResultPoints === null ? null : Number(r.partialResultPoints),
      theoryPoints: r.theoryPoints === null ? null : Number(r.theoryPoints),
      practicePoints: r.practicePoints === null ? null : Number(r.practicePoints),
      campData: campOf(ctx, { campDataEncrypted, mealRequest }),
    })),
    auditEntries,
    mails,
  };
}

export type PersonData = Awaited<ReturnType<typeof personData>>;

const STAMP = new Intl.DateTimeFormat("de-DE", { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const stamp = (d: Date) => STAMP.format(d);

const text = (v: unknown): Cell => {
  if (v === null || v === undefined || v === "") return null;
  if (v instanceof Date) return stamp(v);
  if (typeof v === "number" || typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "ja" : "nein";
  return JSON.stringify(v);
};

/** What the workbook shows of one registration: every field of the JSON, one line each. */
function registrationLines(r: PersonData["dexamRegistrations"][number]): [string, Cell][] {
  const { event, association, theoryLocation, practiceLocation, preparationLocation, consentFormFile, practiceSheetFile, campData, ...columns } = r;
  const lines: [string, Cell][] = [
    ["Veranstaltung", `${event.name} (Nr. ${event.id}, ${event.districtAssociation.name})`],
    ["Veranstaltung Beginn", text(event.start)],
    ["Veranstaltung Ende", text(event.end)],
    ["Automatische Löschung", text(event.expiration)],
    ["Verein", `${association.name} (Nr. ${association.id})`],
    ["Theorieort", text(theoryLocation?.name)],
    ["Praxisort", text(practiceLocation?.name)],
    ["Vorbereitungsort", text(preparationLocation?.name)],
    ["Einverständniserklärung", consentFormFile ? `${consentFormFile.name} (${consentFormFile.size} Bytes)` : null],
    ["Praxisbogen", practiceSheetFile ? `${practiceSheetFile.name} (${practiceSheetFile.size} Bytes)` : null],
  ];
  for (const [key, value] of Object.entries(columns)) lines.push([fieldLabel(key), text(value)]);
  if (campData) for (const [key, value] of Object.entries(campData)) lines.push([`Freizeit: ${fieldLabel(key)}`, text(value)]);
  return lines;
}

/** The readable export: one line per field ("Daten"), the person and the counts ("Angaben"). */
export async function personWorkbook(data: PersonData): Promise<Buffer> {
  const rows: Cell[][] = [];
  for (const r of data.dexamRegistrations) for (const [field, value] of registrationLines(r)) rows.push(["Anmeldung", r.id, field, value]);
  for (const e of data.auditEntries) rows.push(["Protokoll", e.entityId, `${stamp(e.at)} ${e.action}`, text({ von: e.actorLabel, details: e.details })]);
  for (const m of data.mails) rows.push(["E-Mail", (m.payload as { id?: number }).id ?? null, `${stamp(m.createdAt)} ${m.kind}`, text(m.payload)]);
  const info: InfoLine[] = [
    ["Vorname", data.person.firstname],
    ["Nachname", data.person.lastname],
    ["Geburtsdatum", data.person.birthdate],
    ["Anmeldungen", data.dexamRegistrations.length],
    ["Protokolleinträge", data.auditEntries.length],
    ["E-Mails", data.mails.length],
    ["Erstellt am", stamp(new Date(data.exportedAt))],
  ];
  return asBuffer(
    await spreadsheetPool.build({
      kind: "listWorkbook",
      list: { name: "Daten", headers: ["Bereich", "Anmeldung", "Feld", "Wert"], rows, landscape: false },
      info: { name: "Angaben", lines: info },
    }),
  );
}
