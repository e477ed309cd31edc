import { isAllowed, type Operation, PERMISSIONS } from "../../auth/permissions.ts";
import type { User } from "../../generated/prisma/client.ts";
import { builder, versionField } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { orderByArgument } from "../../graphql/orderBy.ts";
import {
  ASSOCIATION,
  associationFilterArgs,
  DISTRICT_ASSOCIATION,
  districtAssociationFilterArgs,
  inOldShape,
  objectIds,
  oldArgs,
  requiredSpelling,
  useInstead,
} from "../../graphql/sameShape.ts";
import { ROLES } from "../../shared/roles.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { AssociationType } from "../associations/graphql.ts";
import { DistrictAssociationType } from "../districts/graphql.ts";
import { disableCalendarFeed, enableCalendarFeed } from "./calendarFeed.ts";
import { emailChangeRefusal, mayAssignClubs } from "./rules.ts";
import {
  canReadUser,
  createUser,
  deleteUser,
  deleteViewer,
  resendInvitation,
  setBlocked,
  setUserAssociations,
  USER_COLUMNS,
  updateUser,
  updateViewer,
  userList,
} from "./service.ts";

const ROLE_DESCRIPTIONS: Record<(typeof ROLES)[number], string> = {
  admin: "Administrator: passes every role check.",
  user_read: "Read the users of the own district association (Kreisverband).",
  user_manage: "Create, change, block and delete users.",
  association_read: "Read clubs (Vereine).",
  association_manage: "Create, change and delete clubs (Vereine).",
  invoice_read: "Read invoice data (reserved by the spec: no invoice fields are offered yet).",
  invoice_manage: "Manage invoice data (reserved by the spec: no invoice fields are offered yet).",
  registration_read: "Read all clubs' registrations of the district association's events, the overview lists and statistics.",
  registration_manage: "registration_read plus editing the cancellation time, documents-complete and the verified flag of registrations.",
  registration_create: "Reserved by the spec; no operation checks it yet.",
  event_manage: "Create and change events (Veranstaltungen) and their locations (Veranstaltungsorte).",
  results_read: "Read results management and the certificate list.",
  results_manage: "Enter, import and delete results.",
};

export const RoleEnum = builder.enumType("Role", {
  description: "Roles of spec section 6, snake case as in API data. admin passes every role check.",
  values: Object.fromEntries(ROLES.map((r) => [r, { description: ROLE_DESCRIPTIONS[r] }])) as { [R in (typeof ROLES)[number]]: { description: string } },
});

