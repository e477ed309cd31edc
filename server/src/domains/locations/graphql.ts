import { mayActOn } from "../../auth/permissions.ts";
import { builder, createAndUpdateInputs, type InputFields } from "../../graphql/builder.ts";
import { CompetitionTypeEnum, DexamTypeEnum, InstrumentEnum, LocationTypeEnum } from "../../graphql/enums.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { canSeeEvent } from "../events/service.ts";
import { mayDownloadFilledSheets, mayUploadPracticeSheets } from "../results/service.ts";
import { createLocation, deleteLocation, publishResults, type ResultPublication, updateLocation } from "./service.ts";

const ResultPublicationType = builder.objectRef<ResultPublication>("ResultPublication").implement({
  description: "What publishing a location's results concerns (the confirmation of 'Ergebnisse veröffentlichen').",
  fields: (t) => ({
    registrations: t.exposeInt("registrations", { description: "Active registrations whose results become visible to the registering side." }),
    mails: t.exposeInt("mails", { description: "Result mails written (to registering users who keep result mails switched on)." }),
  }),
});

export const EventLocationType = builder.prismaNode("EventLocation", {
  description: "A location of an event: theory or practice exam, preparation course, or competition venue.",
  id: { field: "id" },
  select: { eventId: true },
  // the event's visibility: known when the location came through its event, else read in one
  // statement for all locations of the request
  authScopes: async (l, ctx) => {
    const event = await ctx.loaders.eventVisibility.load(l.eventId);
    return !!event && canSeeEvent(ctx.principal, event, ctx.services.now());
  },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    name: t.exposeString("name", { description: "Name of the location." }),
    type: t.expose("type", { type: LocationTypeEnum, description: "Fixed after creation." }),
    eventId: t.exposeInt("eventId", { description: "Numeric id of the event." }),
    event: t.relation("event", { description: "The event the location belongs to." }),
    street: t.exposeString("street", { description: "Street and house number." }),
    postcode: t.exposeString("postcode", { nullable: true, description: "Postcode." }),
    city: t.exposeString("city", { description: "City." }),
    country: t.exposeString("country", { nullable: true, description: "Country." }),
    start: t.expose("start", { type: "DateTime", nullable: true, description: "Start (date and time)." }),
    end: t.expose("end", { type: "DateTime", nullable: true, description: "End (date and time)." }),
    dexamTypes: t.expose("dexamTypes", { type: [DexamTypeEnum], description: "available_sub_types of a D-exam location: its courses." }),
    competitionTypes: t.expose("competitionTypes", {
      type: [CompetitionTypeEnum],
      description: "available_sub_types of a competition venue: its competition types.",
    }),
    instruments: t.expose("instruments", { type: [InstrumentEnum], description: "Practice locations: the instruments examined there." }),
    publishResults: t.exposeBoolean("publishResults", {
      description: "'Ergebnisse veröffentlichen?': results of this location are visible to the registering side.",
    }),
    resultPublication: t.field({
      type: ResultPublicationType,
      nullable: true,
      description:
        "For whoever may publish this location's results (event_manage, results_manage of the district): what publishing them now concerns, counted by the publishing code itself (rolled back); nothing once published. Null for everyone else.",
      select: { id: true, publishResults: true },
      resolve: async (l, _a, ctx) => {
        if (l.publishResults) return null;
        const event = await ctx.loaders.eventVisibility.load(l.eventId);
        if (!event || !mayActOn(ctx.principal, "location.publishResults", event)) return null;
        return publishResults(ctx, l.id, { dryRun: true });
      },
    }),
    viewerCanUploadPracticeSheets: t.boolean({
      description: "A practice location where the viewer may upload filled practice sheets (results_manage of the event's district).",
      select: { type: true },
      resolve: async (l, _a, ctx) => {
        if (l.type !== "DEXAM_PRACTICE") return false;
        const event = await ctx.loaders.eventVisibility.load(l.eventId);
        return !!event && mayUploadPracticeSheets(ctx.principal, event);
      },
    }),
    practiceSheetsAvailable: t.boolean({
      description:
        "A practice location whose filled practice sheets ('Auswertungsbögen') the viewer may download and of which at least one was uploaded; false before the first upload.",
      select: { type: true, _count: { select: { practiceRegistrations: { where: { practiceSheetFileId: { not: null } } } } } },
      resolve: async (l, _a, ctx) => {
        if (l.type !== "DEXAM_PRACTICE" || l._count.practiceRegistrations === 0) return false;
        const event = await ctx.loaders.eventVisibility.load(l.eventId);
        return !!event && mayDownloadFilledSheets(ctx.principal, event);
      },
    }),
  }),
});
registerNodeAccess("EventLocation", (ctx, l) => canSeeEvent(ctx.principal, l.event, ctx.services.now()), ["event"]);

