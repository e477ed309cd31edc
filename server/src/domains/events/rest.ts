import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { EventLocation } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { queryId, WireReader } from "../../http/wireInput.ts";
import { MSG } from "../../shared/messages.ts";
import { berlinDay, parseInstant } from "../../shared/time.ts";
import type { LocationInput } from "../locations/rules.ts";
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from "../locations/service.ts";
import { eventStatistic } from "../statistics/service.ts";
import { competitionTypeWire, dexamTypeWire, editPhaseWire, formTypeWire, instrumentWire, locationTypeWire } from "../wire.ts";
import { deadlineDay, type EventInput, isPublished } from "./rules.ts";
import { createEvent, deleteEvent, type EventWithLocations, getEvent, listEvents, updateEvent } from "./service.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The spec's location fields (section 3); available_sub_types are courses or competition types;
 * `event` is the event the location belongs to as { id, name } (decision R-EN010).
 */
export function locationToWire(l: EventLocation, event: { id: number; name: string }) {
  return {
    id: l.id,
    version: l.version,
    name: l.name,
    type: locationTypeWire.toWire(l.type),
    event_id: l.eventId,
    event: { id: event.id, name: event.name },
    address: { street: l.street, postcode: l.postcode, city: l.city, country: l.country },
    start: iso(l.start),
    end: iso(l.end),
    available_sub_types: l.type === "COMPETITION" ? l.competitionTypes.map(competitionTypeWire.toWire) : l.dexamTypes.map(dexamTypeWire.toWire),
    instruments: l.instruments.map(instrumentWire.toWire),
    publish_results: l.publishResults,
  };
}

/** The spec's event fields; registration_deadline is the stored instant (23:59:59 Berlin), published is derived. */
export function eventToWire(e: EventWithLocations, now: Date) {
  return {
    id: e.id,
    version: e.version,
    name: e.name,
    description: e.description,
    district_association_id: e.districtAssociationId,
    district_association: { name: e.districtAssociation.name },
    form_type: formTypeWire.toWire(e.formType),
    edit_phase: editPhaseWire.toWire(e.editPhase),
    registration_deadline: e.registrationDeadline.toISOString(),
    registration_deadline_day: deadlineDay(e.registrationDeadline),
    start_publishing: e.startPublishing.toISOString(),
    finish_publishing: e.finishPublishing.toISOString(),
    published: isPublished(e, now),
    expiration: e.expiration ? berlinDay(e.expiration) : null,
    start: iso(e.start),
    end: iso(e.end),
    address: e.address,
    locations: e.locations.map((l) => locationToWire(l, e)),
    cancellation_conditions: e.cancellationConditions,
    privacy_policy: e.privacyPolicy,
  };
}

/** A day field: "yyyy-mm-dd", or an RFC 3339 time whose Berlin day is meant. */
const berlinDayOf = (at: Date) => berlinDay(at);

/** The event fields of a create or edit body, read strictly (http/wireInput.ts). */
function eventInput(r: WireReader): EventInput {
  return {
    name: r.text("name") ?? "",
    description: r.text("description"),
    formType: r.oneOf("form_type", formTypeWire.fromWire),
    editPhase: r.oneOf("edit_phase", editPhaseWire.fromWire),
    registrationDeadline: r.day("registration_deadline", berlinDayOf),
    startPublishing: r.instant("start_publishing"),
    finishPublishing: r.instant("finish_publishing"),
    expiration: r.day("expiration", berlinDayOf),
    start: r.instant("start"),
    end: r.instant("end"),
    address: r.text("address"),
    cancellationConditions: r.text("cancellation_conditions"),
    privacyPolicy: r.text("privacy_policy"),
    version: versionOf(r.raw("version")),
  };
}

/** Legacy clients write an empty location date as 0001-01-01 (R-LO018): read as no date, like the rules' emptyLegacyDate. */
const legacyEmpty = (r: WireReader, field: string) => {
  const v = r.raw(field);
  return typeof v === "string" && /^0001-01-01(T00:00(:00(\.0+)?)?(Z|[+-]00:00)?)?$/.test(v);
};

/** The location fields of a create or edit body, read strictly; the address as { street, postcode, city, country } or flat. */
function locationInput(r: WireReader, type: string | null): LocationInput {
  const a = r.has("address") ? (r.object("address") ?? r) : r;
  return {
    name: r.text("name") ?? "",
    type: r.oneOf("type", locationTypeWire.fromWire),
    street: a.text("street"),
    postcode: a.text("postcode"),
    city: a.text("city"),
    country: a.text("country"),
    start: legacyEmpty(r, "start") ? null : r.instant("start"),
    end: legacyEmpty(r, "end") ? null : r.instant("end"),
    dexamTypes: type === "COMPETITION" ? [] : r.values("available_sub_types", dexamTypeWire.fromWire),
    competitionTypes: type === "COMPETITION" ? r.values("available_sub_types", competitionTypeWire.fromWire) : [],
    instruments: r.values("instruments", instrumentWire.fromWire),
    publishResults: r.boolean("publish_results") ?? false,
    version: versionOf(r.raw("version")),
  };
}

