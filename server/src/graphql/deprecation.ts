// The deprecation policy's signal on the wire (docs/api.md section 11): an answer to a document
// that names a deprecated field, argument, input field or enum value (graphql-js
// NoDeprecatedCustomRule) carries `Deprecation` (RFC 9745: when it was deprecated) and `Sunset`
// (RFC 8594: the earliest day it may be removed, the notice period later). A program's logs show it
// before anything breaks; the schema says the same with @deprecated and its reason.
import { type DocumentNode, type GraphQLSchema, NoDeprecatedCustomRule, validate } from "graphql";
import type { Plugin } from "graphql-yoga";

/** The notice period: a deprecated element stays at least this many days after its announcement. */
export const DEPRECATION_NOTICE_DAYS = 180;
/**
 * When the schema's current deprecations were announced (docs/schema-changes.md, "Reads and writes
 * in the same shape"). A later deprecation with its own date gets its own entry here.
 */
export const DEPRECATED_SINCE = new Date("2026-11-26T00:00:00Z");
const DAY = 86_400_000;

/** The deprecated elements a document names, as graphql-js words them. */
export function deprecatedUses(schema: GraphQLSchema, document: DocumentNode): string[] {
  return validate(schema, document, [NoDeprecatedCustomRule]).map((e) => e.message);
}

/** The headers of an answer to a document that uses deprecated elements. */
export function deprecationHeaders(since = DEPRECATED_SINCE): Record<string, string> {
  return {
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    sunset: new Date(since.getTime() + DEPRECATION_NOTICE_DAYS * DAY).toUTCString(),
  };
}

/** Yoga plugin: notes the documents that use deprecated elements and sets the headers on their answers. */
export function deprecationSignal(): Plugin {
  const flagged = new WeakSet<Request>();
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request && deprecatedUses(args.schema, args.document).length) flagged.add(request);
    },
    onResponse({ request, response }) {
      if (!flagged.has(request)) return;
      for (const [k, v] of Object.entries(deprecationHeaders())) response.headers.set(k, v);
    },
  };
}
