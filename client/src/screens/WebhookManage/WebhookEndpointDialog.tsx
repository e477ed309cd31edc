import { useMemo, useState } from "react";
import { ChipsMultiSelect } from "../../components/ChipsMultiSelect";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "./useWebhookMutations";
import { eventTypeLabel } from "./webhookTexts";

/** The endpoint the dialog edits, as the list read it. */
export interface EditedEndpoint {
  databaseId: number;
  url: string;
  description: string;
  eventTypes: readonly string[];
  version: number;
}

/** An endpoint and its secret, answered once by the create and the rotation. */
export interface EndpointSecret {
  name: string;
  secret: string;
}

/**
 * "Neuer Webhook-Endpunkt" / "Webhook-Endpunkt bearbeiten": URL, description and the event types
 * (chosen from the server's webhookEventTypes). The server checks the fields; its messages show at
 * the fields. An edit sends the version as read (a newer one is refused).
 */
export function WebhookEndpointDialog({
  endpoint,
  eventTypes,
  districtAssociation,
  onClose,
  onCreated,
  onSaved,
}: {
  /** null: a new endpoint */
  endpoint: EditedEndpoint | null;
  eventTypes: readonly string[];
  districtAssociation: string | null;
  onClose: () => void;
  onCreated: (created: EndpointSecret) => void;
  onSaved: () => void;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [chosen, setChosen] = useState<string[]>(endpoint ? [...endpoint.eventTypes] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateWebhookEndpoint();
  const [update, updating] = useUpdateWebhookEndpoint();
  const options = useMemo(() => eventTypes.map((type) => ({ value: type, label: eventTypeLabel(type) })), [eventTypes]);

  const submit = async () => {
    if (endpoint) {
      const result = await update({ input: { id: endpoint.databaseId, version: endpoint.version, url, description, eventTypes: chosen } });
      if (!result.ok) return setErrors(result.fieldErrors);
      onSaved();
      return;
    }
    const result = await create({ input: { url, description, eventTypes: chosen, districtAssociation } });
    if (!result.ok) return setErrors(result.fieldErrors);
    const created = result.response.createWebhookEndpoint;
    onCreated({ name: created.endpoint.url, secret: created.secret });
  };

  return (
    <FormDialog
      title={endpoint ? t("webhook.edit") : t("webhook.create")}
      acceptLabel={endpoint ? t("common.save") : t("webhook.createAccept")}
      submitting={creating || updating}
      onCancel={onClose}
      onSubmit={submit}
      wide
    >
      <TextField
        label={t("webhook.field.url")}
        type="url"
        inputMode="url"
        value={url}
        onChange={setUrl}
        required
        error={errors.url}
        hint={t("webhook.urlHint")}
      />
      <TextField
        label={t("webhook.field.description")}
        value={description}
        onChange={setDescription}
        error={errors.description}
        hint={t("webhook.descriptionHint")}
      />
      <ChipsMultiSelect
        label={t("webhook.field.eventTypes")}
        options={options}
        value={chosen}
        onChange={(value) => setChosen(eventTypes.filter((type) => value.includes(type)))}
        error={errors.eventTypes}
        required
      />
    </FormDialog>
  );
}
