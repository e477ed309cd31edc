// Yoga plugins guarding /graphql before anything runs (issue 10, item 3):
// - CSRF prevention: a browser can send a cross-site "simple" request (form post, GET) without a
//   preflight. The API only accepts POSTs with a JSON content type (never simple) or requests that
//   carry the x-graphql-csrf header (the client always sends it). Bearer tokens already make CSRF
//   useless to an attacker; this is the second lock.
// - rate limit on mutations per caller (RATE_LIMIT_MUTATIONS per minute).
import { getOperationAST } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import type { Principal } from "../auth/principal.ts";
import { RATE_LIMIT_MESSAGE, type RateLimiter } from "../http/rateLimit.ts";

export const CSRF_HEADER = "x-graphql-csrf";

export function csrfPrevention(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method === "OPTIONS") return;
      if (request.headers.has(CSRF_HEADER)) return;
      const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      if (request.method === "POST" && (type === "application/json" || type === "application/graphql-response+json")) return;
      endResponse(
        new fetchAPI.Response(
          JSON.stringify({
            errors: [
              {
                message: `Anfrage abgelehnt (CSRF-Schutz): POST mit Content-Type application/json oder Kopfzeile ${CSRF_HEADER} erforderlich`,
                extensions: { code: "CSRF_REJECTED" },
              },
            ],
          }),
          { status: 403, headers: { "content-type": "application/json; charset=utf-8" } },
        ),
      );
    },
  };
}

export function mutationRateLimit(limiter: RateLimiter): Plugin<{ principal: Principal }> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const op = getOperationAST(args.document, args.operationName);
      if (op?.operation !== "mutation") return;
      const key = args.contextValue.principal.subject;
      if (limiter.take(key)) return;
      const retryAfter = limiter.retryAfter(key);
      setResultAndStopExecution({
        errors: [
          createGraphQLError(RATE_LIMIT_MESSAGE, {
            extensions: { code: "RATE_LIMITED", retryAfter, http: { status: 429, headers: { "retry-after": String(retryAfter) } } },
          }),
        ],
      });
    },
  };
}
