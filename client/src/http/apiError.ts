import { t } from "../i18n/translate";

/** The kinds of failure a call can end in (R-AU027): HTTP answer, network, timeout, aborted. */
export type ApiErrorKind = "http" | "network" | "timeout" | "aborted";

/**
 * A failed /v1, GraphQL or upload call. `message` is the text to show: "{prefix}: {server
 * message}" when the caller gave a prefix (R-ER002), "{prefix}: unknown error" for failures that
 * are not HTTP errors (R-ER003).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly fields?: Record<string, string>;

  constructor(message: string, details: { kind: ApiErrorKind; status?: number; code?: string; serverMessage?: string; fields?: Record<string, string> }) {
    super(message);
    this.name = "ApiError";
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.serverMessage = details.serverMessage;
    this.fields = details.fields;
  }
}

/** Reads the server's `{ "error": { "code", "message", "fields"? } }` envelope (ARCHITECTURE "/v1 envelope"). */
export function readErrorEnvelope(body: unknown): { code?: string; message?: string; fields?: Record<string, string> } {
  if (typeof body !== "object" || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error === "string") return { message: error };
  if (typeof error !== "object" || error === null) return {};
  const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
  return {
    code: typeof code === "string" ? code : undefined,
    message: typeof message === "string" && message !== "" ? message : undefined,
    fields: typeof fields === "object" && fields !== null ? (fields as Record<string, string>) : undefined,
  };
}

/** The detail shown after the prefix: the server's message for HTTP errors, else "unknown error". */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError && error.kind === "http") {
    return error.serverMessage ?? `HTTP ${error.status ?? ""}`.trim();
  }
  return t("error.unknown");
}

/** "{prefix}: {server message}" or "{prefix}: unknown error" (R-ER002, R-ER003, R-ER004, R-ER019). */
export function errorText(prefix: string, error: unknown): string {
  return `${prefix}: ${errorDetail(error)}`;
}

/** Builds the ApiError of an HTTP answer that was not ok. */
export function httpError(status: number, body: unknown, prefix?: string): ApiError {
  const envelope = readErrorEnvelope(body);
  const details = { kind: "http" as const, status, code: envelope.code, serverMessage: envelope.message, fields: envelope.fields };
  const bare = new ApiError("", details);
  const detail = errorDetail(bare);
  return new ApiError(prefix ? `${prefix}: ${detail}` : detail, details);
}

/** Builds the ApiError of a failure without an HTTP answer (network, timeout, abort). */
export function transportError(kind: Exclude<ApiErrorKind, "http">, prefix?: string): ApiError {
  const own = kind === "timeout" ? t("error.timeout") : kind === "aborted" ? t("error.aborted") : t("error.network");
  return new ApiError(prefix ? `${prefix}: ${t("error.unknown")}` : own, { kind });
}
