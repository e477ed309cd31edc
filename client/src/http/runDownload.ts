import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import { notifyFailure } from "../shell/snackbarQueue";
import { download } from "./download";

/** Starts an export download (path below /v1); a failure shows "{prefix}: {message}" (R-ER019) in the error snackbar. */
export async function runDownload(path: string, prefix: MessageKey, query?: Record<string, string | number>): Promise<void> {
  try {
    await download(path, t(prefix), query ? { query } : {});
  } catch (error) {
    notifyFailure(error);
  }
}
