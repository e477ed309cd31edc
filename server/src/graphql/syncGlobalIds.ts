// Global ids resolved without a promise (issue 9). Pothos' relay plugin (4.8) declares the
// resolver of every `id: ID!` of a Node type `async`, so each id answers a promise even though it
// is computed from the row at hand. One asynchronous field makes GraphQL complete its whole
// object asynchronously: for the overview, 100 rows and their 100 clubs each became a promise of
// an object, with a microtask per field on top. This replaces the plugin's `t.globalID` with the
// same resolver that stays synchronous when the id is (`completeValue`), and encodes exactly as
// the plugin does (no custom encodeGlobalID is configured). Imported by builder.ts before any
// type is defined; tests/integration/global-ids.test.ts holds the result equal and synchronous.
import { completeValue, RootFieldBuilder, type SchemaTypes } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import type { GraphQLResolveInfo } from "graphql";

type IdResult = { type: unknown; id: unknown } | string | number | null | undefined;
type GlobalIdOptions = { resolve: (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) => IdResult | Promise<IdResult> };
type Proto = {
  globalID: (this: RootFieldBuilder<SchemaTypes, unknown>, options: GlobalIdOptions & Record<string, unknown>) => unknown;
};

const proto = RootFieldBuilder.prototype as unknown as Proto;
const original = proto.globalID;
if (typeof original !== "function") throw new Error("syncGlobalIds: import it after @pothos/plugin-relay");

proto.globalID = function globalID({ resolve, ...options }) {
  const builder = this.builder;
  // the plugin's own check that it may be replaced: no custom encoding configured
  if ((builder.options as { relay?: { encodeGlobalID?: unknown } }).relay?.encodeGlobalID) return original.call(this, { resolve, ...options });
  return this.field({
    ...options,
    type: "ID",
    resolve: (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) =>
      completeValue(resolve(parent, args, context, info), (result: IdResult) => {
        if (!result || typeof result !== "object") return result;
        return encodeGlobalID(builder.configStore.getTypeConfig(result.type as string).name, String(result.id));
      }),
  } as never);
};
