import { useTransition } from "react";
import { type OrderDirection, orderArgument, type TableSort } from "./tableSort";
import { useSortParam } from "./useSortParam";

/**
 * The sort of a paged table that the server sorts through its connection's `orderBy`: the URL's
 * `sort` parameter (useSortParam) over the columns of `fields` (column key → the connection's order
 * field; only these headers sort), the `orderBy` argument for it, and the header click, run as a
 * transition: the rows on screen stay (`sorting`) until the newly sorted first page is there.
 */
export function useServerSort<F extends string>(
  fields: Readonly<Record<string, F>>,
): { sort: TableSort | null; orderBy: { field: F; direction: OrderDirection } | null; sorting: boolean; onSort: (key: string) => void } {
  const { sort, onSort } = useSortParam(Object.keys(fields));
  const [sorting, startTransition] = useTransition();
  return { sort, orderBy: orderArgument(sort, fields), sorting, onSort: (key) => startTransition(() => onSort(key)) };
}
