import { Button } from "../../components/Button";
import { DataTable } from "../../components/DataTable";
import { FormDialog } from "../../components/FormDialog";
import { Notice } from "../../components/Notice";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import { useRedeliverWebhook } from "./useWebhookMutations";
import { deliveryAnswerText, deliveryStateText, eventTypeLabel } from "./webhookTexts";

export interface LoggedDelivery {
  databaseId: number;
  createdAt: string;
  eventType: string;
  state: string;
  attempts: number;
  deliveredAt?: string | null;
  failedAt?: string | null;
  nextAttemptAt?: string | null;
  lastStatus?: number | null;
  lastError?: string | null;
}

/**
 * The delivery log of one endpoint (the newest first, as the list read it): when, which event, its
 * state, attempts and last answer; "Erneut senden" makes a delivery due again (the same webhook-id)
 * and loads the list again.
 */
export function WebhookDeliveriesDialog({
  name,
  deliveries,
  loading,
  onRedelivered,
  onClose,
}: {
  name: string;
  deliveries: readonly LoggedDelivery[];
  loading: boolean;
  onRedelivered: () => void;
  onClose: () => void;
}) {
  const [redeliver, redelivering] = useRedeliverWebhook();
  const columns = [
    { key: "when", header: t("webhook.deliveries.when") },
    { key: "eventType", header: t("webhook.deliveries.eventType") },
    { key: "state", header: t("webhook.deliveries.state") },
    { key: "attempts", header: t("webhook.deliveries.attempts") },
    { key: "answer", header: t("webhook.deliveries.answer") },
    { key: "action", header: t("table.actions"), hiddenHeader: true, narrow: true },
  ];
  return (
    <FormDialog title={t("webhook.deliveries.title", { name })} onCancel={onClose} wide>
      {deliveries.length === 0 ? (
        <Notice>{t("webhook.deliveries.empty")}</Notice>
      ) : (
        <DataTable label={t("webhook.deliveries.caption")} columns={columns} rowCount={deliveries.length} loading={loading}>
          {deliveries.map((delivery) => (
            <tr key={delivery.databaseId}>
              <td>{formatDateTime(delivery.createdAt)}</td>
              <td>{eventTypeLabel(delivery.eventType)}</td>
              <td>{deliveryStateText(delivery)}</td>
              <td>{delivery.attempts}</td>
              <td>{deliveryAnswerText(delivery)}</td>
              <td>
                <Button
                  variant="text"
                  disabled={redelivering}
                  aria-label={t("webhook.deliveries.redeliverLabel", { id: delivery.databaseId })}
                  onClick={async () => {
                    const result = await redeliver({ id: delivery.databaseId });
                    if (result.ok) onRedelivered();
                  }}
                >
                  {t("webhook.deliveries.redeliver")}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </FormDialog>
  );
}
