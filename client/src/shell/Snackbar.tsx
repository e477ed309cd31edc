import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { classNames } from "../components/classNames";
import { Icon } from "../components/Icon";
import { t } from "../i18n/translate";
import styles from "./Snackbar.module.css";
import { appSnackbar } from "./snackbarQueue";

/**
 * The snackbar: one queued message at a time, coloured by type (R-SH064..R-SH066). It lives in a
 * region directly under <body> marked as live announcer, so a modal dialog (which hides the rest of
 * the page from assistive technology) does not hide an error message shown while it is open.
 */
export function Snackbar() {
  const message = useSyncExternalStore(appSnackbar.subscribe, appSnackbar.current);
  return createPortal(
    <div data-live-announcer="">
      {message && (
        <div
          key={message.id}
          className={classNames(styles.snackbar, styles[message.type])}
          role={message.type === "error" ? "alert" : "status"}
          data-type={message.type}
        >
          <span className={styles.text}>{message.text}</span>
          <button type="button" className={styles.dismiss} aria-label={t("snackbar.dismiss")} onClick={() => appSnackbar.dismiss()}>
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>,
    document.body,
  );
}