export const UserType = builder.prismaNode("User", {
  description: "A person with an account. Ordinary users have no roles and belong to clubs.",
  id: { field: "id" },
  authScopes: (user, ctx) => canReadUser(ctx.principal, user),
  // the row rule once per object (in isTypeOf), not before each field: a refused row is one error
  runScopesOnType: true,
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    firstname: t.exposeString("firstname", { description: "First name." }),
    lastname: t.exposeString("lastname", { description: "Last name." }),
    email: t.exposeString("email", { description: "E-mail address." }),
    phone: t.exposeString("phone", { nullable: true, description: "Phone number." }),
    street: t.exposeString("street", { nullable: true, description: "Street and house number." }),
    postcode: t.exposeString("postcode", { nullable: true, description: "Postcode." }),
    city: t.exposeString("city", { nullable: true, description: "City." }),
    country: t.exposeString("country", { nullable: true, description: "Country." }),
    roles: t.field({ type: [RoleEnum], resolve: (u) => u.roles, description: "Staff roles; empty for ordinary members." }),
    districtAssociationId: t.exposeInt("districtAssociationId", { description: "Numeric id of the district association (Kreisverband) of the user." }),
    districtAssociation: t.field({
      type: DistrictAssociationType,
      description: "The district association (Kreisverband) of the user.",
      select: { districtAssociationId: true },
      // the request's one read of all district associations (graphql/loaders.ts)
      resolve: async (parent, _args, ctx) => (await ctx.loaders.districtAssociation(parent.districtAssociationId))!,
    }),
    associations: t.field({
      type: [AssociationType],
      description: "The clubs the user belongs to, sorted by name.",
      select: { associations: { select: { association: true }, orderBy: { association: { name: "asc" } } } },
      resolve: (u) => u.associations.map((a) => a.association),
    }),
    lastActive: t.expose("lastActive", { type: "DateTime", nullable: true, description: "Last sign-in or API use; null while the user has never signed in." }),
    resultMails: t.exposeBoolean("resultMails", {
      description: 'The user gets an e-mail when results of their registrations are published (switched in "Mein Account bearbeiten").',
    }),
    blocked: t.exposeBoolean("blocked", { description: "Blocked users (Benutzer deaktiviert) cannot sign in or use the API." }),
    invitationPending: t.boolean({
      description: "True while the user has never signed in (last_active empty): the invitation can be resent.",
      select: { lastActive: true },
      resolve: (u) => u.lastActive === null,
    }),
    viewerCanAssignClubs: t.boolean({
      description: "The signed-in user may assign this user's clubs (with user_manage): never their own.",
      resolve: (u, _a, ctx) => !!ctx.principal && mayAssignClubs(ctx.principal, u),
    }),
    emailChangeRefusal: t.string({
      nullable: true,
      description:
        "Why the signed-in user may not give this user another e-mail address in user management (an account in use: only the person or an administrator); null when they may.",
      select: { lastActive: true, passwordHash: true, roles: true },
      resolve: (u, _a, ctx) => (ctx.principal ? emailChangeRefusal(ctx.principal, u) : null),
    }),
    allowedOperations: t.stringList({
      description:
        "The operations of the permission table (docs/authorization.md) the signed-in user's roles allow, so a screen offers only what can work; each is still narrowed to rows (tenancy) by the server. Empty on other users' accounts.",
      resolve: (u, _a, ctx) => (ctx.principal?.userId === u.id ? (Object.keys(PERMISSIONS) as Operation[]).filter((op) => isAllowed(ctx.principal, op)) : []),
    }),
    calendarFeedEnabled: t.boolean({
      nullable: true,
      description:
        "The signed-in user's personal calendar feed (Kalender-Abo) is switched on; null on other users' accounts. The address is shown only by enableCalendarFeed.",
      select: { id: true, calendarFeed: { select: { userId: true } } },
      resolve: (u, _a, ctx) => (ctx.principal?.userId === u.id ? u.calendarFeed !== null : null),
    }),
    isComplete: t.boolean({
      description: "True when city, street, postcode and phone are set; registrations need a complete profile.",
      select: { city: true, street: true, postcode: true, phone: true },
      resolve: (u) => isProfileComplete(u),
    }),
  }),
});

builder.queryField("viewer", (t) =>
  t.prismaField({
    type: UserType,
    description: "The signed-in user (the spec's user id 0).",
    authScopes: { operation: "viewer.read" },
    // plain columns: the row authentication read for this very request (no User field reads the
    // secrets it leaves out); relations: a fresh read
    resolve: (query, _root, _args, ctx) =>
      Object.keys(query).length === 0 && ctx.principal?.account
        ? (ctx.principal.account as User)
        : ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.principal!.userId } }),
  }),
);

/** The user table's orderBy: the service's columns (USER_COLUMNS), then its default order. */
const usersOrder = orderByArgument({
  ...USER_COLUMNS,
  name: "User",
  fieldDescription: "A column the user list can be sorted by.",
  description: "How the user list is sorted; ties are broken by the default order (last name, first name, id).",
});

/** The user list's filters by global id and the deprecated numeric ones they replace (graphql/sameShape.ts). */
const LIST_SPELLINGS = [DISTRICT_ASSOCIATION, ASSOCIATION];

