import type { GraphQLResponse } from "relay-runtime";
import { ApiError } from "../http/apiError";

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { code?: unknown; fields?: unknown };
}

/** `extensions.fields` of a rejected mutation: German message per input field (string values only). */
function fieldMessages(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Turns a GraphQL answer into what Relay gets: the payload, or an error when the answer carries
 * GraphQL errors or is not a GraphQL answer at all ("GraphQL errors surface as errors").
 */
export function checkGraphQLResponse(status: number, body: unknown): GraphQLResponse {
  const errors = typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (Array.isArray(errors) && errors.length > 0) {
    const list = errors as GraphQLErrorLike[];
    const message = list.map((error) => (typeof error.message === "string" ? error.message : "GraphQL error")).join("; ");
    const code = list.map((error) => error.extensions?.code).find((value): value is string => typeof value === "string");
    const fields = list.map((error) => fieldMessages(error.extensions?.fields)).find((value) => value !== undefined);
    throw new ApiError(message, { kind: "http", status, code, serverMessage: message, fields });
  }
  if (status < 200 || status >= 300 || typeof body !== "object" || body === null || !("data" in body)) {
    throw new ApiError(`HTTP ${status}`, { kind: "http", status });
  }
  return body as GraphQLResponse;
}
