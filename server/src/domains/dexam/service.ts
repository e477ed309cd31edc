// D-exam registrations (form types dexam and dexam_camp). Members register for their own clubs
// before the deadline of a published event with a complete profile; registration_manage of the
// event's district registers any club of the district, also after the deadline and in any edit
// phase (office corrections). Camp health data is encrypted at rest.

import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { type DataKey, decryptJson, encryptJson } from "../../crypto/aead.ts";
import { containsText, idSearched, labelSearched, searchTerm } from "../../db/search.ts";
import type { DexamRegistration, Event, EventLocation, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { dexamFacts } from "../../mail/registrationMail.ts";
import { exportRefusal } from "../../shared/event-exports.ts";
import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "../../shared/labels.ts";
import { DEXAM_MSG } from "../../shared/messages.ts";
import { isInt4 } from "../../shared/validation.ts";
import { audit } from "../audit/service.ts";
import { clean, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { parseUpload } from "../files/rules.ts";
import { fileBytes, storedFileRow } from "../files/stored.ts";
import { recordHealthDataAccess } from "../healthaccess/service.ts";
import {
  canReadRegistration,
  checkClub,
  type EventWithLocations,
  filterRefused,
  isManager,
  managerOnly,
  mayReadCampData,
  type RegistrationFilter,
  registrationScope,
  seesUnpublishedResults,
  sharedFilterConditions,
} from "../registrations/access.ts";
import { type KeyedRequest, keyedRequest, storedAnswer } from "../registrations/idempotency.ts";
import * as kind from "../registrations/kind.ts";
import type { RegistrationList } from "../registrations/list.ts";
import { remarksColumns } from "../registrations/remarks.ts";
import { DEXAM_OVERVIEW_ORDER } from "./overviewOrder.ts";
import { type CampData, campDataErasure, type DexamInput, type DexamSong, overviewKeys, type ResultInput, takeoverPart, validateDexam } from "./rules.ts";

export { canReadRegistration, hasCampData, isManager, mayReadCampData, seesUnpublishedResults } from "../registrations/access.ts";

export type CampView = CampData;

/**
 * The camp data, meal request included, as sealed with the data key (one JSON, `campDataEncrypted`).
 * Rows written before the meal request moved into it carry it in the plain column `mealRequest`
 * until sealMealRequests (at start-up) moves it: both shapes read the same.
 */
export function campOf(ctx: ServiceCtx, r: Pick<DexamRegistration, "campDataEncrypted" | "mealRequest">): CampView | null {
  const sealed = r.campDataEncrypted ? decryptJson<CampData>(ctx.services.dataKey, r.campDataEncrypted) : null;
  if (!sealed) return r.mealRequest ? { mealRequest: r.mealRequest } : null;
  return { ...sealed, mealRequest: sealed.mealRequest ?? r.mealRequest ?? null };
}

/**
 * Moves the meal requests of rows written before it was sealed into their sealed camp data (a
 * migration has no key: docs/decisions.md "Encryption at rest"), a few at a time; answers how many.
 * A row is changed only while it still has the version and the plain value it was read with, so a
 * change at the same time or a replica starting together wins; version and updatedAt stay.
 */
export async function sealMealRequests(prisma: PrismaClient, key: DataKey, batch = 20): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const rows = await prisma.dexamRegistration.findMany({
      where: { mealRequest: { not: null }, id: { gt: after } },
      select: { id: true, version: true, mealRequest: true, campDataEncrypted: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) return moved;
    for (const r of rows) {
      const camp = r.campDataEncrypted ? decryptJson<CampData>(key, r.campDataEncrypted) : {};
      const sealed = new Uint8Array(encryptJson(key, { ...camp, mealRequest: camp.mealRequest ?? r.mealRequest }));
      moved += await prisma.$executeRaw`UPDATE "DexamRegistration" SET "campDataEncrypted" = ${sealed}, "mealRequest" = NULL
        WHERE "id" = ${r.id} AND "version" = ${r.version} AND "mealRequest" = ${r.mealRequest}::"MealRequest"`;
    }
    after = rows[rows.length - 1].id;
  }
}

/**
 * Works out the overview's sort keys of "Note" and "Stücke" (rules.ts overviewKeys, the one rule)
 * for rows written before the keys (songsCompleteKey NULL), a few at a time, at start-up; answers
 * how many. A row is changed only while it still has the version it was read with (a write at the
 * same time writes the keys itself); version and updatedAt stay.
 */
export async function fillOverviewKeys(prisma: PrismaClient, batch = 100): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await prisma.dexamRegistration.findMany({
      where: { songsCompleteKey: null, id: { gt: after } },
      select: {
        id: true,
        version: true,
        theoryPoints: true,
        practicePoints: true,
        partialResultType: true,
        existingPartialResultVerified: true,
        practiceLocationId: true,
        instrument: true,
        songs: true,
      },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) return filled;
    for (const r of rows) {
      const { gradeKey, songsCompleteKey } = overviewKeys(r);
      filled += await prisma.$executeRaw`UPDATE "DexamRegistration" SET "gradeKey" = ${gradeKey}::"DexamGrade", "songsCompleteKey" = ${songsCompleteKey}
        WHERE "id" = ${r.id} AND "version" = ${r.version} AND "songsCompleteKey" IS NULL`;
    }
    after = rows[rows.length - 1].id;
  }
}

/**
 * The row as an update wrote it, with its sort keys right: each write works the keys out from the
 * row it read before the update locked it, so a write at the same time to another input (theory
 * points and a practice sheet of one registration) can leave them behind. The update returns the
 * row with both; when its keys differ from the rule's, they are written again (the row still
 * locked by this transaction; one more statement, only then).
 */
export async function settleOverviewKeys<R extends DexamRegistration>(tx: Prisma.TransactionClient, row: R, include?: object): Promise<R> {
  const keys = overviewKeys(row);
  if (keys.gradeKey === row.gradeKey && keys.songsCompleteKey === row.songsCompleteKey) return row;
  return (await tx.dexamRegistration.update({ where: { id: row.id }, data: keys, ...(include ? { include } : {}) })) as R;
}

function data(ctx: ServiceCtx, input: DexamInput, camp: boolean) {
  const pr = input.partialResult?.type ? input.partialResult : null;
  return {
    firstname: (input.firstname ?? "").trim(),
    lastname: (input.lastname ?? "").trim(),
    birthdate: new Date(`${input.birthdate}T00:00:00Z`),
    gender: input.gender!,
    associationId: input.associationId!,
    instrument: input.instrument!,
    type: input.type!,
    theoryLocationId: input.theoryLocationId ?? null,
    practiceLocationId: input.practiceLocationId ?? null,
    preparationLocationId: input.preparationLocationId ?? null,
    partialResultType: pr?.type ?? null,
    partialResultDistrict: pr ? clean(pr.districtAssociation) : null,
    partialResultYear: pr ? Number(pr.year) : null,
    partialResultLocation: pr ? clean(pr.location) : null,
    partialResultPoints: pr?.points ?? null,
    songs: songsOf(input.songs),
    // sealed with the data key (registrations/remarks.ts)
    ...remarksColumns(ctx.services.dataKey, clean(input.remarks)),
    // the meal request is sealed with the rest of the camp data (campOf); the plain column stays empty
    mealRequest: null,
    campDataEncrypted: camp ? new Uint8Array(encryptJson(ctx.services.dataKey, { ...input.camp, mealRequest: input.camp?.mealRequest ?? null })) : null,
  };
}

const songsOf = (songs: DexamSong[] | undefined) =>
  Array.from({ length: 4 }, (_, i) => ({ number: clean(songs?.[i]?.number) ?? null, name: clean(songs?.[i]?.name) ?? null })) as Prisma.InputJsonValue;

/** Carried into a registration created by a takeover (R-RE029..R-RE032), with its keyed request (looked up already). */
type Carry = { takenOverFromId: number; request?: KeyedRequest | null };

/** A new registration with what its /v1 answer shows besides the row, all known without reading it again. */
export type CreatedDexam = {
  registration: DexamRegistration;
  event: EventWithLocations;
  association: { id: number; name: string };
  consentFormFile: { name: string } | null;
  /** the row with the relations the create read with it (its `shape`: the GraphQL answer) */
  row: Record<string, unknown>;
};

const MANAGED = "Stornodatum und Prüfvermerk";

/** D-exam registrations as the registration shape (registrations/kind.ts) knows them. */
export const DEXAM: kind.RegistrationKind<DexamRegistration> = {
  entity: "DexamRegistration",
  op: "dexam",
  label: "D-Prüfungsanmeldung",
  formTypes: ["DEXAM", "DEXAM_CAMP"],
  managed: MANAGED,
  delegate: (db) => db.dexamRegistration,
  facts: dexamFacts,
  deleter: isManager,
  traces: (id) => ({ dexamIds: [id], competitionIds: [] }),
};

export async function createDexamRegistration(ctx: ServiceCtx, eventId: number, input: DexamInput, idempotencyKey?: string | null): Promise<DexamRegistration> {
  return (await createDexam(ctx, eventId, input, undefined, idempotencyKey)).registration;
}

const CONSENT_FORM_NAME = { consentFormFile: { select: { name: true } } } as const;

/** A registration a create wrote, as createDexam answers it (a retried create with its key: registrations/idempotency.ts). */
async function createdDexamOf(ctx: ServiceCtx, p: Principal, id: number, include: Record<string, unknown>): Promise<CreatedDexam> {
  // the event with its locations (the /v1 answer), unless the GraphQL selection reads the event its own way
  const row = await kind.readRegistration<DexamRegistration, kind.Loaded<DexamRegistration> & Record<string, unknown>>(DEXAM, ctx, p, id, {
    event: { include: { locations: true } },
    ...include,
  });
  return createdOf(row, row.event, { event: true, ...include });
}

const createdOf = (row: Record<string, unknown>, event: EventWithLocations, include: Record<string, unknown>): CreatedDexam => ({
  ...kind.createdFrom<DexamRegistration>(row, event, include),
  consentFormFile: (row.consentFormFile as { name: string } | null) ?? null,
});

/**
 * A new registration (registrations/kind.ts createRegistration): the caller and the input checked
 * (rules.ts), then the consent form (camp events) and the registration. `shape`: what the GraphQL
 * answer reads with the row.
 */
export async function createDexam(
  ctx: ServiceCtx,
  eventId: number,
  input: DexamInput,
  carry?: Carry,
  idempotencyKey?: string | null,
  shape?: { include?: object },
): Promise<CreatedDexam> {
  const p = authorize(ctx.principal, "dexam.create");
  const request = carry ? (carry.request ?? null) : keyedRequest(p, idempotencyKey, "dexam.create", { eventId, input });
  const include = kind.createdInclude(shape, CONSENT_FORM_NAME);
  const replay = (id: number) => createdDexamOf(ctx, p, id, include);
  const o = { eventId, associationId: input.associationId, request, replay, lookedUp: !!carry };
  return kind.createRegistration(DEXAM, ctx, p, o, async (tx, event, manager, now) => {
    if (!manager && (input.existingPartialResultVerified || input.cancelledAt)) throw managerOnly(MANAGED);
    const errors = validateDexam(input, event, event.locations, "create", now);
    // the parent-signed consent form: required for camp events in create mode (decision R-VA035)
    const camp = event.formType === "DEXAM_CAMP";
    const upload = camp ? parseUpload(input.consentForm) : null;
    if (typeof upload === "string") errors.consentForm = upload;
    if (!camp && input.consentForm?.dataUrl) errors.consentForm = "Eine Einverständniserklärung gibt es nur bei Freizeiten";
    if (Object.keys(errors).length) throw validationFailed(errors);
    const file = upload && typeof upload !== "string" ? upload : null;
    const consentFormFileId = file ? (await tx.storedFile.create({ data: storedFileRow(ctx.services.dataKey, file), select: { id: true } })).id : null;
    const row = data(ctx, input, camp);
    const existingPartialResultVerified = carry ? true : manager && !!input.existingPartialResultVerified;
    const written = await tx.dexamRegistration.create({
      data: {
        ...row,
        eventId,
        // a machine client (API client) has no user row: the registration names no account
        userId: p.kind === "user" ? p.userId : null,
        gdprAccepted: !!input.gdprAccepted,
        cancellationAccepted: !!input.cancellationAccepted,
        healthConsentAccepted: camp && !!input.healthConsentAccepted,
        consentFormFileId,
        existingPartialResultVerified,
        takenOverFromId: carry?.takenOverFromId ?? null,
        // the overview's sort keys of "Note" and "Stücke" (no results yet)
        ...overviewKeys({ ...row, theoryPoints: null, practicePoints: null, existingPartialResultVerified }),
      },
      include,
    });
    const created = createdOf(written, event, include);
    return {
      created,
      registration: created.registration,
      ...(carry ? { action: "takeover" as const, details: { from: carry.takenOverFromId } } : {}),
    };
  });
}

export const getDexamRegistration = (ctx: ServiceCtx, id: number) => kind.readRegistration(DEXAM, ctx, authorize(ctx.principal, "dexam.read"), id);

/**
 * An edit (registrations/kind.ts updateRegistration): edit phases (spec section 4) NoRestrictions
 * all, SongsOnly the songs, None nothing; registration_manage always all. `include`: what the
 * answer reads with the row.
 */
export async function updateDexamRegistration(
  ctx: ServiceCtx,
  id: number,
  input: DexamInput,
  o: { loaded?: kind.Loaded<DexamRegistration>; include?: object } = {},
): Promise<DexamRegistration> {
  return kind.updateRegistration(DEXAM, ctx, id, input, o, {
    changesManaged: (r) => input.existingPartialResultVerified != null && input.existingPartialResultVerified !== r.existingPartialResultVerified,
    prepare: async (p, r, { manager, scope }) => {
      // another account of the club than the registering one neither reads nor overwrites the camp data:
      // its edit keeps the stored values, unchecked (docs/decisions.md "Who reads camp health data")
      const keepsCamp = !mayReadCampData(p, r, r.event);
      const errors = validateDexam(input, r.event, r.event.locations, "edit", ctx.services.now());
      kind.refuseErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !(keepsCamp && k.startsWith("camp")))), scope);
      if (input.associationId !== r.associationId) await checkClub(ctx.prisma, p, "dexam.update", input.associationId, manager);
      const written = scope === "songs" ? { songs: songsOf(input.songs) } : data(ctx, input, r.event.formType === "DEXAM_CAMP");
      const next = keepsCamp && "campDataEncrypted" in written ? { ...written, campDataEncrypted: r.campDataEncrypted, mealRequest: r.mealRequest } : written;
      // a changed partial result needs checking again (R-RO033)
      const partialChanged =
        scope === "all" &&
        "partialResultType" in next &&
        (next.partialResultType !== r.partialResultType ||
          next.partialResultYear !== r.partialResultYear ||
          next.partialResultDistrict !== r.partialResultDistrict ||
          next.partialResultLocation !== r.partialResultLocation ||
          Number(next.partialResultPoints ?? Number.NaN) !== Number(r.partialResultPoints ?? Number.NaN));
      const managed = manager
        ? input.existingPartialResultVerified != null
          ? { existingPartialResultVerified: input.existingPartialResultVerified }
          : {}
        : partialChanged
          ? { existingPartialResultVerified: false }
          : {};
      return {
        next,
        managed,
        // the overview's sort keys of "Note" and "Stücke" over the row as it will be
        keys: (row) => overviewKeys(row as DexamRegistration),
        settle: settleOverviewKeys,
        sealed: { campDataEncrypted: (v) => (v ? decryptJson(ctx.services.dataKey, v as Uint8Array) : null) },
      };
    },
  });
}

