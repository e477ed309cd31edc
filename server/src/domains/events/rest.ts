import { z } from "zod";
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { EventLocation } from "../../generated/prisma/client.ts";
import { idParam, ifMatchVersion, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG } from "../../shared/messages.ts";
import { berlinDay } from "../../shared/time.ts";
import type { LocationInput } from "../locations/rules.ts";
import { createLocation, deleteLocation, getLocation, locationList, updateLocation } from "../locations/service.ts";
import { eventStatistic, type StatisticGroup } from "../statistics/service.ts";
import { competitionTypeWire, dexamTypeWire, editPhaseWire, formTypeWire, instrumentWire, locationTypeWire } from "../wire.ts";
import { deadlineDay, type EventInput, isPublished } from "./rules.ts";
import { createEvent, deleteEvent, EVENT_LIST_INCLUDE, type EventWithLocations, eventList, getEvent, updateEvent } from "./service.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An answer's enumeration: the wire values of wire.ts's mapping. */
const wireEnum = (e: { values: readonly string[] }) => z.enum(e.values as [string, ...string[]]);
/** An answer's point in time (RFC 3339, UTC: toISOString) and calendar day (yyyy-mm-dd). */
const instantWire = () => z.string().meta({ format: "date-time" });
const dayWire = () => z.string().meta({ format: "date" });

const SUB_TYPES_DESCRIPTION =
  "Was der Ort anbietet. Bei einer D-Prüfungs-Veranstaltung (form_type dexam, dexam_camp) die Kurse D1–D3, " +
  "bei einer Wertungsspiel-Veranstaltung (form_type competition) die Wertungsarten T, K, U, G, M, B.";

/**
 * The spec's location fields (section 3); available_sub_types are courses or competition types;
 * `event` is the event the location belongs to as { id, name } (decision R-EN010).
 */
export const LocationWire = z.object({
  id: z.int(),
  version: z.int(),
  name: z.string(),
  type: wireEnum(locationTypeWire),
  event_id: z.int(),
  event: z.object({ id: z.int(), name: z.string() }).meta({ description: "Die Veranstaltung des Orts" }),
  address: z.object({ street: z.string(), postcode: z.string().nullable(), city: z.string(), country: z.string().nullable() }),
  start: instantWire().nullable(),
  end: instantWire().nullable(),
  available_sub_types: z
    .array(z.enum([...dexamTypeWire.values, ...competitionTypeWire.values] as [string, ...string[]]))
    .meta({ description: SUB_TYPES_DESCRIPTION }),
  instruments: z.array(wireEnum(instrumentWire)).meta({ description: "Praxisorte: die Instrumente, die dort geprüft werden" }),
  publish_results: z.boolean().meta({ description: "Ob die Ergebnisse des Orts den Anmeldenden gezeigt werden" }),
  updated_at: w.updatedAt(),
});

export function locationToWire(l: EventLocation, event: { id: number; name: string }): z.infer<typeof LocationWire> {
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
    updated_at: l.updatedAt.toISOString(),
  };
}

/** The spec's event fields; registration_deadline is the stored instant (23:59:59 Berlin), published is derived. */
export const EventWire = z.object({
  id: z.int(),
  version: z.int(),
  name: z.string(),
  description: z.string().nullable(),
  district_association_id: z.int(),
  district_association: z.object({ name: z.string() }),
  form_type: wireEnum(formTypeWire),
  edit_phase: wireEnum(editPhaseWire),
  registration_deadline: instantWire().meta({ description: "Anmeldeschluss: 23:59:59 Uhr (Berlin) des gewählten Tages" }),
  registration_deadline_day: dayWire().meta({ description: "Der Tag des Anmeldeschlusses (Berlin)" }),
  start_publishing: instantWire(),
  finish_publishing: instantWire(),
  published: z.boolean().meta({ description: "Abgeleitet: jetzt zwischen start_publishing (einschließlich) und finish_publishing" }),
  expiration: dayWire().nullable().meta({ description: "Tag der automatischen Löschung" }),
  start: instantWire().nullable(),
  end: instantWire().nullable(),
  address: z.string().nullable(),
  locations: z.array(LocationWire),
  cancellation_conditions: z.string().nullable(),
  privacy_policy: z.string(),
  updated_at: w.updatedAt(),
});

export function eventToWire(e: EventWithLocations, now: Date): z.infer<typeof EventWire> {
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
    updated_at: e.updatedAt.toISOString(),
  };
}

