import { builder } from "../../graphql/builder.ts";
import { canSeeIamRef, listDistrictAssociations } from "./service.ts";

export const DistrictAssociationType = builder.prismaNode("DistrictAssociation", {
  description: "A district association (Kreisverband): the tenant that owns clubs, users and events.",
  id: { field: "id" },
  authScopes: { operation: "districtAssociation.read" },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    name: t.exposeString("name"),
    iamRef: t.string({
      nullable: true,
      description: "Reference of the district association in the identity provider (IamRef). Only admins see it; null for others.",
      resolve: (d, _args, ctx) => (canSeeIamRef(ctx.principal) ? d.iamRef : null),
    }),
    gdprLink: t.exposeString("gdprLink", { description: "Link to the privacy policy (Datenschutz)." }),
    impressLink: t.exposeString("impressLink", { description: "Link to the imprint (Impressum)." }),
  }),
});

builder.queryField("districtAssociations", (t) =>
  t.prismaField({
    type: [DistrictAssociationType],
    description: "All district associations, sorted by name (for the district selector and the start-page picker).",
    authScopes: { operation: "districtAssociation.list" },
    resolve: (query, _root, _args, ctx) => listDistrictAssociations(ctx, query),
  }),
);
