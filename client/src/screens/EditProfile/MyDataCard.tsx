import { useState } from "react";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";

/**
 * "Meine Daten" (GDPR art. 15/20, issue 10 item 8): downloads everything stored about the signed-in
 * person as one JSON file (GET /v1/user/0/export).
 */
export function MyDataCard() {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await runDownload("/user/0/export", "profile.data.failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t("profile.card.data")}>
      <p>{t("profile.data.text")}</p>
      <Button variant="secondary" onClick={start} disabled={busy} aria-busy={busy}>
        {t("profile.data.button")}
      </Button>
    </Card>
  );
}
