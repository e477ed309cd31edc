import { LOCATION_TYPE_LABELS } from "@shared/labels";
import { useMemo } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { Notice } from "../../components/Notice";
import { SelectField } from "../../components/SelectField";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { type SortAccessors, useTableSort } from "../../components/useTableSort";
import { eventDate } from "../../events/eventDates";
import { canManageEvents, exportPaths } from "../../events/rowActions";
import { StatisticDialog } from "../../events/StatisticDialog";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { useAppState } from "../../state/AppStateContext";
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
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              databaseId
              name
              formType
              canManage
              locations {
                id
                databaseId
                name
                type
                dexamTypes
                competitionTypes
                start
                end
                publishResults
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
  const { state, dispatch } = useAppState();
  const events = data.events.edges.map((edge) => edge.node);
  const event = events.find((candidate) => candidate.id === state.activeEventId) ?? null;
  const options = useMemo(() => events.map((candidate) => ({ value: candidate.id, label: candidate.name })), [events]);
  const roles = data.viewer.roles;
  const manage = canManageEvents(roles) && Boolean(event?.canManage);
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
  const { rows: locations, sort, onSort } = useTableSort(event?.locations ?? NO_LOCATIONS, LOCATION_SORT);
  const columns: DataTableColumn[] = [
    { key: "id", header: t("location.field.id"), narrow: true, sortable: true },
    { key: "name", header: t("location.field.name"), sortable: true },
    { key: "type", header: t("location.field.type"), sortable: true },
    { key: "categories", header: t("location.field.categories"), sortable: true },
    { key: "start", header: t("location.field.start"), sortable: true },
    { key: "end", header: t("location.field.end"), sortable: true },
    { key: "publishResults", header: t("location.field.publishResults"), sortable: true },
    { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  ];
  return (
    <>
      <Toolbar actions={manage && <CreateButton label={t("location.create")} onClick={() => setDialog({ kind: "create" })} />}>
        <SelectField
          className={styles.picker}
          label={t("event.picker")}
          options={options}
          value={event?.id ?? null}
          onChange={(id) => dispatch({ type: "selectEvent", id })}
        />
      </Toolbar>
      {events.length === 0 ? (
        <Notice>{t("event.none")}</Notice>
      ) : !event ? (
        <Notice>{t("event.pickFirst")}</Notice>
      ) : (
        <DataTable label={t("route.eventLocationManage")} columns={columns} rowCount={locations.length} loading={pending} sort={sort} onSort={onSort}>
          {locations.map((location) => (
            <LocationRow key={location.id} location={location} roles={roles} canManage={event.canManage} formType={event.formType} onAction={onAction} />
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
