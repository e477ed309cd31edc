// Event locations (Veranstaltungsorte): visible with their event; event_manage of the event's
// district creates, changes and deletes them. The type is fixed after creation; a location that
// a registration references cannot be deleted.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { competitionFacts, dexamFacts, locationMoves } from "../../mail/registrationMail.ts";
import { audit, changeDetails } from "../audit/service.ts";
import { checkVersion, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { canSeeEvent } from "../events/service.ts";
import { type ListRead, updatedSinceWhere } from "../lists.ts";
import { countResultMails, mailResults } from "../results/mails.ts";
import { type LocationInput, locationTypeFor, normalizedLocation, validateLocation } from "./rules.ts";

type Tx = Prisma.TransactionClient;
type Place = Parameters<typeof locationMoves>[0];

export const locationOrder = [{ type: "asc" }, { start: "asc" }, { name: "asc" }] as const;

const LOCATION_LIST_ORDER = listOrder("EventLocation", locationOrder);

/**
 * An event's locations as a list (GET /v1/event/:eventId/locations, domains/lists.ts): the event
 * must be visible (else 404), its locations in the order of the event's screens, then by id.
 */
export async function locationList(
  ctx: ServiceCtx,
  eventId: number,
  filter: { updatedSince?: Date | null } = {},
): Promise<ListRead & { event: { id: number; name: string } }> {
  const p = authorize(ctx.principal, "location.list");
  const e = await ctx.prisma.event.findUnique({ where: { id: eventId } });
  if (!e || !canSeeEvent(p, e, ctx.services.now())) throw notFound("Veranstaltung");
  return { where: { AND: [{ eventId }, ...updatedSinceWhere(filter.updatedSince)] }, order: LOCATION_LIST_ORDER, event: { id: e.id, name: e.name } };
}

export async function getLocation(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "location.read");
  const l = await ctx.prisma.eventLocation.findUnique({ where: { id }, include: { event: true } });
  if (!l || !canSeeEvent(p, l.event, ctx.services.now())) throw notFound("Veranstaltungsort");
  return l;
}

