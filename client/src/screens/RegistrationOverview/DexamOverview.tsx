import { useCallback, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { useServerSort } from "../../components/useServerSort";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { notify } from "../../shell/snackbarQueue";
import type { DexamOverviewQuery } from "./__generated__/DexamOverviewQuery.graphql";
import { ConfirmRowAction } from "./ConfirmRowAction";
import { DexamEditDialog } from "./DexamEditDialog";
import type { DexamRowData } from "./DexamRow";
import { DexamTable, dexamOrderFields } from "./DexamTable";
import { hasUnverifiedPartialResult } from "./display";
import { type DexamRowAction, overviewExportPaths } from "./rowActions";
import { TakeoverDialog } from "./TakeoverDialog";
import { useCancelDexamRegistration } from "./useCancelDexamRegistration";
import { useDeleteDexamRegistration } from "./useDeleteDexamRegistration";
import { useEraseDexamCampData } from "./useEraseDexamCampData";

type DialogState =
  | { kind: "edit"; id: string }
  | { kind: "delete" | "cancel" | "history" | "eraseCampData"; id: string; name: string; cancelled?: boolean }
  | { kind: "takeOver"; registration: DexamRowData };

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
}: {
  eventId: string;
  /** a camp event and a viewer with registration_manage: the history also lists the health-data accesses */
  healthAccesses?: boolean;
  districtAssociationId: number;
  /** the event's Event.viewerSeesAllResults: only then do the result columns (points, grade) sort */
  viewerSeesAllResults: boolean;
  search: string;
  searching: boolean;
}) {
  const { fetchKey, refresh, pending } = useRefresh();
  // the sort is the URL's `sort`, like the search's `q`: a link or a reload keeps both
  const orderFields = dexamOrderFields(viewerSeesAllResults);
  const { sort, orderBy, sorting, onSort } = useServerSort(orderFields);
  const data = useLazyLoadQuery<DexamOverviewQuery>(
    graphql`
      query DexamOverviewQuery($eventId: ID!, $search: String, $orderBy: DexamRegistrationOrder) {
        ...DexamTable_query @arguments(eventId: $eventId, search: $search, orderBy: $orderBy)
      }
    `,
    { eventId, search: search.trim() || null, orderBy },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [deleteRegistration, deleting] = useDeleteDexamRegistration();
  const [cancelRegistration, cancelling] = useCancelDexamRegistration();
  const [eraseCampData, erasing] = useEraseDexamCampData();
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    refresh();
  };

  // stable, so the rows (memo) render again only when their own data changes
  const act = useCallback((action: DexamRowAction, row: DexamRowData) => {
    const name = `${row.firstname} ${row.lastname}`;
    switch (action) {
      case "edit":
      case "songs":
      case "view":
        // R-RO033: the edit dialog opens with the warning about the unverified partial result
        if (hasUnverifiedPartialResult(row)) notify({ type: "information", text: t("overview.partialResultUnverified") });
        setDialog({ kind: "edit", id: row.id });
        return;
      case "takeOver":
        setDialog({ kind: "takeOver", registration: row });
        return;
      case "practiceSheet":
        void runDownload(overviewExportPaths.practiceSheet(row.databaseId), "error.download.practiceSheet");
        return;
      case "consentForm":
        void runDownload(overviewExportPaths.consentForm(row.databaseId), "error.download.consentForm");
        return;
      case "calendar":
        void runDownload(overviewExportPaths.dexamCalendar(row.databaseId), "calendar.downloadFailed");
        return;
      case "history":
      case "cancel":
      case "eraseCampData":
        setDialog({ kind: action, id: row.id, name });
        return;
      case "delete":
        setDialog({ kind: action, id: row.id, name, cancelled: !!row.cancelledAt });
        return;
    }
  }, []);

  return (
    <>
      <DexamTable query={data} loading={searching || pending || sorting} sort={sort} onSort={onSort} onAction={act} orderFields={orderFields} />
      {dialog?.kind === "edit" && <DexamEditDialog registrationId={dialog.id} onClose={close} />}
      {dialog?.kind === "history" && <ChangeHistoryDialog id={dialog.id} name={dialog.name} onClose={close} healthAccesses={healthAccesses} />}
      {dialog?.kind === "takeOver" && (
        <TakeoverDialog
          registration={dialog.registration}
          sourceEventId={eventId}
          districtAssociationId={districtAssociationId}
          onClose={close}
          onSaved={saved}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmRowAction
          text={t(dialog.cancelled ? "overview.confirmDeleteCancelled" : "overview.confirmDelete", { name: dialog.name })}
          busy={deleting}
          run={() => deleteRegistration({ id: dialog.id })}
          onDone={saved}
          onClose={close}
        />
      )}
      {dialog?.kind === "eraseCampData" && (
        <ConfirmRowAction
          text={t("overview.confirmEraseCampData", { name: dialog.name })}
          busy={erasing}
          run={() => eraseCampData({ id: dialog.id })}
          onDone={saved}
          onClose={close}
        />
      )}
      {dialog?.kind === "cancel" && (
        <ConfirmRowAction
          text={t("overview.confirmCancel", { name: dialog.name })}
          busy={cancelling}
          run={() => cancelRegistration({ id: dialog.id })}
          onDone={saved}
          onClose={close}
        />
      )}
    </>
  );
}
