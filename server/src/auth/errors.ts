// Errors with a stable code, an HTTP status and a German message. GraphQL and /v1 render the
// same error: GraphQL as extensions.code, /v1 as { error: { code, message, fields? } }.
import { fieldLabel } from "../shared/labels.ts";

export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "VALIDATION"
  | "CONFLICT"
  | "IDEMPOTENCY_KEY_REUSED"
  | "PRECONDITION_FAILED"
  | "PAYLOAD_TOO_LARGE"
  | "BLOCKED"
  | "BAD_REQUEST"
  | "IDENTITY_PROVIDER"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "INVALID_ID"
  | "INVALID_CURSOR"
  | "HEADERS_TOO_LARGE"
  | "REQUEST_TIMEOUT"
  | "METHOD_NOT_ALLOWED"
  | "TIMEOUT"
  | "INTERNAL";

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  BLOCKED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  BAD_REQUEST: 400,
  CONFLICT: 409,
  // the key of a create came with another request (registrations/idempotency.ts)
  IDEMPOTENCY_KEY_REUSED: 422,
  // a /v1 If-Match that names another version than the record's (http/rest.ts ifMatchVersion)
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  IDENTITY_PROVIDER: 502,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INVALID_ID: 400,
  // an after/before that is no cursor of this list (graphql/cursor.ts)
  INVALID_CURSOR: 400,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  METHOD_NOT_ALLOWED: 405,
  TIMEOUT: 503,
  // a fault of the server: /v1's envelope code of a 500 (app.ts error handler; GraphQL says INTERNAL_SERVER_ERROR)
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const unauthenticated = (detail: string) => new AppError("UNAUTHENTICATED", `Nicht angemeldet: ${detail}`);
export const forbidden = () => new AppError("FORBIDDEN", "Keine Berechtigung für diese Aktion");
export const notFound = (what = "Eintrag") => new AppError("NOT_FOUND", `${what} nicht gefunden`);
/**
 * The message of a refused input, built from its fields: "Ungültige Eingabe: Datenschutz-URL: message; …".
 * Each field by its German label (shared/labels.ts fieldLabel), the same through both doors; the
 * internal names stay in `fields` (GraphQL's camelCase, /v1's snake case).
 */
export const validationMessage = (fields: Record<string, string>) =>
  `Ungültige Eingabe: ${Object.entries(fields)
    .map(([k, v]) => `${fieldLabel(k)}: ${v}`)
    .join("; ")}`;
export const validationFailed = (fields: Record<string, string>) => new AppError("VALIDATION", validationMessage(fields), fields);

/** Every code an error can carry (the /v1 envelope's enumeration in OpenAPI). */
export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[];
