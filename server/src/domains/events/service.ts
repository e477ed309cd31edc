// Events (Veranstaltungen). Everyone sees published events of every district; staff with
// registration_read, registration_manage or event_manage also see their own district's
// unpublished ones; event_manage creates, changes, copies and deletes the own district's events.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, actsOnWhere, authorize, isAllowed, mayActOn } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Event, EventLocation, Prisma } from "../../generated/prisma/client.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { defaultExpirationFor } from "../../shared/eventExpiration.ts";
import { duplicateErrors } from "../../shared/eventSchema.ts";
import { hasDistrictRoles, isAdmin } from "../../shared/permissions.ts";
import { startOfBerlinDay } from "../../shared/time.ts";
import { audit, changeDetails } from "../audit/service.ts";
import { checkVersion, clean, guardStale, type ServiceCtx, versionWhere } from "../context.ts";
import { type ListRead, updatedSinceWhere } from "../lists.ts";
import { deleteRegistrationTraces, registrationsOfEvents, type TraceCounts } from "../registrations/traces.ts";
import { deadlineFor, duplicateDates, duplicateName, type EventInput, isCopyTarget, isPublished, validateEvent } from "./rules.ts";

export type EventFilter = {
  /** null/undefined: every district */
  districtAssociationId?: number | null;
  /** only events whose last day (end, else start, else deadline) is on or after this day */
  from?: Date | null;
  /** only events that begin (start, else deadline) on or before this instant */
  to?: Date | null;
  /** only events changed at or after this instant (polling) */
  updatedSince?: Date | null;
};

/** Published events, and the own district's for the district roles of `event.read` (tenancy "publishedOrDistrict"; admin all). */
export function canSeeEvent(p: Principal | null, e: Pick<Event, "districtAssociationId" | "startPublishing" | "finishPublishing">, now: Date): boolean {
  return actsOn(p, "event.read", { districtAssociationId: e.districtAssociationId, published: isPublished(e, now) });
}

/**
 * Everything about the principal that decides which events and locations the list shows
 * (eventWhere, canSeeEvent): principals of one scope are shown the same list, so its answer may be
 * shared between them (graphql/sharedResults.ts). null: not allowed to list (no sharing).
 */
export function eventListScope(p: Principal): string | null {
  if (!isAllowed(p, "event.list")) return null;
  if (isAdmin(p.roles)) return "all";
  if (hasDistrictRoles(p.roles, "event.list")) return `staff:${p.districtAssociationId}`;
  return "published";
}

/** May change the event: the roles of `event.update` in the event's district (the permission table). */
export const canManageEvent = (p: Principal, e: Pick<Event, "districtAssociationId">) => mayActOn(p, "event.update", e);

export function eventWhere(ctx: ServiceCtx, filter: EventFilter): Prisma.EventWhereInput {
  const p = authorize(ctx.principal, "event.list");
  const now = ctx.services.now();
  const and: Prisma.EventWhereInput[] = [
    actsOnWhere<Prisma.EventWhereInput>(p, "event.list", {
      district: (districtAssociationId) => ({ districtAssociationId }),
      published: () => ({ startPublishing: { lte: now }, finishPublishing: { gt: now } }),
    }),
  ];
  if (filter.districtAssociationId != null) and.push({ districtAssociationId: filter.districtAssociationId });
  if (filter.from) {
    const from = startOfBerlinDay(filter.from);
    and.push({ OR: [{ end: { gte: from } }, { end: null, start: { gte: from } }, { end: null, start: null, registrationDeadline: { gte: from } }] });
  }
  if (filter.to) and.push({ OR: [{ start: { lte: filter.to } }, { start: null, registrationDeadline: { lte: filter.to } }] });
  return { AND: and };
}

export const eventOrder = [{ registrationDeadline: "asc" }, { id: "asc" }] satisfies Prisma.EventOrderByWithRelationInput[];
const EVENT_LIST_ORDER = listOrder("Event", eventOrder);

