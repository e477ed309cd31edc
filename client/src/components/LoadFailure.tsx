import { useEffect, useRef } from "react";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import { failureText } from "../relay/mutationFeedback";
import { notify } from "../shell/snackbarQueue";
import styles from "./LoadError.module.css";

/**
 * Fallback of a failed query (spec §8): the error snackbar "{German text}: {server message}" (e.g.
 * "Benutzer können nicht geladen werden: …") once, and the same text in place of the content with
 * "Neu laden". With `onDismiss` (a dialog's own query) nothing is shown in place: the dialog closes.
 */
export function LoadFailure({ prefix, error, onDismiss }: { prefix: MessageKey; error: Error; onDismiss?: () => void }) {
  const text = failureText(prefix, error);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify({ type: "error", text });
    onDismiss?.();
  }, [text, onDismiss]);
  if (onDismiss) return null;
  return (
    <div className={styles.error}>
      <p className={styles.title}>{text}</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t("app.reload")}
      </button>
    </div>
  );
}
