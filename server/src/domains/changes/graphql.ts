// GraphQL: the change feed (Query.changes), a connection read forward from a cursor.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { AppError } from "../../auth/errors.ts";
import { builder } from "../../graphql/builder.ts";
import { ENTITIES, type EntityName, type OPERATIONS } from "./entities.ts";
import { type ChangeEntry, DEFAULT_PAGE, MAX_PAGE, readChanges } from "./feed.ts";

const ChangeEntityEnum = builder.enumType("ChangeEntity", {
  description: "What kind of object changed (the /v1 and webhook spelling in lower case).",
  values: Object.fromEntries(
    (Object.keys(ENTITIES) as EntityName[]).map((e) => [e.toUpperCase(), { value: e, description: `A ${ENTITIES[e].typename}.` }]),
  ) as Record<Uppercase<EntityName>, { value: EntityName; description: string }>,
});

const ChangeOperationEnum = builder.enumType("ChangeOperation", {
  description: "What happened to the object.",
  values: {
    CREATED: { value: "created", description: "It was created (or existed before the feed began)." },
    UPDATED: { value: "updated", description: "It was changed; read it again (null or NOT_FOUND: it left what you may read, drop it)." },
    DELETED: { value: "deleted", description: "It was deleted (a tombstone): drop it." },
  } satisfies Record<Uppercase<(typeof OPERATIONS)[number]>, unknown>,
});

const ChangeType = builder.objectRef<ChangeEntry>("Change").implement({
  description: "One change of the change feed: which object, what happened, its version after it. Read the object itself with node(id:) or nodes(ids:).",
  fields: (t) => ({
    entity: t.field({ type: ChangeEntityEnum, description: "The kind of object.", resolve: (c) => c.entity as EntityName }),
    operation: t.field({ type: ChangeOperationEnum, description: "Created, updated or deleted.", resolve: (c) => c.operation }),
    objectId: t.id({
      description: "The changed object's global id (node(id:) reads it).",
      resolve: (c) => encodeGlobalID(ENTITIES[c.entity as EntityName].typename, String(c.rowId)),
    }),
    databaseId: t.exposeInt("rowId", { description: "The changed object's numeric id (/v1)." }),
    version: t.exposeInt("version", {
      nullable: true,
      description: "The object's version after the change (for a deletion: its last one); a mirror holding it already may skip the read.",
    }),
    eventType: t.string({
      description: 'The webhook event type of the change, e.g. "dexam_registration.created".',
      resolve: (c) => `${c.entity}.${c.operation}`,
    }),
    at: t.expose("at", { type: "DateTime", description: "When the changing transaction began." }),
  }),
});

builder.queryField("changes", (t) =>
  t.connection(
    {
      type: ChangeType,
      description:
        "The change feed: creates, updates and deletions of clubs, users, events, locations, registrations (with their results), timetable slots and invoices in commit order, each only if you may read its object (a deletion: as the object was). Start without `after` (every existing object arrives as a change), then pass the last page's `pageInfo.endCursor` and repeat; an empty page with `hasNextPage: false` means you are up to date, ask again later with the same cursor. A cursor older than the feed's retention (CHANGE_RETENTION_DAYS, default 30 days) is INVALID_CURSOR: read again from the beginning. Forward only (`first`, `after`).",
      authScopes: { operation: "change.list" },
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null)
          throw new AppError("VALIDATION", "Das Änderungsprotokoll wird nur vorwärts gelesen (first, after)", { last: "nur first und after" });
        const page = await readChanges(ctx, { after: args.after, first: args.first ?? DEFAULT_PAGE });
        return {
          edges: page.entries.map((node) => ({ cursor: node.cursor, node })),
          pageInfo: {
            hasNextPage: page.hasMore,
            hasPreviousPage: false,
            startCursor: page.entries[0]?.cursor ?? page.cursor,
            endCursor: page.cursor,
          },
        };
      },
    },
    {
      name: "ChangeConnection",
      description: `A page of the change feed (at most ${MAX_PAGE} changes, default ${DEFAULT_PAGE}). endCursor is where the next read starts, also when the page is empty.`,
    },
    { name: "ChangeEdge", description: "A change and the cursor after it." },
  ),
);
