import { builder, createAndUpdateInputs, type InputFields } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { EditPhaseEnum, FormTypeEnum } from "../../graphql/enums.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { DISTRICT_ASSOCIATION, districtAssociationFilterArgs, inOldShape, oldArgs, requiredSpelling } from "../../graphql/sameShape.ts";
import { DistrictAssociationType } from "../districts/graphql.ts";
import { EventLocationType } from "../locations/graphql.ts";
import { seesUnpublishedResults } from "../registrations/access.ts";
import { deadlineDay, deadlinePassed, isPublished } from "./rules.ts";
import {
  canManageEvent,
  canSeeEvent,
  copyEvent,
  copyTargets,
  createEvent,
  deleteEvent,
  duplicateEvent,
  eventList,
  eventOrder,
  updateEvent,
} from "./service.ts";

export const EventType = builder.prismaNode("Event", {
  description: "An event (Veranstaltung): D-exams, a D-exam camp or competitions of a district association.",
  id: { field: "id" },
  authScopes: (e, ctx) => {
    // its locations' check (EventLocation) reads the event's visibility from here, not the database
    ctx.loaders.eventVisibility.prime(e.id, e);
    return canSeeEvent(ctx.principal, e, ctx.services.now());
  },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    name: t.exposeString("name", { description: "Name of the event." }),
    description: t.exposeString("description", { nullable: true, description: "Description text shown to registrants." }),
    districtAssociationId: t.exposeInt("districtAssociationId", { description: "Numeric id of the district association (Kreisverband) running the event." }),
    districtAssociation: t.field({
      type: DistrictAssociationType,
      description: "The district association (Kreisverband) running the event.",
      select: { districtAssociationId: true },
      // the request's one read of all district associations (graphql/loaders.ts)
      resolve: async (parent, _args, ctx) => (await ctx.loaders.districtAssociation(parent.districtAssociationId))!,
    }),
    formType: t.expose("formType", { type: FormTypeEnum, description: "Fixed after creation." }),
    editPhase: t.expose("editPhase", { type: EditPhaseEnum, description: "What registrations may still change." }),
    registrationDeadline: t.expose("registrationDeadline", { type: "DateTime", description: "23:59:59 Europe/Berlin of the chosen day." }),
    registrationDeadlineDay: t.string({ description: "The chosen deadline day (yyyy-mm-dd, Berlin).", resolve: (e) => deadlineDay(e.registrationDeadline) }),
    deadlinePassed: t.boolean({
      description: "True after the deadline: no new registrations.",
      resolve: (e, _a, ctx) => deadlinePassed(e, ctx.services.now()),
    }),
    startPublishing: t.expose("startPublishing", { type: "DateTime", description: "From this instant the event is published (visible to members)." }),
    finishPublishing: t.expose("finishPublishing", { type: "DateTime", description: "Until this instant the event is published." }),
    published: t.boolean({ description: "start_publishing <= now < finish_publishing.", resolve: (e, _a, ctx) => isPublished(e, ctx.services.now()) }),
    expiration: t.expose("expiration", { type: "DateTime", nullable: true, description: "Automatic deletion date (end of that day, Berlin)." }),
    start: t.expose("start", { type: "DateTime", nullable: true, description: "Start (date and time)." }),
    end: t.expose("end", { type: "DateTime", nullable: true, description: "End (date and time)." }),
    address: t.exposeString("address", { nullable: true, description: "Postal address." }),
    cancellationConditions: t.exposeString("cancellationConditions", {
      nullable: true,
      description: "Cancellation conditions (Stornobedingungen) registrants accept.",
    }),
    privacyPolicy: t.exposeString("privacyPolicy", { description: "Privacy policy (Datenschutzerklärung) registrants accept." }),
    canManage: t.boolean({
      description: "The viewer may change this event and its locations.",
      resolve: (e, _a, ctx) => !!ctx.principal && canManageEvent(ctx.principal, e),
    }),
    viewerSeesAllResults: t.boolean({
      description:
        "The viewer sees every result of this event, published or not (the district's registration and results staff): only then do the overviews sort by results (THEORY_POINTS, PRACTICE_POINTS, GRADE, POINTS).",
      resolve: (e, _a, ctx) => seesUnpublishedResults(ctx.principal, e),
    }),
    locations: t.relation("locations", {
      description: "The event's locations, by type, start and name.",
      query: { orderBy: [{ type: "asc" }, { start: "asc" }, { name: "asc" }] },
    }),
  }),
});
registerNodeAccess("Event", (ctx, e) => canSeeEvent(ctx.principal, e, ctx.services.now()));

keysetConnection("events", {
  name: "Event",
  type: EventType,
  description: "Events the viewer may see (published ones of every district; staff also their own district's unpublished ones), by registration deadline.",
  authScopes: { operation: "event.list" },
  args: (arg) => ({
    ...districtAssociationFilterArgs(
      "Only this district association: its global id, as read at Event.districtAssociation.id; null: all.",
      "Only this district association (numeric id); null: all.",
    ),
    from: arg({
      type: "Date",
      required: false,
      description: "Only events whose last day (end, else start, else deadline) is on or after this day (Berlin).",
    }),
    to: arg({ type: "DateTime", required: false, description: "Only events beginning (start, else deadline) on or before this instant." }),
  }),
  read: {
    delegate: (ctx) => ctx.prisma.event,
    list: async (args, ctx) => eventList(ctx, oldArgs(args, [DISTRICT_ASSOCIATION])),
  },
  connection: "A page of events with the total count.",
});

