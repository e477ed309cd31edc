// Event locations (Veranstaltungsorte): visible with their event; event_manage of the event's
// district creates, changes and deletes them. The type is fixed after creation; a location that
// a registration references cannot be deleted.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { competitionFacts, dexamFacts } from "../../mail/registrationMail.ts";
import { audit, changedFields } from "../audit/service.ts";
import { competitionResultsVisible } from "../competition/rules.ts";
import { checkVersion, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { canSeeEvent } from "../events/service.ts";
import { type LocationInput, locationTypeFor, normalizedLocation, validateLocation } from "./rules.ts";

type Tx = Prisma.TransactionClient;

export const locationOrder = [{ type: "asc" }, { start: "asc" }, { name: "asc" }] as const;

export async function listLocations(ctx: ServiceCtx, eventId: number) {
  const p = authorize(ctx.principal, "location.list");
  const e = await ctx.prisma.event.findUnique({ where: { id: eventId }, include: { locations: { orderBy: [...locationOrder] } } });
  if (!e || !canSeeEvent(p, e, ctx.services.now())) throw notFound("Veranstaltung");
  return e.locations;
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
      details: { changed: changedFields(l, data) },
    });
    const mailed = !l.publishResults && updated.publishResults ? await mailPublishedResults(tx, updated.eventId, id) : 0;
    return { updated, mailed };
  });
  if (mailed) ctx.services.mail.wake();
  return updated;
}

/**
 * Results just published (a location's publishResults switched on): one mail to the registering
 * user of each registration whose results registrants now see (the part at this location for
 * D-exams; a competition's results once every location publishes), unless the user switched result
 * mails off. Not cancelled, and only with a result recorded. Answers how many it wrote.
 */
async function mailPublishedResults(tx: Tx, eventId: number, locationId: number): Promise<number> {
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { locations: true } });
  const wants = { cancelledAt: null, user: { resultMails: true } } as const;
  const target = (r: { userId: number | null; associationId: number }) => ({ ...r, districtAssociationId: event.districtAssociationId });
  let n = 0;
  if (event.formType === "COMPETITION") {
    if (!competitionResultsVisible(false, event.locations)) return 0;
    const rows = await tx.competitionRegistration.findMany({ where: { eventId, points: { not: null }, ...wants }, orderBy: { id: "asc" } });
    for (const r of rows) if (await enqueueMail(tx, target(r), "results", competitionFacts(r, r.id, event))) n++;
    return n;
  }
  const rows = await tx.dexamRegistration.findMany({
    where: {
      eventId,
      ...wants,
      OR: [
        { theoryLocationId: locationId, theoryPoints: { not: null } },
        { practiceLocationId: locationId, practicePoints: { not: null } },
      ],
    },
    orderBy: { id: "asc" },
  });
  for (const r of rows) if (await enqueueMail(tx, target(r), "results", dexamFacts(r, r.id, event))) n++;
  return n;
}

/** What publishing a location's results concerns: registrations whose results become visible, and the result mails written. */
export type ResultPublication = { registrations: number; mails: number };

/** Ends the dry run's transaction (rolled back) with its counts. */
class DryRun extends Error {
  constructor(readonly counts: ResultPublication) {
    super("dry run");
  }
}

/**
 * "Ergebnisse veröffentlichen" from the results management (where results are entered): switches
 * the location's publishResults on, as its switch in the location dialog does, and writes the
 * result mails (mailPublishedResults). `dryRun`: the same transaction, rolled back, so the
 * confirmation names the counts of exactly this code; an already published location concerns
 * nothing. A publish based on an older version of the location is refused (no lost updates).
 */
export async function publishResults(ctx: ServiceCtx, id: number, opts: { version: number } | { dryRun: true }): Promise<ResultPublication> {
  const p = authorize(ctx.principal, "location.publishResults");
  const dryRun = "dryRun" in opts;
  try {
    const counts = await ctx.prisma.$transaction(async (tx) => {
      const l = await tx.eventLocation.findUnique({ where: { id }, include: { event: true } });
      if (!l || !actsOn(p, "location.publishResults", { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
      if (!dryRun) checkVersion(l, opts.version);
      if (l.publishResults) {
        if (dryRun) return { registrations: 0, mails: 0 };
        throw new AppError("CONFLICT", "Die Ergebnisse dieses Veranstaltungsorts sind schon veröffentlicht");
      }
      await guardStale(tx.eventLocation.update({ where: versionWhere(id, l.version), data: { publishResults: true, version: { increment: 1 } } }));
      await audit(tx, p, {
        action: "update",
        entity: "EventLocation",
        entityId: id,
        districtAssociationId: l.event.districtAssociationId,
        details: { changed: ["publishResults"] },
      });
      const counts = { registrations: await resultsShown(tx, l.eventId, id), mails: await mailPublishedResults(tx, l.eventId, id) };
      if (dryRun) throw new DryRun(counts);
      return counts;
    });
    if (counts.mails) ctx.services.mail.wake();
    return counts;
  } catch (error) {
    if (error instanceof DryRun) return error.counts;
    throw error;
  }
}

/**
 * How many active registrations show results now that the location publishes (within the
 * transaction): a D-exam's part recorded at this location; a competition's points once every
 * location of the event publishes.
 */
async function resultsShown(tx: Tx, eventId: number, locationId: number): Promise<number> {
  const event = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { locations: true } });
  if (event.formType === "COMPETITION")
    return competitionResultsVisible(false, event.locations)
      ? tx.competitionRegistration.count({ where: { eventId, cancelledAt: null, points: { not: null } } })
      : 0;
  return tx.dexamRegistration.count({
    where: {
      eventId,
      cancelledAt: null,
      OR: [
        { theoryLocationId: locationId, theoryPoints: { not: null } },
        { practiceLocationId: locationId, practicePoints: { not: null } },
      ],
    },
  });
}

/** Decision R-LO020: refused with 409 while registrations reference the location. */
export async function deleteLocation(ctx: ServiceCtx, id: number) {
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
    const refs = Object.values(l._count).reduce((a, b) => a + b, 0);
    if (refs > 0) throw new AppError("CONFLICT", `Der Veranstaltungsort wird von ${refs} Anmeldung(en) verwendet und kann nicht gelöscht werden`);
    await tx.eventLocation.delete({ where: { id } });
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
