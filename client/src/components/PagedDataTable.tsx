import type { ReactNode } from "react";
import type { MessageKey } from "../i18n/de";
import { notifyLoadFailure } from "../relay/loadMoreFailure";
import { DataTable, type DataTableColumn } from "./DataTable";
import { TablePager } from "./TablePager";
import type { TableSort } from "./tableSort";

/** What a table needs of Relay's usePaginationFragment. */
export interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options: { onComplete: (error: Error | null) => void }) => unknown;
}

/**
 * A DataTable of a paged connection: under the rows "x von y" and "Mehr laden", which loads the
 * next `pageSize` rows; a failed page shows the error snackbar with `loadError`.
 */
export function PagedDataTable({
  label,
  columns,
  rowCount,
  total,
  paging,
  pageSize,
  loadError,
  loading,
  sort,
  onSort,
  children,
}: {
  label: string;
  columns: readonly DataTableColumn[];
  rowCount: number;
  total: number;
  paging: Paging;
  pageSize: number;
  loadError: MessageKey;
  loading?: boolean;
  sort?: TableSort | null;
  onSort?: (key: string) => void;
  children: ReactNode;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rowCount={rowCount}
      loading={loading}
      sort={sort}
      onSort={onSort}
      footer={
        <TablePager
          shown={rowCount}
          total={total}
          hasNext={paging.hasNext}
          loading={paging.isLoadingNext}
          onLoadMore={() => paging.loadNext(pageSize, { onComplete: notifyLoadFailure(loadError) })}
        />
      }
    >
      {children}
    </DataTable>
  );
}
