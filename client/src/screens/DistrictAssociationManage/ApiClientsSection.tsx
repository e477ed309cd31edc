import type { RoleName } from "@shared/roles";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, menuColumn } from "../../components/DataTable";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { Icon } from "../../components/Icon";
import { LoadFailure } from "../../components/LoadFailure";
import { RowMenu } from "../../components/RowMenu";
import { Toolbar } from "../../components/Toolbar";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { apiExplorerRoute } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import type { ApiClientsSectionQuery } from "./__generated__/ApiClientsSectionQuery.graphql";
import { ApiClientDialog, type CreatedClient } from "./ApiClientDialog";
import { ApiClientSecretDialog } from "./ApiClientSecretDialog";
import { useRevokeApiClient } from "./useApiClientMutations";

/** "API-Zugänge": machine clients of the active district association, created and revoked here. */
export function ApiClientsSection() {
  return (
    <Card title={t("apiClients.title")}>
      <ErrorBoundary fallback={(error) => <LoadFailure prefix="apiClients.loadFailed" error={error} />}>
        <Suspense fallback={null}>
          <ApiClientsContent />
        </Suspense>
      </ErrorBoundary>
    </Card>
  );
}

type DialogState = { kind: "create" } | { kind: "secret"; created: CreatedClient } | { kind: "revoke"; databaseId: number; name: string };

function ApiClientsContent() {
  const { state } = useAppState();
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<ApiClientsSectionQuery>(
    graphql`
      query ApiClientsSectionQuery($districtAssociationId: Int) {
        viewer {
          roles
        }
        apiClients(districtAssociationId: $districtAssociationId) {
          databaseId
          clientId
          name
          roles
          createdAt
          revokedAt
        }
      }
    `,
    { districtAssociationId: state.activeDistrictAssociationId },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [revoke, revoking] = useRevokeApiClient();
  const close = () => setDialog(null);

  const columns = [
    { key: "name", header: t("apiClients.field.name") },
    { key: "clientId", header: t("apiClients.field.clientId") },
    { key: "roles", header: t("apiClients.field.roles") },
    { key: "status", header: t("apiClients.field.status") },
    ...menuColumn(),
  ];

  return (
    <>
      <p>{t("apiClients.intro")}</p>
      <p>
        {t("apiExplorer.cardText")} <Link to={apiExplorerRoute.path}>{t("apiExplorer.open")}</Link>
      </p>
      <Toolbar
        actions={
          <Button onClick={() => setDialog({ kind: "create" })}>
            <Icon name="plus" />
            {t("apiClients.create")}
          </Button>
        }
      />
      <DataTable label={t("apiClients.title")} columns={columns} rowCount={data.apiClients.length} loading={pending}>
        {data.apiClients.map((client) => (
          <tr key={client.databaseId}>
            <td>{client.name}</td>
            <td>
              <code>{client.clientId}</code>
            </td>
            <td>{client.roles.map((role) => t(`role.${role as RoleName}`)).join(", ")}</td>
            <td>{client.revokedAt ? t("apiClients.status.revoked", { at: formatDateTime(client.revokedAt) }) : t("apiClients.status.active")}</td>
            <td>
              {!client.revokedAt && (
                <RowMenu
                  label={t("rowMenu.label", { name: client.name })}
                  items={[{ value: "revoke", label: t("apiClients.action.revoke"), danger: true }]}
                  onSelect={() => setDialog({ kind: "revoke", databaseId: client.databaseId, name: client.name })}
                />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {dialog?.kind === "create" && (
        <ApiClientDialog
          viewerRoles={data.viewer.roles as readonly RoleName[]}
          districtAssociationId={state.activeDistrictAssociationId}
          onClose={close}
          // the list is refreshed when the secret dialog closes: refreshing suspends this component
          onCreated={(created) => setDialog({ kind: "secret", created })}
        />
      )}
      {dialog?.kind === "secret" && (
        <ApiClientSecretDialog
          created={dialog.created}
          onClose={() => {
            close();
            refresh();
          }}
        />
      )}
      {dialog?.kind === "revoke" && (
        <ConfirmDialog
          text={t("apiClients.confirmRevoke", { name: dialog.name })}
          busy={revoking}
          onCancel={close}
          onConfirm={async () => {
            await revoke({ id: dialog.databaseId });
            close();
            refresh();
          }}
        />
      )}
    </>
  );
}
