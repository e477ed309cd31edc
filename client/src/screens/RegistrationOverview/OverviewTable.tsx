import type { ReactNode } from "react";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { TablePager } from "../../components/TablePager";
import { t } from "../../i18n/translate";

/** Rows per page of the overview tables. */
export const OVERVIEW_PAGE_SIZE = 25;

/** The trailing columns of every overview table: the row menu and the symbols (headers for assistive technology only). */
export const MENU_COLUMNS: DataTableColumn[] = [
  { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true },
];

/** A paged table of the overview (D-exam or competition): the rows, and "Mehr laden" under them. */
export function OverviewTable({
  label,
  columns,
  shown,
  total,
  hasNext,
  loadingNext,
  onLoadMore,
  loading,
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
  children: ReactNode;
}) {
  return (
    <DataTable
      label={label}
      columns={[...columns, ...MENU_COLUMNS]}
      rowCount={shown}
      loading={loading}
      footer={<TablePager shown={shown} total={total} hasNext={hasNext} loading={loadingNext} onLoadMore={onLoadMore} />}
    >
      {children}
    </DataTable>
  );
}