const locationFields = (t: InputFields) => ({
  name: t.string({ required: true, description: "Name of the location." }),
  type: t.field({
    type: LocationTypeEnum,
    required: false,
    description: "D-exam events: required on create; competition events: always COMPETITION. Cannot change.",
  }),
  street: t.string({ required: true, description: "Street and house number." }),
  postcode: t.string({ required: false, description: "Postcode." }),
  city: t.string({ required: true, description: "City." }),
  country: t.string({ required: false, description: "Country." }),
  start: t.field({ type: "DateTime", required: false, description: "Required except for preparation courses." }),
  end: t.field({ type: "DateTime", required: false, description: "End (date and time)." }),
  dexamTypes: t.field({ type: [DexamTypeEnum], required: false, description: "D-exam courses (D1-D3) offered at this location." }),
  competitionTypes: t.field({ type: [CompetitionTypeEnum], required: false, description: "Competition types offered at this location." }),
  instruments: t.field({ type: [InstrumentEnum], required: false, description: "Practice locations: at least one." }),
  publishResults: t.boolean({ required: false, description: "Results of this location are published to the registrants and the club." }),
});
const { create: LocationInput, update: UpdateLocationInput } = createAndUpdateInputs("EventLocation", "a location (Veranstaltungsort)", locationFields);

rowMutation("createEventLocation", {
  type: EventLocationType,
  model: "eventLocation",
  description: "Creates a location of an event (event_manage).",
  authScopes: { operation: "location.create" },
  args: (arg) => ({
    eventId: arg.globalID({ required: true, description: "Global id of the event." }),
    input: arg({ type: LocationInput, required: true, description: "The new values." }),
  }),
  run: ({ eventId, input }, ctx) => createLocation(ctx, { ...input, eventId: numericId(eventId, "Event", "Veranstaltung") }),
});

rowMutation("updateEventLocation", {
  type: EventLocationType,
  model: "eventLocation",
  description: "Changes a location (event_manage); the type stays.",
  authScopes: { operation: "location.update" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the location (Veranstaltungsort)." }),
    input: arg({ type: UpdateLocationInput, required: true, description: "The new values." }),
  }),
  run: ({ id, input }, ctx) => updateLocation(ctx, numericId(id, "EventLocation", "Veranstaltungsort"), input),
});

rowMutation("publishLocationResults", {
  type: EventLocationType,
  model: "eventLocation",
  description:
    "Publishes the location's results from the results management ('Ergebnisse veröffentlichen': publishResults on, the result mails written); event_manage or results_manage of the district. Refused (CONFLICT) when already published or based on an older version.",
  authScopes: { operation: "location.publishResults" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the location (Veranstaltungsort)." }),
    version: arg.int({ required: true, description: "The version the confirmation was based on." }),
  }),
  run: async ({ id, version }, ctx) => {
    const locationId = numericId(id, "EventLocation", "Veranstaltungsort");
    await publishResults(ctx, locationId, { version });
    return { id: locationId };
  },
});

builder.mutationField("deleteEventLocation", (t) =>
  t.field({
    type: "ID",
    description: "Deletes a location no registration references (event_manage); returns its global id.",
    authScopes: { operation: "location.delete" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the location (Veranstaltungsort)." }) },
    resolve: async (_root, { id }, ctx) => encodeId("EventLocation", (await deleteLocation(ctx, numericId(id, "EventLocation", "Veranstaltungsort"))).id),
  }),
);
