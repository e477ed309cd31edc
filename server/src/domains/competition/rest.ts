import { AppError } from "../../auth/errors.ts";
import type { Cast, Category, CompetitionRegistration, DifficultyLevel } from "../../generated/prisma/client.ts";
import { idempotencyKeyOf, idParam, type RestRouter, versionOf } from "../../http/rest.ts";
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
const categoryFromWire = (v: unknown): Category | null => (v != null && /^[1-6]$/.test(String(v)) ? (`CAT_${v}` as Category) : null);

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

type Json = Record<string, any>;
function input(raw: unknown): CompetitionInput & { id: number | null; eventId: number | null; cancelledAtRaw: unknown; hasCancelledAt: boolean } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
  const b = raw as Json;
  const int = (v: unknown) => (v != null && v !== "" && Number.isSafeInteger(Number(v)) ? Number(v) : null);
  const str = (v: unknown) => (v == null ? null : String(v));
  return {
    id: int(b.id),
    eventId: int(b.event_id),
    version: versionOf(b.version),
    cancelledAtRaw: b.cancelled_at,
    hasCancelledAt: "cancelled_at" in b,
    name: str(b.name),
    associationId: int(b.association_id),
    type: competitionTypeWire.fromWire(b.type) ?? null,
    cast: CASTS.includes(b.cast) ? b.cast : null,
    category: categoryFromWire(b.category),
    ageGroup: LEVELS.includes(b.age_group) ? b.age_group : null,
    conductorName: str(b.conductor_name),
    numberOfMusicians: b.number_of_musicians == null || b.number_of_musicians === "" ? null : Number(b.number_of_musicians),
    members: str(b.members),
    remarks: str(b.remarks),
    songs: Array.isArray(b.songs)
      ? b.songs.map((s: Json) => ({
          name: str(s?.name),
          composer: str(s?.composer),
          publisher: str(s?.publisher),
          arranger: str(s?.arranger),
          duration: s?.duration == null || s.duration === "" ? null : Number(s.duration),
        }))
      : [],
    gdprAccepted: b.gdpr_accepted === true,
    cancellationAccepted: b.cancellation_accepted === true,
    documentsComplete: typeof b.documents_complete === "boolean" ? b.documents_complete : null,
    locationId: "location_id" in b ? int(b.location_id) : undefined,
  };
}

const reload = (ctx: ServiceCtx, id: number) => ctx.prisma.competitionRegistration.findUniqueOrThrow({ where: { id }, include: WIRE_INCLUDE });

export function competitionRoutes(r: RestRouter) {
  r.get("/v1/registrations/event/:eventId/competition", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    const where = competitionWhere(ctx, { eventId: idParam(req, "eventId"), locationId: q.locationId ? Number(q.locationId) || null : null, search: q.search });
    const rows = await ctx.prisma.competitionRegistration.findMany({ where, include: WIRE_INCLUDE, orderBy: [{ name: "asc" }, { id: "asc" }] });
    return rows.map((row) => competitionToWire(ctx, row));
  });
  r.get("/v1/registration/competition/:id", async (ctx, req) =>
    competitionToWire(ctx, await reload(ctx, (await getCompetitionRegistration(ctx, idParam(req))).id)),
  );
  r.post("/v1/registration/competition", async (ctx, req, reply) => {
    const i = input(req.body);
    if (i.eventId === null) throw new AppError("VALIDATION", "Ungültige Eingabe: event_id", { event_id: "Dieses Feld ist ein Pflichtfeld" });
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
    if (!manager && i.cancelledAtRaw && !current.cancelledAt)
      return competitionToWire(ctx, await reload(ctx, (await cancelCompetitionRegistration(ctx, i.id)).id));
    let cancelledAt: Date | null | undefined;
    if (i.hasCancelledAt) {
      cancelledAt = i.cancelledAtRaw ? new Date(String(i.cancelledAtRaw)) : null;
      if (cancelledAt && Number.isNaN(cancelledAt.getTime()))
        throw new AppError("VALIDATION", "Ungültige Eingabe: cancelled_at", { cancelled_at: "Bitte ein gültiges Datum eingeben" });
    }
    return competitionToWire(ctx, await reload(ctx, (await updateCompetitionRegistration(ctx, i.id, { ...i, cancelledAt })).id));
  });
  r.delete("/v1/registration/competition/:id", async (ctx, req, reply) => {
    await deleteCompetitionRegistration(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
