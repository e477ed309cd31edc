import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { getConfig } from "../../http/config";
import { t } from "../../i18n/translate";

/**
 * "Passwort" (R-PR005): the password is changed at the identity provider; its page comes from
 * /config.json `accountUrl` (R-PR006) and opens in a new tab.
 */
export function PasswordCard() {
  return (
    <Card title={t("profile.card.password")}>
      <p>{t("profile.password.text")}</p>
      <Button variant="secondary" onClick={() => window.open(getConfig().accountUrl, "_blank", "noopener")}>
        {t("profile.password.button")}
      </Button>
    </Card>
  );
}