export async function createLocation(ctx: ServiceCtx, input: LocationInput & { eventId: number }) {
  const p = authorize(ctx.principal, "location.create");
  return ctx.prisma.$transaction(async (tx) => {
    const e = await tx.event.findUnique({ where: { id: input.eventId } });
    if (!e || !actsOn(p, "location.create", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
    const type = locationTypeFor(e.formType, input.type);
    const errors = validateLocation(input, type);
    if (Object.keys(errors).length || !type) throw validationFailed(errors);
    const l = await tx.eventLocation.create({ data: { ...normalizedLocation(input, type), type, eventId: e.id }, include: { event: true } });
    await audit(tx, p, { action: "create", entity: "EventLocation", entityId: l.id, districtAssociationId: e.districtAssociationId });
    return l;
  });
}

/** The type cannot change after creation (R-LO014). A save based on an older version is refused (no lost updates). */
export async function updateLocation(ctx: ServiceCtx, id: number, input: LocationInput) {
  const p = authorize(ctx.principal, "location.update");
  const { updated, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const l = await tx.eventLocation.findUnique({ where: { id }, include: { event: true } });
    if (!l || !actsOn(p, "location.update", { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
    checkVersion(l, input.version);
    if (input.type && input.type !== l.type) throw validationFailed({ type: "Der Typ kann nach dem Anlegen nicht geändert werden" });
    const errors = validateLocation(input, l.type);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const data = normalizedLocation(input, l.type);
    const updated = await guardStale(
      tx.eventLocation.update({
        where: versionWhere(id, input.version),
        data: { ...data, version: { increment: 1 } },
        include: { event: true },
      }),
    );
    await audit(tx, p, {
      action: "update",
      entity: "EventLocation",
      entityId: id,
      districtAssociationId: l.event.districtAssociationId,
      details: changeDetails(l, data),
    });
    const published = !l.publishResults && updated.publishResults ? await mailResults(tx, updated.eventId, id) : 0;
    const mailed = published + (await mailMoves(tx, l, updated));
    return { updated, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return updated;
}

/**
 * A location's time or place moved (locationMoves): one "moved" mail, naming old and new, to the
 * registering user of each live registration at the location. Answers how many it wrote.
 */
async function mailMoves(tx: Tx, before: Place, after: Place & { eventId: number }): Promise<number> {
  const moves = locationMoves(before, after);
  if (!moves.length) return 0;
  const event = await tx.event.findUniqueOrThrow({ where: { id: after.eventId }, include: { locations: true } });
  const target = (r: { userId: number | null; associationId: number }) => ({ ...r, districtAssociationId: event.districtAssociationId });
  const live = { eventId: event.id, cancelledAt: null } as const;
  const id = after.id;
  const [dexams, competitions] = await Promise.all([
    tx.dexamRegistration.findMany({
      where: { ...live, OR: [{ theoryLocationId: id }, { practiceLocationId: id }, { preparationLocationId: id }] },
      orderBy: { id: "asc" },
    }),
    tx.competitionRegistration.findMany({ where: { ...live, locationId: id }, orderBy: { id: "asc" } }),
  ]);
  let n = 0;
  for (const r of dexams) if (await enqueueMail(tx, target(r), "moved", { ...dexamFacts(r, r.id, event), moves })) n++;
  for (const r of competitions) if (await enqueueMail(tx, target(r), "moved", { ...competitionFacts(r, r.id, event), moves })) n++;
  return n;
}

/** What publishing a location's results concerns: registrations whose results become visible, and the result mails written. */
export type ResultPublication = { registrations: number; mails: number };

/**
 * "Ergebnisse veröffentlichen" from the results management (where results are entered): switches
 * the location's publishResults on, as its switch in the location dialog does, and writes the
 * result mails (results/mails.ts mailResults). `dryRun`: only the counts, by the same rule
 * (countResultMails), for the confirmation; an already published location concerns nothing. A
 * publish based on an older version of the location is refused (no lost updates).
 */
export async function publishResults(ctx: ServiceCtx, id: number, opts: { version: number } | { dryRun: true }): Promise<ResultPublication> {
  const p = authorize(ctx.principal, "location.publishResults");
  const located = async (tx: Tx) => {
    const l = await tx.eventLocation.findUnique({ where: { id }, include: { event: true } });
    if (!l || !actsOn(p, "location.publishResults", { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
    return l;
  };
  if ("dryRun" in opts) {
    await located(ctx.prisma);
    return countResultMails(ctx.prisma, id);
  }
  const counts = await ctx.prisma.$transaction(async (tx) => {
    const l = await located(tx);
    checkVersion(l, opts.version);
    if (l.publishResults) throw new AppError("CONFLICT", "Die Ergebnisse dieses Veranstaltungsorts sind schon veröffentlicht");
    const { registrations } = await countResultMails(tx, id);
    await guardStale(tx.eventLocation.update({ where: versionWhere(id, l.version), data: { publishResults: true, version: { increment: 1 } } }));
    await audit(tx, p, {
      action: "update",
      entity: "EventLocation",
      entityId: id,
      districtAssociationId: l.event.districtAssociationId,
      details: { changed: ["publishResults"] },
    });
    return { registrations, mails: await mailResults(tx, l.eventId, id) };
  });
  if (counts.mails) ctx.services.mail.wake();
  return counts;
}

/** Decision R-LO020: refused with 409 while registrations reference the location. */
/** `version`: the version the deletion was based on (/v1 If-Match), checked again by the delete's where; none: unconditional. */
export async function deleteLocation(ctx: ServiceCtx, id: number, version?: number | null) {
  const p = authorize(ctx.principal, "location.delete");
  return ctx.prisma.$transaction(async (tx) => {
    const l = await tx.eventLocation.findUnique({
      where: { id },
      include: {
        event: true,
        _count: { select: { theoryRegistrations: true, practiceRegistrations: true, preparationRegistrations: true, competitionRegistrations: true } },
      },
    });
    if (!l || !actsOn(p, "location.delete", { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
    checkVersion(l, version);
    const refs = Object.values(l._count).reduce((a, b) => a + b, 0);
    if (refs > 0) throw new AppError("CONFLICT", `Der Veranstaltungsort wird von ${refs} Anmeldung(en) verwendet und kann nicht gelöscht werden`);
    await guardStale(tx.eventLocation.delete({ where: versionWhere(id, version) }));
    await audit(tx, p, {
      action: "delete",
      entity: "EventLocation",
      entityId: id,
      districtAssociationId: l.event.districtAssociationId,
      details: { name: l.name },
    });
    return l;
  });
}