/** Cancelling is total and final for normal users (the server stamps the time). */
export const cancelDexamRegistration = (ctx: ServiceCtx, id: number, o: { include?: object } = {}) => kind.cancelRegistration(DEXAM, ctx, id, o);

export const deleteDexamRegistration = (ctx: ServiceCtx, id: number, version?: number | null) => kind.deleteRegistration(DEXAM, ctx, id, version);

/**
 * Erases only the camp data of a camp registration (erasure on request): the sealed health
 * data with meal request, vaccinations and emergency contacts, and the parent-signed consent form,
 * once the camp has ended (its end, else its start, has passed). The registration, its course and
 * results stay. registration_manage of the event's district (admin); audited as "eraseCampData"
 * (what went, never its values). Cancelled registrations too.
 */
export async function eraseDexamCampData(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "dexam.eraseCampData");
  const r = isInt4(id) ? await ctx.prisma.dexamRegistration.findUnique({ where: { id }, include: { event: true } }) : null;
  if (!r || !canReadRegistration(p, r, r.event)) throw notFound("D-Prüfungsanmeldung");
  if (!actsOn(p, "dexam.eraseCampData", r.event)) throw forbidden();
  const refused = campDataErasure(r, r.event, ctx.services.now());
  if (refused) throw new AppError("CONFLICT", refused);
  return ctx.prisma.$transaction(async (tx) => {
    const updated = await guardStale(
      tx.dexamRegistration.update({
        where: versionWhere(id, r.version),
        data: { campDataEncrypted: null, mealRequest: null, consentFormFileId: null, version: { increment: 1 } },
      }),
    );
    if (r.consentFormFileId !== null) await tx.storedFile.delete({ where: { id: r.consentFormFileId } });
    await audit(tx, p, {
      action: "eraseCampData",
      entity: "DexamRegistration",
      entityId: id,
      districtAssociationId: r.event.districtAssociationId,
      details: { campData: !!(r.campDataEncrypted || r.mealRequest), consentForm: r.consentFormFileId !== null },
    });
    return updated;
  });
}