/** An event's statistic: groups of label and count. */
const StatisticWire = z.array(z.object({ name: z.string(), rows: z.array(z.object({ label: z.string(), value: z.int() })) }));
const statisticToWire = (groups: StatisticGroup[]): z.infer<typeof StatisticWire> =>
  groups.map((g) => ({ name: g.name, rows: g.rows.map((r) => ({ label: r.label, value: r.value })) }));

/** A day field: "yyyy-mm-dd", or an RFC 3339 time whose Berlin day is meant. */
const berlinDayOf = (at: Date) => berlinDay(at);

/** The event fields of a create or edit body, read strictly (http/wireSchema.ts). */
const EventFields = {
  version: w.version(),
  name: w.text({ description: "Name der Veranstaltung" }),
  description: w.text(),
  form_type: w.oneOf(formTypeWire),
  edit_phase: w.oneOf(editPhaseWire),
  registration_deadline: w.day(berlinDayOf).meta({
    description: "Der Tag des Anmeldeschlusses (gespeichert als 23:59:59 Uhr Berlin); eine RFC-3339-Zeit meint ihren Berliner Tag",
  }),
  start_publishing: w.instant(),
  finish_publishing: w.instant(),
  expiration: w.day(berlinDayOf).meta({
    description:
      "Tag der automatischen Löschung; eine RFC-3339-Zeit meint ihren Berliner Tag. Ohne Angabe (oder null) der Vorschlag der Art: Freizeit 3 Monate nach dem letzten Tag, D-Prüfungen 31.12. des übernächsten Jahres, Wertungsspiele 31.12. des Folgejahres",
  }),
  start: w.instant(),
  end: w.instant(),
  address: w.text(),
  cancellation_conditions: w.text(),
  privacy_policy: w.text(),
};
const EventCreateBody = w.body({ district_association_id: w.id(), ...EventFields });
const EventEditBody = w.body({ id: w.id(), ...EventFields });

function eventInput(b: z.output<typeof EventCreateBody> | z.output<typeof EventEditBody>): EventInput {
  return {
    name: b.name ?? "",
    description: b.description,
    formType: b.form_type,
    editPhase: b.edit_phase,
    registrationDeadline: b.registration_deadline,
    startPublishing: b.start_publishing,
    finishPublishing: b.finish_publishing,
    expiration: b.expiration,
    start: b.start,
    end: b.end,
    address: b.address,
    cancellationConditions: b.cancellation_conditions,
    privacyPolicy: b.privacy_policy,
    version: b.version,
  };
}

const EventQuery = w.listQuery({ districtId: w.queryId(), startDate: w.queryInstant(), endDate: w.queryInstant() });
const StatisticQuery = w.query({ locationId: w.queryId() });
const LocationQuery = w.listQuery({});

/** Legacy clients write an empty location date as 0001-01-01 (R-LO018): read as no date, like the rules' emptyLegacyDate. */
const LEGACY_EMPTY = /^0001-01-01(T00:00(:00(\.0+)?)?(Z|[+-]00:00)?)?$/;
const locationInstant = () =>
  z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" && LEGACY_EMPTY.test(v) ? null : v))
    .pipe(w.instant())
    .meta({
      ...w.INSTANT_OR_NULL,
      description: "0001-01-01 (ältere Clients) heißt: kein Datum",
    });

const ADDRESS = { street: w.text(), postcode: w.text(), city: w.text(), country: w.text() };
/**
 * The location fields of a create or edit body, read strictly; the address as { street, postcode,
 * city, country } or flat. available_sub_types are read by the location's kind: D-exam courses or
 * competition types.
 */
const locationFields = <T extends z.ZodType>(subTypes: T) => ({
  version: w.version(),
  name: w.text({ description: "Name des Orts" }),
  type: w.oneOf(locationTypeWire),
  address: w.object(ADDRESS).meta({ description: "Die Anschrift; ohne sie werden street, postcode, city und country flach gelesen" }),
  ...ADDRESS,
  start: locationInstant(),
  end: locationInstant(),
  available_sub_types: subTypes,
  instruments: w.listOfValues(instrumentWire).meta({ description: "Praxisorte: die Instrumente, die dort geprüft werden" }),
  publish_results: w.boolean().meta({ description: "Ob die Ergebnisse des Orts den Anmeldenden gezeigt werden; ohne: false" }),
});
const dexamLocation = locationFields(w.listOfValues(dexamTypeWire));
const competitionLocation = locationFields(w.listOfValues(competitionTypeWire));
const ANY_SUB_TYPE = Object.fromEntries([...dexamTypeWire.values, ...competitionTypeWire.values].map((v) => [v, v]));
/**
 * What the reference shows for available_sub_types: the union of both lists; which one a body is
 * read with is decided as the handlers below do (the event's form type on create, the location's
 * type on edit), a value of the other list is refused.
 */
