import { requestActivity } from "./activity";
import { errorText } from "./apiError";
import { fileNameFromContentDisposition } from "./contentDisposition";
import { apiUrl, authorizationHeader, type CallOptions, errorFromResponse, fetchWithTimeout } from "./request";

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GETs an export (spec §7 "Exports") and reads its file name from Content-Disposition (fallback
 * "error"). Failures throw with "{prefix}: {message}" or "{prefix}: unknown error" (R-ER019); the
 * loading flag is cleared in both cases (R-ER027).
 */
export async function fetchDownload(path: string, errorPrefix: string, options: Omit<CallOptions, "errorPrefix"> = {}): Promise<DownloadedFile> {
  const url = apiUrl(path, options);
  return requestActivity.track(async () => {
    try {
      const response = await fetchWithTimeout(url, { headers: await authorizationHeader() }, { ...options, errorPrefix });
      if (!response.ok) throw await errorFromResponse(response, errorPrefix);
      return {
        blob: await response.blob(),
        fileName: fileNameFromContentDisposition(response.headers.get("content-disposition")),
      };
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${errorPrefix}: `)) throw error;
      throw new Error(errorText(errorPrefix, error), { cause: error });
    }
  });
}

/** Hands a blob to the browser as a download via a temporary object URL. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL only after click() returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an export and saves it under the server's file name. */
export async function download(path: string, errorPrefix: string, options: Omit<CallOptions, "errorPrefix"> = {}): Promise<void> {
  saveFile(await fetchDownload(path, errorPrefix, options));
}