keysetConnection("users", {
  name: "User",
  type: UserType,
  description: "Users of a district association (default: the viewer's; other districts only for admin), sorted by last name, first name (or by orderBy).",
  authScopes: { operation: "user.list" },
  args: (arg) => ({
    ...districtAssociationFilterArgs(
      "District association: its global id, as read at User.districtAssociation.id; non-admins may name only their own (another is FORBIDDEN).",
      "District association (numeric id); non-admins may name only their own (another is FORBIDDEN).",
    ),
    ...associationFilterArgs("Only members of this club: its global id, as read at User.associations.id.", "Only members of this club (numeric id)."),
    search: arg.string({ required: false, description: "Part of first name, last name or e-mail, or the numeric id." }),
    orderBy: arg({
      type: usersOrder.input,
      required: false,
      description: "Sort order; default last name, first name. A cursor belongs to its order: change the order and start again without after/before.",
    }),
  }),
  read: {
    delegate: (ctx) => ctx.prisma.user,
    list: async (args, ctx) => userList(ctx, oldArgs(args, LIST_SPELLINGS), args.orderBy),
  },
  connection: "A page of users with the total count.",
});

const ProfileInput = builder.inputType("ProfileInput", {
  description: 'The own profile ("Mein Account bearbeiten"): every field required, phone with international prefix.',
  fields: (t) => ({
    firstname: t.string({ required: true, description: "First name." }),
    lastname: t.string({ required: true, description: "Last name." }),
    email: t.string({ required: true, description: "E-mail address." }),
    phone: t.string({ required: true, description: "Phone number." }),
    street: t.string({ required: true, description: "Street and house number." }),
    postcode: t.string({ required: true, description: "Postcode." }),
    city: t.string({ required: true, description: "City." }),
    country: t.string({ required: true, description: "Country." }),
    resultMails: t.boolean({ required: false, description: "E-mails when results of the own registrations are published; omitted: unchanged." }),
    version: versionField(t),
  }),
});

const CreateUserInput = builder.inputType("CreateUserInput", {
  description: "A new user; they get an invitation e-mail.",
  fields: (t) => ({
    districtAssociation: t.globalID({
      required: false,
      description:
        "The district association (Kreisverband): its global id, as read at User.districtAssociation.id. Required (or the deprecated districtAssociationId).",
    }),
    districtAssociationId: t.int({
      required: false,
      deprecationReason: useInstead("districtAssociation", "the district association's global id"),
      description: "Numeric id of the district association (Kreisverband).",
    }),
    firstname: t.string({ required: true, description: "First name." }),
    lastname: t.string({ required: true, description: "Last name." }),
    email: t.string({ required: true, description: "E-mail address." }),
    roles: t.field({ type: [RoleEnum], required: false, description: "Only with the embedded sign-in, and only by admin." }),
  }),
});

const UpdateUserInput = builder.inputType("UpdateUserInput", {
  description: "A user edited in user management (admin mode): phone and address optional, the phone checked only when filled.",
  fields: (t) => ({
    firstname: t.string({ required: true, description: "First name." }),
    lastname: t.string({ required: true, description: "Last name." }),
    email: t.string({ required: true, description: "E-mail address." }),
    phone: t.string({ required: false, description: "Phone number." }),
    street: t.string({ required: false, description: "Street and house number." }),
    postcode: t.string({ required: false, description: "Postcode." }),
    city: t.string({ required: false, description: "City." }),
    country: t.string({ required: false, description: "Country." }),
    roles: t.field({ type: [RoleEnum], required: false, description: "Only with the embedded sign-in, and only by admin; null keeps the roles." }),
    version: versionField(t),
  }),
});

const userId = (id: { typename: string; id: string }) => numericId(id, "User", "Benutzer");
const DISTRICT_SPELLING = requiredSpelling(DISTRICT_ASSOCIATION);

rowMutation("updateViewer", {
  type: UserType,
  model: "user",
  description: "Saves the signed-in user's own profile.",
  authScopes: { operation: "viewer.update" },
  args: (arg) => ({ input: arg({ type: ProfileInput, required: true, description: "The new values." }) }),
  run: ({ input }, ctx) => updateViewer(ctx, input),
});

builder.mutationField("deleteViewer", (t) =>
  t.field({
    type: "ID",
    description: "Deletes the signed-in user's account (club links go, registrations stay with their club); the client then signs out.",
    authScopes: { operation: "viewer.delete" },
    resolve: async (_root, _args, ctx) => encodeId("User", (await deleteViewer(ctx)).id),
  }),
);

const CalendarFeedType = builder.objectRef<{ url: string }>("CalendarFeed").implement({
  description: "The secret address of the signed-in user's calendar feed (.ics); shown once, renewing it revokes the old one.",
  fields: (t) => ({ url: t.exposeString("url", { description: "Subscribe to this address in a calendar program; keep it private." }) }),
});

