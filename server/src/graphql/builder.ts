// The Pothos builder: plugins, auth scopes and context. It defines no types; each domain's
// graphql.ts adds its own, and schema.ts imports them all.
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { DateResolver, DateTimeResolver } from "graphql-scalars";
import { createGraphQLError } from "graphql-yoga";
import { isAllowed, type Operation } from "../auth/permissions.ts";
import type { Principal } from "../auth/principal.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { AppServices } from "../services.ts";
import { hasAnyRole, type RoleName } from "../shared/roles.ts";
import { visibleNode } from "./nodeAccess.ts";

export type GraphQLContext = {
  principal: Principal | null;
  prisma: PrismaClient;
  services: AppServices;
};

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  AuthScopes: { signedIn: boolean; anyRole: readonly RoleName[]; operation: Operation };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: Date; Output: Date };
    ID: { Input: string; Output: string | number };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // every field and type is closed unless its scopes say otherwise
    authScopes: (ctx) => ({
      signedIn: !!ctx.principal && !ctx.principal.blocked,
      anyRole: (roles) => !!ctx.principal && hasAnyRole(ctx.principal.roles, roles),
      operation: (op) => isAllowed(ctx.principal, op),
    }),
    // another tenant's object answers "not found" (null), never "forbidden"
    treatErrorsAsUnauthorized: true,
    unauthorizedError: (_parent, context) =>
      createGraphQLError(context.principal ? "Keine Berechtigung für diese Aktion" : "Nicht angemeldet", {
        extensions: { code: context.principal ? "FORBIDDEN" : "UNAUTHENTICATED" },
      }),
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === "production" ? null : "warn",
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    nodeQueryOptions: {
      description: "Fetches an object by its global id. Objects the caller may not see answer null.",
      resolve: async (_root, { id }, ctx, _info, resolveNode) => visibleNode(ctx, id.typename, await resolveNode(id)),
    },
    nodesQueryOptions: {
      description: "Fetches objects by their global ids. Objects the caller may not see answer null.",
      resolve: async (_root, { ids }, ctx, _info, resolveNodes) => (await resolveNodes(ids)).map((row, i) => visibleNode(ctx, ids[i].typename, row)),
    },
  },
});

builder.addScalarType("DateTime", DateTimeResolver);
builder.addScalarType("Date", DateResolver);
builder.queryType({ description: "Read access to the Anmeldesystem. Every field needs a signed-in user." });
builder.mutationType({
  description:
    'Changes. Each runs in one transaction; a rejected one changes nothing and answers extensions.code (VALIDATION with extensions.fields = { field: "German message" }, NOT_FOUND, FORBIDDEN, CONFLICT).',
});
