import { useCallback, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { useServerSort } from "../../components/useServerSort";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import type { CompetitionOverviewQuery } from "./__generated__/CompetitionOverviewQuery.graphql";
import { CompetitionEditDialog } from "./CompetitionEditDialog";
import type { CompetitionRowData } from "./CompetitionRow";
import { CompetitionTable, competitionOrderFields } from "./CompetitionTable";
import { ConfirmRowAction } from "./ConfirmRowAction";
import { type CompetitionRowAction, overviewExportPaths } from "./rowActions";
import { useCancelCompetitionRegistration } from "./useCancelCompetitionRegistration";
import { useDeleteCompetitionRegistration } from "./useDeleteCompetitionRegistration";

type DialogState = { kind: "edit"; id: string } | { kind: "delete" | "cancel" | "history"; id: string; name: string; cancelled?: boolean };

/**
 * The competition registrations of one event (R-RO003) with the row actions: open (edit, enter
 * songs, view), cancel and delete (each confirmed first). Every change refreshes the list (spec §7
 * "Answers"): a save in the edit dialog by its answer, which updates the row's record
 * (useUpdateCompetitionRegistration), the other changes by loading the list again.
 */
export function CompetitionOverview({
  eventId,
  search,
  searching,
  viewerSeesAllResults,
}: {
  eventId: string;
  search: string;
  searching: boolean;
  /** the event's Event.viewerSeesAllResults: only then do Punkte and Prädikat sort */
  viewerSeesAllResults: boolean;
}) {
  const { fetchKey, refresh, pending } = useRefresh();
  // the sort is the URL's `sort`, like the search's `q`: a link or a reload keeps both
  const orderFields = competitionOrderFields(viewerSeesAllResults);
  const { sort, orderBy, sorting, onSort } = useServerSort(orderFields);
  const data = useLazyLoadQuery<CompetitionOverviewQuery>(
    graphql`
      query CompetitionOverviewQuery($eventId: ID!, $search: String, $orderBy: CompetitionRegistrationOrder) {
        ...CompetitionTable_query @arguments(eventId: $eventId, search: $search, orderBy: $orderBy)
      }
    `,
    { eventId, search: search.trim() || null, orderBy },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [deleteRegistration, deleting] = useDeleteCompetitionRegistration();
  const [cancelRegistration, cancelling] = useCancelCompetitionRegistration();
  const close = () => setDialog(null);
  const saved = () => {
    setDialog(null);
    refresh();
  };

  // stable, so the rows (memo) render again only when their own data changes
  const act = useCallback((action: CompetitionRowAction, row: CompetitionRowData) => {
    switch (action) {
      case "edit":
      case "songs":
      case "view":
        setDialog({ kind: "edit", id: row.id });
        return;
      case "calendar":
        void runDownload(overviewExportPaths.competitionCalendar(row.databaseId), "calendar.downloadFailed");
        return;
      case "history":
      case "cancel":
      case "delete":
        setDialog({ kind: action, id: row.id, name: row.name, cancelled: action === "delete" && !!row.cancelledAt });
        return;
    }
  }, []);

  return (
    <>
      <CompetitionTable query={data} loading={searching || pending || sorting} sort={sort} onSort={onSort} onAction={act} orderFields={orderFields} />
      {dialog?.kind === "edit" && <CompetitionEditDialog registrationId={dialog.id} onClose={close} />}
      {dialog?.kind === "history" && <ChangeHistoryDialog id={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "delete" && (
        <ConfirmRowAction
          text={t(dialog.cancelled ? "overview.competition.confirmDeleteCancelled" : "overview.competition.confirmDelete", { name: dialog.name })}
          busy={deleting}
          run={() => deleteRegistration({ id: dialog.id })}
          onDone={saved}
          onClose={close}
        />
      )}
      {dialog?.kind === "cancel" && (
        <ConfirmRowAction
          text={t("overview.competition.confirmCancel", { name: dialog.name })}
          busy={cancelling}
          run={() => cancelRegistration({ id: dialog.id })}
          onDone={saved}
          onClose={close}
        />
      )}
    </>
  );
}
