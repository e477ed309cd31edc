import { builder, createAndUpdateInputs, type InputFields } from "../../graphql/builder.ts";
import { CastEnum, CategoryEnum, CompetitionTypeEnum, DifficultyLevelEnum, EditScopeEnum } from "../../graphql/enums.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { ASSOCIATION, LOCATION, useInstead } from "../../graphql/sameShape.ts";
import { AssociationType, clubOfReadableRow } from "../associations/graphql.ts";
import { mayReadTrail } from "../audit/read.ts";
import { canReadRegistration, isManager } from "../registrations/access.ts";
import {
  clubInputFields,
  consentInputFields,
  registrationConnection,
  registrationHeadFields,
  registrationMutations,
  registrationStateFields,
  remarksField,
} from "../registrations/graphql.ts";
import { type CompetitionInput, type CompetitionSong, competitionRowActions, competitionSongsComplete } from "./rules.ts";
import {
  COMPETITION,
  COMPETITION_LIST,
  cancelCompetitionRegistration,
  createCompetition,
  deleteCompetitionRegistration,
  isUserManager,
  updateCompetitionRegistration,
  visibleCompetitionResult,
} from "./service.ts";

const SongType = builder.objectRef<CompetitionSong>("CompetitionSong").implement({
  description: "A performance piece (Vortragsstück); duration in seconds (entered as mm:ss).",
  fields: (t) => ({
    name: t.exposeString("name", { nullable: true, description: "Title of the piece." }),
    composer: t.exposeString("composer", { nullable: true, description: "Composer." }),
    publisher: t.exposeString("publisher", { nullable: true, description: "Publisher." }),
    arranger: t.exposeString("arranger", { nullable: true, description: "Arranger." }),
    duration: t.exposeInt("duration", { nullable: true, description: "Duration in seconds." }),
  }),
});

const DOCS = {
  id: "Global id of the competition (Wertungsspiel) registration.",
  create: "Registers a group for a competition event.",
  delete:
    "Deletes a registration without cancellation date (user_manage, or the club in phase NoRestrictions); a cancelled one only by registration_manage (erasure on request).",
};

const ActionsType = builder.objectRef<ReturnType<typeof competitionRowActions> & { history: boolean }>("CompetitionRegistrationActions").implement({
  description: "The row menu of the registration overview for the signed-in user.",
  fields: (t) => ({
    history: t.exposeBoolean("history", {
      description: "The viewer may read the registration's change history (auditTrail): registration_manage or results_manage of its district.",
    }),
    edit: t.field({ type: EditScopeEnum, resolve: (a) => a.edit, description: "What the viewer may edit." }),
    delete: t.exposeBoolean("delete", { description: "user_manage (as the spec writes it), or phase NoRestrictions; never once cancelled." }),
    cancel: t.exposeBoolean("cancel", { description: "The viewer may cancel (stornieren) it." }),
    manage: t.exposeBoolean("manage", { description: "registration_manage: may edit cancelledAt and documentsComplete." }),
  }),
});

/** What a competition registration always loads besides its columns: its event's facts for the results and the row menu, and its club. */
const ROW_INCLUDE = {
  event: { select: { districtAssociationId: true, editPhase: true, locations: { select: { publishResults: true } } } },
  association: true,
} as const;

