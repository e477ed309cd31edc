import type { ReactNode } from "react";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { TablePager } from "../../components/TablePager";
import type { TableSort } from "../../components/tableSort";
import { t } from "../../i18n/translate";

/** Rows per page of the overview tables. */
export const OVERVIEW_PAGE_SIZE = 25;

/** The trailing columns of every overview table: the row menu and the symbols (headers for assistive technology only). */
export const MENU_COLUMNS: DataTableColumn[] = [
  { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true },
];

/**
 * A paged table of the overview (D-exam or competition): the rows, and "Mehr laden" under them.
 * The columns marked sortable sort on the server (the connection's orderBy, useServerSort).
 */
export function OverviewTable({
  label,
  columns,
  shown,
  total,
  hasNext,
  loadingNext,
  onLoadMore,
  loading,
  sort,
  onSort,
  children,
}: {
  label: string;
  columns: readonly DataTableColumn[];
  shown: number;
  total: number;
  hasNext: boolean;
  loadingNext: boolean;
  onLoadMore: () => void;
  loading: boolean;
  sort: TableSort | null;
  onSort: (key: string) => void;
  children: ReactNode;
}) {
  return (
    <DataTable
      label={label}
      columns={[...columns, ...MENU_COLUMNS]}
      rowCount={shown}
      loading={loading}
      sort={sort}
      onSort={onSort}
      footer={<TablePager shown={shown} total={total} hasNext={hasNext} loading={loadingNext} onLoadMore={onLoadMore} />}
    >
      {children}
    </DataTable>
  );
}