/** A query day or time (?startDate=2026-05-01); anything else is a 400 naming it, not "no filter". */
function queryInstant(query: Record<string, string | undefined>, name: string): Date | null {
  const raw = query[name];
  if (raw === undefined || raw === "") return null;
  const at = parseInstant(raw);
  if (!at) throw validationFailed({ [name]: MSG.date });
  return at;
}

export function eventRoutes(r: RestRouter) {
  r.get("/v1/events", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    const events = await listEvents(ctx, {
      districtAssociationId: queryId(q, "districtId"),
      from: queryInstant(q, "startDate"),
      to: queryInstant(q, "endDate"),
    });
    return events.map((e) => eventToWire(e, ctx.services.now()));
  });
  r.get("/v1/event/:id", async (ctx, req) => eventToWire(await getEvent(ctx, idParam(req)), ctx.services.now()));
  r.post("/v1/event", async (ctx, req, reply) => {
    const r = WireReader.of(req.body);
    const districtAssociationId = r.id("district_association_id");
    const input = eventInput(r);
    r.done();
    if (districtAssociationId === null) throw validationFailed({ districtAssociationId: MSG.required });
    const e = await createEvent(ctx, { ...input, districtAssociationId });
    reply.status(201);
    return eventToWire(await getEvent(ctx, e.id), ctx.services.now());
  });
  r.put("/v1/event", async (ctx, req) => {
    const r = WireReader.of(req.body);
    const id = r.id("id");
    const input = eventInput(r);
    r.done();
    if (id === null) throw new AppError("NOT_FOUND", "Veranstaltung nicht gefunden");
    await updateEvent(ctx, id, input);
    return eventToWire(await getEvent(ctx, id), ctx.services.now());
  });
  r.delete("/v1/event/:id", async (ctx, req, reply) => {
    await deleteEvent(ctx, idParam(req));
    reply.status(204);
    return null;
  });
  r.get("/v1/event/:id/statistic", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    return eventStatistic(ctx, idParam(req), queryId(q, "locationId"));
  });
  r.get("/v1/event/:eventId/locations", async (ctx, req) => {
    const eventId = idParam(req, "eventId");
    const locations = await listLocations(ctx, eventId);
    const event = await ctx.prisma.event.findUniqueOrThrow({ where: { id: eventId }, select: { id: true, name: true } });
    return locations.map((l) => locationToWire(l, event));
  });
  r.get("/v1/event/location/:id", async (ctx, req) => {
    const l = await getLocation(ctx, idParam(req));
    return locationToWire(l, l.event);
  });
  r.post("/v1/event/location", async (ctx, req, reply) => {
    const r = WireReader.of(req.body);
    const eventId = r.id("event_id");
    r.done();
    if (eventId === null) throw validationFailed({ eventId: MSG.required });
    const event = await ctx.prisma.event.findUnique({ where: { id: eventId }, select: { formType: true, districtAssociationId: true } });
    // the caller's rights first: reading the body by the event's form type would tell it to anybody
    if (!event || !actsOn(authorize(ctx.principal, "location.create"), "location.create", { districtAssociationId: event.districtAssociationId }))
      throw notFound("Veranstaltung");
    const input = locationInput(r, event.formType === "COMPETITION" ? "COMPETITION" : null);
    r.done();
    const l = await createLocation(ctx, { ...input, eventId });
    reply.status(201);
    return locationToWire(l, l.event);
  });
  r.put("/v1/event/location", async (ctx, req) => {
    const r = WireReader.of(req.body);
    const id = r.id("id");
    r.done();
    if (id === null) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
    const current = await ctx.prisma.eventLocation.findUnique({ where: { id }, select: { type: true, event: { select: { districtAssociationId: true } } } });
    if (!current || !actsOn(authorize(ctx.principal, "location.update"), "location.update", { districtAssociationId: current.event.districtAssociationId }))
      throw notFound("Veranstaltungsort");
    const input = locationInput(r, current.type);
    r.done();
    const l = await updateLocation(ctx, id, input);
    return locationToWire(l, l.event);
  });
  r.delete("/v1/event/location/:id", async (ctx, req, reply) => {
    await deleteLocation(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
