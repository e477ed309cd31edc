import { graphql } from "react-relay";
import { t } from "../../i18n/translate";
import type { CompetitionOverviewQuery } from "./__generated__/CompetitionOverviewQuery.graphql";
import { CompetitionEditDialog } from "./CompetitionEditDialog";
import { CompetitionRow, type CompetitionRowData } from "./CompetitionRow";
import { COMPETITION_COLUMNS, useCompetitionPages } from "./CompetitionTable";
import { competitionOrderFields } from "./overviewOrder";
import { type KindListProps, type ListKind, RegistrationList } from "./RegistrationList";
import { type CompetitionRowAction, overviewExportPaths } from "./rowActions";
import { useCancelCompetitionRegistration } from "./useCancelCompetitionRegistration";
import { useDeleteCompetitionRegistration } from "./useDeleteCompetitionRegistration";

/** Cancel and delete (a cancelled registration's delete says it is final), each confirmed first. */
function useCompetitionConfirmations() {
  const [deleteRegistration, deleting] = useDeleteCompetitionRegistration();
  const [cancelRegistration, cancelling] = useCancelCompetitionRegistration();
  const deleteText = (row: CompetitionRowData) =>
    t(row.cancelledAt ? "overview.competition.confirmDeleteCancelled" : "overview.competition.confirmDelete", { name: row.name });
  return {
    delete: { text: deleteText, run: deleteRegistration, busy: deleting },
    cancel: { text: (row: CompetitionRowData) => t("overview.competition.confirmCancel", { name: row.name }), run: cancelRegistration, busy: cancelling },
  };
}

const COMPETITION_LIST: ListKind<
  CompetitionRowAction,
  CompetitionRowData,
  CompetitionOverviewQuery,
  ReturnType<typeof useCompetitionPages>["connection"]["edges"][number]["node"]
> = {
  query: graphql`
    query CompetitionOverviewQuery(
      $eventId: ID!
      $search: String
      $location: ID
      $association: ID
      $filter: RegistrationListFilter
      $orderBy: CompetitionRegistrationOrder
    ) {
      ...CompetitionTable_query @arguments(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $orderBy)
      ...OverviewFilterBar_options @arguments(eventId: $eventId)
    }
  `,
  usePages: useCompetitionPages,
  orderFields: competitionOrderFields,
  label: "overview.competition.table",
  columns: COMPETITION_COLUMNS,
  row: (node, onAction) => <CompetitionRow key={node.id} registration={node} onAction={onAction} />,
  loadFailure: "error.competitionRegistrations.load",
  name: (row) => row.name,
  EditDialog: CompetitionEditDialog,
  downloads: { calendar: (row) => [overviewExportPaths.competitionCalendar(row.databaseId), "calendar.downloadFailed"] },
  useConfirmations: useCompetitionConfirmations,
};

/** The competition registrations of one event (R-RO003) with the row actions: open (edit, enter songs, view), cancel and delete. */
export function CompetitionOverview(props: KindListProps) {
  return <RegistrationList kind={COMPETITION_LIST} {...props} />;
}
