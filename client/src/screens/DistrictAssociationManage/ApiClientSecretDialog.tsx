import { InfoDialog } from "../../components/InfoDialog";
import { t } from "../../i18n/translate";
import type { CreatedClient } from "./ApiClientDialog";

/**
 * The new client's id and secret, shown only this once. Unlike other info dialogs, clicks outside
 * (the snackbar, the page) do not close it: only "Schließen" or Escape, so the secret is not lost
 * by accident.
 */
export function ApiClientSecretDialog({ created, onClose }: { created: CreatedClient; onClose: () => void }) {
  return (
    <InfoDialog title={t("apiClients.secretTitle")} onClose={onClose} closeOnOutside={false}>
      <p>{t("apiClients.secretText", { name: created.name })}</p>
      <dl>
        <dt>{t("apiClients.field.clientId")}</dt>
        <dd>
          <code data-testid="api-client-id">{created.clientId}</code>
        </dd>
        {created.clientSecret && (
          <>
            <dt>{t("apiClients.field.secret")}</dt>
            <dd>
              <code data-testid="api-client-secret">{created.clientSecret}</code>
            </dd>
          </>
        )}
      </dl>
    </InfoDialog>
  );
}
