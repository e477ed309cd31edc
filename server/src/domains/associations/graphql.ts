import { builder, versionField } from "../../graphql/builder.ts";
import { keysetConnection } from "../../graphql/connection.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { orderByArgument } from "../../graphql/orderBy.ts";
import { DISTRICT_ASSOCIATION, districtAssociationFilterArgs, inOldShape, oldArgs, requiredSpelling, useInstead } from "../../graphql/sameShape.ts";
import { CLUB_COLUMNS, canReadClub, clubList, createClub, deleteClub, updateClub } from "./service.ts";

/**
 * Clubs the request reached as part of a row the viewer may read (a registration's club): shown
 * with it, also when the club belongs to another district. A member may register an own club for
 * another district's event; that district's registration staff then see the registration, and its
 * club with it. Per request (keyed by its context), so no other request sees the mark.
 */
const clubsOfReadableRows = new WeakMap<object, WeakSet<object>>();
export function clubOfReadableRow<Club extends object>(ctx: object, club: Club): Club {
  let clubs = clubsOfReadableRows.get(ctx);
  if (!clubs) {
    clubs = new WeakSet();
    clubsOfReadableRows.set(ctx, clubs);
  }
  clubs.add(club);
  return club;
}

export const AssociationType = builder.prismaNode("Association", {
  description: "A club (Verein) of a district association.",
  id: { field: "id" },
  // members see their own clubs; staff see the clubs of their district; admin all; and anyone the
  // club of a registration they may read (clubOfReadableRow)
  authScopes: (club, ctx) => !!clubsOfReadableRows.get(ctx)?.has(club) || canReadClub(ctx.principal, club),
  // the row rule once per object (in isTypeOf), not before each field: a refused row is one error
  runScopesOnType: true,
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    name: t.exposeString("name", { description: "Name of the club (Verein)." }),
    districtAssociationId: t.exposeInt("districtAssociationId", { description: "Numeric id of the district association (Kreisverband) the club belongs to." }),
    invoiceEmail: t.exposeString("invoiceEmail", { nullable: true, description: "E-mail address for invoices." }),
  }),
});

/** The club table's orderBy: the service's columns (CLUB_COLUMNS), then its default order. */
const clubsOrder = orderByArgument({
  ...CLUB_COLUMNS,
  name: "Association",
  fieldDescription: "A column the club list can be sorted by.",
  description: "How the club list is sorted; ties are broken by the default order (name, id).",
});

keysetConnection("associations", {
  type: AssociationType,
  name: "Association",
  description:
    "Clubs of a district association (default: the viewer's; other districts only for admin), sorted by name (or by orderBy). For club management, the user table's club filter, assigning clubs and the registration club choice.",
  authScopes: { operation: "association.list" },
  args: (arg) => ({
    ...districtAssociationFilterArgs(
      "District association: its global id (DistrictAssociation.id); non-admins may name only their own (another is FORBIDDEN).",
      "District association (numeric id); non-admins may name only their own (another is FORBIDDEN).",
    ),
    search: arg.string({ required: false, description: "Part of the name, or the numeric id." }),
    orderBy: arg({
      type: clubsOrder.input,
      required: false,
      description: "Sort order; default the name. A cursor belongs to its order: change the order and start again without after/before.",
    }),
  }),
  read: {
    delegate: (ctx) => ctx.prisma.association,
    list: async (args, ctx) => clubList(ctx, oldArgs(args, [DISTRICT_ASSOCIATION]), args.orderBy),
  },
  connection: "A page of clubs (associations) with the total count.",
});

const CreateAssociationInput = builder.inputType("CreateAssociationInput", {
  description: "A new club (Verein).",
  fields: (t) => ({
    districtAssociation: t.globalID({
      required: false,
      description:
        "The district association (Kreisverband) the club belongs to: its global id (DistrictAssociation.id). Required (or the deprecated districtAssociationId).",
    }),
    districtAssociationId: t.int({
      required: false,
      deprecationReason: useInstead("districtAssociation", "the district association's global id"),
      description: "Numeric id of the district association (Kreisverband).",
    }),
    name: t.string({ required: true, description: "Name of the club (Verein)." }),
    invoiceEmail: t.string({ required: false, description: "E-mail address invoices are sent to." }),
  }),
});

const AssociationInput = builder.inputType("AssociationInput", {
  description: "Changes of a club (Verein).",
  fields: (t) => ({
    name: t.string({ required: true, description: "Name of the club (Verein)." }),
    invoiceEmail: t.string({ required: false, description: "E-mail address invoices are sent to." }),
    version: versionField(t),
  }),
});

rowMutation("createAssociation", {
  type: AssociationType,
  model: "association",
  description: "Creates a club in the own district association (association_manage).",
  authScopes: { operation: "association.create" },
  args: (arg) => ({ input: arg({ type: CreateAssociationInput, required: true, description: "The new values." }) }),
  run: ({ input }, ctx) => {
    const spelling = requiredSpelling(DISTRICT_ASSOCIATION);
    return inOldShape(input, [spelling], (old) => createClub(ctx, old as typeof old & { districtAssociationId: number }));
  },
});

rowMutation("updateAssociation", {
  type: AssociationType,
  model: "association",
  description:
    'Changes a club: association_manage within its district (no e-mail check), or a member of the club ("Mein Verein bearbeiten": invoice e-mail checked with the e-mail rule).',
  authScopes: { operation: "association.update" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the club (Verein)." }),
    input: arg({ type: AssociationInput, required: true, description: "The new values." }),
  }),
  run: ({ id, input }, ctx) => updateClub(ctx, numericId(id, "Association", "Verein"), input),
});

builder.mutationField("deleteAssociation", (t) =>
  t.field({
    type: "ID",
    description: "Deletes a club without registrations; returns its global id.",
    authScopes: { operation: "association.delete" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the club (Verein)." }) },
    resolve: async (_root, { id }, ctx) => encodeId("Association", (await deleteClub(ctx, numericId(id, "Association", "Verein"))).id),
  }),
);

registerNodeAccess("Association", (ctx, c) => canReadClub(ctx.principal, c));