export const CompetitionRegistrationType = builder.prismaNode("CompetitionRegistration", {
  description: "A competition registration (Wertungsspielanmeldung) of a club's group.",
  id: { field: "id" },
  // all columns and the event the results and the row menu look at, with every registration: a
  // field without a select of its own is not wrapped by the Prisma plugin's per-field loading
  // check (as D-exam registrations)
  include: ROW_INCLUDE,
  authScopes: (r, ctx) => canReadRegistration(ctx.principal, r, r.event, "competition.read"),
  fields: (t) => ({
    ...registrationHeadFields(t),
    name: t.exposeString("name", { description: "Name of the group as it performs." }),
    association: t.field({
      type: AssociationType,
      // loaded with every registration (ROW_INCLUDE); readable with it, whichever district the club belongs to
      resolve: (r, _a, ctx) => clubOfReadableRow(ctx, r.association),
      description: "The club (Verein) of the group.",
    }),
    type: t.expose("type", { type: CompetitionTypeEnum, description: "Competition type." }),
    cast: t.expose("cast", { type: CastEnum, description: "Besetzung (line-up) of the group." }),
    category: t.expose("category", { type: CategoryEnum, nullable: true, description: "Difficulty category (Kategorie 1-6)." }),
    ageGroup: t.expose("ageGroup", { type: DifficultyLevelEnum, nullable: true, description: "Age group / level (Stufe)." }),
    conductorName: t.exposeString("conductorName", { description: "Name of the conductor (Dirigent)." }),
    numberOfMusicians: t.exposeInt("numberOfMusicians", { description: "Number of musicians." }),
    members: t.exposeString("members", { nullable: true, description: "Type G: one participant per line." }),
    remarks: remarksField(t),
    location: t.relation("location", { nullable: true, description: "The location (Veranstaltungsort) assigned by staff; null until then." }),
    songs: t.field({
      type: [SongType],
      resolve: (r) => (r.songs as CompetitionSong[]) ?? [],
      description: "The pieces to be performed.",
    }),
    songsComplete: t.boolean({
      resolve: (r) => competitionSongsComplete({ type: r.type, songs: (r.songs as CompetitionSong[]) ?? [] }),
      description: "All required pieces are filled in.",
    }),
    documentsComplete: t.exposeBoolean("documentsComplete", { description: "Staff confirmed that all documents (scores) arrived." }),
    ...registrationStateFields(t),
    points: t.float({
      nullable: true,
      description: "Shown once every location of the event publishes results (staff always).",
      resolve: (r, _a, ctx) => visibleCompetitionResult(ctx.principal, r, r.event).points,
    }),
    mark: t.string({
      nullable: true,
      description: "The mark (Prädikat) as the jury program states it; visible like points.",
      resolve: (r, _a, ctx) => visibleCompetitionResult(ctx.principal, r, r.event).mark,
    }),
    viewerCan: t.field({
      type: ActionsType,
      resolve: (r, _a, ctx) => ({
        ...competitionRowActions(
          { cancelledAt: r.cancelledAt, editPhase: r.event.editPhase },
          {
            manager: isManager(ctx.principal, r.event),
            userManager: isUserManager(ctx.principal, r.event),
            clubMember: !!ctx.principal?.associationIds.includes(r.associationId),
          },
        ),
        history: mayReadTrail(ctx.principal, "CompetitionRegistration", r.event.districtAssociationId),
      }),
      description: "What the signed-in user may do with this registration.",
    }),
  }),
});
registerNodeAccess("CompetitionRegistration", (ctx, r) => canReadRegistration(ctx.principal, r, r.event, "competition.read"), ["event"]);

registrationConnection("competitionRegistrations", {
  type: CompetitionRegistrationType,
  list: COMPETITION_LIST,
  docs: {
    name: "competition",
    location: { where: "", field: "location" },
    search: "Part of the name, conductor or club, or the numeric id.",
    order: { default: "the group's name", ties: "name, id" },
  },
});
const SongInput = builder.inputType("CompetitionSongInput", {
  description: "A piece of a competition registration.",
  fields: (t) => ({
    name: t.string({ required: false, description: "Title of the piece." }),
    composer: t.string({ required: false, description: "Composer." }),
    publisher: t.string({ required: false, description: "Publisher." }),
    arranger: t.string({ required: false, description: "Arranger." }),
    duration: t.int({ required: false, description: "Seconds." }),
  }),
});
const registrationFields = (t: InputFields) => ({
  name: t.string({ required: true, description: "Name of the group as it performs." }),
  ...clubInputFields(t, "CompetitionRegistration"),
  type: t.field({ type: CompetitionTypeEnum, required: true, description: "Competition type." }),
  cast: t.field({ type: CastEnum, required: true, description: "Besetzung (line-up) of the group." }),
  category: t.field({ type: CategoryEnum, required: false, description: "Types other than B and G." }),
  ageGroup: t.field({ type: DifficultyLevelEnum, required: false, description: "Types B and G." }),
  conductorName: t.string({ required: true, description: "Name of the conductor (Dirigent)." }),
  numberOfMusicians: t.int({ required: true, description: "Number of musicians." }),
  members: t.string({ required: false, description: "Type G: one participant per line (required)." }),
  remarks: t.string({ required: false, description: "Free-text remarks of the registrant." }),
  songs: t.field({ type: [SongInput], required: false, description: "The pieces to be performed." }),
  ...consentInputFields(t),
  cancelledAt: t.field({ type: "DateTime", required: false, description: "registration_manage only; omit to leave unchanged." }),
  documentsComplete: t.boolean({ required: false, description: "registration_manage only; omit to leave unchanged." }),
  location: t.globalID({
    required: false,
    description:
      "registration_manage only: move to another competition location of the event, named by its global id as read at CompetitionRegistration.location.id.",
  }),
  locationId: t.int({
    required: false,
    deprecationReason: useInstead("location", "the location's global id"),
    description: "registration_manage only: move to another competition location of the event (numeric id).",
  }),
});
const { create: InputType, update: UpdateInputType } = createAndUpdateInputs(
  "CompetitionRegistration",
  "a competition (Wertungsspiel) registration",
  registrationFields,
);

registrationMutations<CompetitionInput>({
  kind: COMPETITION,
  type: CompetitionRegistrationType,
  input: InputType,
  updateInput: UpdateInputType,
  // the new spellings of a registration input and the deprecated fields they replace (graphql/sameShape.ts)
  spellings: [ASSOCIATION, LOCATION],
  docs: DOCS,
  create: (ctx, eventId, input, key, shape) => createCompetition(ctx, eventId, input, key, shape),
  update: updateCompetitionRegistration,
  cancel: cancelCompetitionRegistration,
  delete: deleteCompetitionRegistration,
});
