import { builder } from "../../graphql/builder.ts";
import { CastEnum, CategoryEnum, CompetitionTypeEnum, DifficultyLevelEnum, EditScopeEnum } from "../../graphql/enums.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { canReadRegistration, isManager } from "../registrations/access.ts";
import { type CompetitionInput, type CompetitionSong, competitionRowActions, competitionSongsComplete } from "./rules.ts";
import {
  cancelCompetitionRegistration,
  competitionWhere,
  createCompetitionRegistration,
  deleteCompetitionRegistration,
  isUserManager,
  updateCompetitionRegistration,
  visibleCompetitionResult,
} from "./service.ts";

const SongType = builder.objectRef<CompetitionSong>("CompetitionSong").implement({
  description: "A performance piece (Vortragsstück); duration in seconds (entered as mm:ss).",
  fields: (t) => ({
    name: t.exposeString("name", { nullable: true }),
    composer: t.exposeString("composer", { nullable: true }),
    publisher: t.exposeString("publisher", { nullable: true }),
    arranger: t.exposeString("arranger", { nullable: true }),
    duration: t.exposeInt("duration", { nullable: true }),
  }),
});

const ActionsType = builder.objectRef<ReturnType<typeof competitionRowActions>>("CompetitionRegistrationActions").implement({
  description: "The row menu of the registration overview for the signed-in user.",
  fields: (t) => ({
    edit: t.field({ type: EditScopeEnum, resolve: (a) => a.edit }),
    delete: t.exposeBoolean("delete", { description: "user_manage (as the spec writes it), or phase NoRestrictions; never once cancelled." }),
    cancel: t.exposeBoolean("cancel"),
    manage: t.exposeBoolean("manage", { description: "registration_manage: may edit cancelledAt and documentsComplete." }),
  }),
});

const EVENT_SELECT = { event: { select: { districtAssociationId: true, editPhase: true, locations: { select: { publishResults: true } } } } } as const;

export const CompetitionRegistrationType = builder.prismaNode("CompetitionRegistration", {
  description: "A competition registration (Wertungsspielanmeldung) of a club's group.",
  id: { field: "id" },
  select: { associationId: true, event: { select: { districtAssociationId: true } } },
  authScopes: (r, ctx) => canReadRegistration(ctx.principal, r, r.event),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    event: t.relation("event"),
    name: t.exposeString("name"),
    association: t.relation("association"),
    type: t.expose("type", { type: CompetitionTypeEnum }),
    cast: t.expose("cast", { type: CastEnum }),
    category: t.expose("category", { type: CategoryEnum, nullable: true }),
    ageGroup: t.expose("ageGroup", { type: DifficultyLevelEnum, nullable: true }),
    conductorName: t.exposeString("conductorName"),
    numberOfMusicians: t.exposeInt("numberOfMusicians"),
    members: t.exposeString("members", { nullable: true, description: "Type G: one participant per line." }),
    remarks: t.exposeString("remarks", { nullable: true }),
    location: t.relation("location", { nullable: true }),
    songs: t.field({ type: [SongType], select: { songs: true }, resolve: (r) => (r.songs as CompetitionSong[]) ?? [] }),
    songsComplete: t.boolean({
      select: { type: true, songs: true },
      resolve: (r) => competitionSongsComplete({ type: r.type, songs: (r.songs as CompetitionSong[]) ?? [] }),
    }),
    documentsComplete: t.exposeBoolean("documentsComplete"),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
    gdprAccepted: t.exposeBoolean("gdprAccepted"),
    cancellationAccepted: t.exposeBoolean("cancellationAccepted"),
    points: t.float({
      nullable: true,
      description: "Shown once every location of the event publishes results (staff always).",
      select: { points: true, mark: true, ...EVENT_SELECT },
      resolve: (r, _a, ctx) => visibleCompetitionResult(ctx.principal, r, r.event).points,
    }),
    mark: t.string({
      nullable: true,
      description: "The mark (Prädikat) as the jury program states it; visible like points.",
      select: { points: true, mark: true, ...EVENT_SELECT },
      resolve: (r, _a, ctx) => visibleCompetitionResult(ctx.principal, r, r.event).mark,
    }),
    viewerCan: t.field({
      type: ActionsType,
      select: { cancelledAt: true, associationId: true, ...EVENT_SELECT },
      resolve: (r, _a, ctx) =>
        competitionRowActions(
          { cancelledAt: r.cancelledAt, editPhase: r.event.editPhase },
          {
            manager: isManager(ctx.principal, r.event),
            userManager: isUserManager(ctx.principal, r.event),
            clubMember: !!ctx.principal?.associationIds.includes(r.associationId),
          },
        ),
    }),
  }),
});
registerNodeAccess("CompetitionRegistration", (ctx, r) => canReadRegistration(ctx.principal, r, r.event));

