import { InfoDialog } from "../../components/InfoDialog";
import { t } from "../../i18n/translate";
import type { EndpointSecret } from "./WebhookEndpointDialog";

/**
 * The endpoint's signing secret ("whsec_…"), shown only this once after creating and after
 * rotating. As with an API client's secret, clicks outside do not close it: only "Schließen" or
 * Escape, so the secret is not lost by accident.
 */
export function WebhookSecretDialog({ shown, onClose }: { shown: EndpointSecret; onClose: () => void }) {
  return (
    <InfoDialog title={t("webhook.secretTitle")} onClose={onClose} closeOnOutside={false}>
      <p>{t("webhook.secretText", { name: shown.name })}</p>
      <dl>
        <dt>{t("webhook.field.secret")}</dt>
        <dd>
          <code data-testid="webhook-secret">{shown.secret}</code>
        </dd>
      </dl>
    </InfoDialog>
  );
}