/** The overview list of an event: members see their own clubs' registrations, registration staff all of their district's event. */
export function dexamWhere(ctx: ServiceCtx, filter: RegistrationFilter): Prisma.DexamRegistrationWhereInput {
  const p = authorize(ctx.principal, "dexam.list");
  const search = searchTerm(filter.search);
  // every condition in AND: the caller's scope (registrationScope) uses OR and associationId itself
  const and: Prisma.DexamRegistrationWhereInput[] = [];
  if (filter.locationId)
    and.push({ OR: [{ theoryLocationId: filter.locationId }, { practiceLocationId: filter.locationId }, { preparationLocationId: filter.locationId }] });
  and.push(...(sharedFilterConditions(filter) as Prisma.DexamRegistrationWhereInput[]), ...dexamFilterConditions(filter));
  // the overview's columns with text (names, club, instrument, course) and the exam locations
  if (search)
    and.push({
      OR: [
        { firstname: containsText(search) },
        { lastname: containsText(search) },
        { association: { name: containsText(search) } },
        ...labelSearched("instrument", search, INSTRUMENT_LABELS),
        ...labelSearched("type", search, DEXAM_TYPE_LABELS),
        { theoryLocation: { is: { name: containsText(search) } } },
        { practiceLocation: { is: { name: containsText(search) } } },
        { preparationLocation: { is: { name: containsText(search) } } },
        ...idSearched(search),
      ],
    });
  return { eventId: filter.eventId, ...registrationScope(p), ...(and.length ? { AND: and } : {}) };
}

