import { authorizationHeader, fetchWithTimeout, readBody } from "../../http/request";

/** What GraphiQL hands the fetcher: a full document (never a persisted id), its variables and operation. */
export interface ExplorerRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * The API-Explorer's fetcher: POSTs the full document to the GraphQL path with the signed-in
 * person's bearer token and the CSRF header, exactly like the Relay network but without
 * persisted ids (the server accepts documents from staff only, server/src/graphql/persisted.ts).
 * Headers typed into GraphiQL's header editor are sent too, but never replace the token.
 * The server's answer is shown as it is, errors included.
 */
export function createExplorerFetcher(graphqlPath: string) {
  return async (request: ExplorerRequest, options?: { headers?: Record<string, unknown> }): Promise<Record<string, unknown>> => {
    const extra = Object.fromEntries(Object.entries(options?.headers ?? {}).map(([name, value]) => [name, String(value)]));
    const response = await fetchWithTimeout(graphqlPath, {
      method: "POST",
      headers: {
        ...extra,
        accept: "application/graphql-response+json, application/json",
        "content-type": "application/json",
        "x-graphql-csrf": "1",
        ...(await authorizationHeader()),
      },
      body: JSON.stringify({ query: request.query, variables: request.variables ?? undefined, operationName: request.operationName ?? undefined }),
    });
    const body = await readBody(response);
    if (body && typeof body === "object") return body as Record<string, unknown>;
    return { errors: [{ message: `HTTP ${response.status}${typeof body === "string" && body ? `: ${body}` : ""}` }] };
  };
}
