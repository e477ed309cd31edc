import { graphql, useLazyLoadQuery } from "react-relay";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, menuColumn } from "../../components/DataTable";
import { DistrictPage } from "../../components/DistrictPage";
import { Notice } from "../../components/Notice";
import { RowMenu } from "../../components/RowMenu";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { routeTitle, webhookManageRoute } from "../../routes/routeTable";
import { useDistrictAssociationGlobalId } from "../../shell/useDistrictAssociationGlobalId";
import type { WebhookManageScreenQuery } from "./__generated__/WebhookManageScreenQuery.graphql";
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useSwitchWebhookEndpoint } from "./useWebhookMutations";
import { WebhookDeliveriesDialog } from "./WebhookDeliveriesDialog";
import { type EditedEndpoint, type EndpointSecret, WebhookEndpointDialog } from "./WebhookEndpointDialog";
import { WebhookSecretDialog } from "./WebhookSecretDialog";
import { eventTypeLabel } from "./webhookTexts";

/** How many deliveries of each endpoint the log shows (the server's default page). */
const LOG_SIZE = 20;

/**
 * "Webhooks" (user_manage; docs/decisions.md "Webhooks"): the webhook endpoints of the ACTIVE
 * district association of the drawer's selector with their state; create, edit, switch on and off,
 * rotate the secret, delete, and the delivery log with "Erneut senden". The server decides who may
 * (webhook.list, webhook.manage).
 */
export function WebhookManageScreen() {
  return (
    <DistrictPage title={routeTitle(webhookManageRoute)} intro={<p>{t("webhook.intro")}</p>} loadError="webhook.loadFailed">
      {(districtAssociationId) => <WebhookManageContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}

type Dialog =
  | { kind: "create" }
  | { kind: "edit"; endpoint: EditedEndpoint }
  | { kind: "secret"; shown: EndpointSecret }
  | { kind: "rotate"; databaseId: number; name: string }
  | { kind: "delete"; databaseId: number; name: string }
  | { kind: "deliveries"; databaseId: number };

type RowAction = "edit" | "deliveries" | "enable" | "disable" | "rotate" | "delete";

function WebhookManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const district = useDistrictAssociationGlobalId(districtAssociationId);
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<WebhookManageScreenQuery>(
    graphql`
      query WebhookManageScreenQuery($district: ID, $logSize: Int) {
        webhookEventTypes
        webhookEndpoints(districtAssociation: $district) {
          databaseId
          url
          description
          eventTypes
          enabled
          disabledAt
          disabledReason
          consecutiveFailures
          version
          deliveries(first: $logSize) {
            databaseId
            createdAt
            eventType
            state
            attempts
            deliveredAt
            failedAt
            nextAttemptAt
            lastStatus
            lastError
          }
        }
      }
    `,
    { district, logSize: LOG_SIZE },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { dialog, setDialog, close, saved } = useManageDialogs<Dialog>(refresh);
  const [enable] = useSwitchWebhookEndpoint(true);
  const [disable] = useSwitchWebhookEndpoint(false);
  const [rotate, rotating] = useRotateWebhookSecret();
  const deletion = useDeleteWebhookEndpoint();
  const endpoints = data.webhookEndpoints;

  const onAction = async (endpoint: (typeof endpoints)[number], action: RowAction) => {
    const name = endpoint.url;
    switch (action) {
      case "edit":
        return setDialog({ kind: "edit", endpoint });
      case "deliveries":
        return setDialog({ kind: "deliveries", databaseId: endpoint.databaseId });
      case "rotate":
        return setDialog({ kind: "rotate", databaseId: endpoint.databaseId, name });
      case "delete":
        return setDialog({ kind: "delete", databaseId: endpoint.databaseId, name });
      case "enable":
      case "disable": {
        const run = action === "enable" ? enable : disable;
        const result = await run({ input: { id: endpoint.databaseId, version: endpoint.version, enabled: action === "enable" } });
        if (result.ok) refresh();
      }
    }
  };

  const columns = [
    { key: "url", header: t("webhook.field.url") },
    { key: "eventTypes", header: t("webhook.field.eventTypes") },
    { key: "status", header: t("webhook.field.status") },
    { key: "failures", header: t("webhook.field.failures") },
    ...menuColumn(),
  ];
  const shownLog = dialog?.kind === "deliveries" ? endpoints.find((endpoint) => endpoint.databaseId === dialog.databaseId) : undefined;

  return (
    <>
      <Toolbar actions={<CreateButton label={t("webhook.create")} onClick={() => setDialog({ kind: "create" })} />} />
      {endpoints.length === 0 ? (
        <Notice>{t("webhook.empty")}</Notice>
      ) : (
        <DataTable label={t("webhook.title")} columns={columns} rowCount={endpoints.length} loading={pending}>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.databaseId}>
              <td>
                <code>{endpoint.url}</code>
                {endpoint.description && <div>{endpoint.description}</div>}
              </td>
              <td>{endpoint.eventTypes.map(eventTypeLabel).join(", ")}</td>
              <td>
                {endpoint.enabled
                  ? t("webhook.status.enabled")
                  : endpoint.disabledAt
                    ? t("webhook.status.disabledSince", { at: formatDateTime(endpoint.disabledAt) })
                    : t("webhook.status.disabled")}
                {!endpoint.enabled && endpoint.disabledReason && <div>{endpoint.disabledReason}</div>}
              </td>
              <td>{endpoint.consecutiveFailures}</td>
              <td>
                <RowMenu<RowAction>
                  label={t("rowMenu.label", { name: endpoint.url })}
                  items={[
                    { value: "edit", label: t("webhook.action.edit") },
                    { value: "deliveries", label: t("webhook.action.deliveries") },
                    endpoint.enabled ? { value: "disable", label: t("webhook.action.disable") } : { value: "enable", label: t("webhook.action.enable") },
                    { value: "rotate", label: t("webhook.action.rotate") },
                    { value: "delete", label: t("webhook.action.delete"), danger: true },
                  ]}
                  onSelect={(action) => onAction(endpoint, action)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <WebhookEndpointDialog
          endpoint={dialog.kind === "edit" ? dialog.endpoint : null}
          eventTypes={data.webhookEventTypes}
          districtAssociation={district}
          onClose={close}
          // the list is refreshed when the secret dialog closes: the secret is shown first
          onCreated={(shown) => setDialog({ kind: "secret", shown })}
          onSaved={saved}
        />
      )}
      {dialog?.kind === "secret" && <WebhookSecretDialog shown={dialog.shown} onClose={saved} />}
      {dialog?.kind === "rotate" && (
        <ConfirmDialog
          text={t("webhook.confirmRotate", { name: dialog.name })}
          confirmLabel={t("webhook.action.rotate")}
          busy={rotating}
          onCancel={close}
          onConfirm={async () => {
            const result = await rotate({ id: dialog.databaseId });
            if (!result.ok) return close();
            setDialog({ kind: "secret", shown: { name: dialog.name, secret: result.response.rotateWebhookSecret.secret } });
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteRecordDialog
          entity="webhook"
          target={{ id: String(dialog.databaseId), name: dialog.name }}
          mutation={[({ id }) => deletion[0]({ id: Number(id) }), deletion[1]]}
          onCancel={close}
          onDeleted={saved}
        />
      )}
      {shownLog && <WebhookDeliveriesDialog name={shownLog.url} deliveries={shownLog.deliveries} loading={pending} onRedelivered={refresh} onClose={close} />}
    </>
  );
}
