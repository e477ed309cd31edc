// Results management (spec sections 2 "Results management", 4, 5 and 7): theory points by hand,
// practice points from uploaded evaluation sheets, competition points and marks from the jury
// program's workbook, and the exports. results_read of the event's district reads, results_manage
// changes (admin everywhere); another district's objects are "not found". Every upload is
// all-or-nothing: checked completely first, then written in one transaction.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize, mayActOn, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { allKeys, currentKey } from "../../crypto/aead.ts";
import { containsText, idSearched, searchTerm } from "../../db/search.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { type EventExport, exportRefusal } from "../../shared/event-exports.ts";
import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS, PERCUSSION_SONG_LABELS } from "../../shared/labels.ts";
import { RESULT_UPLOAD_MSG } from "../../shared/messages.ts";
import { extensionOf, PC_JUROR_EXTENSIONS } from "../../shared/resultUploads.ts";
import { asBuffer, spreadsheetPool } from "../../workers/pool.ts";
import { audit, type Tx } from "../audit/service.ts";
import { checkVersion, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { type DexamSong, examOutcome, overviewKeys, PRACTICE_PASS_POINTS } from "../dexam/rules.ts";
import { campOf, settleOverviewKeys, visibleResult } from "../dexam/service.ts";
import { sniffType } from "../files/rules.ts";
import { fileBytes, storedFileRow } from "../files/stored.ts";
import { XLSX_MIME } from "../files/zip.ts";
import { recordHealthDataAccess } from "../healthaccess/service.ts";
import { isRegistrationStaff, seesUnpublishedResults } from "../registrations/access.ts";
import { remarksOf } from "../registrations/remarks.ts";
import { certificateList, competitionOverview, type DexamOverviewRow, dexamOverview, type EventFacts, pcJurorImportList } from "./exports.ts";
import { changedPoints, mailResults } from "./mails.ts";
import { germanDate, germanDateTime, idsFromFileName, pointsError, practiceSheetFileName, round2, sheetCheckCode } from "./rules.ts";
import type { PracticeSheetData } from "./sheet.ts";
import { practiceSheetFiles, readUploadedPcJuror, readUploadedPracticeSheets, UploadRejected } from "./uploads.ts";

// Who may do what is the permission table's (shared/permissions.ts): each door authorizes its
// operation (its roles) and checks the row's district with the same operation (actsOn).

/** The viewer may download the filled practice sheets ("Auswertungsbögen") of the event's locations (as filledPracticeSheets checks). */
export const mayDownloadFilledSheets = (p: Principal | null, e: { districtAssociationId: number }) => mayActOn(p, "results.practiceSheets", e);
/** The viewer may upload filled practice sheets at the event's practice locations (as uploadPracticeSheets checks). */
export const mayUploadPracticeSheets = (p: Principal | null, e: { districtAssociationId: number }) => mayActOn(p, "results.uploadPracticeSheets", e);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function loadEvent(ctx: ServiceCtx, p: Principal, id: number, op: Operation) {
  const e = await ctx.prisma.event.findUnique({ where: { id }, include: { districtAssociation: true } });
  if (!e || !actsOn(p, op, e)) throw notFound("Veranstaltung");
  return e;
}

async function loadLocation(ctx: ServiceCtx, p: Principal, id: number, op: Operation) {
  const l = await ctx.prisma.eventLocation.findUnique({ where: { id }, include: { event: { include: { districtAssociation: true } } } });
  if (!l || !actsOn(p, op, l.event)) throw notFound("Veranstaltungsort");
  return l;
}

async function loadPracticeLocation(ctx: ServiceCtx, p: Principal, id: number, op: Operation) {
  const l = await loadLocation(ctx, p, id, op);
  if (l.type !== "DEXAM_PRACTICE") throw new AppError("CONFLICT", "Auswertungsbögen gibt es nur für Praxisprüfungsorte");
  return l;
}

/** An export or import the event's kind does not have (shared/event-exports.ts): CONFLICT with its German message. */
function requireExport(event: { formType: Parameters<typeof exportRefusal>[0] }, what: EventExport) {
  const refused = exportRefusal(event.formType, what);
  if (refused) throw new AppError("CONFLICT", refused);
}

/** The event of an export for the caller (not found outside their district), once its form type has the export (409 otherwise). */
async function exportEvent(ctx: ServiceCtx, op: Operation, eventId: number, what: EventExport) {
  const p = authorize(ctx.principal, op);
  const event = await loadEvent(ctx, p, eventId, op);
  requireExport(event, what);
  return { p, event };
}

/** The audit entry of a result change of one registration, written in the change's transaction. */
const auditResult = (
  tx: Tx,
  p: Principal,
  entity: "DexamRegistration" | "CompetitionRegistration",
  action: string,
  entityId: number,
  districtAssociationId: number,
  details?: Prisma.InputJsonValue,
) => audit(tx, p, { action, entity, entityId, districtAssociationId, details });

const eventFacts = (e: { id: number; name: string; districtAssociation: { name: string } }, now: Date, locationName?: string | null): EventFacts => ({
  id: e.id,
  name: e.name,
  districtName: e.districtAssociation.name,
  exportedAt: now,
  locationName,
});

// ---- the results table (Ergebnisverwaltung)

export type ResultFilter = { eventId: number; locationId?: number | null; associationId?: number | null; search?: string | null };

const searchWhere = (search: string | null | undefined, fields: string[]) => {
  const s = searchTerm(search);
  if (!s) return [];
  return [
    {
      OR: [...fields.map((f) => ({ [f]: containsText(s) })), { association: { name: containsText(s) } }, ...idSearched(s)],
    },
  ];
};

/** D-exam registrations of an event (optionally of one theory or practice location, one club, a search) with their results. */
export async function dexamResults(ctx: ServiceCtx, f: ResultFilter) {
  const p = authorize(ctx.principal, "results.list");
  const event = await loadEvent(ctx, p, f.eventId, "results.list");
  if (event.formType === "COMPETITION") return [];
  const where: Prisma.DexamRegistrationWhereInput = {
    eventId: event.id,
    ...(f.associationId ? { associationId: f.associationId } : {}),
    AND: [
      ...(f.locationId ? [{ OR: [{ theoryLocationId: f.locationId }, { practiceLocationId: f.locationId }] }] : []),
      ...(searchWhere(f.search, ["firstname", "lastname"]) as Prisma.DexamRegistrationWhereInput[]),
    ],
  };
  return ctx.prisma.dexamRegistration.findMany({
    where,
    include: { association: { select: { name: true } } },
    orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
  });
}

/** Competition registrations of an event (optionally one location, one club, a search) with points and mark. */
export async function competitionResults(ctx: ServiceCtx, f: ResultFilter) {
  const p = authorize(ctx.principal, "results.list");
  const event = await loadEvent(ctx, p, f.eventId, "results.list");
  if (event.formType !== "COMPETITION") return [];
  const where: Prisma.CompetitionRegistrationWhereInput = {
    eventId: event.id,
    ...(f.associationId ? { associationId: f.associationId } : {}),
    ...(f.locationId ? { locationId: f.locationId } : {}),
    AND: searchWhere(f.search, ["name", "conductorName"]) as Prisma.CompetitionRegistrationWhereInput[],
  };
  return ctx.prisma.competitionRegistration.findMany({
    where,
    include: { association: { select: { name: true } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

// ---- theory result and deleting a result

async function loadForResult(ctx: ServiceCtx, p: Principal, registrationId: number, op: Operation) {
  const r = await ctx.prisma.dexamRegistration.findUnique({ where: { id: registrationId }, include: { event: true } });
  if (!r || !actsOn(p, op, r.event)) throw notFound("D-Prüfungsanmeldung");
  return r;
}

/** PUT .../theory_result (R-RE007, R-API054): theory points 0..100, step 0.01, at the registration's theory location. */
export async function setTheoryResult(ctx: ServiceCtx, registrationId: number, locationId: number, points: unknown, version?: number | null) {
  const p = authorize(ctx.principal, "results.setTheory");
  const r = await loadForResult(ctx, p, registrationId, "results.setTheory");
  if (r.theoryLocationId === null || r.theoryLocationId !== locationId)
    throw validationFailed({ locationId: "Dieser Ort ist nicht der Theorieprüfungsort der Anmeldung" });
  if (r.cancelledAt) throw new AppError("CONFLICT", "Eine stornierte Anmeldung erhält kein Ergebnis");
  const error = pointsError(points);
  if (error) throw validationFailed({ theoryPoints: error });
  checkVersion(r, version);
  const { updated, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const updated = await settleOverviewKeys(
      tx,
      await guardStale(
        tx.dexamRegistration.update({
          where: versionWhere(r.id, version),
          data: { theoryPoints: points as number, ...overviewKeys({ ...r, theoryPoints: points as number }), version: { increment: 1 } },
        }),
      ),
    );
    await auditResult(tx, p, "DexamRegistration", "setTheoryResult", r.id, r.event.districtAssociationId, { points: points as number });
    const mailed = await mailResults(tx, r.eventId, locationId, changedPoints([{ id: r.id, before: r.theoryPoints, after: points as number }]));
    return { updated, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return updated;
}

/**
 * DELETE .../result (R-RE014, R-API053): the theory location clears the theory points; the practice
 * location clears the practice points and deletes the stored practice sheet.
 */
export async function deleteResult(ctx: ServiceCtx, registrationId: number, locationId: number) {
  const p = authorize(ctx.principal, "results.delete");
  const r = await loadForResult(ctx, p, registrationId, "results.delete");
  const part = r.theoryLocationId === locationId ? "theory" : r.practiceLocationId === locationId ? "practice" : null;
  if (!part) throw validationFailed({ locationId: "Dieser Ort ist kein Prüfungsort der Anmeldung" });
  return ctx.prisma.$transaction(async (tx) => {
    const updated = await settleOverviewKeys(
      tx,
      await tx.dexamRegistration.update({
        where: { id: r.id },
        data:
          part === "theory"
            ? { theoryPoints: null, ...overviewKeys({ ...r, theoryPoints: null }), version: { increment: 1 } }
            : { practicePoints: null, practiceSheetFileId: null, ...overviewKeys({ ...r, practicePoints: null }), version: { increment: 1 } },
      }),
    );
    if (part === "practice" && r.practiceSheetFileId !== null) await tx.storedFile.delete({ where: { id: r.practiceSheetFileId } });
    await auditResult(tx, p, "DexamRegistration", part === "theory" ? "deleteTheoryResult" : "deletePracticeResult", r.id, r.event.districtAssociationId);
    return updated;
  });
}

// ---- practice sheets

export type NamedFile = { name: string; data: Uint8Array };

/**
 * GET .../blank_practice_sheets (R-API038): one sheet per active registration of the practice
 * location, built and zipped in a spreadsheet thread (workers/pool.ts).
 */
export async function blankPracticeSheets(ctx: ServiceCtx, locationId: number) {
  const p = authorize(ctx.principal, "results.blankPracticeSheets");
  const location = await loadPracticeLocation(ctx, p, locationId, "results.blankPracticeSheets");
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: { practiceLocationId: location.id, cancelledAt: null },
    include: { association: { select: { name: true } } },
    orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
  });
  const address = [location.street, [location.postcode, location.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const date = [germanDateTime(location.start), germanDateTime(location.end)].filter(Boolean).join(" bis ");
  const sheets: { name: string; sheet: PracticeSheetData }[] = [];
  for (const r of rows) {
    const songs = (r.songs as DexamSong[]) ?? [];
    sheets.push({
      name: practiceSheetFileName({ id: r.id, practiceLocationId: location.id, lastname: r.lastname, firstname: r.firstname }),
      sheet: {
        registrationId: r.id,
        locationId: location.id,
        checkCode: sheetCheckCode(currentKey(ctx.services.dataKey), r.id, location.id),
        districtName: location.event.districtAssociation.name,
        eventName: location.event.name,
        locationName: location.name,
        locationAddress: address,
        locationDate: date,
        lastname: r.lastname,
        firstname: r.firstname,
        birthdate: germanDate(r.birthdate),
        club: r.association.name,
        instrument: INSTRUMENT_LABELS[r.instrument],
        course: DEXAM_TYPE_LABELS[r.type],
        songs: [0, 1, 2, 3].map((i) => ({
          label: r.instrument === "PERCUSSION" ? PERCUSSION_SONG_LABELS[i] : (songs[i]?.number ?? String(i + 1)),
          name: songs[i]?.name ?? "",
        })),
        passPoints: PRACTICE_PASS_POINTS,
      },
    });
  }
  const zip = await spreadsheetPool.build({ kind: "practiceSheetsZip", sheets, empty: "Bei diesem Prüfungsort sind keine aktiven Anmeldungen." });
  return { location, zip: asBuffer(zip) };
}

/** GET .../practice_sheets (R-API039): the uploaded sheets of the practice location. */
export async function filledPracticeSheets(ctx: ServiceCtx, locationId: number) {
  const p = authorize(ctx.principal, "results.practiceSheets");
  const location = await loadPracticeLocation(ctx, p, locationId, "results.practiceSheets");
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: { practiceLocationId: location.id, practiceSheetFileId: { not: null } },
    include: { practiceSheetFile: true },
    orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
  });
  const files: NamedFile[] = rows.map((r) => ({ name: r.practiceSheetFile!.name, data: fileBytes(ctx.services.dataKey, r.practiceSheetFile!) }));
  return { location, files };
}

/**
 * GET .../practice_sheet (R-API041): registration_read/manage and results staff of the district,
 * the club's members once the practice location publishes results (as viewerCan.downloadPracticeSheet).
 */
export async function practiceSheetOf(ctx: ServiceCtx, registrationId: number) {
  const p = authorize(ctx.principal, "results.practiceSheet");
  const r = await ctx.prisma.dexamRegistration.findUnique({
    where: { id: registrationId },
    include: {
      event: true,
      theoryLocation: { select: { publishResults: true } },
      practiceLocation: { select: { publishResults: true } },
      practiceSheetFile: true,
    },
  });
  if (!r || !actsOn(p, "results.practiceSheet", { districtAssociationId: r.event.districtAssociationId, associationId: r.associationId }))
    throw notFound("D-Prüfungsanmeldung");
  const seen = visibleResult(p, r, r.event, r);
  if (!r.practiceSheetFile || seen.practiceSheetFileId === null) throw notFound("Praxisbogen");
  return { ...r.practiceSheetFile, data: fileBytes(ctx.services.dataKey, r.practiceSheetFile) };
}

type AcceptedSheet = {
  file: NamedFile;
  registrationId: number;
  previousFileId: number | null;
  previousPoints: unknown;
  points: number;
  /** the overview's sort keys with the new practice points (dexam/rules.ts overviewKeys) */
  keys: ReturnType<typeof overviewKeys>;
};

/**
 * POST .../practice_sheets (R-RE009..R-RE013, R-API052): each .xlsx (also inside a .zip, as the
 * blank download gives them) is checked (type, content, our ids and check code, the file name, the
 * location, the registration, the points); any problem rejects the whole upload with one German
 * message per file, and nothing is written. What is stored of a sheet is its clean copy
 * (sheet.ts storedPracticeSheet), never the uploaded bytes.
 */
export async function uploadPracticeSheets(ctx: ServiceCtx, locationId: number, receive: () => Promise<NamedFile[]>) {
  const p = authorize(ctx.principal, "results.uploadPracticeSheets");
  const location = await loadPracticeLocation(ctx, p, locationId, "results.uploadPracticeSheets");
  // the request body is read only now, after the caller is known to be allowed
  const files = await practiceSheetFiles(await receive());
  // one message per rejected file (a sheet of a zip counts as a file), keyed "files.<position>" so the UI can point at the file
  const errors: [index: number, message: string][] = [];
  const parsed: { file: NamedFile; index: number; registrationId: number; points: number }[] = [];
  const reads = await readUploadedPracticeSheets(files, (file) => !file.error && extensionOf(file.name) === "xlsx");
  for (const [index, file] of files.entries()) {
    const fail = (message: string) => errors.push([index, `„${file.name}“: ${message}`]);
    if (file.error) {
      fail(file.error);
      continue;
    }
    if (extensionOf(file.name) !== "xlsx") {
      fail(RESULT_UPLOAD_MSG.practiceSheetType);
      continue;
    }
    const read = reads[index];
    if (read instanceof UploadRejected) {
      fail(read.message);
      continue;
    }
    const sheet = read?.sheet;
    // a sheet printed before a key rotation carries the old key's code (an old key is still in the ring until removed)
    if (!read || !sheet || !allKeys(ctx.services.dataKey).some((k) => sheet.checkCode === sheetCheckCode(k, sheet.registrationId, sheet.locationId))) {
      fail("Die Datei ist kein Praxisbogen dieses Anmeldesystems");
      continue;
    }
    const byName = idsFromFileName(file.name);
    if (!byName || byName.registrationId !== sheet.registrationId || byName.locationId !== sheet.locationId) {
      fail(
        `Der Dateiname wurde geändert; der Bogen kann nicht zugeordnet werden. Bitte unter dem ursprünglichen Namen ` +
          `(beginnend mit „Praxisbogen_R${sheet.registrationId}_L${sheet.locationId}_“) hochladen`,
      );
      continue;
    }
    if (sheet.locationId !== location.id) {
      // R-RE012: the wording of the wrong-location error (docs/decisions.md)
      fail(`Dieser Praxisbogen gehört zu einem anderen Prüfungsort (Ort Nr. ${sheet.locationId}), nicht zu „${location.name}“`);
      continue;
    }
    if (sheet.points === null) {
      fail("Die Punktzahl der Praxisprüfung fehlt (gelbes Feld)");
      continue;
    }
    const bad = Number.isNaN(sheet.points) ? "Die Punktzahl muss eine Zahl sein" : pointsError(sheet.points);
    if (bad) {
      fail(bad);
      continue;
    }
    if (parsed.some((x) => x.registrationId === sheet.registrationId)) {
      fail(`Für die Anmeldung ${sheet.registrationId} ist schon ein anderer Bogen in diesem Upload`);
      continue;
    }
    // what is stored: the sheet's clean copy under the uploaded name
    parsed.push({ file: { name: file.name, data: read.clean }, index, registrationId: sheet.registrationId, points: round2(sheet.points) });
  }
  // the registrations: still at this location and not cancelled
  const regs = await ctx.prisma.dexamRegistration.findMany({ where: { id: { in: parsed.map((x) => x.registrationId) } } });
  const accepted: AcceptedSheet[] = [];
  for (const x of parsed) {
    const r = regs.find((g) => g.id === x.registrationId);
    const fail = (message: string) => errors.push([x.index, `„${x.file.name}“: ${message}`]);
    if (!r || r.practiceLocationId !== location.id) fail(`Die Anmeldung ${x.registrationId} ist nicht (mehr) bei diesem Prüfungsort angemeldet`);
    else if (r.cancelledAt) fail(`Die Anmeldung ${x.registrationId} ist storniert`);
    else
      accepted.push({ ...x, previousFileId: r.practiceSheetFileId, previousPoints: r.practicePoints, keys: overviewKeys({ ...r, practicePoints: x.points }) });
  }
  if (errors.length) {
    errors.sort((a, b) => a[0] - b[0]);
    throw new AppError(
      "VALIDATION",
      `Keine Praxisbögen übernommen: ${errors.map(([, m]) => m).join("; ")}`,
      Object.fromEntries(errors.map(([i, m]) => [`files.${i}`, m])),
    );
  }
  const { done, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const done: { registrationId: number; practicePoints: number; fileName: string }[] = [];
    for (const s of accepted) {
      const stored = await tx.storedFile.create({ data: storedFileRow(ctx.services.dataKey, { name: s.file.name, mimeType: XLSX_MIME, data: s.file.data }) });
      await settleOverviewKeys(
        tx,
        await tx.dexamRegistration.update({
          where: { id: s.registrationId },
          data: { practicePoints: s.points, practiceSheetFileId: stored.id, ...s.keys, version: { increment: 1 } },
        }),
      );
      if (s.previousFileId !== null) await tx.storedFile.delete({ where: { id: s.previousFileId } });
      await auditResult(tx, p, "DexamRegistration", "uploadPracticeSheet", s.registrationId, location.event.districtAssociationId, {
        points: s.points,
        file: s.file.name,
      });
      done.push({ registrationId: s.registrationId, practicePoints: s.points, fileName: s.file.name });
    }
    const changed = changedPoints(accepted.map((s) => ({ id: s.registrationId, before: s.previousPoints, after: s.points })));
    return { done, mailed: await mailResults(tx, location.eventId, location.id, changed) };
  });
  if (mailed) ctx.services.mail.wake();
  return done;
}

// ---- PC Juror

/** GET .../pc_juror_import (R-API034): the active registrations of a competition event for the jury program. */
export async function pcJurorList(ctx: ServiceCtx, eventId: number) {
  const { event } = await exportEvent(ctx, "results.pcJurorImportList", eventId, "pcJuror");
  const rows = await ctx.prisma.competitionRegistration.findMany({
    where: { eventId: event.id, cancelledAt: null },
    include: { association: { select: { name: true } }, location: { select: { name: true } } },
    orderBy: [{ locationId: "asc" }, { type: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  return { event, data: await pcJurorImportList(eventFacts(event, ctx.services.now()), rows) };
}

/**
 * POST .../pc_juror (R-RE016..R-RE018, R-API043): points and mark per registration id from the
 * jury program's .xlsm, or its list filled by hand and saved as .xlsx (same content rules); every
 * row must name an active registration of this event; all or nothing.
 */
export async function uploadPcJuror(ctx: ServiceCtx, eventId: number, receive: () => Promise<NamedFile[]>) {
  const { p, event } = await exportEvent(ctx, "results.uploadPcJuror", eventId, "pcJuror");
  const files = await receive();
  const reject = (messages: string[]) =>
    new AppError("VALIDATION", `Keine Ergebnisse übernommen: ${messages.join("; ")}`, Object.fromEntries(messages.map((m, i) => [`file.${i}`, m])));
  if (files.length !== 1) throw reject(["Bitte genau eine Datei (pcjuror.xlsm) hochladen"]);
  const file = files[0];
  const format = PC_JUROR_EXTENSIONS.find((x) => x === extensionOf(file.name));
  if (!format) throw reject([`„${file.name}“: ${RESULT_UPLOAD_MSG.pcJurorType}`]);
  let read: Awaited<ReturnType<typeof readUploadedPcJuror>>;
  try {
    read = await readUploadedPcJuror(file, format);
  } catch (e) {
    if (!(e instanceof UploadRejected)) throw e;
    throw reject([`„${file.name}“: ${e.message}`]);
  }
  const errors = [...read.errors];
  const regs = await ctx.prisma.competitionRegistration.findMany({
    where: { id: { in: read.results.map((x) => x.registrationId) } },
    select: { id: true, eventId: true, cancelledAt: true, points: true },
  });
  for (const x of read.results) {
    const r = regs.find((g) => g.id === x.registrationId);
    if (!r || r.eventId !== event.id) errors.push(`Zeile ${x.row}: Die Anmeldung ${x.registrationId} gehört nicht zu dieser Veranstaltung`);
    else if (r.cancelledAt) errors.push(`Zeile ${x.row}: Die Anmeldung ${x.registrationId} ist storniert`);
  }
  if (!errors.length && read.results.length === 0) errors.push("Die Datei enthält keine Ergebnisse");
  if (errors.length) throw reject(errors);
  const mailed = await ctx.prisma.$transaction(async (tx) => {
    for (const x of read.results) {
      await tx.competitionRegistration.update({ where: { id: x.registrationId }, data: { points: x.points, mark: x.mark, version: { increment: 1 } } });
      await auditResult(tx, p, "CompetitionRegistration", "importPcJuror", x.registrationId, event.districtAssociationId, {
        points: x.points,
        mark: x.mark,
        file: file.name,
      });
    }
    const before = (id: number) => regs.find((g) => g.id === id)?.points;
    return mailResults(
      tx,
      event.id,
      null,
      changedPoints(read.results.map((x) => ({ id: x.registrationId, before: before(x.registrationId), after: x.points }))),
    );
  });
  if (mailed) ctx.services.mail.wake();
  return read.results;
}

// ---- lists

/** rows per read of the overview export */
const EXPORT_PAGE = 500;

/**
 * GET /v1/export/event/{id}/overview (R-API037): registration staff of the district. Results
 * (which they may see unpublished) are included; camp health data is decrypted only for the
 * registration staff of the district (the readers of camp data, docs/decisions.md R-BC025).
 */
export async function overviewList(ctx: ServiceCtx, eventId: number, locationId: number | null) {
  const p = authorize(ctx.principal, "export.overview");
  const event = await loadEvent(ctx, p, eventId, "export.overview");
  const location = locationId === null ? null : await ctx.prisma.eventLocation.findFirst({ where: { id: locationId, eventId: event.id } });
  if (locationId !== null && !location) throw notFound("Veranstaltungsort");
  const facts = eventFacts(event, ctx.services.now(), location?.name);
  const results = seesUnpublishedResults(p, event);
  if (event.formType === "COMPETITION") {
    const rows = await ctx.prisma.competitionRegistration.findMany({
      where: { eventId: event.id, ...(location ? { locationId: location.id } : {}) },
      include: { association: { select: { name: true } }, location: { select: { name: true } } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    const opened = rows.map((r) => ({ ...r, remarks: remarksOf(ctx.services.dataKey, r), remarksEncrypted: null }));
    return { event, location, data: await competitionOverview(facts, opened, { results }) };
  }
  const camp = event.formType === "DEXAM_CAMP" && isRegistrationStaff(p, event);
  // read in pages of 500 (cursor on the sort order): the driver's and Prisma's transient copies of
  // one huge result dominated the export's memory (figure 4)
  const withCamp: DexamOverviewRow[] = [];
  for (let cursor: number | undefined; ; ) {
    const page = await ctx.prisma.dexamRegistration.findMany({
      where: {
        eventId: event.id,
        ...(location ? { OR: [{ theoryLocationId: location.id }, { practiceLocationId: location.id }, { preparationLocationId: location.id }] } : {}),
      },
      include: {
        association: { select: { name: true } },
        theoryLocation: { select: { name: true } },
        practiceLocation: { select: { name: true } },
        preparationLocation: { select: { name: true } },
      },
      orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
      take: EXPORT_PAGE,
      ...(cursor === undefined ? {} : { cursor: { id: cursor }, skip: 1 }),
    });
    for (const r of page)
      withCamp.push({ ...r, campDataEncrypted: null, remarks: remarksOf(ctx.services.dataKey, r), remarksEncrypted: null, camp: camp ? campOf(ctx, r) : null });
    if (page.length < EXPORT_PAGE) break;
    cursor = page[page.length - 1].id;
  }
  const data = await dexamOverview(facts, withCamp, { camp, results });
  // an export with health data leaves a trace: one record of the rows whose camp data it carries
  if (camp) await recordHealthDataAccess(ctx, { registrationIds: withCamp.filter((r) => r.camp).map((r) => r.id), door: "overviewExport" });
  return { event, location, data };
}

/**
 * GET .../certificate_list (R-API036, R-EV020): the active registrations that passed (pass rule of
 * dexam/rules.ts; a verified partial result counts for its part), for results staff of the district.
 */
export async function certificateListOf(ctx: ServiceCtx, eventId: number) {
  const { event } = await exportEvent(ctx, "results.certificateList", eventId, "certificateList");
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: { eventId: event.id, cancelledAt: null },
    include: {
      association: { select: { name: true } },
      theoryLocation: { select: { name: true } },
      practiceLocation: { select: { name: true } },
      preparationLocation: { select: { name: true } },
    },
    orderBy: [{ type: "asc" }, { lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
  });
  const passed = rows.filter(
    (r) =>
      examOutcome({
        theoryPoints: num(r.theoryPoints),
        practicePoints: num(r.practicePoints),
        partialResultType: r.partialResultType,
        existingPartialResultVerified: r.existingPartialResultVerified,
      }) === "passed",
  );
  const sig = event.districtAssociation.signatureFileId
    ? await ctx.prisma.storedFile.findUnique({ where: { id: event.districtAssociation.signatureFileId } })
    : null;
  const image = sig ? fileBytes(ctx.services.dataKey, sig) : null;
  const kind = image ? sniffType(image) : null;
  const signature = image && (kind === "png" || kind === "jpeg") ? { data: image, extension: kind } : null;
  return {
    event,
    data: await certificateList(
      eventFacts(event, ctx.services.now()),
      passed.map((r) => ({ ...r, camp: null })),
      signature,
    ),
  };
}