/**
 * The D-exam's own filters: instrument, course, and the statuses only D-exams have (an existing
 * partial result not verified) or read in their own way (a result entered: theory or practice
 * points; published: points of a location that publishes its results, as visibleResult shows them).
 */
function dexamFilterConditions(filter: RegistrationFilter): Prisma.DexamRegistrationWhereInput[] {
  const and: Prisma.DexamRegistrationWhereInput[] = [];
  if (filter.instrument) and.push({ instrument: filter.instrument });
  if (filter.course) and.push({ type: filter.course });
  switch (filter.status) {
    case "DOCUMENTS_INCOMPLETE":
      throw filterRefused("status", "Den Status „Unterlagen unvollständig“");
    case "NOT_VERIFIED":
      and.push({ partialResultType: { not: null }, existingPartialResultVerified: false });
      break;
    case "RESULT_ENTERED":
      and.push({ OR: [{ theoryPoints: { not: null } }, { practicePoints: { not: null } }] });
      break;
    case "RESULT_PUBLISHED":
      and.push({
        OR: [
          { theoryPoints: { not: null }, theoryLocation: { is: { publishResults: true } } },
          { practicePoints: { not: null }, practiceLocation: { is: { publishResults: true } } },
        ],
      });
      break;
  }
  return and;
}

