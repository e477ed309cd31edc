import { graphql, usePaginationFragment } from "react-relay";
import { type DataTableColumn, menuColumn } from "../../components/DataTable";
import { PagedDataTable } from "../../components/PagedDataTable";
import { sortableColumns, type TableSort } from "../../components/tableSort";
import { t } from "../../i18n/translate";
import type { AssociationDialog_association$key } from "./__generated__/AssociationDialog_association.graphql";
import type { AssociationTable_query$key } from "./__generated__/AssociationTable_query.graphql";
import type { AssociationTablePaginationQuery } from "./__generated__/AssociationTablePaginationQuery.graphql";
import { AssociationRow } from "./AssociationRow";

export const ASSOCIATION_PAGE_SIZE = 25;

/** The columns the server sorts the club table by (column key → orderBy field). */
export const ASSOCIATION_ORDER_FIELDS = { id: "ID", name: "NAME" } as const;

/**
 * The club table: ID and name (R-CM002), the row menu for managers, paged with "Mehr laden",
 * sorted on the server by a click on ID or Name.
 */
export function AssociationTable({
  query,
  manage,
  loading,
  sort,
  onSort,
  onEdit,
  onDelete,
  onHistory,
  billing = false,
  onBilling,
}: {
  query: AssociationTable_query$key;
  manage: boolean;
  loading: boolean;
  sort: TableSort | null;
  onSort: (key: string) => void;
  onEdit: (association: AssociationDialog_association$key) => void;
  onDelete: (id: string, name: string) => void;
  onHistory: (id: string, name: string) => void;
  /** "Rechnungsdaten" in the row menu (invoiceBilling.update's roles) */
  billing?: boolean;
  onBilling?: (id: string, name: string) => void;
}) {
  const { data, ...paging } = usePaginationFragment<AssociationTablePaginationQuery, AssociationTable_query$key>(
    graphql`
      fragment AssociationTable_query on Query
      @refetchable(queryName: "AssociationTablePaginationQuery")
      @argumentDefinitions(
        districtAssociationId: { type: "Int!" }
        search: { type: "String" }
        orderBy: { type: "AssociationOrder" }
        count: { type: "Int", defaultValue: 25 }
        cursor: { type: "String" }
      ) {
        associations(districtAssociationId: $districtAssociationId, search: $search, orderBy: $orderBy, first: $count, after: $cursor)
          @connection(key: "AssociationTable_associations") {
          totalCount
          edges {
            node {
              id
              ...AssociationRow_association
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.associations.edges;
  const columns: DataTableColumn[] = sortableColumns(
    [{ key: "id", header: t("association.field.id"), narrow: true }, { key: "name", header: t("association.field.name") }, ...menuColumn(manage || billing)],
    ASSOCIATION_ORDER_FIELDS,
  );
  return (
    <PagedDataTable
      label={t("route.associationManage")}
      columns={columns}
      rowCount={edges.length}
      loading={loading}
      sort={sort}
      onSort={onSort}
      total={data.associations.totalCount}
      paging={paging}
      pageSize={ASSOCIATION_PAGE_SIZE}
      loadError="error.associations.load"
    >
      {edges.map((edge) => (
        <AssociationRow
          key={edge.node.id}
          association={edge.node}
          manage={manage}
          onEdit={onEdit}
          onDelete={onDelete}
          onHistory={onHistory}
          billing={billing}
          onBilling={onBilling}
        />
      ))}
    </PagedDataTable>
  );
}