builder.queryField("competitionRegistrations", (t) =>
  t.prismaConnection(
    {
      type: CompetitionRegistrationType,
      cursor: "id",
      description: "Competition registrations of an event (the overview): members see their clubs', registration staff their district's.",
      authScopes: { operation: "competition.list" },
      args: {
        eventId: t.arg.globalID({ required: true }),
        locationId: t.arg.int({ required: false }),
        search: t.arg.string({ required: false, description: "Part of the name, conductor or club, or the numeric id." }),
      },
      totalCount: (_p, args, ctx) =>
        ctx.prisma.competitionRegistration.count({ where: competitionWhere(ctx, { ...args, eventId: numericId(args.eventId, "Event", "Veranstaltung") }) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.competitionRegistration.findMany({
          ...query,
          where: competitionWhere(ctx, { ...args, eventId: numericId(args.eventId, "Event", "Veranstaltung") }),
          orderBy: [{ name: "asc" }, { id: "asc" }],
        }),
    },
    { name: "CompetitionRegistrationConnection" },
    { name: "CompetitionRegistrationEdge" },
  ),
);

const SongInput = builder.inputType("CompetitionSongInput", {
  fields: (t) => ({
    name: t.string({ required: false }),
    composer: t.string({ required: false }),
    publisher: t.string({ required: false }),
    arranger: t.string({ required: false }),
    duration: t.int({ required: false, description: "Seconds." }),
  }),
});
const InputType = builder.inputType("CompetitionRegistrationInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    associationId: t.int({ required: true, description: "The club (numeric id)." }),
    type: t.field({ type: CompetitionTypeEnum, required: true }),
    cast: t.field({ type: CastEnum, required: true }),
    category: t.field({ type: CategoryEnum, required: false, description: "Types other than B and G." }),
    ageGroup: t.field({ type: DifficultyLevelEnum, required: false, description: "Types B and G." }),
    conductorName: t.string({ required: true }),
    numberOfMusicians: t.int({ required: true }),
    members: t.string({ required: false, description: "Type G: one participant per line (required)." }),
    remarks: t.string({ required: false }),
    songs: t.field({ type: [SongInput], required: false }),
    gdprAccepted: t.boolean({ required: false }),
    cancellationAccepted: t.boolean({ required: false }),
    cancelledAt: t.field({ type: "DateTime", required: false, description: "registration_manage only; omit to leave unchanged." }),
    documentsComplete: t.boolean({ required: false, description: "registration_manage only; omit to leave unchanged." }),
    locationId: t.int({ required: false, description: "registration_manage only: move to another competition location of the event." }),
    version: t.int({ required: false, description: "The version the edit is based on: a newer stored version refuses the save (CONFLICT)." }),
  }),
});

const regId = (id: { typename: string; id: string }) => numericId(id, "CompetitionRegistration", "Wertungsspielanmeldung");
builder.mutationField("createCompetitionRegistration", (t) =>
  t.prismaField({
    type: CompetitionRegistrationType,
    description: "Registers a group for a competition event.",
    authScopes: { operation: "competition.create" },
    args: { eventId: t.arg.globalID({ required: true }), input: t.arg({ type: InputType, required: true }) },
    resolve: async (query, _root, { eventId, input }, ctx) =>
      ctx.prisma.competitionRegistration.findUniqueOrThrow({
        ...query,
        where: { id: (await createCompetitionRegistration(ctx, numericId(eventId, "Event", "Veranstaltung"), input as CompetitionInput)).id },
      }),
  }),
);

builder.mutationField("updateCompetitionRegistration", (t) =>
  t.prismaField({
    type: CompetitionRegistrationType,
    description: "Changes a registration within its event's edit phase (SongsOnly: songs only).",
    authScopes: { operation: "competition.update" },
    args: { id: t.arg.globalID({ required: true }), input: t.arg({ type: InputType, required: true }) },
    resolve: async (query, _root, { id, input }, ctx) =>
      ctx.prisma.competitionRegistration.findUniqueOrThrow({
        ...query,
        where: { id: (await updateCompetitionRegistration(ctx, regId(id), input as CompetitionInput)).id },
      }),
  }),
);

builder.mutationField("cancelCompetitionRegistration", (t) =>
  t.prismaField({
    type: CompetitionRegistrationType,
    description: "Cancels a registration (final for normal users).",
    authScopes: { operation: "competition.cancel" },
    args: { id: t.arg.globalID({ required: true }) },
    resolve: async (query, _root, { id }, ctx) =>
      ctx.prisma.competitionRegistration.findUniqueOrThrow({ ...query, where: { id: (await cancelCompetitionRegistration(ctx, regId(id))).id } }),
  }),
);

builder.mutationField("deleteCompetitionRegistration", (t) =>
  t.field({
    type: "ID",
    description: "Deletes a registration without cancellation date (user_manage, or the club in phase NoRestrictions).",
    authScopes: { operation: "competition.delete" },
    args: { id: t.arg.globalID({ required: true }) },
    resolve: async (_root, { id }, ctx) => encodeId("CompetitionRegistration", (await deleteCompetitionRegistration(ctx, regId(id))).id),
  }),
);
