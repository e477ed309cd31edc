import { useState } from "react";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Notice } from "../../components/Notice";
import { t } from "../../i18n/translate";
import styles from "./ResultManage.module.css";
import { usePublishLocationResults } from "./usePublishLocationResults";

/**
 * "Ergebnisse veröffentlichen" where the results are entered: for whoever may publish
 * the chosen location's results, a button whose confirmation names how many registrations show
 * results and how many result mails go out (the server's EventLocation.resultPublication); once
 * published, a note saying so.
 */
export function PublishResults({
  location,
  onPublished,
}: {
  location: {
    id: string;
    name: string;
    version: number;
    publishResults: boolean;
    resultPublication: { registrations: number; mails: number } | null | undefined;
  };
  onPublished: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [publish, publishing] = usePublishLocationResults();
  if (location.publishResults) return <Notice>{t("results.publish.done", { location: location.name })}</Notice>;
  const counts = location.resultPublication;
  if (!counts) return null;
  return (
    <section className={styles.tools} aria-label={t("results.publish.title")}>
      <h2 className={styles.toolsTitle}>{t("results.publish.title")}</h2>
      <p className={styles.toolsText}>{t("results.publish.text")}</p>
      <div className={styles.toolsActions}>
        <Button onClick={() => setConfirming(true)}>{t("results.publish.button")}</Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t("results.publish.button")}
          text={t("results.publish.confirm", { location: location.name, registrations: counts.registrations, mails: counts.mails })}
          confirmLabel={t("results.publish.confirmButton")}
          busy={publishing}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            const result = await publish({ id: location.id, version: location.version });
            setConfirming(false);
            if (result.ok) onPublished();
          }}
        />
      )}
    </section>
  );
}
