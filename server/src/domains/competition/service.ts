// Competition registrations (Wertungsspiele): the same deadline, club, edit-phase and cancel rules
// as D-exams (registrations/access.ts, registrations/rules.ts); delete needs user_manage (as the spec
// writes it) or phase NoRestrictions; documents_complete and cancelled_at only registration_manage.

import { AppError, forbidden, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize, mayActOn } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { containsText, idSearched, labelSearched, searchTerm } from "../../db/search.ts";
import type { CompetitionRegistration, CompetitionType, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { competitionFacts } from "../../mail/registrationMail.ts";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DIFFICULTY_LEVEL_LABELS } from "../../shared/labels.ts";
import { audit } from "../audit/service.ts";
import { checkVersion, clean, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import {
  canReadRegistration,
  checkClub,
  checkNewRegistration,
  type EventWithLocations,
  isManager,
  lockEventForRegistration,
  managerOnly,
  type RegistrationFilter,
  recordCreate,
  registrationScope,
  seesUnpublishedResults,
  sharedFilterConditions,
} from "../registrations/access.ts";
import { createOnce, type KeyedRequest, keyedRequest } from "../registrations/idempotency.ts";
import { changeDetailsSealed, remarksColumns } from "../registrations/remarks.ts";
import { canCancel, canDelete, editableInPhase } from "../registrations/rules.ts";
import { deleteRegistrationTraces } from "../registrations/traces.ts";
import {
  type CompetitionInput,
  type CompetitionSong,
  competitionOverviewKeys,
  competitionResultsVisible,
  songRowsFor,
  usesAgeGroup,
  validateCompetition,
} from "./rules.ts";

const MANAGED = "Stornodatum und Unterlagen-Vermerk";

/** user_manage of the event's district: deletes competition registrations in any phase (R-RO021). */
/** The district roles of `competition.delete` (user_manage, as the spec writes it). */
export const isUserManager = (p: Principal | null, e: { districtAssociationId: number }) =>
  actsOn(p, "competition.delete", { districtAssociationId: e.districtAssociationId });

const songsOf = (type: CompetitionType, songs: CompetitionSong[] | undefined) =>
  Array.from({ length: 4 }, (_, i) => {
    const s = i < songRowsFor(type) ? songs?.[i] : undefined;
    return {
      name: clean(s?.name) ?? null,
      composer: clean(s?.composer) ?? null,
      publisher: clean(s?.publisher) ?? null,
      arranger: clean(s?.arranger) ?? null,
      duration: s?.duration ?? null,
    };
  }) as Prisma.InputJsonValue;

function data(ctx: ServiceCtx, input: CompetitionInput) {
  const type = input.type!;
  return {
    name: (input.name ?? "").trim(),
    associationId: input.associationId!,
    type,
    cast: input.cast!,
    category: usesAgeGroup(type) ? null : (input.category ?? null),
    ageGroup: usesAgeGroup(type) ? (input.ageGroup ?? null) : null,
    conductorName: (input.conductorName ?? "").trim(),
    numberOfMusicians: input.numberOfMusicians!,
    members: type === "G" ? clean(input.members) : null,
    // sealed with the data key (registrations/remarks.ts)
    ...remarksColumns(ctx.services.dataKey, clean(input.remarks)),
    songs: songsOf(type, input.songs),
  };
}

/**
 * The competition location: the one chosen by registration_manage, otherwise the first location of
 * the event that offers the type (decision: the form has no location choice; staff may move it).
 */
function locationFor(input: CompetitionInput, locations: { id: number; competitionTypes: CompetitionType[] }[], manager: boolean, current: number | null) {
  // a chosen location is one of the event's (validateCompetition)
  if (manager && input.locationId !== undefined) return input.locationId;
  if (current !== null && locations.some((l) => l.id === current && l.competitionTypes.includes(input.type!))) return current;
  return [...locations].sort((a, b) => a.id - b.id).find((l) => l.competitionTypes.includes(input.type!))?.id ?? null;
}

/** A new registration with what its /v1 answer shows besides the row, all known without reading it again. */
export type CreatedCompetition = { registration: CompetitionRegistration; event: EventWithLocations; association: { id: number; name: string } };

/**
 * Works out the overview's sort key of "Stücke" (rules.ts competitionOverviewKeys) for rows written
 * before the key (songsCompleteKey NULL), a few at a time, at start-up; answers how many. As the
 * D-exam sweep (dexam/service.ts fillOverviewKeys): only rows still at the version read, version
 * and updatedAt kept.
 */
export async function fillCompetitionOverviewKeys(prisma: PrismaClient, batch = 100): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await prisma.competitionRegistration.findMany({
      where: { songsCompleteKey: null, id: { gt: after } },
      select: { id: true, version: true, type: true, songs: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) return filled;
    for (const r of rows) {
      const { songsCompleteKey } = competitionOverviewKeys(r);
      filled += await prisma.$executeRaw`UPDATE "CompetitionRegistration" SET "songsCompleteKey" = ${songsCompleteKey}
        WHERE "id" = ${r.id} AND "version" = ${r.version} AND "songsCompleteKey" IS NULL`;
    }
    after = rows[rows.length - 1].id;
  }
}

export async function createCompetitionRegistration(
  ctx: ServiceCtx,
  eventId: number,
  input: CompetitionInput,
  idempotencyKey?: string | null,
): Promise<CompetitionRegistration> {
  return (await createCompetition(ctx, eventId, input, idempotencyKey)).registration;
}

/** A registration a create wrote, as createCompetition answers it (a retried create with its key: registrations/idempotency.ts). */
async function createdCompetitionOf(ctx: ServiceCtx, p: Principal, id: number): Promise<CreatedCompetition> {
  const r = await ctx.prisma.competitionRegistration.findUnique({
    where: { id },
    include: { event: { include: { locations: true } }, association: { select: { id: true, name: true } } },
  });
  if (!r || !canReadRegistration(p, r, r.event, "competition.read")) throw notFound("Wertungsspielanmeldung");
  const { event, association, ...registration } = r;
  return { registration, event, association };
}

/** A new registration, as a D-exam's (dexam/service.ts createDexam): one transaction after the key's lookup. */
export async function createCompetition(
  ctx: ServiceCtx,
  eventId: number,
  input: CompetitionInput,
  idempotencyKey?: string | null,
): Promise<CreatedCompetition> {
  const p = authorize(ctx.principal, "competition.create");
  const request = keyedRequest(p, idempotencyKey, "competition.create", { eventId, input });
  return createOnce(
    ctx,
    request,
    (id) => createdCompetitionOf(ctx, p, id),
    () => createCompetitionOnce(ctx, p, eventId, input, request),
  );
}

async function createCompetitionOnce(
  ctx: ServiceCtx,
  p: Principal,
  eventId: number,
  input: CompetitionInput,
  request: KeyedRequest | null,
): Promise<CreatedCompetition> {
  const { created, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const event = await lockEventForRegistration(tx, eventId, ["COMPETITION"]);
    const { manager } = await checkNewRegistration(tx, ctx.services.now(), p, event, input.associationId);
    if (!manager && (input.documentsComplete || input.cancelledAt || input.locationId != null)) throw managerOnly(MANAGED);
    const errors = validateCompetition(input, event, "create");
    if (Object.keys(errors).length) throw validationFailed(errors);
    const locationId = locationFor(input, event.locations, manager, null);
    const row = data(ctx, input);
    const { association, ...registration } = await tx.competitionRegistration.create({
      data: {
        ...row,
        // the overview's sort key of "Stücke"
        ...competitionOverviewKeys(row),
        eventId,
        userId: p.userId,
        locationId,
        gdprAccepted: !!input.gdprAccepted,
        cancellationAccepted: !!input.cancellationAccepted,
        documentsComplete: manager && !!input.documentsComplete,
      },
      include: { association: { select: { id: true, name: true } } },
    });
    const mailed = await recordCreate(tx, ctx, p, {
      entity: "CompetitionRegistration",
      action: "create",
      registration,
      event,
      request,
      facts: competitionFacts(registration, registration.id, event),
    });
    return { created: { registration, association, event }, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return created;
}

async function load(ctx: ServiceCtx, p: Principal, id: number) {
  const r = await ctx.prisma.competitionRegistration.findUnique({ where: { id }, include: { event: { include: { locations: true } } } });
  if (!r || !canReadRegistration(p, r, r.event, "competition.read")) throw notFound("Wertungsspielanmeldung");
  return r;
}

/** Readers may look but not change (registration_read); the club's members and registration_manage change. */
async function loadChangeable(ctx: ServiceCtx, p: Principal, id: number) {
  const r = await load(ctx, p, id);
  if (!p.associationIds.includes(r.associationId) && !isManager(p, r.event) && !isUserManager(p, r.event)) throw forbidden();
  return r;
}

export async function getCompetitionRegistration(ctx: ServiceCtx, id: number) {
  return load(ctx, authorize(ctx.principal, "competition.read"), id);
}

export async function updateCompetitionRegistration(ctx: ServiceCtx, id: number, input: CompetitionInput) {
  const p = authorize(ctx.principal, "competition.update");
  const r = await loadChangeable(ctx, p, id);
  const manager = isManager(p, r.event);
  if (!manager && !p.associationIds.includes(r.associationId)) throw forbidden();
  checkVersion(r, input.version);
  const changesManaged =
    (input.cancelledAt !== undefined && (input.cancelledAt?.getTime() ?? null) !== (r.cancelledAt?.getTime() ?? null)) ||
    (input.documentsComplete != null && input.documentsComplete !== r.documentsComplete) ||
    (input.locationId !== undefined && input.locationId !== r.locationId);
  if (changesManaged && !manager) throw managerOnly(MANAGED);
  if (r.cancelledAt && !manager) throw new AppError("CONFLICT", "Eine stornierte Anmeldung kann nicht mehr geändert werden");
  const scope = editableInPhase(r.event.editPhase, { manager });
  if (scope === "nothing") throw new AppError("CONFLICT", "In dieser Bearbeitungsphase kann die Anmeldung nicht mehr geändert werden");
  // in phase SongsOnly the stored type decides how many rows count
  const effective = scope === "songs" ? { ...input, type: r.type } : input;
  const errors = validateCompetition(effective, r.event, "edit");
  if (scope === "songs") {
    const songErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("songs")));
    if (Object.keys(songErrors).length) throw validationFailed(songErrors);
  } else if (Object.keys(errors).length) throw validationFailed(errors);
  if (scope === "all" && input.associationId !== r.associationId) await checkClub(ctx.prisma, p, input.associationId, manager);
  const { updated, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const next =
      scope === "songs"
        ? { songs: songsOf(r.type, input.songs) }
        : { ...data(ctx, input), locationId: locationFor(input, r.event.locations, manager, r.locationId) };
    const managed = manager
      ? {
          ...(input.cancelledAt !== undefined ? { cancelledAt: input.cancelledAt } : {}),
          ...(input.documentsComplete != null ? { documentsComplete: input.documentsComplete } : {}),
        }
      : {};
    // the overview's sort key of "Stücke" over the row as it will be
    const keys = competitionOverviewKeys({ ...r, ...next });
    const updated = await guardStale(
      tx.competitionRegistration.update({ where: versionWhere(id, input.version), data: { ...next, ...managed, ...keys, version: { increment: 1 } } }),
    );
    await audit(tx, p, {
      action: scope === "songs" ? "updateSongs" : "update",
      entity: "CompetitionRegistration",
      entityId: id,
      districtAssociationId: r.event.districtAssociationId,
      details: changeDetailsSealed(ctx.services.dataKey, r, { ...next, ...managed }),
    });
    // the registering user hears of a change someone else made, and of a cancellation by the office
    const cancelled = !r.cancelledAt && !!updated.cancelledAt;
    const mailed =
      (cancelled || r.userId !== p.userId) &&
      (await enqueueMail(tx, mailTarget(updated, r.event), cancelled ? "cancelled" : "changed", competitionFacts(updated, id, r.event)));
    return { updated, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return updated;
}

const mailTarget = (r: Pick<CompetitionRegistration, "userId" | "associationId">, e: { districtAssociationId: number }) => ({
  userId: r.userId,
  associationId: r.associationId,
  districtAssociationId: e.districtAssociationId,
});

export async function cancelCompetitionRegistration(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "competition.cancel");
  const r = await loadChangeable(ctx, p, id);
  if (!p.associationIds.includes(r.associationId) && !isManager(p, r.event)) throw forbidden();
  if (!canCancel(r)) throw new AppError("CONFLICT", "Die Anmeldung ist bereits storniert");
  const { updated, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.competitionRegistration.update({ where: { id }, data: { cancelledAt: ctx.services.now(), version: { increment: 1 } } });
    await audit(tx, p, { action: "cancel", entity: "CompetitionRegistration", entityId: id, districtAssociationId: r.event.districtAssociationId });
    const mailed = await enqueueMail(tx, mailTarget(r, r.event), "cancelled", competitionFacts(r, id, r.event));
    return { updated, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return updated;
}

export async function deleteCompetitionRegistration(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "competition.delete");
  const r = await loadChangeable(ctx, p, id);
  const mayAct = p.associationIds.includes(r.associationId) || isManager(p, r.event) || isUserManager(p, r.event);
  const erases = mayActOn(p, "registration.deleteCancelled", r.event);
  if (!mayAct || !canDelete(r, r.event.editPhase, { manager: isUserManager(p, r.event), erases })) {
    throw new AppError(
      "CONFLICT",
      r.cancelledAt ? "Eine stornierte Anmeldung kann nicht gelöscht werden" : "In dieser Bearbeitungsphase kann nur storniert werden",
    );
  }
  const mailed = await ctx.prisma.$transaction(async (tx) => {
    // its earlier audit entries and mails go with it (registrations/traces.ts);
    // the deletion's own entry keeps who and the counts, no names
    const traces = await deleteRegistrationTraces(tx, { dexamIds: [], competitionIds: [id] });
    await tx.competitionRegistration.delete({ where: { id } });
    await audit(tx, p, {
      action: "delete",
      entity: "CompetitionRegistration",
      entityId: id,
      districtAssociationId: r.event.districtAssociationId,
      details: traces,
    });
    // the notice of the deletion: deleted from the outbox once sent (mail/outbox.ts)
    return enqueueMail(tx, mailTarget(r, r.event), "deleted", competitionFacts(r, id, r.event));
  });
  if (mailed) ctx.services.mail.wake();
  return r;
}

/** The overview list of a competition event: members see their own clubs', registration staff all of the district's event. */
export function competitionWhere(ctx: ServiceCtx, filter: RegistrationFilter): Prisma.CompetitionRegistrationWhereInput {
  const p = authorize(ctx.principal, "competition.list");
  const search = searchTerm(filter.search);
  // every condition in AND: the caller's scope (registrationScope) uses OR and associationId itself
  const and: Prisma.CompetitionRegistrationWhereInput[] = [];
  if (filter.locationId) and.push({ locationId: filter.locationId });
  and.push(...sharedFilterConditions(filter));
  // the overview's columns with text (name, club, type, cast, level), the conductor and the location
  if (search)
    and.push({
      OR: [
        { name: containsText(search) },
        { conductorName: containsText(search) },
        { association: { name: containsText(search) } },
        ...labelSearched("type", search, COMPETITION_TYPE_LABELS),
        ...labelSearched("cast", search, CAST_LABELS),
        ...labelSearched("category", search, CATEGORY_LABELS),
        ...labelSearched("ageGroup", search, DIFFICULTY_LEVEL_LABELS),
        { location: { is: { name: containsText(search) } } },
        ...idSearched(search),
      ],
    });
  return { eventId: filter.eventId, ...registrationScope(p, "competition.list"), ...(and.length ? { AND: and } : {}) };
}

/** Points and mark as the viewer may see them: once every location of the event publishes results (staff always). */
export function visibleCompetitionResult(
  p: Principal | null,
  r: { points: unknown; mark: string | null },
  e: { districtAssociationId: number; locations: { publishResults: boolean }[] },
) {
  if (!competitionResultsVisible(seesUnpublishedResults(p, e), e.locations)) return { points: null, mark: null };
  return { points: r.points === null ? null : Number(r.points), mark: r.mark };
}