const documentedLocation = {
  ...locationFields(w.listOfValues(ANY_SUB_TYPE)),
  available_sub_types: w.listOfValues(ANY_SUB_TYPE).meta({
    description: `${SUB_TYPES_DESCRIPTION} Welche Liste gilt, entscheidet beim Anlegen die Formularart der Veranstaltung, beim Ändern der Typ des Orts (Competition oder ein D-Prüfungs-Typ); ein Wert der anderen Liste wird abgelehnt (400).`,
  }),
};
const LocationCreateBody = w.body({ event_id: w.id(), ...documentedLocation });
const LocationEditBody = w.body({ id: w.id(), ...documentedLocation });
/** The reference a location body is read by first (the event on create, the location on edit), before the caller's rights are checked. */
const LocationEventRef = LocationCreateBody.pick({ event_id: true });
const LocationRef = LocationEditBody.pick({ id: true });
/** The location body read by its kind (the event reference is read first, see the routes). */
const LocationBody = { dexam: w.body(dexamLocation), competition: w.body(competitionLocation) };

type LocationRead = z.output<typeof LocationBody.dexam> | z.output<typeof LocationBody.competition>;
const locationCommon = (b: LocationRead) => {
  const a = b.address ?? b;
  return {
    name: b.name ?? "",
    type: b.type,
    street: a.street,
    postcode: a.postcode,
    city: a.city,
    country: a.country,
    start: b.start,
    end: b.end,
    instruments: b.instruments,
    publishResults: b.publish_results ?? false,
    version: b.version,
  };
};
/** The location fields of a body; available_sub_types as competition types for COMPETITION, else as D-exam courses. */
function locationInput(raw: unknown, type: string | null): LocationInput {
  if (type === "COMPETITION") {
    const b = w.readBody(LocationBody.competition, raw);
    return { ...locationCommon(b), dexamTypes: [], competitionTypes: b.available_sub_types };
  }
  const b = w.readBody(LocationBody.dexam, raw);
  return { ...locationCommon(b), dexamTypes: b.available_sub_types, competitionTypes: [] };
}

/** The demo data (prisma/demo.ts) has 5 events and 14 locations: the create examples make event 6 and location 15. */
const EVENT_EXAMPLE = {
  name: "D-Prüfungen Winter",
  description: "Theorie- und Praxisprüfungen D1 und D2",
  form_type: "dexam",
  edit_phase: "NoRestrictions",
  registration_deadline: "2031-01-15",
  start_publishing: "2030-11-01T00:00:00+01:00",
  finish_publishing: "2031-03-01T00:00:00+01:00",
  expiration: "2032-01-31",
  start: "2031-02-07T08:00:00+01:00",
  end: "2031-02-07T17:00:00+01:00",
  address: "Musikschule Musterstadt, Schulstraße 5, 70173 Musterstadt",
  cancellation_conditions: "Eine Stornierung nach Anmeldeschluss ist kostenpflichtig.",
  privacy_policy: "Die Daten werden nur zur Durchführung der Veranstaltung verwendet.",
};
const LOCATION_EXAMPLE = {
  name: "Musikschule Musterstadt (Praxis Winter)",
  type: "DExamPractice",
  address: { street: "Schulstraße 5", postcode: "70173", city: "Musterstadt", country: "Deutschland" },
  start: "2031-02-07T13:00:00+01:00",
  end: "2031-02-07T17:00:00+01:00",
  available_sub_types: ["D1", "D2"],
  instruments: ["Clarinet", "Trumpet"],
  publish_results: false,
};
const MANAGE = "Braucht die Rolle event_manage; Veranstaltungen anderer Kreisverbände antworten 404 NOT_FOUND (admin: alle Kreisverbände).";

