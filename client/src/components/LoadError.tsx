import { t } from "../i18n/translate";
import styles from "./LoadError.module.css";

/** Shown instead of a screen (or the whole shell) whose data could not be loaded. */
export function LoadError({ error }: { error: Error }) {
  return (
    <div className={styles.error} role="alert">
      <p className={styles.title}>{t("app.loadFailed")}</p>
      <p className={styles.detail}>{error.message}</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t("app.reload")}
      </button>
    </div>
  );
}