/** The event list, the one read of GraphQL's `events` and GET /v1/events (domains/lists.ts). */
export function eventList(ctx: ServiceCtx, filter: EventFilter): ListRead {
  return { where: { AND: [eventWhere(ctx, filter), ...updatedSinceWhere(filter.updatedSince)] }, order: EVENT_LIST_ORDER };
}

const withLocations = {
  districtAssociation: { select: { name: true } },
  locations: { orderBy: [{ type: "asc" }, { start: "asc" }, { name: "asc" }] },
} satisfies Prisma.EventInclude;
export type EventWithLocations = Prisma.EventGetPayload<{ include: typeof withLocations }>;

/** What a listed event is read with (its district's name, its locations). */
export const EVENT_LIST_INCLUDE = withLocations;

export async function getEvent(ctx: ServiceCtx, id: number) {
  const p = authorize(ctx.principal, "event.read");
  const e = await ctx.prisma.event.findUnique({ where: { id }, include: withLocations });
  if (!e || !canSeeEvent(p, e, ctx.services.now())) throw notFound("Veranstaltung");
  return e;
}

/**
 * The input's fields as stored. An input without an automatic-deletion day gets the default of its
 * form type (shared/eventExpiration.ts) before the checks, at every door (GraphQL, /v1): no camp is
 * stored without one, and no new event is kept for ever.
 */
function checked(given: EventInput) {
  const input = { ...given, expiration: given.expiration || defaultExpirationFor(given) };
  const errors = validateEvent(input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    name: input.name.trim(),
    description: clean(input.description),
    editPhase: input.editPhase!,
    registrationDeadline: deadlineFor(input.registrationDeadline!),
    startPublishing: input.startPublishing!,
    finishPublishing: input.finishPublishing!,
    expiration: input.expiration ? deadlineFor(input.expiration) : null,
    start: input.start ?? null,
    end: input.end ?? null,
    address: clean(input.address),
    cancellationConditions: clean(input.cancellationConditions),
    privacyPolicy: (input.privacyPolicy ?? "").trim(),
  };
}

export async function createEvent(ctx: ServiceCtx, input: EventInput & { districtAssociationId: number }) {
  const p = authorize(ctx.principal, "event.create");
  if (!actsOn(p, "event.create", { districtAssociationId: input.districtAssociationId })) throw notFound("Kreisverband");
  const data = checked(input);
  return ctx.prisma.$transaction(async (tx) => {
    if (!(await tx.districtAssociation.findUnique({ where: { id: input.districtAssociationId } }))) throw notFound("Kreisverband");
    const e = await tx.event.create({ data: { ...data, formType: input.formType!, districtAssociationId: input.districtAssociationId } });
    await audit(tx, p, { action: "create", entity: "Event", entityId: e.id, districtAssociationId: e.districtAssociationId });
    return e;
  });
}

