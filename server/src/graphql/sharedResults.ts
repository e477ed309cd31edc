// Start-page answers shared across requests (docs/decisions.md "Shared start-page
// results"). On the last evening before a deadline hundreds of members open the start page, and
// every one of them is shown the same events, locations and district associations. Reading and
// assembling them anew for each request was most of the start page's cost.
//
// What may be shared, and for how long:
// - Only data that does not depend on who asks, beyond a *scope* that names everything the
//   authorization rules look at (events: admin, staff of district n, or everybody else).
// - Keyed by the *start-page version*: a PostgreSQL sequence that every statement writing an
//   event, a location or a district association moves on (migration start_page_version), read in
//   the same statement as the principal's row. A change shows on the next request, on every
//   replica, also after an operator's SQL.
// - At most `SHARED_RESULT_SECONDS` (default 5) old: what depends on the clock (published,
//   deadline passed, today's events) and a read that overlapped a writing transaction (the version
//   moves before that transaction commits) are new again after that. Creating a registration
//   checks the deadline itself, so a card that still shows the button for a few seconds after the
//   deadline cannot register late.
// The answers are kept by @graphql-yoga/plugin-response-cache (looked up in `onParams`, after the
// persisted document is known and before it is parsed, validated or executed: the guards that
// follow in the plugin list have nothing to refuse in the app's own start-page query); the district
// associations of the loaders in a SharedStore (graphql/loaders.ts).
import { createHash } from "node:crypto";
import { createInMemoryCache, useResponseCache as responseCachePlugin } from "@graphql-yoga/plugin-response-cache";
import type { DocumentNode, ExecutionResult, OperationDefinitionNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Principal } from "../auth/principal.ts";
import type { RequestLoaders } from "./loaders.ts";
import type { PersistedOperations } from "./persisted.ts";

/** Values that live for `ttlMs` at most, `maxEntries` of them (the oldest go first): the district associations of graphql/loaders.ts. */
export class SharedStore<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A shared answer that is serialised once. Yoga writes a result out with the result's own
 * `stringify` when it has one (as graphql-jit's results do); here it answers the text of the first
 * serialisation again, so the requests sharing the answer do not serialise the executor's maps
 * anew each time (null-prototype objects, which V8 keeps as slow dictionaries: JSON.stringify
 * takes about three times as long on them). The response cache hands out a copy of the stored
 * result, and Yoga serialises a copy without its internal `http` extension: a value with the same
 * `data` and no errors is the shared answer. JSON leaves the function out.
 */
export function serializedOnce(result: ExecutionResult): ExecutionResult {
  const shared: ExecutionResult & { stringify?: (value: unknown) => string } = { ...result };
  let text: string | undefined;
  shared.stringify = (value: unknown) => {
    const v = value as ExecutionResult;
    if (v?.data !== shared.data || v.errors?.length) return JSON.stringify(value);
    if (text === undefined) text = JSON.stringify(value);
    return text;
  };
  return shared;
}

/** An operation of the browser client whose answer viewers of one scope share. */
export type SharedOperation = {
  /** the operation's name in the client (its persisted document) */
  name: string;
  /** everything about the principal the answer depends on; null: not shared (executed as usual) */
  scope: (p: Principal) => string | null;
};

/** The name of the query to execute; undefined for a mutation, a subscription or an unnamed query. */
const operationName = (document: DocumentNode, requested: string | null | undefined): string | undefined => {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  const op = requested ? ops.find((o) => o.name?.value === requested) : ops.length === 1 ? ops[0] : undefined;
  return op?.operation === "query" ? op.name?.value : undefined;
};

/**
 * Shares the answers of `operations` (queries of the app's persisted documents only: their fields
 * are fixed and known) between requests of the same scope, start-page version and variables, at
 * most `ttlMs` (0: nothing shared), `maxEntries` of them. Errors are never shared. Every named query
 * also shares the district associations of its loaders for the start-page version.
 */
export function sharedResults(opts: {
  operations: () => PersistedOperations;
  shared: readonly SharedOperation[];
  ttlMs: number;
  maxEntries?: number;
}): Plugin<{ principal: Principal }>[] {
  const byName = new Map(opts.shared.map((s) => [s.name, s]));
  // the app's persisted documents of the shared operations, by their text
  const sharedTexts = new WeakMap<PersistedOperations, Map<string, SharedOperation>>();
  const sharedOperation = (text: string) => {
    const map = opts.operations();
    let texts = sharedTexts.get(map);
    if (!texts) {
      texts = new Map();
      for (const t of map.values()) {
        const op = byName.get(/^query (\w+)/.exec(t)?.[1] ?? "");
        if (op) texts.set(t, op);
      }
      sharedTexts.set(map, texts);
    }
    return texts.get(text);
  };
  // the key of each request's shared answer (absent: not shared), set when the plugin asks for it in onParams
  const keys = new WeakMap<Request, string>();
  const cache = createInMemoryCache({ max: opts.maxEntries ?? 1000 });
  return [
    {
      onExecute({ args }) {
        const { principal, loaders } = args.contextValue as { principal?: Principal; loaders?: RequestLoaders };
        if (principal?.startPageVersion !== undefined && operationName(args.document, args.operationName) !== undefined)
          loaders?.shareDistricts(principal.startPageVersion);
      },
    },
    responseCachePlugin<{ principal?: Principal }>({
      ttl: opts.ttlMs,
      invalidateViaMutation: false, // the start-page version in the key (moved by every change) does it
      includeExtensionMetadata: false,
      session: () => null, // the scope is part of the key
      enabled: (request) => opts.ttlMs > 0 && keys.has(request),
      buildResponseCacheKey: ({ documentString, variableValues, request, context }) => {
        const principal = (context as { principal?: Principal }).principal;
        const version = principal?.startPageVersion;
        const op = opts.ttlMs > 0 && principal && version !== undefined ? sharedOperation(documentString) : undefined;
        const scope = op && principal ? op.scope(principal) : null;
        if (!op || scope === null) return "";
        // the key is also the answer's ETag: a hash, not the scope and variables in clear
        const key = createHash("sha256")
          .update(`${op.name}\u0000${scope}\u0000${version}\u0000${JSON.stringify(variableValues ?? {})}\u0000${documentString}`)
          .digest("base64url");
        keys.set(request, key);
        return key;
      },
      cache: {
        get: (key) => cache.get(key),
        set: (key, result, entities, ttl) => cache.set(key, serializedOnce(result), entities, ttl),
        invalidate: (entities) => cache.invalidate(entities),
      },
    }) as Plugin<{ principal: Principal }>,
  ];
}
