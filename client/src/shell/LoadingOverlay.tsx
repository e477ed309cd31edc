import { useSyncExternalStore } from "react";
import { requestActivity } from "../http/activity";
import { t } from "../i18n/translate";
import styles from "./LoadingOverlay.module.css";

/** Blocking spinner overlay while any request runs (R-SH063). */
export function LoadingOverlay() {
  const running = useSyncExternalStore(requestActivity.subscribe, requestActivity.getCount);
  if (running === 0) return null;
  return (
    <div className={styles.overlay} role="progressbar" aria-busy="true" aria-label={t("app.loading")}>
      <div className={styles.box}>
        <span className="loading-spinner" aria-hidden="true" />
        <span>{t("app.loading")}</span>
      </div>
    </div>
  );
}