/** The overview's list (registrations/list.ts): its sortable columns and its where. */
export const DEXAM_LIST: RegistrationList<keyof typeof DEXAM_OVERVIEW_ORDER.columns> = {
  kind: DEXAM,
  order: DEXAM_OVERVIEW_ORDER,
  where: dexamWhere,
};

// ---- results, row actions, takeover, consent form

type ResultRow = Pick<
  DexamRegistration,
  "theoryPoints" | "practicePoints" | "partialResultType" | "existingPartialResultVerified" | "associationId" | "practiceSheetFileId"
>;

/** The registration's theory and practice locations, as far as visibleResult reads them (each publishes its results). */
export type ResultLocations = {
  theoryLocation?: { publishResults: boolean } | null;
  practiceLocation?: { publishResults: boolean } | null;
};

/** A registration's results as one caller may see them (visibleResult). */
export type VisibleResult = ResultInput & {
  /** false while a stored part is hidden from this caller (the grade stays empty) */
  complete: boolean;
  /** the stored practice sheet, once the practice part is visible */
  practiceSheetFileId: number | null;
};

/**
 * Results as the caller may see them (R-RE021, R-RO017): each part, with the practice sheet that
 * carries the practice points, once its location publishes results; everything for the staff who
 * see unpublished results (seesUnpublishedResults). A hidden part is null, exactly as a part
 * without a result: every answer to the registering side that depends on results (points, grade,
 * row menu, the takeover and its refusals, the practice sheet, "Meine Daten", the /v1 answer) is
 * decided from this value, never from the stored columns.
 */
