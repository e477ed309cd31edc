import { useSearchParams } from "react-router-dom";
import { formatSort, nextSort, parseSort, SORT_PARAM, type TableSort } from "./tableSort";

/**
 * A table's sort as the URL's `sort` parameter holds it (tableSort.ts; null when it names none of
 * `sortableKeys`), and the handler of a header click: it rewrites the parameter, keeping the rest
 * of the query, without a new history entry.
 */
export function useSortParam(sortableKeys: readonly string[]): { sort: TableSort | null; onSort: (key: string) => void } {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get(SORT_PARAM), sortableKeys);
  const onSort = (key: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const value = formatSort(nextSort(parseSort(current.get(SORT_PARAM), sortableKeys), key));
        if (value) next.set(SORT_PARAM, value);
        else next.delete(SORT_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  return { sort, onSort };
}
