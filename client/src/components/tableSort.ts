/**
 * Sorting of the tables whose rows are all loaded on the client (events, locations, district
 * associations, results): the sort lives in the URL's query as `sort=<column>` (ascending) or
 * `sort=-<column>` (descending), so a link or a reload keeps it. A header click cycles
 * ascending → descending → unsorted.
 */
export interface TableSort {
  key: string;
  desc: boolean;
}

/** The URL query parameter holding the sort. */
export const SORT_PARAM = "sort";

/** The sort of a `sort` parameter, or null when it is missing or names no sortable column. */
export function parseSort(value: string | null, sortableKeys: readonly string[]): TableSort | null {
  if (!value) return null;
  const desc = value.startsWith("-");
  const key = desc ? value.slice(1) : value;
  return sortableKeys.includes(key) ? { key, desc } : null;
}

/** The `sort` parameter of a sort (null: no parameter). */
export function formatSort(sort: TableSort | null): string | null {
  return sort ? `${sort.desc ? "-" : ""}${sort.key}` : null;
}

/** The sort after a click on the header of `key`: another column starts ascending, then descending, then unsorted. */
export function nextSort(current: TableSort | null, key: string): TableSort | null {
  if (!current || current.key !== key) return { key, desc: false };
  return current.desc ? null : { key, desc: true };
}

/** The value of aria-sort for a column header (only the sorted column carries one). */
export function ariaSort(sort: TableSort | null, key: string): "ascending" | "descending" | undefined {
  if (!sort || sort.key !== key) return undefined;
  return sort.desc ? "descending" : "ascending";
}

/** A cell value a column sorts by: text (German collation, numbers inside by value), a number, or empty. */
export type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });

/** Compares two non-empty sort values ascending: numbers by value, booleans no before yes, text by German collation. */
export function compareSortValues(a: Exclude<SortValue, null | undefined>, b: Exclude<SortValue, null | undefined>): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
