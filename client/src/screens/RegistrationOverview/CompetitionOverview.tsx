import { graphql, useLazyLoadQuery } from "react-relay";
import { t } from "../../i18n/translate";
import type { CompetitionOverviewQuery } from "./__generated__/CompetitionOverviewQuery.graphql";
import { CompetitionEditDialog } from "./CompetitionEditDialog";
import { CompetitionRow, type CompetitionRowData } from "./CompetitionRow";
import { COMPETITION_COLUMNS, competitionOrderFields, useCompetitionPages } from "./CompetitionTable";
import { type FirstPage, type ListKind, RegistrationList, useRegistrationList } from "./RegistrationList";
import { type CompetitionRowAction, overviewExportPaths } from "./rowActions";
import { useCancelCompetitionRegistration } from "./useCancelCompetitionRegistration";
import { useDeleteCompetitionRegistration } from "./useDeleteCompetitionRegistration";

const COMPETITION_LIST: ListKind<CompetitionRowAction, CompetitionRowData> = {
  label: "overview.competition.table",
  columns: COMPETITION_COLUMNS,
  loadFailure: "error.competitionRegistrations.load",
  name: (row) => row.name,
  EditDialog: CompetitionEditDialog,
  downloads: { calendar: (row) => [overviewExportPaths.competitionCalendar(row.databaseId), "calendar.downloadFailed"] },
};

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
  preloaded = null,
}: {
  eventId: string;
  search: string;
  searching: boolean;
  /** the event's Event.viewerSeesAllResults: only then do Punkte and Prädikat sort */
  viewerSeesAllResults: boolean;
  /** the first page the route loaded with the screen */
  preloaded?: FirstPage | null;
}) {
  const orderFields = competitionOrderFields(viewerSeesAllResults);
  const list = useRegistrationList(orderFields, eventId, search, preloaded);
  const data = useLazyLoadQuery<CompetitionOverviewQuery>(
    graphql`
      query CompetitionOverviewQuery($eventId: ID!, $search: String, $orderBy: CompetitionRegistrationOrder) {
        ...CompetitionTable_query @arguments(eventId: $eventId, search: $search, orderBy: $orderBy)
      }
    `,
    list.variables,
    list.options,
  );
  const pages = useCompetitionPages(data);
  const [deleteRegistration, deleting] = useDeleteCompetitionRegistration();
  const [cancelRegistration, cancelling] = useCancelCompetitionRegistration();
  return (
    <RegistrationList
      kind={COMPETITION_LIST}
      orderFields={orderFields}
      list={list}
      loading={searching}
      connection={pages.data.competitionRegistrations}
      pagination={pages}
      row={(node, onAction) => <CompetitionRow key={node.id} registration={node} onAction={onAction} />}
      confirmations={{
        delete: {
          text: (row) => t(row.cancelledAt ? "overview.competition.confirmDeleteCancelled" : "overview.competition.confirmDelete", { name: row.name }),
          run: deleteRegistration,
          busy: deleting,
        },
        cancel: { text: (row) => t("overview.competition.confirmCancel", { name: row.name }), run: cancelRegistration, busy: cancelling },
      }}
    />
  );
}