export function visibleResult(p: Principal | null, r: ResultRow, e: Pick<Event, "districtAssociationId">, locations: ResultLocations): VisibleResult {
  const staff = seesUnpublishedResults(p, e);
  const theoryVisible = staff || !!locations.theoryLocation?.publishResults;
  const practiceVisible = staff || !!locations.practiceLocation?.publishResults;
  const theoryPoints = r.theoryPoints !== null && theoryVisible ? Number(r.theoryPoints) : null;
  const practicePoints = r.practicePoints !== null && practiceVisible ? Number(r.practicePoints) : null;
  const hidden = (r.theoryPoints !== null && theoryPoints === null) || (r.practicePoints !== null && practicePoints === null);
  return {
    theoryPoints,
    practicePoints,
    partialResultType: r.partialResultType,
    existingPartialResultVerified: r.existingPartialResultVerified,
    complete: !hidden,
    practiceSheetFileId: practiceVisible ? r.practiceSheetFileId : null,
  };
}

/**
 * POST .../takeover (R-RE029..R-RE032): a new registration for the same person (name, birth date,
 * gender, club, instrument, course) in a D-exam event, carrying the passed part of this one as a
 * verified "Vorhandene Teilprüfung". The body names the target event, the locations of the missing
 * part and the consents (camp events: camp data and consent form), checked as for any new registration.
 */
export async function takeOverPartialResult(
  ctx: ServiceCtx,
  sourceId: number,
  target: DexamInput & { eventId: number },
  idempotencyKey?: string | null,
): Promise<DexamRegistration> {
  return (await takeOver(ctx, sourceId, target, idempotencyKey)).registration;
}

type SourceRow = DexamRegistration & {
  event: Event & { districtAssociation: { name: string } };
  theoryLocation: EventLocation | null;
  practiceLocation: EventLocation | null;
};

