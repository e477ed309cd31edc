import { SecretOnceDialog } from "../../components/SecretOnceDialog";
import { t } from "../../i18n/translate";
import type { CreatedClient } from "./ApiClientDialog";

/** The new client's id and secret, shown only this once. */
export function ApiClientSecretDialog({ created, onClose }: { created: CreatedClient; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={t("apiClients.secretTitle")}
      text={t("apiClients.secretText", { name: created.name })}
      entries={[
        { label: t("apiClients.field.clientId"), value: created.clientId, testId: "api-client-id" },
        ...(created.clientSecret ? [{ label: t("apiClients.field.secret"), value: created.clientSecret, testId: "api-client-secret" }] : []),
      ]}
      onClose={onClose}
    />
  );
}
