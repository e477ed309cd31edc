import { de, type MessageKey } from "../../i18n/de";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";

/** The catalog's key for a part of an event type, when the catalog names it. */
const known = (key: string): MessageKey | null => (Object.hasOwn(de, key) ? (key as MessageKey) : null);

/**
 * The German name of a webhook event type ("<entity>.<operation>" of the change feed, as the server's
 * webhookEventTypes lists them): "Veranstaltung angelegt (event.created)". A type this client does not
 * know yet keeps its technical name.
 */
export function eventTypeLabel(type: string): string {
  const [entity, operation, ...rest] = type.split(".");
  const entityKey = known(`webhook.entity.${entity}`);
  const operationKey = known(`webhook.operation.${operation}`);
  if (!entityKey || !operationKey || rest.length) return type;
  return `${t(entityKey)} ${t(operationKey)} (${type})`;
}

export interface DeliveryStatus {
  state: string;
  deliveredAt?: string | null;
  failedAt?: string | null;
  nextAttemptAt?: string | null;
}

/** A delivery's state in words: "Zugestellt am …", "Aufgegeben am …", "Ausstehend, nächster Versuch …". */
export function deliveryStateText(delivery: DeliveryStatus): string {
  if (delivery.state === "DELIVERED" && delivery.deliveredAt) return t("webhook.deliveries.delivered", { at: formatDateTime(delivery.deliveredAt) });
  if (delivery.state === "FAILED" && delivery.failedAt) return t("webhook.deliveries.failed", { at: formatDateTime(delivery.failedAt) });
  if (delivery.nextAttemptAt) return t("webhook.deliveries.pendingNext", { at: formatDateTime(delivery.nextAttemptAt) });
  return t("webhook.deliveries.pending");
}

/**
 * The last answer of a delivery: the server's reason of a failure ("Antwort 500"; without an answer:
 * "keine Antwort – connect ECONNREFUSED"), "HTTP 204" after a success, nothing before the first attempt.
 */
export function deliveryAnswerText(delivery: { attempts: number; lastStatus?: number | null; lastError?: string | null }): string {
  if (delivery.attempts === 0) return "";
  if (delivery.lastStatus == null) return delivery.lastError ? `${t("webhook.deliveries.noAnswer")} – ${delivery.lastError}` : t("webhook.deliveries.noAnswer");
  return delivery.lastError ?? `HTTP ${delivery.lastStatus}`;
}