/** The form type is fixed after creation (R-EV012). A save based on an older version is refused (no lost updates). */
export async function updateEvent(ctx: ServiceCtx, id: number, input: EventInput) {
  const p = authorize(ctx.principal, "event.update");
  return ctx.prisma.$transaction(async (tx) => {
    const e = await tx.event.findUnique({ where: { id } });
    if (!e || !actsOn(p, "event.update", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
    checkVersion(e, input.version);
    if (input.formType && input.formType !== e.formType)
      throw validationFailed({ formType: "Die Art der Veranstaltung kann nach dem Anlegen nicht geändert werden" });
    const data = checked({ ...input, formType: e.formType });
    const updated = await guardStale(tx.event.update({ where: versionWhere(id, input.version), data: { ...data, version: { increment: 1 } } }));
    await audit(tx, p, {
      action: "update",
      entity: "Event",
      entityId: id,
      districtAssociationId: e.districtAssociationId,
      details: changeDetails(e, data),
    });
    return updated;
  });
}

/**
 * An event's deletion inside a transaction, the one path of deleteEvent and the automatic deletion
 * (expiry.ts): the traces of its registrations (files, audit entries, mails:
 * registrations/traces.ts), then the event with its locations, registrations and results (ON DELETE
 * CASCADE). Answers the traces' counts.
 */
export async function deleteEventRows(tx: Prisma.TransactionClient, id: number, version?: number | null): Promise<TraceCounts> {
  const traces = await deleteRegistrationTraces(tx, await registrationsOfEvents(tx, { id }));
  // on the version read (/v1 If-Match): a change meanwhile rolls the traces' deletion back too
  await guardStale(tx.event.delete({ where: versionWhere(id, version) }));
  return traces;
}

/**
 * Deleting an event removes its locations, registrations and results, and what names its
 * registrations. `version`: the version the deletion was based on (/v1 If-Match); none: unconditional.
 */
export async function deleteEvent(ctx: ServiceCtx, id: number, version?: number | null) {
  const p = authorize(ctx.principal, "event.delete");
  return ctx.prisma.$transaction(async (tx) => {
    const e = await tx.event.findUnique({ where: { id } });
    if (!e || !actsOn(p, "event.delete", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
    checkVersion(e, version);
    const traces = await deleteEventRows(tx, id, version);
    await audit(tx, p, {
      action: "delete",
      entity: "Event",
      entityId: id,
      districtAssociationId: e.districtAssociationId,
      details: { name: e.name, ...traces },
    });
    return e;
  });
}

/** The German refusal of a copy into an event that has registrations (dialog list and server check). */
export const COPY_INTO_REGISTERED = "In diese Veranstaltung kann nicht kopiert werden: Sie hat bereits Anmeldungen";
const registrationCount = { _count: { select: { dexamRegistrations: true, competitionRegistrations: true } } } as const;
const hasRegistrations = (e: { _count: { dexamRegistrations: number; competitionRegistrations: number } }) =>
  e._count.dexamRegistrations + e._count.competitionRegistrations > 0;

/** The events a copy of `sourceId` may go into (the copy dialog's list): open, same family, without registrations. */
export async function copyTargets(ctx: ServiceCtx, sourceId: number) {
  const p = authorize(ctx.principal, "event.copy");
  const now = ctx.services.now();
  const source = await ctx.prisma.event.findUnique({ where: { id: sourceId } });
  if (!source || !actsOn(p, "event.copy", { districtAssociationId: source.districtAssociationId })) throw notFound("Veranstaltung");
  const candidates = await ctx.prisma.event.findMany({
    where: { districtAssociationId: source.districtAssociationId, registrationDeadline: { gte: startOfBerlinDay(now) } },
    orderBy: eventOrder,
    include: { ...withLocations, ...registrationCount },
  });
  return candidates.filter((t) => isCopyTarget(source, t, now) && !hasRegistrations(t));
}

/** A location of another event as a location of `eventId`: its dates moved, its results not published. */
const locationCopy = (l: EventLocation, eventId: number, move: (d: Date | null) => Date | null): Prisma.EventLocationCreateManyInput => ({
  eventId,
  name: l.name,
  type: l.type,
  street: l.street,
  postcode: l.postcode,
  city: l.city,
  country: l.country,
  start: move(l.start),
  end: move(l.end),
  dexamTypes: l.dexamTypes,
  competitionTypes: l.competitionTypes,
  instruments: l.instruments,
  publishResults: false,
});

/**
 * Decision R-EV026: copying goes FROM the event the dialog was opened for INTO the selected event
 * (which is still open). Master data: description, address, cancellation conditions and privacy
 * policy, and the locations with their courses, competition types and instruments. Location
 * dates move by the distance between the two events' starts (unchanged when one has no start);
 * results are never published on a copy. No registrations and no results. A second copy adds no
 * location twice (same name and type) and sets the same master data again: nothing changes.
 * Never into an event that has registrations (COPY_INTO_REGISTERED); the dialog asks for a
 * confirmation naming the target first. A new event is made by duplicateEvent.
 */
export async function copyEvent(ctx: ServiceCtx, sourceId: number, targetId: number | null | undefined) {
  const p = authorize(ctx.principal, "event.copy");
  if (!targetId) throw validationFailed({ targetId: "Dieses Feld ist ein Pflichtfeld" });
  const now = ctx.services.now();
  return ctx.prisma.$transaction(async (tx) => {
    const source = await tx.event.findUnique({ where: { id: sourceId }, include: { locations: true } });
    const target = await tx.event.findUnique({ where: { id: targetId }, include: { locations: true, ...registrationCount } });
    if (!source || !actsOn(p, "event.copy", { districtAssociationId: source.districtAssociationId })) throw notFound("Veranstaltung");
    if (!target || !actsOn(p, "event.copy", { districtAssociationId: target.districtAssociationId })) throw notFound("Veranstaltung");
    if (!isCopyTarget(source, target, now)) {
      throw new AppError("VALIDATION", "In diese Veranstaltung kann nicht kopiert werden (andere Art oder Anmeldeschluss vorbei)", {
        targetId: "Ungültige Auswahl",
      });
    }
    if (hasRegistrations(target)) throw new AppError("CONFLICT", COPY_INTO_REGISTERED);
    const shift = source.start && target.start ? target.start.getTime() - source.start.getTime() : 0;
    const moved = (d: Date | null) => (d ? new Date(d.getTime() + shift) : null);
    const existing = new Set(target.locations.map((l) => `${l.type}|${l.name}`));
    const copies = source.locations.filter((l) => !existing.has(`${l.type}|${l.name}`)).map((l) => locationCopy(l, target.id, moved));
    if (copies.length) await tx.eventLocation.createMany({ data: copies });
    await tx.event.update({
      where: { id: target.id },
      data: {
        description: source.description,
        address: source.address,
        cancellationConditions: source.cancellationConditions,
        privacyPolicy: source.privacyPolicy,
        copiedFromId: source.id,
        version: { increment: 1 },
      },
    });
    await audit(tx, p, {
      action: "copy",
      entity: "Event",
      entityId: target.id,
      districtAssociationId: target.districtAssociationId,
      details: { from: source.id, locations: copies.length },
    });
    return tx.event.findUniqueOrThrow({ where: { id: target.id }, include: withLocations });
  });
}

/**
 * "Duplizieren" (decision R-EV026): a new event of the source's district and form type named
 * "Kopie von <Name>", with its master data and all its locations (results never published), every
 * date moved by the same number of days so that the copy begins on `startDay` (rules.ts
 * duplicateDates), and not published. No registrations and no results. One transaction with its
 * audit entry.
 */
export async function duplicateEvent(ctx: ServiceCtx, sourceId: number, startDay: string | null | undefined) {
  const p = authorize(ctx.principal, "event.copy");
  // the duplicate dialog's one rule (shared/eventSchema.ts), the client checks with it too
  const errors = duplicateErrors({ startDay });
  // (an absent day is among the errors; the test narrows the type)
  if (Object.keys(errors).length > 0 || !startDay) throw validationFailed(errors);
  const now = ctx.services.now();
  return ctx.prisma.$transaction(async (tx) => {
    const source = await tx.event.findUnique({ where: { id: sourceId }, include: { locations: true } });
    if (!source || !actsOn(p, "event.copy", { districtAssociationId: source.districtAssociationId })) throw notFound("Veranstaltung");
    const dates = duplicateDates(source, startDay, now);
    const copy = await tx.event.create({
      data: {
        name: duplicateName(source.name),
        description: source.description,
        districtAssociationId: source.districtAssociationId,
        formType: source.formType,
        editPhase: source.editPhase,
        registrationDeadline: dates.registrationDeadline,
        startPublishing: dates.startPublishing,
        finishPublishing: dates.finishPublishing,
        expiration: dates.expiration,
        start: dates.start,
        end: dates.end,
        address: source.address,
        cancellationConditions: source.cancellationConditions,
        privacyPolicy: source.privacyPolicy,
        copiedFromId: source.id,
      },
    });
    if (source.locations.length) {
      await tx.eventLocation.createMany({
        data: source.locations.map((l) => locationCopy(l, copy.id, dates.move)),
      });
    }
    await audit(tx, p, {
      action: "duplicate",
      entity: "Event",
      entityId: copy.id,
      districtAssociationId: copy.districtAssociationId,
      details: { from: source.id, days: dates.days, locations: source.locations.length },
    });
    return copy;
  });
}
