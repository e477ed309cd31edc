import { graphql, usePaginationFragment } from "react-relay";
import type { DataTableColumn } from "../../components/DataTable";
import { t } from "../../i18n/translate";
import type { DexamRowAction } from "../../overview/rowActions";
import { notifyLoadFailure } from "../../relay/loadMoreFailure";
import type { DexamTable_query$key } from "./__generated__/DexamTable_query.graphql";
import type { DexamTablePaginationQuery } from "./__generated__/DexamTablePaginationQuery.graphql";
import { DexamRow, type DexamRowData } from "./DexamRow";
import { OVERVIEW_PAGE_SIZE, OverviewTable } from "./OverviewTable";

/**
 * The D-exam table of the overview (R-RO004, R-RO007): ID, Vorname, Nachname, Verein, Instrument,
 * Kurs, Stücke, Theorie, Praxis, Note, the row menu and the symbols; paged with "Mehr laden".
 */
export function DexamTable({
  query,
  loading,
  onAction,
}: {
  query: DexamTable_query$key;
  loading: boolean;
  onAction: (action: DexamRowAction, row: DexamRowData) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<DexamTablePaginationQuery, DexamTable_query$key>(
    graphql`
      fragment DexamTable_query on Query
      @refetchable(queryName: "DexamTablePaginationQuery")
      @argumentDefinitions(
        eventId: { type: "ID!" }
        search: { type: "String" }
        count: { type: "Int", defaultValue: 25 }
        cursor: { type: "String" }
      ) {
        dexamRegistrations(eventId: $eventId, search: $search, first: $count, after: $cursor) @connection(key: "DexamTable_dexamRegistrations") {
          totalCount
          edges {
            node {
              id
              ...DexamRow_registration
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.dexamRegistrations.edges;
  const columns: DataTableColumn[] = [
    { key: "id", header: t("overview.column.id"), narrow: true },
    { key: "firstname", header: t("overview.column.firstname") },
    { key: "lastname", header: t("overview.column.lastname") },
    { key: "association", header: t("overview.column.association") },
    { key: "instrument", header: t("overview.column.instrument") },
    { key: "course", header: t("overview.column.course") },
    { key: "songs", header: t("overview.column.songs") },
    { key: "theory", header: t("overview.column.theory") },
    { key: "practice", header: t("overview.column.practice") },
    { key: "grade", header: t("overview.column.grade") },
  ];
  return (
    <OverviewTable
      label={t("overview.dexamTable")}
      columns={columns}
      shown={edges.length}
      total={data.dexamRegistrations.totalCount}
      hasNext={hasNext}
      loadingNext={isLoadingNext}
      onLoadMore={() => loadNext(OVERVIEW_PAGE_SIZE, { onComplete: notifyLoadFailure("error.dexamRegistrations.load") })}
      loading={loading}
    >
      {edges.map((edge) => (
        <DexamRow key={edge.node.id} registration={edge.node} onAction={onAction} />
      ))}
    </OverviewTable>
  );
}
