import { type ColumnDef, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { compareSortValues, type SortValue, type TableSort } from "./tableSort";
import { useSortParam } from "./useSortParam";

/** How each sortable column reads its value from a row. */
export type SortAccessors<T> = Readonly<Record<string, (row: T) => SortValue>>;

/**
 * The rows of a client-side table in the order of the URL's `sort` parameter, sorted by TanStack
 * Table's row model (empty values always last), and the handler for a header click (useSortParam).
 */
export function useTableSort<T>(rows: readonly T[], accessors: SortAccessors<T>): { rows: T[]; sort: TableSort | null; onSort: (key: string) => void } {
  const { sort, onSort } = useSortParam(Object.keys(accessors));
  const columns = useMemo<ColumnDef<T>[]>(
    () =>
      Object.entries(accessors).map(([id, read]) => ({
        id,
        accessorFn: (row: T) => read(row) ?? undefined,
        sortUndefined: "last",
        sortingFn: (a, b, columnId) => compareSortValues(a.getValue(columnId), b.getValue(columnId)),
      })),
    [accessors],
  );
  const sortKey = sort?.key;
  const sortDesc = sort?.desc;
  // one array per sort: a new one every render would make the table redo its row model and queue
  // a state reset, which renders again, endlessly
  const sorting = useMemo<SortingState>(() => (sortKey ? [{ id: sortKey, desc: Boolean(sortDesc) }] : []), [sortKey, sortDesc]);
  const table = useReactTable<T>({
    data: rows as T[],
    columns,
    state: { sorting },
    autoResetAll: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const model = table.getRowModel();
  const sorted = useMemo(() => model.rows.map((row) => row.original), [model]);
  return { rows: sorted, sort, onSort };
}
