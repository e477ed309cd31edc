// The Pothos builder: plugins, auth scopes and context. It defines no types; each domain's
// graphql.ts adds its own, and schema.ts imports them all.
import SchemaBuilder, { type InputFieldMap } from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin, { resolveNodes as loadNodes } from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { DateResolver, DateTimeResolver } from "graphql-scalars";
import { createGraphQLError } from "graphql-yoga";
import { isAllowed, type Operation } from "../auth/permissions.ts";
import type { Principal } from "../auth/principal.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { AppServices } from "../services.ts";
import { type GlobalId, parseGlobalId } from "./ids.ts";
import type { RequestLoaders } from "./loaders.ts";
import { existingNodes, loadOrNull, visibleNode } from "./nodeAccess.ts";

export type GraphQLContext = {
  principal: Principal | null;
  prisma: PrismaClient;
  services: AppServices;
  /** request-scoped batch loaders (graphql/loaders.ts) */
  loaders: RequestLoaders;
};

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  AuthScopes: { signedIn: boolean; operation: Operation };
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
    idFieldOptions: { description: "Global id (Relay): opaque, stable, accepted by node(id:) and by every argument that names this object." },
    nodeTypeOptions: { description: "An object with a global id, fetchable by node(id:)." },
    pageInfoTypeOptions: { description: "Where a page of a connection lies in the whole list (Relay cursor pagination)." },
    hasNextPageFieldOptions: { description: "True when more items follow the last one of this page (fetch them with after: endCursor)." },
    hasPreviousPageFieldOptions: { description: "True when items precede the first one of this page (fetch them with before: startCursor)." },
    startCursorFieldOptions: { description: "Cursor of the first item of this page; null when the page is empty." },
    endCursorFieldOptions: { description: "Cursor of the last item of this page; pass it as after to get the next page." },
    cursorFieldOptions: { description: "Opaque cursor of this item, for after/before." },
    nodeFieldOptions: { description: "The item." },
    edgesFieldOptions: { description: "The items of this page with their cursors." },
    pageInfoFieldOptions: { description: "Cursors and whether more pages exist." },
    firstArgOptions: { description: "Page size: the first n items after the cursor `after` (the cost limit multiplies by it)." },
    afterArgOptions: { description: "Cursor (endCursor of the previous page) after which the page starts." },
    lastArgOptions: { description: "Page size from the end: the last n items before the cursor `before`." },
    beforeArgOptions: { description: "Cursor (startCursor of the next page) before which the page ends." },
    defaultConnectionTypeOptions: { description: "A page of a list (Relay connection): edges, pageInfo and, where offered, totalCount." },
    defaultEdgeTypeOptions: { description: "One item of a connection page and its cursor." },
    // every ID argument (and node(id:)) is decoded by the one strict parser: INVALID_ID otherwise
    decodeGlobalID: (globalID) => parseGlobalId(globalID),
    nodeQueryOptions: {
      description: "Fetches an object by its global id. Objects the caller may not see answer null; a malformed id answers INVALID_ID.",
      args: { id: { description: "A global id (the id field of any object)." } },
      resolve: async (_root, { id }, ctx, _info, resolveNode) => visibleNode(ctx, id.typename, await loadOrNull(async () => resolveNode(id))),
    },
    // nodes(ids:) is defined below: the plugin's decodes all ids before its resolver, so one
    // malformed id failed the whole list
    nodesQueryOptions: false,
  },
});

/** the builder for the relay plugin's node loader (nodes(ids:) above), typed loosely to break the self-reference */
function relayBuilder(): Parameters<typeof loadNodes>[0] {
  return builder as unknown as Parameters<typeof loadNodes>[0];
}

builder.queryField("nodes", (t) =>
  t.field({
    description:
      "Fetches objects by their global ids. Objects the caller may not see answer null; a malformed id answers null with an INVALID_ID error at its index.",
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    args: { ids: t.arg.idList({ required: true, description: "Global ids (the id fields of any objects)." }) },
    // Each id is parsed alone (a malformed one is an error at its index, the others load), and only
    // existing rows are loaded: one missing id failed the whole batch with a 500 (found by
    // tests/integration/api/fuzz.test.ts).
    resolve: async (_root, { ids }, ctx, info) => {
      const parsed = ids.map((raw): GlobalId | Error => {
        try {
          return parseGlobalId(raw);
        } catch (e) {
          return e as Error;
        }
      });
      const valid = parsed.filter((id): id is GlobalId => !(id instanceof Error));
      const present = await existingNodes(ctx.prisma, valid);
      const wanted = valid.filter((_, i) => present[i]);
      const rows = wanted.length ? ((await loadOrNull(async () => loadNodes(relayBuilder(), ctx, info, wanted))) ?? []) : [];
      let v = 0;
      let next = 0;
      // an Error in the list is reported at its index (graphql-js), the entry answers null
      return Promise.all(parsed.map((id) => (id instanceof Error ? id : present[v++] ? visibleNode(ctx, id.typename, rows[next++] ?? null) : null))) as never;
    },
  }),
);

builder.addScalarType("DateTime", DateTimeResolver);
builder.addScalarType("Date", DateResolver);
builder.queryType({ description: "Read access to the Anmeldesystem. Every field needs a signed-in user." });
builder.mutationType({
  description:
    'Changes. Each runs in one transaction; a rejected one changes nothing and answers extensions.code (VALIDATION with extensions.fields = { field: "German message" }, NOT_FOUND, FORBIDDEN, CONFLICT).',
});

/** The field builder of an input type, for field sets shared by a create and an update input. */
export type InputFields = PothosSchemaTypes.InputFieldBuilder<typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never, "InputObject">;

/**
 * The `version` of every update input (optimistic concurrency): required, so a save cannot skip the
 * check and silently overwrite a newer change. /v1 keeps the spec's optional
 * version (docs/api.md "Concurrent edits").
 */
export const versionField = (t: InputFields) =>
  t.int({
    required: true,
    description: "The version the edit is based on (the object's version as read): a newer stored version refuses the save (CONFLICT).",
  });

/**
 * A create input and its update input: the same fields, the update's with the version the edit is
 * based on. `what` names the object with its article ("an event (Veranstaltung)").
 */
export function createAndUpdateInputs<Fields extends InputFieldMap>(name: string, what: string, fields: (t: InputFields) => Fields) {
  const create = builder.inputType(`${name}Input`, { description: `${what.charAt(0).toUpperCase()}${what.slice(1)} to create.`, fields });
  const update = builder.inputType(`Update${name}Input`, {
    description: `Changes of ${what}: the fields of ${name}Input and the version the edit is based on.`,
    fields: (t) => ({ ...fields(t), version: versionField(t) }),
  });
  return { create, update };
}
