import type { ComponentProps } from "react";
import type { MessageKey } from "../i18n/de";
import { notifyLoadFailure } from "../relay/loadMoreFailure";
import { DataTable } from "./DataTable";
import { TablePager } from "./TablePager";

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
  total,
  paging,
  pageSize,
  loadError,
  ...table
}: Omit<ComponentProps<typeof DataTable>, "footer"> & {
  /** the connection's totalCount */
  total: number;
  paging: Paging;
  pageSize: number;
  loadError: MessageKey;
}) {
  return (
    <DataTable
      {...table}
      footer={
        <TablePager
          shown={table.rowCount}
          total={total}
          hasNext={paging.hasNext}
          loading={paging.isLoadingNext}
          onLoadMore={() => paging.loadNext(pageSize, { onComplete: notifyLoadFailure(loadError) })}
        />
      }
    />
  );
}
