import { graphql, useLazyLoadQuery } from "react-relay";
import { t } from "../../i18n/translate";
import { notify } from "../../shell/snackbarQueue";
import type { DexamOverviewQuery } from "./__generated__/DexamOverviewQuery.graphql";
import { DexamEditDialog } from "./DexamEditDialog";
import { DexamRow, type DexamRowData, dexamName } from "./DexamRow";
import { DEXAM_COLUMNS, dexamOrderFields, useDexamPages } from "./DexamTable";
import { hasUnverifiedPartialResult } from "./display";
import { type FirstPage, type ListKind, RegistrationList, useRegistrationList } from "./RegistrationList";
import { type DexamRowAction, overviewExportPaths } from "./rowActions";
import { TakeoverDialog } from "./TakeoverDialog";
import { useCancelDexamRegistration } from "./useCancelDexamRegistration";
import { useDeleteDexamRegistration } from "./useDeleteDexamRegistration";
import { useEraseDexamCampData } from "./useEraseDexamCampData";

const DEXAM_LIST: ListKind<DexamRowAction, DexamRowData> = {
  label: "overview.dexamTable",
  columns: DEXAM_COLUMNS,
  loadFailure: "error.dexamRegistrations.load",
  name: dexamName,
  EditDialog: DexamEditDialog,
  downloads: {
    practiceSheet: (row) => [overviewExportPaths.practiceSheet(row.databaseId), "error.download.practiceSheet"],
    consentForm: (row) => [overviewExportPaths.consentForm(row.databaseId), "error.download.consentForm"],
    calendar: (row) => [overviewExportPaths.dexamCalendar(row.databaseId), "calendar.downloadFailed"],
  },
  // R-RO033: the edit dialog opens with the warning about the unverified partial result
  onOpen: (row) => {
    if (hasUnverifiedPartialResult(row)) notify({ type: "information", text: t("overview.partialResultUnverified") });
  },
};

/**
 * The D-exam registrations of one event (R-RO004) with the row actions: open (edit, enter songs,
 * view), take over a partial result, the downloads, erase the camp data, cancel and delete (each
 * confirmed first; a cancelled registration's delete says it is final).
 * Every change refreshes the list (spec §7 "Answers"): a save in the edit dialog by its answer,
 * which updates the row's record (useUpdateDexamRegistration), the other changes by loading the
 * list again.
 */
export function DexamOverview({
  eventId,
  districtAssociationId,
  search,
  searching,
  viewerSeesAllResults,
  healthAccesses = false,
  preloaded = null,
}: {
  eventId: string;
  /** a camp event and a viewer with registration_manage: the history also lists the health-data accesses */
  healthAccesses?: boolean;
  districtAssociationId: number;
  /** the event's Event.viewerSeesAllResults: only then do the result columns (points, grade) sort */
  viewerSeesAllResults: boolean;
  search: string;
  searching: boolean;
  /** the first page the route loaded with the screen */
  preloaded?: FirstPage | null;
}) {
  const orderFields = dexamOrderFields(viewerSeesAllResults);
  const list = useRegistrationList(orderFields, eventId, search, preloaded);
  const data = useLazyLoadQuery<DexamOverviewQuery>(
    graphql`
      query DexamOverviewQuery($eventId: ID!, $search: String, $orderBy: DexamRegistrationOrder) {
        ...DexamTable_query @arguments(eventId: $eventId, search: $search, orderBy: $orderBy)
      }
    `,
    list.variables,
    list.options,
  );
  const pages = useDexamPages(data);
  const [deleteRegistration, deleting] = useDeleteDexamRegistration();
  const [cancelRegistration, cancelling] = useCancelDexamRegistration();
  const [eraseCampData, erasing] = useEraseDexamCampData();
  return (
    <RegistrationList
      kind={DEXAM_LIST}
      orderFields={orderFields}
      list={list}
      loading={searching}
      connection={pages.data.dexamRegistrations}
      pagination={pages}
      row={(node, onAction) => <DexamRow key={node.id} registration={node} onAction={onAction} />}
      healthAccesses={healthAccesses}
      confirmations={{
        delete: {
          text: (row) => t(row.cancelledAt ? "overview.confirmDeleteCancelled" : "overview.confirmDelete", { name: dexamName(row) }),
          run: deleteRegistration,
          busy: deleting,
        },
        cancel: { text: (row) => t("overview.confirmCancel", { name: dexamName(row) }), run: cancelRegistration, busy: cancelling },
        eraseCampData: { text: (row) => t("overview.confirmEraseCampData", { name: dexamName(row) }), run: eraseCampData, busy: erasing },
      }}
      dialog={(open, close, saved) =>
        open.action === "takeOver" && (
          <TakeoverDialog registration={open.row} sourceEventId={eventId} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />
        )
      }
    />
  );
}
