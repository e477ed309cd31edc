import { EDIT_PHASE_LABELS, FORM_TYPE_LABELS } from "@shared/labels";
import { useMemo } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useNavigate } from "react-router-dom";
import { DataTable, type DataTableColumn, menuColumn } from "../../components/DataTable";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { type SortAccessors, useTableSort } from "../../components/useTableSort";
import { EVENT_PARAM } from "../../events/chooseEvent";
import { eventDate } from "../../events/eventDates";
import { canManageEvents, exportPaths } from "../../events/rowActions";
import { StatisticDialog } from "../../events/StatisticDialog";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { timetableRoute } from "../../routes/routeTable";
import type { EventDialog_event$key } from "./__generated__/EventDialog_event.graphql";
import type { EventManageContentQuery } from "./__generated__/EventManageContentQuery.graphql";
import { DuplicateEventDialog } from "./DuplicateEventDialog";
import { EventDialog } from "./EventDialog";
import { EventRow, type EventRowAction } from "./EventRow";
import { useDeleteEvent } from "./useDeleteEvent";

type EventNode = EventManageContentQuery["response"]["events"]["edges"][number]["node"];

/** What each sortable column of the event table sorts by (the texts as shown). */
const EVENT_SORT: SortAccessors<EventNode> = {
  id: (event) => event.databaseId,
  name: (event) => event.name,
  formType: (event) => FORM_TYPE_LABELS[event.formType as keyof typeof FORM_TYPE_LABELS] ?? event.formType,
  editPhase: (event) => EDIT_PHASE_LABELS[event.editPhase as keyof typeof EDIT_PHASE_LABELS] ?? event.editPhase,
  expiration: (event) => eventDate(event.expiration)?.getTime(),
  deadline: (event) => event.registrationDeadlineDay,
  published: (event) => event.published,
};

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; event: EventDialog_event$key }
  | { kind: "delete"; id: string; name: string }
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
              ...EventRow_columns @relay(mask: false)
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
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const deletion = useDeleteEvent();
  const navigate = useNavigate();
  const onAction = (action: EventRowAction) => {
    switch (action.kind) {
      case "certificateList":
        void runDownload(exportPaths.certificateList(action.databaseId), "error.download.certificateList");
        return;
      case "timetable":
        navigate(`${timetableRoute.path}?${EVENT_PARAM}=${action.databaseId}`);
        return;
      default:
        setDialog(action);
    }
  };
  const events = useMemo(() => data.events.edges.map((edge) => edge.node), [data.events.edges]);
  const { rows, sort, onSort } = useTableSort(events, EVENT_SORT);
  const columns: DataTableColumn[] = [
    { key: "id", header: t("event.field.id"), narrow: true, sortable: true },
    { key: "name", header: t("event.field.name"), sortable: true },
    { key: "formType", header: t("event.field.formType"), sortable: true },
    { key: "editPhase", header: t("event.field.editPhase"), sortable: true },
    { key: "expiration", header: t("event.field.expiration"), sortable: true },
    { key: "deadline", header: t("event.field.registrationDeadline"), sortable: true },
    { key: "published", header: t("event.field.published"), sortable: true },
    ...menuColumn(),
  ];
  return (
    <>
      <Toolbar actions={manage && <CreateButton label={t("event.create")} onClick={() => setDialog({ kind: "create" })} />} />
      <DataTable label={t("route.eventManage")} columns={columns} rowCount={rows.length} loading={pending} sort={sort} onSort={onSort}>
        {rows.map((event) => (
          <EventRow key={event.id} event={event} roles={roles} onAction={onAction} />
        ))}
      </DataTable>
      {dialog?.kind === "create" && <EventDialog event={null} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />}
      {dialog?.kind === "edit" && <EventDialog event={dialog.event} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />}
      {dialog?.kind === "statistic" && <StatisticDialog eventId={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "copy" && <DuplicateEventDialog eventId={dialog.id} name={dialog.name} onClose={close} onSaved={saved} />}
      {dialog?.kind === "delete" && <DeleteRecordDialog entity="event" target={dialog} mutation={deletion} onCancel={close} onDeleted={saved} />}
    </>
  );
}
