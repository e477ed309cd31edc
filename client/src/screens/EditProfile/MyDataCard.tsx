import { useState } from "react";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import styles from "./EditProfileScreen.module.css";

/**
 * "Meine Daten" (GDPR art. 15/20): downloads everything stored about the signed-in
 * person as one JSON file (GET /v1/user/0/export: account, clubs, registrations, audit entries,
 * changes others made to their registrations, the mails sent to them, the calendar feed's state),
 * and the consent forms they uploaded as one zip (GET /v1/user/0/export/consent_forms).
 */
export function MyDataCard() {
  const [busy, setBusy] = useState(false);
  const start = async (path: string) => {
    setBusy(true);
    try {
      await runDownload(path, "profile.data.failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t("profile.card.data")}>
      <p>{t("profile.data.text")}</p>
      <div className={styles.downloads}>
        <Button variant="secondary" onClick={() => start("/user/0/export")} disabled={busy} aria-busy={busy}>
          {t("profile.data.button")}
        </Button>
        <Button variant="secondary" onClick={() => start("/user/0/export/consent_forms")} disabled={busy} aria-busy={busy}>
          {t("profile.data.consentForms")}
        </Button>
      </div>
    </Card>
  );
}
