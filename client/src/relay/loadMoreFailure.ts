import type { MessageKey } from "../i18n/de";
import { notify } from "../shell/snackbarQueue";
import { failureText } from "./mutationFeedback";

/** `onComplete` of a pagination loadNext: a failed page shows the error snackbar with the list's load text. */
export function notifyLoadFailure(prefix: MessageKey) {
  return (error: Error | null) => {
    if (error) notify({ type: "error", text: failureText(prefix, error) });
  };
}
