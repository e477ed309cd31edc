import { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import type { Cast, Category, CompetitionRegistration, DifficultyLevel } from "../../generated/prisma/client.ts";
import { idempotencyKeyOf, idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { queryId } from "../../http/wireInput.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG } from "../../shared/messages.ts";
import type { ServiceCtx } from "../context.ts";
import { isManager } from "../registrations/access.ts";
import { competitionTypeWire } from "../wire.ts";
import { type CompetitionInput, type CompetitionSong, competitionSongsComplete } from "./rules.ts";
import {
  cancelCompetitionRegistration,
  competitionWhere,
  createCompetition,
  deleteCompetitionRegistration,
  getCompetitionRegistration,
  updateCompetitionRegistration,
  visibleCompetitionResult,
} from "./service.ts";

// wire values: casts and age groups as the spec writes them; categories as numbers 1..6
const CASTS: readonly Cast[] = ["S", "SK", "E", "BG", "P", "B", "JB", "SL"];
const LEVELS: readonly DifficultyLevel[] = ["IA", "IB", "II", "III", "IV", "V", "VI"];
const categoryToWire = (c: Category | null) => (c ? Number(c.slice(4)) : null);
/** a category 1..6 as the number the answers write (or its digit) */
const categoryFromWire = (v: unknown): Category | undefined =>
  (typeof v === "number" || typeof v === "string") && /^[1-6]$/.test(String(v)) ? (`CAT_${v}` as Category) : undefined;

/** What every /v1 answer of a registration loads with it. */
const WIRE_INCLUDE = {
  association: { select: { id: true, name: true } },
  event: { select: { districtAssociationId: true, locations: { select: { publishResults: true } } } },
} as const;
type WireRelations = {
  association: { id: number; name: string } | null;
  event: { districtAssociationId: number; locations: { publishResults: boolean }[] };
};
type WireRow = CompetitionRegistration & WireRelations;

/** The spec's competition registration fields (section 3). */
/** `rel`: the row's relations, when they are not on the row (a new registration: no copy of its many columns). */
export function competitionToWire(ctx: ServiceCtx, r: CompetitionRegistration, rel: WireRelations = r as WireRow) {
  const songs = (r.songs as CompetitionSong[]) ?? [];
  const result = visibleCompetitionResult(ctx.principal, r, rel.event);
  return {
    id: r.id,
    version: r.version,
    event_id: r.eventId,
    user_id: r.userId,
    name: r.name,
    association_id: r.associationId,
    association: rel.association ? { id: rel.association.id, name: rel.association.name } : null,
    type: competitionTypeWire.toWire(r.type),
    cast: r.cast,
    category: categoryToWire(r.category),
    age_group: r.ageGroup,
    conductor_name: r.conductorName,
    number_of_musicians: r.numberOfMusicians,
    members: r.members,
    remarks: r.remarks,
    location_id: r.locationId,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
    documents_complete: r.documentsComplete,
    songs_complete: competitionSongsComplete({ type: r.type, songs }),
    gdpr_accepted: r.gdprAccepted,
    cancellation_accepted: r.cancellationAccepted,
    songs,
    result,
  };
}

/**
 * The body of a create or edit (spec section 3's snake_case names and wire values), read strictly
 * (http/wireSchema.ts: a wrong type is a 400 naming the field) into the service's CompetitionInput;
 * what the fields must hold is the one competition schema's job (shared/competitionSchema.ts).
 */
const CompetitionBody = z
  .object({
    id: w.id(),
    event_id: w.id(),
    version: z.unknown().optional(),
    cancelled_at: w.instant().optional(),
    name: w.text(),
    association_id: w.id(),
    type: w.oneOf(competitionTypeWire),
    cast: w.oneOf({ fromWire: (v) => CASTS.find((c) => c === v), values: CASTS }),
    category: w.oneOf({ fromWire: categoryFromWire, values: [1, 2, 3, 4, 5, 6] }),
    age_group: w.oneOf({ fromWire: (v) => LEVELS.find((l) => l === v), values: LEVELS }),
    conductor_name: w.text(),
    number_of_musicians: w.integer(),
    members: w.text(),
    remarks: w.text(),
    songs: w.list(w.item({ name: w.text(), composer: w.text(), publisher: w.text(), arranger: w.text(), duration: w.integer() })),
    gdpr_accepted: w.boolean(),
    cancellation_accepted: w.boolean(),
    documents_complete: w.boolean(),
    location_id: w.id().optional(),
  })
  .transform(
    (b) =>
      ({
        id: b.id,
        eventId: b.event_id,
        version: versionOf(b.version),
        cancelledAtSent: b.cancelled_at,
        name: b.name,
        associationId: b.association_id,
        type: b.type,
        cast: b.cast,
        category: b.category,
        ageGroup: b.age_group,
        conductorName: b.conductor_name,
        numberOfMusicians: b.number_of_musicians,
        members: b.members,
        remarks: b.remarks,
        songs: b.songs,
        gdprAccepted: b.gdpr_accepted ?? false,
        cancellationAccepted: b.cancellation_accepted ?? false,
        documentsComplete: b.documents_complete,
        locationId: b.location_id,
      }) satisfies CompetitionInput & { id: number | null; eventId: number | null; cancelledAtSent: Date | null | undefined },
  );

const input = (raw: unknown) => w.readBody(CompetitionBody, raw);

const reload = (ctx: ServiceCtx, id: number) => ctx.prisma.competitionRegistration.findUniqueOrThrow({ where: { id }, include: WIRE_INCLUDE });

export function competitionRoutes(r: RestRouter) {
  r.get("/v1/registrations/event/:eventId/competition", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    const where = competitionWhere(ctx, { eventId: idParam(req, "eventId"), locationId: queryId(q, "locationId"), search: q.search });
    const rows = await ctx.prisma.competitionRegistration.findMany({ where, include: WIRE_INCLUDE, orderBy: [{ name: "asc" }, { id: "asc" }] });
    return rows.map((row) => competitionToWire(ctx, row));
  });
  r.get("/v1/registration/competition/:id", async (ctx, req) =>
    competitionToWire(ctx, await reload(ctx, (await getCompetitionRegistration(ctx, idParam(req))).id)),
  );
  r.post("/v1/registration/competition", async (ctx, req, reply) => {
    const i = input(req.body);
    if (i.eventId === null) throw validationFailed({ eventId: MSG.required });
    const created = await createCompetition(ctx, i.eventId, { ...i, locationId: i.locationId ?? undefined }, idempotencyKeyOf(req));
    reply.status(201);
    // the answer from what the create already holds (no re-read, issue 9)
    return competitionToWire(ctx, created.registration, { association: created.association, event: created.event });
  });
  // PUT: a club member's cancelled_at cancels (the server stamps the time); registration_manage sets
  // cancelled_at and documents_complete as sent; otherwise it edits
  r.put("/v1/registration/competition", async (ctx, req) => {
    const i = input(req.body);
    if (i.id === null) throw new AppError("NOT_FOUND", "Wertungsspielanmeldung nicht gefunden");
    const current = await getCompetitionRegistration(ctx, i.id);
    const manager = isManager(ctx.principal, current.event);
    if (!manager && i.cancelledAtSent && !current.cancelledAt)
      return competitionToWire(ctx, await reload(ctx, (await cancelCompetitionRegistration(ctx, i.id)).id));
    return competitionToWire(ctx, await reload(ctx, (await updateCompetitionRegistration(ctx, i.id, { ...i, cancelledAt: i.cancelledAtSent })).id));
  });
  r.delete("/v1/registration/competition/:id", async (ctx, req, reply) => {
    await deleteCompetitionRegistration(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
