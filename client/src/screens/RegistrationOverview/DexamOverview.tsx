import { graphql } from "react-relay";
import { t } from "../../i18n/translate";
import { notify } from "../../shell/snackbarQueue";
import type { DexamOverviewQuery } from "./__generated__/DexamOverviewQuery.graphql";
import { DexamEditDialog } from "./DexamEditDialog";
import { DexamRow, type DexamRowData, dexamName } from "./DexamRow";
import { DEXAM_COLUMNS, useDexamPages } from "./DexamTable";
import { hasUnverifiedPartialResult } from "./display";
import { dexamOrderFields } from "./overviewOrder";
import { type KindListProps, type ListKind, RegistrationList } from "./RegistrationList";
import { type DexamRowAction, overviewExportPaths } from "./rowActions";
import { TakeoverDialog } from "./TakeoverDialog";
import { useCancelDexamRegistration } from "./useCancelDexamRegistration";
import { useDeleteDexamRegistration } from "./useDeleteDexamRegistration";
import { useEraseDexamCampData } from "./useEraseDexamCampData";

/** Cancel, delete (a cancelled registration's delete says it is final) and erase the camp data, each confirmed first. */
function useDexamConfirmations() {
  const [deleteRegistration, deleting] = useDeleteDexamRegistration();
  const [cancelRegistration, cancelling] = useCancelDexamRegistration();
  const [eraseCampData, erasing] = useEraseDexamCampData();
  return {
    delete: {
      text: (row: DexamRowData) => t(row.cancelledAt ? "overview.confirmDeleteCancelled" : "overview.confirmDelete", { name: dexamName(row) }),
      run: deleteRegistration,
      busy: deleting,
    },
    cancel: { text: (row: DexamRowData) => t("overview.confirmCancel", { name: dexamName(row) }), run: cancelRegistration, busy: cancelling },
    eraseCampData: { text: (row: DexamRowData) => t("overview.confirmEraseCampData", { name: dexamName(row) }), run: eraseCampData, busy: erasing },
  };
}

const DEXAM_LIST: ListKind<DexamRowAction, DexamRowData, DexamOverviewQuery, ReturnType<typeof useDexamPages>["connection"]["edges"][number]["node"]> = {
  query: graphql`
    query DexamOverviewQuery(
      $eventId: ID!
      $search: String
      $location: ID
      $association: ID
      $filter: RegistrationListFilter
      $orderBy: DexamRegistrationOrder
    ) {
      ...DexamTable_query @arguments(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $orderBy)
      ...OverviewFilterBar_options @arguments(eventId: $eventId)
    }
  `,
  usePages: useDexamPages,
  orderFields: dexamOrderFields,
  label: "overview.dexamTable",
  columns: DEXAM_COLUMNS,
  row: (node, onAction) => <DexamRow key={node.id} registration={node} onAction={onAction} />,
  loadFailure: "error.dexamRegistrations.load",
  name: dexamName,
  EditDialog: DexamEditDialog,
  downloads: {
    practiceSheet: (row) => [overviewExportPaths.practiceSheet(row.databaseId), "error.download.practiceSheet"],
    consentForm: (row) => [overviewExportPaths.consentForm(row.databaseId), "error.download.consentForm"],
    calendar: (row) => [overviewExportPaths.dexamCalendar(row.databaseId), "calendar.downloadFailed"],
  },
  useConfirmations: useDexamConfirmations,
  // R-RO033: the edit dialog opens with the warning about the unverified partial result
  onOpen: (row) => {
    if (hasUnverifiedPartialResult(row)) notify({ type: "information", text: t("overview.partialResultUnverified") });
  },
};

/**
 * The D-exam registrations of one event (R-RO004) with the row actions: open (edit, enter songs,
 * view), take over a partial result, the downloads, erase the camp data, cancel and delete.
 */
export function DexamOverview({
  districtAssociationId,
  healthAccesses = false,
  ...props
}: KindListProps & {
  districtAssociationId: number;
  /** a camp event and a viewer with registration_manage: the history also lists the health-data accesses */
  healthAccesses?: boolean;
}) {
  return (
    <RegistrationList
      kind={DEXAM_LIST}
      {...props}
      healthAccesses={healthAccesses}
      dialog={(open, close, saved) =>
        open.action === "takeOver" && (
          <TakeoverDialog registration={open.row} sourceEventId={props.eventId} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />
        )
      }
    />
  );
}
