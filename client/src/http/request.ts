import { getAccessToken } from "../auth/session";
import { type ApiError, httpError, transportError } from "./apiError";
import { getConfig } from "./config";
import { expandPath, type ParamValue, queryString } from "./requiredParams";

/** Every API call times out after 30 s (R-API003, R-BC001). */
export const API_TIMEOUT_MS = 30_000;

export interface CallOptions {
  /** Path parameters for `{name}` placeholders; each placeholder is required (R-API005). */
  params?: Record<string, ParamValue>;
  query?: Record<string, ParamValue>;
  /** German prefix of the error text, e.g. t('error.association.delete') (R-ER002). */
  errorPrefix?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** `{apiBase}{path}` with the path parameters filled in and the query appended (R-API001). */
export function apiUrl(path: string, options: Pick<CallOptions, "params" | "query"> = {}): string {
  return `${getConfig().apiBase}${expandPath(path, options.params)}${queryString(options.query)}`;
}

/** Authorization header with the signed-in user's token (R-API002); throws "User is not authenticated" (R-AU020). */
export async function authorizationHeader(): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await getAccessToken()}` };
}

/**
 * fetch with the 30 s timeout; network failures, timeouts and aborts become ApiErrors of their
 * own kind (R-AU027). HTTP error answers are returned, not thrown.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  options: { timeoutMs?: number; signal?: AbortSignal; errorPrefix?: string } = {},
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", forwardAbort, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    throw transportError(timedOut ? "timeout" : controller.signal.aborted ? "aborted" : "network", options.errorPrefix);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ApiError for an answer that is not ok, with "{prefix}: {server message}" (R-ER002). */
export async function errorFromResponse(response: Response, errorPrefix?: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  return httpError(response.status, body, errorPrefix);
}
