import { requestActivity } from "./activity";
import { errorText, httpError, transportError } from "./apiError";
import { API_TIMEOUT_MS, apiUrl, authorizationHeader, type CallOptions } from "./request";

/** Minimal XMLHttpRequest surface used here, so tests can hand in a fake. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  "open" | "send" | "setRequestHeader" | "abort" | "upload" | "status" | "responseText" | "timeout" | "onload" | "onerror" | "ontimeout" | "onabort"
> & { getResponseHeader(name: string): string | null };

export interface UploadOptions extends Omit<CallOptions, "errorPrefix"> {
  /** Creates the request; XMLHttpRequest because fetch cannot report upload progress. */
  createRequest?: () => UploadRequest;
}

/**
 * The slowest upload speed still served without a timeout: 100 KiB/s (about 0.8 Mbit/s, a weak
 * mobile uplink).
 */
export const UPLOAD_MIN_BYTES_PER_SECOND = 100 * 1024;

/**
 * Timeout of an upload (decision, R-API003): the 30 s of every call (spec §9) for the server's
 * answer, plus the time the files take at the slowest speed served (UPLOAD_MIN_BYTES_PER_SECOND).
 * A handful of practice sheets (some 20 KB each) stays at about 30 s; one 5 MB file gets 81 s, the
 * server's limit of 50 MB per upload about 9 minutes. A fixed 30 s would fail honest uploads of many
 * sheets on a slow line, while a dead connection still ends in time.
 */
export function uploadTimeoutMs(totalBytes: number): number {
  return API_TIMEOUT_MS + Math.floor((Math.max(0, totalBytes) * 1000) / UPLOAD_MIN_BYTES_PER_SECOND);
}

function parseResponse(request: UploadRequest): unknown {
  const text = request.responseText;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Multipart POST of files under one field name (spec §7: field "file" or repeated "files") with
 * the bearer token, reporting the progress of sending from 0 to 1 (1 again once the server has
 * answered). The call counts for the spinner overlay like every other. Times out after
 * uploadTimeoutMs(total size) unless `timeoutMs` says otherwise. Failures throw an ApiError
 * "{prefix}: {server message}" or "{prefix}: unknown error" (R-ER002, R-ER003) whose `fields` hold
 * the server's per-file messages.
 */
export async function upload<T = unknown>(
  path: string,
  files: readonly File[],
  fieldName: string,
  errorPrefix: string,
  onProgress?: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  const url = apiUrl(path, options);
  return requestActivity.track(async () => {
    let authorization: string;
    try {
      authorization = (await authorizationHeader()).authorization;
    } catch (error) {
      throw new Error(errorText(errorPrefix, error), { cause: error });
    }
    const form = new FormData();
    for (const file of files) form.append(fieldName, file, file.name);
    const request = options.createRequest ? options.createRequest() : new XMLHttpRequest();
    return new Promise<T>((resolve, reject) => {
      const abort = () => request.abort();
      options.signal?.addEventListener("abort", abort, { once: true });
      const settle = () => options.signal?.removeEventListener("abort", abort);
      request.open("POST", url);
      request.setRequestHeader("authorization", authorization);
      request.setRequestHeader("accept", "application/json");
      request.timeout = options.timeoutMs ?? uploadTimeoutMs(files.reduce((sum, file) => sum + file.size, 0));
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        settle();
        if (request.status >= 200 && request.status < 300) {
          onProgress?.(1);
          resolve(parseResponse(request) as T);
        } else {
          reject(httpError(request.status, parseResponse(request), errorPrefix));
        }
      };
      request.onerror = () => {
        settle();
        reject(transportError("network", errorPrefix));
      };
      request.ontimeout = () => {
        settle();
        reject(transportError("timeout", errorPrefix));
      };
      request.onabort = () => {
        settle();
        reject(transportError("aborted", errorPrefix));
      };
      request.send(form);
    });
  });
}
