import { hasAnyRole } from "../../auth/roles.ts";
import { builder } from "../../graphql/builder.ts";

export const AssociationType = builder.prismaNode("Association", {
  description: "A club (Verein) of a district association.",
  id: { field: "id" },
  // members see their own clubs; staff see the clubs of their district; admin all
  authScopes: (club, ctx) => {
    const p = ctx.principal;
    if (!p) return false;
    if (p.roles.includes("admin") || p.associationIds.includes(club.id)) return true;
    return (
      p.districtAssociationId === club.districtAssociationId &&
      hasAnyRole(p.roles, ["association_read", "association_manage", "user_read", "user_manage", "registration_read", "registration_manage"])
    );
  },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    name: t.exposeString("name"),
    districtAssociationId: t.exposeInt("districtAssociationId"),
    invoiceEmail: t.exposeString("invoiceEmail", { nullable: true, description: "E-mail address for invoices." }),
  }),
});
