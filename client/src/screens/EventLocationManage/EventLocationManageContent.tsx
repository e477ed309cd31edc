import { LOCATION_TYPE_LABELS } from "@shared/labels";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DataTable, type DataTableColumn, menuColumn } from "../../components/DataTable";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { type SortAccessors, useTableSort } from "../../components/useTableSort";
import { eventDate } from "../../events/eventDates";
import { canManageEvents, exportPaths } from "../../events/rowActions";
import { StatisticDialog } from "../../events/StatisticDialog";
import { chosenNode, EventPicker, NoEventNotice, useEventChooser } from "../../events/useEventChooser";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import type { EventLocationManageContentQuery } from "./__generated__/EventLocationManageContentQuery.graphql";
import type { LocationDialog_location$key } from "./__generated__/LocationDialog_location.graphql";
import styles from "./EventLocationManageContent.module.css";
import { LocationDialog } from "./LocationDialog";
import { LocationRow, type LocationRowAction } from "./LocationRow";
import { useDeleteEventLocation } from "./useDeleteEventLocation";

type LocationNode = EventLocationManageContentQuery["response"]["events"]["edges"][number]["node"]["locations"][number];

/** What each sortable column of the location table sorts by (the texts as shown; no date sorts last). */
const LOCATION_SORT: SortAccessors<LocationNode> = {
  id: (location) => location.databaseId,
  name: (location) => location.name,
  type: (location) => LOCATION_TYPE_LABELS[location.type as keyof typeof LOCATION_TYPE_LABELS] ?? location.type,
  categories: (location) => (location.type === "COMPETITION" ? location.competitionTypes : location.dexamTypes).join(", ") || null,
  start: (location) => eventDate(location.start)?.getTime(),
  end: (location) => eventDate(location.end)?.getTime(),
  publishResults: (location) => location.publishResults,
};

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; location: LocationDialog_location$key }
  | { kind: "delete"; id: string; name: string }
  | { kind: "statistic"; id: string; name: string };

const NO_LOCATIONS: readonly LocationNode[] = [];

/** The event picker, "Neuer Veranstaltungsort", the location table and its dialogs (R-LO002..R-LO020). */
export function EventLocationManageContent({ districtAssociationId }: { districtAssociationId: number }) {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<EventLocationManageContentQuery>(
    graphql`
      query EventLocationManageContentQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        ...useEventChooser_events @arguments(districtAssociationId: $districtAssociationId)
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              canManage
              locations {
                ...LocationRow_columns @relay(mask: false)
                ...LocationRow_location
              }
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  // the event is the session's choice (none until one is chosen), not the URL's
  const chooser = useEventChooser(data, { inUrl: false });
  const event = chooser.event;
  const details = chosenNode(data.events.edges, event);
  const roles = data.viewer.roles;
  const manage = canManageEvents(roles) && Boolean(details?.canManage);
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const deletion = useDeleteEventLocation();
  const onAction = (action: LocationRowAction) => {
    if (!event) return;
    switch (action.kind) {
      case "overview":
        void runDownload(exportPaths.overview(event.databaseId), "error.download.overview", { locationId: action.databaseId });
        return;
      case "blankSheets":
        void runDownload(exportPaths.blankSheets(action.databaseId), "error.download.blankPracticeSheets");
        return;
      case "sheets":
        void runDownload(exportPaths.sheets(action.databaseId), "error.download.practiceSheets");
        return;
      default:
        setDialog(action);
    }
  };
  const { rows: locations, sort, onSort } = useTableSort(details?.locations ?? NO_LOCATIONS, LOCATION_SORT);
  const columns: DataTableColumn[] = [
    { key: "id", header: t("location.field.id"), narrow: true, sortable: true },
    { key: "name", header: t("location.field.name"), sortable: true },
    { key: "type", header: t("location.field.type"), sortable: true },
    { key: "categories", header: t("location.field.categories"), sortable: true },
    { key: "start", header: t("location.field.start"), sortable: true },
    { key: "end", header: t("location.field.end"), sortable: true },
    { key: "publishResults", header: t("location.field.publishResults"), sortable: true },
    ...menuColumn(),
  ];
  return (
    <>
      <Toolbar actions={manage && <CreateButton label={t("location.create")} onClick={() => setDialog({ kind: "create" })} />}>
        <EventPicker className={styles.picker} chooser={chooser} />
      </Toolbar>
      {!event || !details ? (
        <NoEventNotice chooser={chooser} />
      ) : (
        <DataTable label={t("route.eventLocationManage")} columns={columns} rowCount={locations.length} loading={pending} sort={sort} onSort={onSort}>
          {locations.map((location) => (
            <LocationRow key={location.id} location={location} roles={roles} canManage={details.canManage} formType={event.formType} onAction={onAction} />
          ))}
        </DataTable>
      )}
      {event && dialog?.kind === "create" && <LocationDialog location={null} eventId={event.id} formType={event.formType} onClose={close} onSaved={saved} />}
      {event && dialog?.kind === "edit" && (
        <LocationDialog location={dialog.location} eventId={event.id} formType={event.formType} onClose={close} onSaved={saved} />
      )}
      {event && dialog?.kind === "statistic" && <StatisticDialog eventId={event.id} locationId={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "delete" && <DeleteRecordDialog entity="location" target={dialog} mutation={deletion} onCancel={close} onDeleted={saved} />}
    </>
  );
}
