// Persisted operations (@graphql-yoga/plugin-persisted-operations). relay-compiler writes every operation of the browser
// client to client/src/__generated__/persisted-operations.json (id = SHA-256 of the text) and the
// client sends `{ documentId, variables }` instead of the document. The server looks the id up.
//
// Policy: in production, a caller without a staff role (a member) may only run persisted
// operations, i.e. exactly what the app's screens ask. Staff and machine clients (integrators)
// may still send their own documents, within the depth, alias and cost limits. In development
// everybody may send documents (GraphiQL, tests).
import fs from "node:fs";
import { usePersistedOperations as persistedOperationsPlugin } from "@graphql-yoga/plugin-persisted-operations";
import type { Plugin } from "graphql-yoga";
import { isStaff, type Principal } from "../auth/principal.ts";

export type PersistedOperations = ReadonlyMap<string, string>;

/** Reads the id → document map; a missing file means "no persisted operations" (server without a built client). */
export function loadPersistedOperations(file: string): PersistedOperations {
  if (!fs.existsSync(file)) return new Map();
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  return new Map(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The map of `file`, read again when the file changes (relay-compiler in watch mode, a rebuilt client). */
export function reloadingPersistedOperations(file: string): () => PersistedOperations {
  let stamp = -1;
  let map: PersistedOperations = new Map();
  let checked = 0;
  return () => {
    const now = Date.now();
    if (now - checked < 1000) return map;
    checked = now;
    const mtime = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (mtime !== stamp) {
      stamp = mtime;
      map = loadPersistedOperations(file);
    }
    return map;
  };
}

type Params = { query?: string; documentId?: unknown; extensions?: Record<string, unknown> };

/** The id a request names: `documentId` (GraphQL over HTTP draft) or Apollo's `extensions.persistedQuery.sha256Hash`. */
export function requestedDocumentId(params: Params): string | undefined {
  if (typeof params.documentId === "string") return params.documentId;
  const pq = params.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  return typeof pq?.sha256Hash === "string" ? pq.sha256Hash : undefined;
}

/**
 * Yoga's persisted-operations plugin with the policy above: an id is looked up in `operations`
 * (unknown: PERSISTED_QUERY_NOT_FOUND, "reload the page"); a document of the caller's own runs
 * unless `documentsOnlyForStaff` and the principal has no staff role (PERSISTED_QUERY_ONLY). The
 * plugin asks its policy with the request only; the principal of the request is noted for it in
 * `onRequest` (the server context carries it).
 */
export function persistedOperations(opts: {
  operations: () => PersistedOperations;
  documentsOnlyForStaff: boolean;
}): Plugin<Record<string, unknown>, { principal: Principal }>[] {
  const principals = new WeakMap<Request, Principal>();
  const refusal = (message: string, code: string) => ({ message, extensions: { code, http: { status: 400 } } });
  return [
    {
      onRequest({ request, serverContext }) {
        if (serverContext?.principal) principals.set(request, serverContext.principal);
      },
    },
    persistedOperationsPlugin({
      getPersistedOperation: (id) => opts.operations().get(id) ?? null,
      extractPersistedOperationId: (params) => requestedDocumentId(params as Params) ?? null,
      allowArbitraryOperations: opts.documentsOnlyForStaff
        ? (request) => {
            const principal = principals.get(request);
            return !!principal && isStaff(principal);
          }
        : true,
      customErrors: {
        notFound: refusal("Unbekannte gespeicherte Anfrage: bitte die Seite neu laden", "PERSISTED_QUERY_NOT_FOUND"),
        persistedQueryOnly: refusal("Nur die Anfragen der Anwendung sind erlaubt", "PERSISTED_QUERY_ONLY"),
        // neither a document nor an id: what Yoga answers a request without `query`
        keyNotFound: refusal("Die Anfrage enthält kein GraphQL-Dokument (query)", "BAD_REQUEST"),
      },
    }) as Plugin<Record<string, unknown>, { principal: Principal }>,
  ];
}