/** takeOverPartialResult with what the /v1 answer shows besides the row (as createDexam); `shape` as createDexam's. */
export async function takeOver(
  ctx: ServiceCtx,
  sourceId: number,
  target: DexamInput & { eventId: number },
  idempotencyKey?: string | null,
  shape?: { include?: object },
): Promise<CreatedDexam> {
  authorize(ctx.principal, "dexam.takeover");
  const p = ctx.principal!;
  // a retried takeover answers the registration it created, before the checks (the source is taken over by then)
  const request = keyedRequest(p, idempotencyKey, "dexam.takeover", { sourceId, target });
  const include = kind.createdInclude(shape, CONSENT_FORM_NAME);
  const replay = (id: number) => createdDexamOf(ctx, p, id, include);
  const stored = await storedAnswer(ctx, request, replay);
  if (stored) return stored;
  const src = await kind.readRegistration<DexamRegistration, SourceRow>(DEXAM, ctx, p, sourceId, {
    event: { include: { districtAssociation: true } },
    theoryLocation: true,
    practiceLocation: true,
  });
  kind.assertChanger(p, src);
  const fail = (message: string, fields?: Record<string, string>) => new AppError(fields ? "VALIDATION" : "CONFLICT", message, fields);
  // only what the caller may see counts: an unpublished part answers as no result at all
  const seen = visibleResult(p, src, src.event, src);
  const passed = takeoverPart(seen);
  if (passed !== "THEORY" && passed !== "PRACTICE") throw fail(passed);
  const part: "THEORY" | "PRACTICE" = passed;
  if (await ctx.prisma.dexamRegistration.findFirst({ where: { takenOverFromId: sourceId }, select: { id: true } })) {
    // a takeover with the same key, sent at the same time, was faster: its registration is the answer
    const faster = await storedAnswer(ctx, request, replay);
    if (faster) return faster;
    throw fail("Dieses Teilergebnis wurde bereits in eine neue Anmeldung übernommen");
  }
  if (part === "THEORY" && target.theoryLocationId != null)
    throw fail("Die Theorieprüfung ist bereits bestanden und kann nicht wiederholt werden", {
      theoryLocationId: "Die Theorieprüfung ist bereits bestanden und kann nicht wiederholt werden",
    });
  if (part === "PRACTICE" && target.practiceLocationId != null)
    throw fail("Die Praxisprüfung ist bereits bestanden und kann nicht wiederholt werden", {
      practiceLocationId: "Die Praxisprüfung ist bereits bestanden und kann nicht wiederholt werden",
    });
  if (part === "THEORY" && target.practiceLocationId == null)
    throw fail("Bitte einen Ort für die Praxisprüfung wählen", { practiceLocationId: "Bitte einen Ort für die Praxisprüfung wählen" });
  if (part === "PRACTICE" && target.theoryLocationId == null)
    throw fail("Bitte einen Ort für die Theorieprüfung wählen", { theoryLocationId: "Bitte einen Ort für die Theorieprüfung wählen" });
  // the passed part as it was recorded: an earlier verified partial result stays as it is
  const carried =
    src.existingPartialResultVerified && src.partialResultType === part
      ? {
          type: part,
          districtAssociation: src.partialResultDistrict,
          year: src.partialResultYear,
          location: src.partialResultLocation,
          points: src.partialResultPoints === null ? null : Number(src.partialResultPoints),
        }
      : {
          type: part,
          districtAssociation: src.event.districtAssociation.name,
          year: (src.event.start ?? src.createdAt).getUTCFullYear(),
          location: (part === "THEORY" ? src.theoryLocation : src.practiceLocation)?.name ?? src.event.name,
          points: part === "THEORY" ? seen.theoryPoints : seen.practicePoints,
        };
  const input: DexamInput = {
    ...target,
    firstname: src.firstname,
    lastname: src.lastname,
    birthdate: src.birthdate.toISOString().slice(0, 10),
    gender: src.gender,
    associationId: src.associationId,
    instrument: src.instrument,
    type: src.type,
    partialResult: carried,
    existingPartialResultVerified: undefined,
    cancelledAt: undefined,
  };
  return createDexam(ctx, target.eventId, input, { takenOverFromId: sourceId, request }, undefined, shape);
}

/**
 * The stored consent form of one registration (R-API040): for the account that registered the child
 * and the district's registration staff (`dexam.consentForm`); another reader of the registration (an
 * account of the club) is refused. Each download is recorded (healthaccess/service.ts).
 */
export async function consentFormOf(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "dexam.consentForm");
  const r = await ctx.prisma.dexamRegistration.findUnique({ where: { id }, include: { event: true, consentFormFile: true } });
  if (!r || !canReadRegistration(p, r, r.event)) throw notFound("D-Prüfungsanmeldung");
  if (!actsOn(p, "dexam.consentForm", { districtAssociationId: r.event.districtAssociationId, associationId: r.associationId, userId: r.userId }))
    throw new AppError("FORBIDDEN", DEXAM_MSG.campWithheld);
  if (!r.consentFormFile) throw notFound("Einverständniserklärung");
  const file = { ...r.consentFormFile, data: fileBytes(ctx.services.dataKey, r.consentFormFile) };
  await recordHealthDataAccess(ctx, { registrationIds: [r.id], door: "consentForm" });
  return { registration: r, file };
}

/** All consent forms of a camp event (R-API035): registration staff of the event's district. */
export async function consentFormsOf(ctx: ServiceCtx, eventId: number) {
  const p = authorize(ctx.principal, "dexam.consentForms");
  const event = await ctx.prisma.event.findUnique({ where: { id: eventId } });
  if (!event || !actsOn(p, "dexam.consentForms", event)) throw notFound("Veranstaltung");
  // only camps collect consent forms: any other event answers why, not an empty zip
  const refused = exportRefusal(event.formType, "consentForms");
  if (refused) throw new AppError("CONFLICT", refused);
  const rows = await ctx.prisma.dexamRegistration.findMany({
    where: { eventId, consentFormFileId: { not: null } },
    include: { consentFormFile: true },
    orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
  });
  const opened = rows.map((r) => ({ ...r, consentFormFile: { ...r.consentFormFile!, data: fileBytes(ctx.services.dataKey, r.consentFormFile!) } }));
  await recordHealthDataAccess(ctx, { registrationIds: rows.map((r) => r.id), door: "consentForms" });
  return { event, rows: opened };
}