builder.queryField("eventCopyTargets", (t) =>
  t.prismaField({
    type: [EventType],
    description: "Events a copy of this event may go into: same form family, still before their deadline (from today).",
    authScopes: { operation: "event.copy" },
    args: { eventId: t.arg.globalID({ required: true, description: "Global id of the event to copy." }) },
    resolve: async (query, _root, { eventId }, ctx) => {
      const ids = (await copyTargets(ctx, numericId(eventId, "Event", "Veranstaltung"))).map((e) => e.id);
      return ctx.prisma.event.findMany({ ...query, where: { id: { in: ids } }, orderBy: eventOrder });
    },
  }),
);

const eventFields = (t: InputFields) => ({
  name: t.string({ required: true, description: "Name of the event." }),
  description: t.string({ required: false, description: "Description text shown to registrants." }),
  formType: t.field({ type: FormTypeEnum, required: false, description: "Required on create; cannot change afterwards." }),
  editPhase: t.field({ type: EditPhaseEnum, required: true, description: "What registrations may still change." }),
  registrationDeadline: t.field({ type: "Date", required: true, description: "The day; stored as 23:59:59 Europe/Berlin." }),
  startPublishing: t.field({ type: "DateTime", required: true, description: "From this instant the event is published (visible to members)." }),
  finishPublishing: t.field({ type: "DateTime", required: true, description: "Until this instant the event is published." }),
  expiration: t.field({
    type: "Date",
    required: false,
    description:
      "Automatic deletion day. Absent or null: the default of the form type (shared/eventExpiration.ts): a camp 3 months after its last day, a D-exam 31 December of the second following year, a competition 31 December of the following year.",
  }),
  start: t.field({ type: "DateTime", required: false, description: "Start (date and time)." }),
  end: t.field({ type: "DateTime", required: false, description: "End (date and time)." }),
  address: t.string({ required: false, description: "Postal address." }),
  cancellationConditions: t.string({ required: false, description: "Cancellation conditions (Stornobedingungen) registrants accept." }),
  privacyPolicy: t.string({ required: true, description: "Privacy policy (Datenschutzerklärung) registrants accept." }),
});
const { create: EventInput, update: UpdateEventInput } = createAndUpdateInputs("Event", "an event (Veranstaltung)", eventFields);

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);
const toService = (i: typeof EventInput.$inferInput & { version?: number }) => ({
  ...i,
  registrationDeadline: day(i.registrationDeadline),
  expiration: day(i.expiration),
});

rowMutation("createEvent", {
  type: EventType,
  model: "event",
  description: "Creates an event in a district association (event_manage; non-admins their own).",
  authScopes: { operation: "event.create" },
  args: (arg) => ({
    ...districtAssociationFilterArgs(
      "The district association (Kreisverband) the event belongs to: its global id, as read at Event.districtAssociation.id. Required (or the deprecated districtAssociationId).",
      "Numeric id of the district association (Kreisverband) the event belongs to.",
    ),
    input: arg({ type: EventInput, required: true, description: "The new values." }),
  }),
  run: ({ input, ...district }, ctx) => {
    const spelling = requiredSpelling(DISTRICT_ASSOCIATION);
    return inOldShape(district, [spelling], ({ districtAssociationId }) =>
      createEvent(ctx, { ...toService(input), districtAssociationId: districtAssociationId as number }),
    );
  },
});

rowMutation("updateEvent", {
  type: EventType,
  model: "event",
  description: "Changes an event (event_manage).",
  authScopes: { operation: "event.update" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the event." }),
    input: arg({ type: UpdateEventInput, required: true, description: "The new values." }),
  }),
  run: ({ id, input }, ctx) => updateEvent(ctx, numericId(id, "Event", "Veranstaltung"), toService(input)),
});

builder.mutationField("deleteEvent", (t) =>
  t.field({
    type: "ID",
    description: "Deletes an event with its locations, registrations and results (event_manage); returns its global id.",
    authScopes: { operation: "event.delete" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the event." }) },
    resolve: async (_root, { id }, ctx) => encodeId("Event", (await deleteEvent(ctx, numericId(id, "Event", "Veranstaltung"))).id),
  }),
);

rowMutation("copyEvent", {
  type: EventType,
  model: "event",
  description: "Copies master data and locations FROM the source event INTO the selected target event; returns the target.",
  authScopes: { operation: "event.copy" },
  args: (arg) => ({
    sourceId: arg.globalID({ required: true, description: "Global id of the event to copy from." }),
    targetId: arg.globalID({ required: true, description: "Global id of the event to copy into." }),
  }),
  run: ({ sourceId, targetId }, ctx) => copyEvent(ctx, numericId(sourceId, "Event", "Veranstaltung"), numericId(targetId, "Event", "Veranstaltung")),
});

rowMutation("duplicateEvent", {
  type: EventType,
  model: "event",
  description:
    "'Duplizieren': a new, unpublished event 'Kopie von <Name>' with the source's master data and locations; every date moves by the same number of days so that the copy begins on startDay. Returns the new event.",
  authScopes: { operation: "event.copy" },
  args: (arg) => ({
    sourceId: arg.globalID({ required: true, description: "Global id of the event to duplicate." }),
    startDay: arg({
      type: "Date",
      required: true,
      description: "The copy's first day: its start day, or its registration deadline's day when the source has no start.",
    }),
  }),
  run: ({ sourceId, startDay }, ctx) => duplicateEvent(ctx, numericId(sourceId, "Event", "Veranstaltung"), day(startDay)),
});

export { EventLocationType };
