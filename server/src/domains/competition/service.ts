// Competition registrations (Wertungsspiele): the same deadline, club, edit-phase and cancel rules
// as D-exams (registrations/access.ts, registrations/rules.ts); delete needs user_manage (as the spec
// writes it) or phase NoRestrictions; documents_complete and cancelled_at only registration_manage.

import { validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { containsText, idSearched, labelSearched, searchTerm } from "../../db/search.ts";
import type { CompetitionRegistration, CompetitionType, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { competitionFacts } from "../../mail/registrationMail.ts";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DIFFICULTY_LEVEL_LABELS } from "../../shared/labels.ts";
import { clean, type ServiceCtx } from "../context.ts";
import {
  checkClub,
  type EventWithLocations,
  filterRefused,
  managerOnly,
  type RegistrationFilter,
  registrationScope,
  seesUnpublishedResults,
  sharedFilterConditions,
} from "../registrations/access.ts";
import { keyedRequest } from "../registrations/idempotency.ts";
import * as kind from "../registrations/kind.ts";
import type { RegistrationList } from "../registrations/list.ts";
import { remarksColumns } from "../registrations/remarks.ts";
import { COMPETITION_OVERVIEW_ORDER } from "./overviewOrder.ts";
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
export type CreatedCompetition = {
  registration: CompetitionRegistration;
  event: EventWithLocations;
  association: { id: number; name: string };
  /** the row with the relations the create read with it (its `shape`: the GraphQL answer) */
  row: Record<string, unknown>;
};

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

/** Competition registrations as the registration shape (registrations/kind.ts) knows them. */
export const COMPETITION: kind.RegistrationKind<CompetitionRegistration> = {
  entity: "CompetitionRegistration",
  op: "competition",
  label: "Wertungsspielanmeldung",
  formTypes: ["COMPETITION"],
  managed: MANAGED,
  delegate: (db) => db.competitionRegistration,
  facts: competitionFacts,
  deleter: isUserManager,
  traces: (id) => ({ dexamIds: [], competitionIds: [id] }),
};

export async function createCompetitionRegistration(
  ctx: ServiceCtx,
  eventId: number,
  input: CompetitionInput,
  idempotencyKey?: string | null,
): Promise<CompetitionRegistration> {
  return (await createCompetition(ctx, eventId, input, idempotencyKey)).registration;
}

/** A new registration, as a D-exam's (dexam/service.ts createDexam); `shape`: what the GraphQL answer reads with the row. */
export async function createCompetition(
  ctx: ServiceCtx,
  eventId: number,
  input: CompetitionInput,
  idempotencyKey?: string | null,
  shape?: { include?: object },
): Promise<CreatedCompetition> {
  const p = authorize(ctx.principal, "competition.create");
  const request = keyedRequest(p, idempotencyKey, "competition.create", { eventId, input });
  const include = kind.createdInclude(shape);
  // a retried create with its key (registrations/idempotency.ts)
  const replay = async (id: number) => {
    // the event with its locations (the /v1 answer), unless the GraphQL selection reads the event its own way
    const row = await kind.readRegistration<CompetitionRegistration, kind.Loaded<CompetitionRegistration> & Record<string, unknown>>(COMPETITION, ctx, p, id, {
      event: { include: { locations: true } },
      ...include,
    });
    return created(row, row.event, { event: true, ...include });
  };
  return kind.createRegistration(COMPETITION, ctx, p, { eventId, associationId: input.associationId, request, replay }, async (tx, event, manager) => {
    if (!manager && (input.documentsComplete || input.cancelledAt || input.locationId != null)) throw managerOnly(MANAGED);
    const errors = validateCompetition(input, event, "create");
    if (Object.keys(errors).length) throw validationFailed(errors);
    const row = data(ctx, input);
    const written = await tx.competitionRegistration.create({
      data: {
        ...row,
        // the overview's sort key of "Stücke"
        ...competitionOverviewKeys(row),
        eventId,
        // a machine client (API client) has no user row: the registration names no account
        userId: p.kind === "user" ? p.userId : null,
        locationId: locationFor(input, event.locations, manager, null),
        gdprAccepted: !!input.gdprAccepted,
        cancellationAccepted: !!input.cancellationAccepted,
        documentsComplete: manager && !!input.documentsComplete,
      },
      include,
    });
    const answer = created(written, event, include);
    return { created: answer, registration: answer.registration };
  });
}

const created = (row: Record<string, unknown>, event: EventWithLocations, include: Record<string, unknown>): CreatedCompetition =>
  kind.createdFrom<CompetitionRegistration>(row, event, include);

export const getCompetitionRegistration = (ctx: ServiceCtx, id: number) =>
  kind.readRegistration(COMPETITION, ctx, authorize(ctx.principal, "competition.read"), id);

/** An edit (registrations/kind.ts updateRegistration); phase SongsOnly changes the songs only. `include`: what the answer reads with the row. */
export async function updateCompetitionRegistration(
  ctx: ServiceCtx,
  id: number,
  input: CompetitionInput,
  o: { loaded?: kind.Loaded<CompetitionRegistration>; include?: object } = {},
): Promise<CompetitionRegistration> {
  return kind.updateRegistration(COMPETITION, ctx, id, input, o, {
    changesManaged: (r) =>
      (input.documentsComplete != null && input.documentsComplete !== r.documentsComplete) ||
      (input.locationId !== undefined && input.locationId !== r.locationId),
    prepare: async (p, r, { manager, scope }) => {
      // in phase SongsOnly the stored type decides how many rows count
      kind.refuseErrors(validateCompetition(scope === "songs" ? { ...input, type: r.type } : input, r.event, "edit"), scope);
      if (scope === "all" && input.associationId !== r.associationId) await checkClub(ctx.prisma, p, "competition.update", input.associationId, manager);
      return {
        next:
          scope === "songs"
            ? { songs: songsOf(r.type, input.songs) }
            : { ...data(ctx, input), locationId: locationFor(input, r.event.locations, manager, r.locationId) },
        managed: manager && input.documentsComplete != null ? { documentsComplete: input.documentsComplete } : {},
        // the overview's sort key of "Stücke" over the row as it will be
        keys: (row) => competitionOverviewKeys(row as CompetitionRegistration),
      };
    },
  });
}

export const cancelCompetitionRegistration = (ctx: ServiceCtx, id: number, o: { include?: object } = {}) => kind.cancelRegistration(COMPETITION, ctx, id, o);

export const deleteCompetitionRegistration = (ctx: ServiceCtx, id: number, version?: number | null) => kind.deleteRegistration(COMPETITION, ctx, id, version);

/** The overview list of a competition event: members see their own clubs', registration staff all of the district's event. */
export function competitionWhere(ctx: ServiceCtx, filter: RegistrationFilter): Prisma.CompetitionRegistrationWhereInput {
  const p = authorize(ctx.principal, "competition.list");
  const search = searchTerm(filter.search);
  // every condition in AND: the caller's scope (registrationScope) uses OR and associationId itself
  const and: Prisma.CompetitionRegistrationWhereInput[] = [];
  if (filter.locationId) and.push({ locationId: filter.locationId });
  and.push(...(sharedFilterConditions(filter) as Prisma.CompetitionRegistrationWhereInput[]), ...competitionFilterConditions(filter));
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

/**
 * The competition's own filters: the statuses only competitions have (documents incomplete) or read
 * in their own way (a result entered: points; published: points once every location of the event
 * publishes results, as visibleCompetitionResult shows them). Instrument and course belong to D-exams.
 */
function competitionFilterConditions(filter: RegistrationFilter): Prisma.CompetitionRegistrationWhereInput[] {
  if (filter.instrument) throw filterRefused("instrument", "Ein Instrument");
  if (filter.course) throw filterRefused("course", "Einen Kurs");
  switch (filter.status) {
    case "NOT_VERIFIED":
      throw filterRefused("status", "Den Status „Teilprüfung nicht geprüft“");
    case "DOCUMENTS_INCOMPLETE":
      return [{ documentsComplete: false }];
    case "RESULT_ENTERED":
      return [{ points: { not: null } }];
    case "RESULT_PUBLISHED":
      return [{ points: { not: null }, event: { locations: { some: {}, every: { publishResults: true } } } }];
    default:
      return [];
  }
}

/** The overview's list (registrations/list.ts): its sortable columns and its where. */
export const COMPETITION_LIST: RegistrationList<keyof typeof COMPETITION_OVERVIEW_ORDER.columns> = {
  kind: COMPETITION,
  order: COMPETITION_OVERVIEW_ORDER,
  where: competitionWhere,
};

/** Points and mark as the viewer may see them: once every location of the event publishes results (staff always). */
export function visibleCompetitionResult(
  p: Principal | null,
  r: { points: unknown; mark: string | null },
  e: { districtAssociationId: number; locations: { publishResults: boolean }[] },
) {
  if (!competitionResultsVisible(seesUnpublishedResults(p, e), e.locations)) return { points: null, mark: null };
  return { points: r.points === null ? null : Number(r.points), mark: r.mark };
}
