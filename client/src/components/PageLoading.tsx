import { t } from "../i18n/translate";
import styles from "./PageLoading.module.css";

/** Inline indicator while a screen's code chunk loads. */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{t("app.loading")}</span>
    </div>
  );
}