builder.mutationField("enableCalendarFeed", (t) =>
  t.field({
    type: CalendarFeedType,
    description:
      "Switches on the signed-in user's calendar feed (appointments of all registrations of their clubs) or renews its address; the previous address stops working.",
    authScopes: { operation: "viewer.update" },
    resolve: (_root, _args, ctx) => enableCalendarFeed(ctx),
  }),
);

builder.mutationField("disableCalendarFeed", (t) =>
  t.boolean({
    description: "Switches off the signed-in user's calendar feed: its address answers 404 from now on. False when it was off.",
    authScopes: { operation: "viewer.update" },
    resolve: (_root, _args, ctx) => disableCalendarFeed(ctx),
  }),
);

rowMutation("createUser", {
  type: UserType,
  model: "user",
  description: "Creates a user in the own district association and sends the invitation (user_manage).",
  authScopes: { operation: "user.create" },
  args: (arg) => ({ input: arg({ type: CreateUserInput, required: true, description: "The new values." }) }),
  run: ({ input }, ctx) => inOldShape(input, [DISTRICT_SPELLING], (old) => createUser(ctx, old as typeof old & { districtAssociationId: number })),
});

rowMutation("updateUser", {
  type: UserType,
  model: "user",
  description: "Changes a user of the own district association (user_manage).",
  authScopes: { operation: "user.update" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the user." }),
    input: arg({ type: UpdateUserInput, required: true, description: "The new values." }),
  }),
  run: ({ id, input }, ctx) => updateUser(ctx, userId(id), input),
});

builder.mutationField("deleteUser", (t) =>
  t.field({
    type: "ID",
    description: "Deletes a user (user_manage); the clubs' registrations stay. Returns the global id.",
    authScopes: { operation: "user.delete" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the user." }) },
    resolve: async (_root, { id }, ctx) => encodeId("User", (await deleteUser(ctx, userId(id))).id),
  }),
);

rowMutation("setUserAssociations", {
  type: UserType,
  model: "user",
  description: "Replaces the user's clubs with these clubs of the user's district association (user_manage).",
  authScopes: { operation: "user.setAssociations" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the user." }),
    associations: arg.globalIDList({
      required: false,
      description: "The clubs (Vereine): their global ids, as read at User.associations.id. Required (or the deprecated associationIds); [] removes all.",
    }),
    associationIds: arg.intList({
      required: false,
      deprecationReason: useInstead("associations", "the clubs' global ids"),
      description: "Numeric club ids.",
    }),
  }),
  run: ({ id, ...clubs }, ctx) =>
    inOldShape(clubs, [objectIds("associations", "associationIds", "Association", "Verein", true)], (old) =>
      setUserAssociations(ctx, userId(id), old.associationIds as number[]),
    ),
});

rowMutation("deactivateUser", {
  type: UserType,
  model: "user",
  description: "Blocks a user: sign-in and API refused, sessions ended (user_manage).",
  authScopes: { operation: "user.deactivate" },
  args: (arg) => ({ id: arg.globalID({ required: true, description: "Global id of the user." }) }),
  run: ({ id }, ctx) => setBlocked(ctx, userId(id), true),
});

rowMutation("reactivateUser", {
  type: UserType,
  model: "user",
  description: "Unblocks a blocked user (user_manage).",
  authScopes: { operation: "user.reactivate" },
  args: (arg) => ({ id: arg.globalID({ required: true, description: "Global id of the user." }) }),
  run: ({ id }, ctx) => setBlocked(ctx, userId(id), false),
});

rowMutation("resendInvitation", {
  type: UserType,
  model: "user",
  description: "Sends the invitation again, only while the user has never signed in (user_manage).",
  authScopes: { operation: "user.resendInvitation" },
  args: (arg) => ({ id: arg.globalID({ required: true, description: "Global id of the user." }) }),
  run: ({ id }, ctx) => resendInvitation(ctx, userId(id)),
});

registerNodeAccess("User", (ctx, u) => canReadUser(ctx.principal, u));
