import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { Button } from "../../components/Button";
import styles from "../../components/Dialog.module.css";
import { useReturnFocus } from "../../components/useReturnFocus";
import { t } from "../../i18n/translate";
import type { CreatedClient } from "./ApiClientDialog";

/**
 * The new client's id and secret, shown only this once. Unlike the info dialog, clicks outside
 * (the snackbar, the page) do not close it: only "Schließen" or Escape, so the secret is not lost
 * by accident.
 */
export function ApiClientSecretDialog({ created, onClose }: { created: CreatedClient; onClose: () => void }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root
      open
      finalFocusEl={returnFocus}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <Dialog.Title className={styles.title}>{t("apiClients.secretTitle")}</Dialog.Title>
            <Dialog.Description asChild>
              <div className={styles.description}>
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
              </div>
            </Dialog.Description>
            <div className={styles.actions}>
              <Button onClick={onClose}>{t("common.close")}</Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
