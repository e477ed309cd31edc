import { createPortal } from "react-dom";
import { t } from "../../i18n/translate";
import styles from "./ResultManage.module.css";

/**
 * The progress of an upload (R-RE009, R-RE016). The shell's blocking spinner overlay covers the
 * page while the request runs; this card sits on top of it, in its place, and shows how much of
 * the files has been sent ("Wird hochgeladen … 42 %"), then "Die Dateien werden geprüft …" while
 * the server checks them. A native progress bar, so assistive technology reads the value.
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
  const sent = fraction >= 1;
  const text = sent ? t("results.upload.processing") : t("results.upload.progress", { percent });
  return createPortal(
    <div className={styles.progressCard} role="status">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{text}</span>
      <progress className={styles.progressBar} aria-label={t("results.upload.progressLabel")} max={100} value={sent ? undefined : percent} />
    </div>,
    document.body,
  );
}
