import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";

const ENTITIES = ["association", "user", "event", "location", "dexam_registration", "competition_registration"] as const;
const OPERATIONS = ["created", "updated", "deleted"] as const;

/**
 * The German name of a webhook event type ("<entity>.<operation>" of the change feed, as the server's
 * webhookEventTypes lists them): "Veranstaltung angelegt (event.created)". A type this client does not
 * know yet keeps its technical name.
 */
export function eventTypeLabel(type: string): string {
  const [entity, operation] = type.split(".");
  const known = ENTITIES.find((name) => name === entity);
  const done = OPERATIONS.find((name) => name === operation);
  if (!known || !done) return type;
  return `${t(`webhook.entity.${known}`)} ${t(`webhook.operation.${done}`)} (${type})`;
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
