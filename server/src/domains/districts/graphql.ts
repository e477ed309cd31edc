import { isAllowed } from "../../auth/permissions.ts";
import { builder, createAndUpdateInputs, type InputFields } from "../../graphql/builder.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { rowMutation } from "../../graphql/mutation.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { toDataUrl } from "./rules.ts";
import {
  canSeeIamRef,
  createDistrictAssociation,
  deleteDistrictAssociation,
  listDistrictAssociations,
  overviewDistrictAssociations,
  updateDistrictAssociation,
} from "./service.ts";

export const DistrictAssociationType = builder.prismaNode("DistrictAssociation", {
  description: "A district association (Kreisverband): the tenant that owns clubs, users and events.",
  id: { field: "id" },
  authScopes: { operation: "districtAssociation.read" },
  // once per object (in isTypeOf), not before each field
  runScopesOnType: true,
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with an update (optimistic concurrency)." }),
    name: t.exposeString("name", { description: "Name of the district association (Kreisverband)." }),
    iamRef: t.string({
      nullable: true,
      description: "Reference of the district association in the identity provider (IamRef). Only admins see it; null for others.",
      resolve: (d, _args, ctx) => (canSeeIamRef(ctx.principal) ? d.iamRef : null),
    }),
    gdprLink: t.exposeString("gdprLink", { description: "Link to the privacy policy (Datenschutz)." }),
    impressLink: t.exposeString("impressLink", { description: "Link to the imprint (Impressum)." }),
    signatureImage: t.string({
      nullable: true,
      description: "Signature image (used on certificates) as data URL. Admin only; null for others.",
      select: { signatureFile: { select: { mimeType: true, data: true, encrypted: true } } },
      resolve: (d, _args, ctx) => (canSeeIamRef(ctx.principal) && d.signatureFile ? toDataUrl(ctx.services.dataKey, d.signatureFile) : null),
    }),
  }),
});

builder.queryField("districtAssociations", (t) =>
  t.prismaField({
    type: [DistrictAssociationType],
    description: "All district associations, sorted by name (for the district selector and the start-page picker).",
    authScopes: { operation: "districtAssociation.list" },
    // the district selector and the footer ask for plain columns: served by the request's one read
    // of all district associations, which the viewer's and events' districtAssociation share
    // plain columns (selector, footer, start page): the request's one read of all district
    // associations, which the viewer's and the events' districtAssociation share
    resolve: (query, _root, _args, ctx) => listDistrictAssociations(ctx, query, Object.keys(query).length === 0 ? ctx.loaders.districtAssociations : undefined),
  }),
);

builder.queryField("overviewDistrictAssociations", (t) =>
  t.prismaField({
    type: [DistrictAssociationType],
    description:
      "The district associations the registration overview offers: the viewer's own and every one organising an event in which the viewer's clubs have registrations (admin: all); sorted by name.",
    authScopes: { operation: "districtAssociation.list" },
    resolve: (query, _root, _args, ctx) => overviewDistrictAssociations(ctx, query),
  }),
);

const districtFields = (t: InputFields) => ({
  name: t.string({ required: true, description: "Name of the district association (Kreisverband)." }),
  iamRef: t.string({ required: true, description: "IamRef: the district association's organisation id in the identity provider." }),
  gdprLink: t.string({ required: true, description: "Privacy policy URL." }),
  impressLink: t.string({ required: true, description: "Imprint URL." }),
  signatureImage: t.string({
    required: false,
    description: 'Data URL of a .jpeg/.jpg/.png image, at most 5 MB; null keeps the current image, "" removes it.',
  }),
});
const { create: DistrictAssociationInput, update: UpdateDistrictAssociationInput } = createAndUpdateInputs(
  "DistrictAssociation",
  "a district association (Kreisverband)",
  districtFields,
);

rowMutation("createDistrictAssociation", {
  type: DistrictAssociationType,
  model: "districtAssociation",
  description: "Creates a district association (admin).",
  authScopes: { operation: "districtAssociation.create" },
  args: (arg) => ({ input: arg({ type: DistrictAssociationInput, required: true, description: "The new values." }) }),
  run: ({ input }, ctx) => createDistrictAssociation(ctx, input),
});

rowMutation("updateDistrictAssociation", {
  type: DistrictAssociationType,
  model: "districtAssociation",
  description: "Changes a district association (admin).",
  authScopes: { operation: "districtAssociation.update" },
  args: (arg) => ({
    id: arg.globalID({ required: true, description: "Global id of the district association (Kreisverband)." }),
    input: arg({ type: UpdateDistrictAssociationInput, required: true, description: "The new values." }),
  }),
  run: ({ id, input }, ctx) => updateDistrictAssociation(ctx, numericId(id, "DistrictAssociation", "Kreisverband"), input),
});

builder.mutationField("deleteDistrictAssociation", (t) =>
  t.field({
    type: "ID",
    description: "Deletes a district association with all its users, clubs, events, locations, registrations and results (admin); returns its global id.",
    authScopes: { operation: "districtAssociation.delete" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the district association (Kreisverband)." }) },
    resolve: async (_root, { id }, ctx) =>
      encodeId("DistrictAssociation", (await deleteDistrictAssociation(ctx, numericId(id, "DistrictAssociation", "Kreisverband"))).id),
  }),
);

registerNodeAccess("DistrictAssociation", (ctx) => isAllowed(ctx.principal, "districtAssociation.read"));
