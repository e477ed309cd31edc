import { hasAnyRole, ROLES } from "../../auth/roles.ts";
import { builder } from "../../graphql/builder.ts";
import { isProfileComplete } from "../../shared/validation.ts";
import { AssociationType } from "../associations/graphql.ts";

export const RoleEnum = builder.enumType("Role", {
  description: "Roles of spec section 6, snake case as in API data. admin passes every role check.",
  values: ROLES,
});

export const UserType = builder.prismaNode("User", {
  description: "A person with an account. Ordinary users have no roles and belong to clubs.",
  id: { field: "id" },
  authScopes: (user, ctx) => {
    const p = ctx.principal;
    if (!p) return false;
    if (p.userId === user.id || p.roles.includes("admin")) return true;
    return p.districtAssociationId === user.districtAssociationId && hasAnyRole(p.roles, ["user_read", "user_manage"]);
  },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    firstname: t.exposeString("firstname"),
    lastname: t.exposeString("lastname"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
    street: t.exposeString("street", { nullable: true }),
    postcode: t.exposeString("postcode", { nullable: true }),
    city: t.exposeString("city", { nullable: true }),
    country: t.exposeString("country", { nullable: true }),
    roles: t.field({ type: [RoleEnum], resolve: (u) => u.roles }),
    districtAssociationId: t.exposeInt("districtAssociationId"),
    districtAssociation: t.relation("districtAssociation"),
    associations: t.field({
      type: [AssociationType],
      description: "The clubs the user belongs to, sorted by name.",
      select: { associations: { select: { association: true }, orderBy: { association: { name: "asc" } } } },
      resolve: (u) => u.associations.map((a) => a.association),
    }),
    lastActive: t.expose("lastActive", { type: "DateTime", nullable: true }),
    blocked: t.exposeBoolean("blocked"),
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
    resolve: (query, _root, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.principal!.userId } }),
  }),
);
