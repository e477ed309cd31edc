import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { Icon } from "../../components/Icon";
import { Toolbar } from "../../components/Toolbar";
import { canManageEvents, exportPaths } from "../../events/rowActions";
import { runDownload } from "../../events/runDownload";
import { StatisticDialog } from "../../events/StatisticDialog";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import type { EventDialog_event$key } from "./__generated__/EventDialog_event.graphql";
import type { EventManageContentQuery } from "./__generated__/EventManageContentQuery.graphql";
import { DuplicateEventDialog } from "./DuplicateEventDialog";
import { EventDialog } from "./EventDialog";
import { EventRow, type EventRowAction } from "./EventRow";
import { useDeleteEvent } from "./useDeleteEvent";

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; event: EventDialog_event$key }
  | { kind: "delete"; id: string }
  | { kind: "statistic"; id: string; name: string }
  | { kind: "copy"; id: string; name: string };

/** "Neue Veranstaltung", the event table and its dialogs (R-EV002..R-EV026). */
export function EventManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<EventManageContentQuery>(
    graphql`
      query EventManageContentQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              ...EventRow_event
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const roles = data.viewer.roles;
  const manage = canManageEvents(roles);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [deleteEvent, deleting] = useDeleteEvent();
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    refresh();
  };
  const onAction = (action: EventRowAction) => {
    switch (action.kind) {
      case "certificateList":
        void runDownload(exportPaths.certificateList(action.databaseId), "error.download.certificateList");
        return;
      default:
        setDialog(action);
    }
  };
  const edges = data.events.edges;
  const columns: DataTableColumn[] = [
    { key: "id", header: t("event.field.id"), narrow: true },
    { key: "name", header: t("event.field.name") },
    { key: "formType", header: t("event.field.formType") },
    { key: "editPhase", header: t("event.field.editPhase") },
    { key: "expiration", header: t("event.field.expiration") },
    { key: "deadline", header: t("event.field.registrationDeadline") },
    { key: "published", header: t("event.field.published") },
    { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  ];
  return (
    <>
      <Toolbar
        actions={
          manage && (
            <Button onClick={() => setDialog({ kind: "create" })}>
              <Icon name="plus" />
              {t("event.create")}
            </Button>
          )
        }
      />
      <DataTable label={t("route.eventManage")} columns={columns} rowCount={edges.length} loading={pending}>
        {edges.map((edge) => (
          <EventRow key={edge.node.id} event={edge.node} roles={roles} onAction={onAction} />
        ))}
      </DataTable>
      {dialog?.kind === "create" && <EventDialog event={null} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />}
      {dialog?.kind === "edit" && <EventDialog event={dialog.event} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />}
      {dialog?.kind === "statistic" && <StatisticDialog eventId={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "copy" && <DuplicateEventDialog eventId={dialog.id} name={dialog.name} onClose={close} onSaved={saved} />}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          text={t("event.confirmDelete")}
          busy={deleting}
          onCancel={close}
          onConfirm={async () => {
            const result = await deleteEvent({ id: dialog.id });
            if (result.ok) saved();
            else close();
          }}
        />
      )}
    </>
  );
}
