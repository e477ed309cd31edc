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
import type { DocumentNode, ExecutionResult, OperationDefinitionNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Principal } from "../auth/principal.ts";
import type { RequestLoaders } from "./loaders.ts";
import type { PersistedOperations } from "./persisted.ts";

/** Values that live for `ttlMs` at most, `maxEntries` of them (the oldest go first). */
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
 * takes about three times as long on them). Not enumerable, so it is never part of the JSON; an
 * object other than the shared one (a copy with errors sanitised, say) is serialised as usual.
 */
export function serializedOnce(result: ExecutionResult): ExecutionResult {
  const shared: ExecutionResult = { ...result };
  let text: string | undefined;
  Object.defineProperty(shared, "stringify", {
    enumerable: false,
    value: (value: unknown) => {
      if (value !== shared) return JSON.stringify(value);
      if (text === undefined) text = JSON.stringify(value);
      return text;
    },
  });
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
 * are fixed and known) between requests of the same scope, start-page version and variables.
 * Errors are never shared.
 */
export function sharedResults(opts: {
  operations: () => PersistedOperations;
  shared: readonly SharedOperation[];
  store: SharedStore<ExecutionResult>;
}): Plugin<{ principal: Principal }> {
  const byName = new Map(opts.shared.map((s) => [s.name, s]));
  const texts = new WeakMap<PersistedOperations, Set<string>>();
  const isPersisted = (text: string) => {
    const map = opts.operations();
    let set = texts.get(map);
    if (!set) {
      set = new Set(map.values());
      texts.set(map, set);
    }
    return set.has(text);
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!opts.store.enabled) return;
      const { principal, loaders } = args.contextValue as { principal?: Principal; loaders?: RequestLoaders };
      const version = principal?.startPageVersion;
      if (!principal || version === undefined) return;
      const name = operationName(args.document, args.operationName);
      if (name === undefined) return; // a mutation (or an unnamed query): nothing shared
      loaders?.shareDistricts(version);
      const op = byName.get(name);
      const text = args.document.loc?.source.body;
      if (!op || !text || !isPersisted(text)) return;
      const scope = op.scope(principal);
      if (scope === null) return;
      const key = `${name}\u0000${scope}\u0000${version}\u0000${JSON.stringify(args.variableValues ?? {})}\u0000${text}`;
      const hit = opts.store.get(key);
      if (hit) {
        setResultAndStopExecution(hit);
        return;
      }
      return {
        onExecuteDone({ result }) {
          const single = result as ExecutionResult;
          if (!(Symbol.asyncIterator in result) && !single.errors?.length) opts.store.set(key, serializedOnce(single));
        },
      };
    },
  };
}