export function eventRoutes(r: RestRouter) {
  r.list(
    "/v1/events",
    {
      tag: "Veranstaltungen",
      summary: "Veranstaltungen auflisten",
      description:
        "Die veröffentlichten Veranstaltungen aller Kreisverbände, für registration_*, event_manage und results_* auch die unveröffentlichten des eigenen Kreisverbands; mit ihren Orten. `districtId` grenzt auf einen Kreisverband ein, " +
        "`startDate` und `endDate` (Tag oder RFC-3339-Zeit) auf einen Zeitraum.",
      query: EventQuery,
      response: z.array(EventWire),
      example: { query: { districtId: "1", startDate: "2020-01-01" } },
    },
    {
      read: (ctx, q) => eventList(ctx, { districtAssociationId: q.districtId, from: q.startDate, to: q.endDate, updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.event,
      connection: "EventConnection",
      include: EVENT_LIST_INCLUDE,
      wire: (row: EventWithLocations, ctx) => eventToWire(row, ctx.services.now()),
    },
  );
  r.get(
    "/v1/event/:id",
    { tag: "Veranstaltungen", summary: "Eine Veranstaltung lesen", description: "Mit ihren Orten.", response: EventWire, example: { params: { id: 1 } } },
    async (ctx, req) => eventToWire(await getEvent(ctx, idParam(req)), ctx.services.now()),
  );
  r.post(
    "/v1/event",
    {
      tag: "Veranstaltungen",
      summary: "Veranstaltung anlegen",
      description: `${MANAGE} Die Orte werden danach einzeln angelegt (POST /v1/event/location).`,
      body: EventCreateBody,
      status: 201,
      response: EventWire,
      required: [
        "district_association_id",
        "name",
        "form_type",
        "edit_phase",
        "registration_deadline",
        "start_publishing",
        "finish_publishing",
        "privacy_policy",
      ],
      example: { body: { district_association_id: 1, ...EVENT_EXAMPLE } },
    },
    async (ctx, req) => {
      const b = w.readBody(EventCreateBody, req.body);
      if (b.district_association_id === null) throw validationFailed({ districtAssociationId: MSG.required });
      const e = await createEvent(ctx, { ...eventInput(b), districtAssociationId: b.district_association_id });
      return eventToWire(await getEvent(ctx, e.id), ctx.services.now());
    },
  );
  r.put(
    "/v1/event",
    {
      tag: "Veranstaltungen",
      summary: "Veranstaltung ändern",
      description: `${MANAGE} Der Body enthält alle Felder (ein fehlendes Feld wird geleert); Kreisverband, form_type (ein anderer antwortet 400) und Orte bleiben.`,
      body: EventEditBody,
      response: EventWire,
      // the event the create example made
      example: {
        body: {
          id: 6,
          ...EVENT_EXAMPLE,
          name: "D-Prüfungen Winter (verschoben)",
          registration_deadline: "2031-01-22",
          start: "2031-02-14T08:00:00+01:00",
          end: "2031-02-14T17:00:00+01:00",
        },
      },
    },
    async (ctx, req) => {
      const b = w.readBody(EventEditBody, req.body);
      if (b.id === null) throw new AppError("NOT_FOUND", "Veranstaltung nicht gefunden");
      await updateEvent(ctx, b.id, eventInput(b));
      return eventToWire(await getEvent(ctx, b.id), ctx.services.now());
    },
  );
  r.delete(
    "/v1/event/:id",
    {
      ifMatch: true,
      tag: "Veranstaltungen",
      summary: "Veranstaltung löschen",
      description: `${MANAGE} Die Veranstaltung wird mit ihren Orten und Anmeldungen gelöscht.`,
      status: 204,
      // the event the create example made
      example: { params: { id: 6 } },
    },
    async (ctx, req) => {
      await deleteEvent(ctx, idParam(req), ifMatchVersion(req));
      return null;
    },
  );
  r.get(
    "/v1/event/:id/statistic",
    {
      tag: "Veranstaltungen",
      summary: "Statistik einer Veranstaltung",
      description:
        "Anzahlen der Anmeldungen in Gruppen (Anmeldungen: Gesamt/Aktiv/Storniert; je nach Formularart Kurse, Instrumente, Orte, Ergebnisse " +
        "oder Wertungsarten, Besetzungen, Stufen; Vereine). " +
        "`locationId` grenzt auf einen Ort der Veranstaltung ein. Braucht registration_read oder registration_manage (eigener Kreisverband; admin: alle).",
      query: StatisticQuery,
      response: StatisticWire,
      example: { params: { id: 1 }, query: { locationId: "1" } },
    },
    async (ctx, req) => {
      const q = w.readQuery(StatisticQuery, req.query);
      return statisticToWire(await eventStatistic(ctx, idParam(req), q.locationId));
    },
  );
  r.list(
    "/v1/event/:eventId/locations",
    {
      tag: "Veranstaltungsorte",
      summary: "Orte einer Veranstaltung auflisten",
      description: "Nach Art, Beginn und Name; eine Veranstaltung, die der Aufrufer nicht sehen darf: 404.",
      query: LocationQuery,
      response: z.array(LocationWire),
      example: { params: { eventId: 1 } },
    },
    {
      read: (ctx, q, req) => locationList(ctx, idParam(req, "eventId"), { updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.eventLocation,
      connection: "EventLocationList",
      wire: (row: EventLocation, _ctx, list) => locationToWire(row, list.event),
    },
  );
  r.get(
    "/v1/event/location/:id",
    { tag: "Veranstaltungsorte", summary: "Einen Ort lesen", response: LocationWire, example: { params: { id: 1 } } },
    async (ctx, req) => {
      const l = await getLocation(ctx, idParam(req));
      return locationToWire(l, l.event);
    },
  );
  r.post(
    "/v1/event/location",
    {
      tag: "Veranstaltungsorte",
      summary: "Ort anlegen",
      description:
        `${MANAGE} Eine Wertungsspiel-Veranstaltung bekommt Orte vom Typ Competition, eine D-Prüfungs-Veranstaltung ` +
        "DExamTheory, DExamPractice oder DExamPreparation. available_sub_types: bei D-Prüfungen die Kurse, bei Wertungsspielen die Wertungsarten.",
      body: LocationCreateBody,
      status: 201,
      response: LocationWire,
      // into the event the event create example made
      required: ["event_id", "name", "type"],
      example: { body: { event_id: 1, ...LOCATION_EXAMPLE } },
    },
    async (ctx, req) => {
      const { event_id: eventId } = w.readBody(LocationEventRef, req.body);
      if (eventId === null) throw validationFailed({ eventId: MSG.required });
      const event = await ctx.prisma.event.findUnique({ where: { id: eventId }, select: { formType: true, districtAssociationId: true } });
      // the caller's rights first: reading the body by the event's form type would tell it to anybody
      if (!event || !actsOn(authorize(ctx.principal, "location.create"), "location.create", { districtAssociationId: event.districtAssociationId }))
        throw notFound("Veranstaltung");
      const input = locationInput(req.body, event.formType === "COMPETITION" ? "COMPETITION" : null);
      const l = await createLocation(ctx, { ...input, eventId });
      return locationToWire(l, l.event);
    },
  );
  r.put(
    "/v1/event/location",
    {
      tag: "Veranstaltungsorte",
      summary: "Ort ändern",
      description: `${MANAGE} Der Body enthält alle Felder (ein fehlendes Feld wird geleert); Veranstaltung und Typ des Orts bleiben (ein anderer Typ antwortet 400).`,
      body: LocationEditBody,
      response: LocationWire,
      // the location the create example made
      example: { body: { id: 15, ...LOCATION_EXAMPLE, name: "Musikschule Musterstadt (Praxis Winter, Holz)", instruments: ["Flute", "Clarinet"] } },
    },
    async (ctx, req) => {
      const { id } = w.readBody(LocationRef, req.body);
      if (id === null) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
      const current = await ctx.prisma.eventLocation.findUnique({ where: { id }, select: { type: true, event: { select: { districtAssociationId: true } } } });
      if (!current || !actsOn(authorize(ctx.principal, "location.update"), "location.update", { districtAssociationId: current.event.districtAssociationId }))
        throw notFound("Veranstaltungsort");
      const l = await updateLocation(ctx, id, locationInput(req.body, current.type));
      return locationToWire(l, l.event);
    },
  );
  r.delete(
    "/v1/event/location/:id",
    {
      ifMatch: true,
      tag: "Veranstaltungsorte",
      summary: "Ort löschen",
      description: `${MANAGE} Ein Ort, den Anmeldungen verwenden, wird nicht gelöscht (409 CONFLICT).`,
      status: 204,
      // the location the create example made
      example: { params: { id: 15 } },
    },
    async (ctx, req) => {
      await deleteLocation(ctx, idParam(req), ifMatchVersion(req));
      return null;
    },
  );
}
