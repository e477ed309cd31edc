import { graphql, usePaginationFragment } from "react-relay";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { TablePager } from "../../components/TablePager";
import { t } from "../../i18n/translate";
import type { DexamRowAction } from "../../overview/rowActions";
import { notifyLoadFailure } from "../../relay/loadMoreFailure";
import type { DexamTable_query$key } from "./__generated__/DexamTable_query.graphql";
import type { DexamTablePaginationQuery } from "./__generated__/DexamTablePaginationQuery.graphql";
import { DexamRow, type DexamRowData } from "./DexamRow";

export const DEXAM_PAGE_SIZE = 25;

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
    { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
    { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true },
  ];
  return (
    <DataTable
      label={t("overview.dexamTable")}
      columns={columns}
      rowCount={edges.length}
      loading={loading}
      footer={
        <TablePager
          shown={edges.length}
          total={data.dexamRegistrations.totalCount}
          hasNext={hasNext}
          loading={isLoadingNext}
          onLoadMore={() => loadNext(DEXAM_PAGE_SIZE, { onComplete: notifyLoadFailure("error.dexamRegistrations.load") })}
        />
      }
    >
      {edges.map((edge) => (
        <DexamRow key={edge.node.id} registration={edge.node} onAction={onAction} />
      ))}
    </DataTable>
  );
}
