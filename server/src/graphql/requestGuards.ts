// Yoga plugins guarding /graphql before anything runs:
// - CSRF prevention: a browser can send a cross-site "simple" request (form post, GET) without a
//   preflight. The API only accepts requests whose content type makes a browser ask first (JSON)
//   or that carry the x-graphql-csrf header (the client always sends it). Bearer tokens already
//   make CSRF useless to an attacker; this is the second lock.
// - rate limit on mutations per caller (RATE_LIMIT_MUTATIONS per minute).
// - expensive reads at once per caller (RATE_LIMIT_CONCURRENT_QUERIES): a query with a
//   list that searches (the registration, result, user and club tables) holds a slot while it runs.

import { useCSRFPrevention as csrfPreventionPlugin } from "@graphql-yoga/plugin-csrf-prevention";
import { type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, getOperationAST, Kind, type SelectionSetNode } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import type { Principal } from "../auth/principal.ts";
import { type ConcurrencyLimiter, type RateLimiter, tooManyConcurrent } from "../http/rateLimit.ts";

export const CSRF_HEADER = "x-graphql-csrf";

/** @graphql-yoga/plugin-csrf-prevention: a request without a preflight (no content type, or a form or text one) must carry the x-graphql-csrf header (403 CSRF_REJECTED, graphql/errors.ts). */
export const csrfPrevention = () => csrfPreventionPlugin({ requestHeaders: [CSRF_HEADER] });

export function mutationRateLimit(limiter: RateLimiter): Plugin<{ principal: Principal }> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const op = getOperationAST(args.document, args.operationName);
      if (op?.operation !== "mutation") return;
      const e = await limiter.take(args.contextValue.principal.subject);
      if (!e) return;
      setResultAndStopExecution({
        errors: [createGraphQLError(e.message, { extensions: { code: e.code, retryAfter: e.retryAfter, http: { status: 429, headers: e.headers } } })],
      });
    },
  };
}

/**
 * A query is an expensive read when one of its top-level fields takes a `search` argument: the
 * lists behind the tables (registrations, results, users, clubs), searched or not. The start page
 * (events, district associations, mostly shared answers) and single records are not counted.
 */
export function isExpensiveQuery(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): boolean {
  const op = getOperationAST(document, operationName);
  if (op?.operation !== "query") return false;
  const fields = schema.getQueryType()?.getFields() ?? {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  // the top-level fields, also those of fragments on Query (the client's pagination queries spread one)
  const seen = new Set<string>();
  const searches = (set: SelectionSetNode): boolean =>
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return !!fields[s.name.value]?.args.some((a) => a.name === "search");
      if (s.kind === Kind.INLINE_FRAGMENT) return searches(s.selectionSet);
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return searches(fragment.selectionSet);
    });
  return searches(op.selectionSet);
}

/** The slot of this request's expensive query, released when its answer is done (app.ts, also after a failure). */
export type QuerySlot = { release?: () => void };

export function concurrentQueryLimit(limiter: ConcurrencyLimiter): Plugin<{ principal: Principal; querySlot?: QuerySlot }> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!isExpensiveQuery(args.schema, args.document, args.operationName)) return;
      const release = limiter.acquire(args.contextValue.principal.subject);
      if (!release) {
        const e = tooManyConcurrent();
        setResultAndStopExecution({
          errors: [
            createGraphQLError(e.message, {
              extensions: { code: e.code, retryAfter: e.retryAfter, http: { status: 429, headers: { "retry-after": String(e.retryAfter) } } },
            }),
          ],
        });
        return;
      }
      const slot = args.contextValue.querySlot;
      if (slot) slot.release = release;
      return { onExecuteDone: () => release() };
    },
  };
}
