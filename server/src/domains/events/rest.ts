import { AppError, notFound } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { EventLocation } from "../../generated/prisma/client.ts";
import { idParam, type RestRouter, versionOf } from "../../http/rest.ts";
import { berlinDay } from "../../shared/time.ts";
import { ownsDistrict } from "../context.ts";
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

type Json = Record<string, unknown>;
const obj = (raw: unknown): Json => {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
  return raw as Json;
};
const str = (v: unknown) => (v == null ? null : String(v));
const int = (v: unknown) => (v != null && v !== "" && Number.isSafeInteger(Number(v)) ? Number(v) : null);
function date(v: unknown): Date | null {
  if (v == null || v === "") return null;
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? new Date(Number.NaN) : d;
}
/** a day: "yyyy-mm-dd", or an instant whose Berlin day is meant */
function day(v: unknown): string | null {
  if (v == null || v === "") return null;
  const s = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : berlinDay(d);
}
function list<T>(v: unknown, parse: (x: unknown) => T | undefined, field: string): T[] {
  if (v == null) return [];
  if (!Array.isArray(v)) throw new AppError("VALIDATION", `Ungültige Eingabe: ${field}`, { [field]: "Liste erwartet" });
  return v.map((x) => {
    const p = parse(x);
    if (p === undefined) throw new AppError("VALIDATION", `Ungültige Eingabe: ${field}`, { [field]: `Unbekannter Wert: ${String(x)}` });
    return p;
  });
}

function eventInput(b: Json): EventInput {
  const formType = b.form_type == null ? null : formTypeWire.fromWire(b.form_type);
  if (b.form_type != null && !formType)
    throw new AppError("VALIDATION", "Ungültige Eingabe: form_type", { form_type: `Unbekannte Art: ${String(b.form_type)}` });
  const editPhase = b.edit_phase == null ? null : editPhaseWire.fromWire(b.edit_phase);
  if (b.edit_phase != null && !editPhase)
    throw new AppError("VALIDATION", "Ungültige Eingabe: edit_phase", { edit_phase: `Unbekannte Phase: ${String(b.edit_phase)}` });
  return {
    name: String(b.name ?? ""),
    description: str(b.description),
    formType,
    editPhase,
    registrationDeadline: day(b.registration_deadline),
    startPublishing: date(b.start_publishing),
    finishPublishing: date(b.finish_publishing),
    expiration: day(b.expiration),
    start: date(b.start),
    end: date(b.end),
    address: typeof b.address === "string" ? b.address : null,
    cancellationConditions: str(b.cancellation_conditions),
    privacyPolicy: str(b.privacy_policy),
    version: versionOf(b.version),
  };
}

function locationInput(b: Json, type: string | null): LocationInput {
  const a = b.address && typeof b.address === "object" ? (b.address as Json) : b;
  const subTypes = b.available_sub_types;
  return {
    name: String(b.name ?? ""),
    type: b.type == null ? null : (locationTypeWire.fromWire(b.type) ?? null),
    street: str(a.street),
    postcode: str(a.postcode),
    city: str(a.city),
    country: str(a.country),
    start: date(b.start),
    end: date(b.end),
    dexamTypes: type === "COMPETITION" ? [] : list(subTypes, dexamTypeWire.fromWire, "available_sub_types"),
    competitionTypes: type === "COMPETITION" ? list(subTypes, competitionTypeWire.fromWire, "available_sub_types") : [],
    instruments: list(b.instruments, instrumentWire.fromWire, "instruments"),
    publishResults: b.publish_results === true,
    version: versionOf(b.version),
  };
}

export function eventRoutes(r: RestRouter) {
  r.get("/v1/events", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    const events = await listEvents(ctx, {
      districtAssociationId: int(q.districtId),
      from: q.startDate ? date(q.startDate) : null,
      to: q.endDate ? date(q.endDate) : null,
    });
    return events.map((e) => eventToWire(e, ctx.services.now()));
  });
  r.get("/v1/event/:id", async (ctx, req) => eventToWire(await getEvent(ctx, idParam(req)), ctx.services.now()));
  r.post("/v1/event", async (ctx, req, reply) => {
    const b = obj(req.body);
    const districtAssociationId = int(b.district_association_id);
    if (districtAssociationId === null)
      throw new AppError("VALIDATION", "Ungültige Eingabe: district_association_id", { district_association_id: "Dieses Feld ist ein Pflichtfeld" });
    const e = await createEvent(ctx, { ...eventInput(b), districtAssociationId });
    reply.status(201);
    return eventToWire(await getEvent(ctx, e.id), ctx.services.now());
  });
  r.put("/v1/event", async (ctx, req) => {
    const b = obj(req.body);
    const id = int(b.id);
    if (id === null) throw new AppError("NOT_FOUND", "Veranstaltung nicht gefunden");
    await updateEvent(ctx, id, eventInput(b));
    return eventToWire(await getEvent(ctx, id), ctx.services.now());
  });
  r.delete("/v1/event/:id", async (ctx, req, reply) => {
    await deleteEvent(ctx, idParam(req));
    reply.status(204);
    return null;
  });
  r.get("/v1/event/:id/statistic", async (ctx, req) => {
    const q = req.query as Record<string, string | undefined>;
    return eventStatistic(ctx, idParam(req), q.locationId ? int(q.locationId) : null);
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
    const b = obj(req.body);
    const eventId = int(b.event_id);
    if (eventId === null) throw new AppError("VALIDATION", "Ungültige Eingabe: event_id", { event_id: "Dieses Feld ist ein Pflichtfeld" });
    const event = await ctx.prisma.event.findUnique({ where: { id: eventId }, select: { formType: true, districtAssociationId: true } });
    // the caller's rights first: reading the body by the event's form type would tell it to anybody
    if (!event || !ownsDistrict(authorize(ctx.principal, "location.create"), event.districtAssociationId)) throw notFound("Veranstaltung");
    const l = await createLocation(ctx, { ...locationInput(b, event.formType === "COMPETITION" ? "COMPETITION" : null), eventId });
    reply.status(201);
    return locationToWire(l, l.event);
  });
  r.put("/v1/event/location", async (ctx, req) => {
    const b = obj(req.body);
    const id = int(b.id);
    if (id === null) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
    const current = await ctx.prisma.eventLocation.findUnique({ where: { id }, select: { type: true, event: { select: { districtAssociationId: true } } } });
    if (!current || !ownsDistrict(authorize(ctx.principal, "location.update"), current.event.districtAssociationId)) throw notFound("Veranstaltungsort");
    const l = await updateLocation(ctx, id, locationInput(b, current.type));
    return locationToWire(l, l.event);
  });
  r.delete("/v1/event/location/:id", async (ctx, req, reply) => {
    await deleteLocation(ctx, idParam(req));
    reply.status(204);
    return null;
  });
}
