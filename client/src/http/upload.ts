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
 * Multipart POST of files under one field name (spec §7: field "file" or repeated "files"),
 * reporting progress from 0 to 1. Failures throw "{prefix}: {message}" (R-ER002, R-ER003).
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
      request.timeout = options.timeoutMs ?? API_TIMEOUT_MS;
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
