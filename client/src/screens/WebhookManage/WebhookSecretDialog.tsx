import { SecretOnceDialog } from "../../components/SecretOnceDialog";
import { t } from "../../i18n/translate";
import type { EndpointSecret } from "./WebhookEndpointDialog";

/** The endpoint's signing secret ("whsec_…"), shown only this once after creating and after rotating. */
export function WebhookSecretDialog({ shown, onClose }: { shown: EndpointSecret; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={t("webhook.secretTitle")}
      text={t("webhook.secretText", { name: shown.name })}
      entries={[{ label: t("webhook.field.secret"), value: shown.secret, testId: "webhook-secret" }]}
      onClose={onClose}
    />
  );
}
