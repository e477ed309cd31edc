/**
 * Sorting of the tables: the sort lives in the URL's query as `sort=<column>` (ascending) or
 * `sort=-<column>` (descending), so a link or a reload keeps it. A header click cycles
 * ascending → descending → unsorted. Tables whose rows are all loaded on the client (events,
 * locations, district associations, results) sort them there (useTableSort); the paged ones
 * (overview, users, clubs) ask the server through their connection's `orderBy` (orderArgument).
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

/** Direction of a connection's `orderBy` (the schema's OrderDirection). */
export type OrderDirection = "ASC" | "DESC";

/**
 * The `orderBy` argument of a server-sorted table for a sort: the field its column sorts by on the
 * server (`fields`: column key → the connection's order field), ascending or descending; null (the
 * server's default order) when the table is not sorted.
 */
export function orderArgument<F extends string>(sort: TableSort | null, fields: Readonly<Record<string, F>>): { field: F; direction: OrderDirection } | null {
  const field = sort && Object.hasOwn(fields, sort.key) ? fields[sort.key] : undefined;
  return sort && field ? { field, direction: sort.desc ? "DESC" : "ASC" } : null;
}

/** The columns, those the server sorts by (a key of `orderFields`, column key → orderBy field) marked sortable. */
export function sortableColumns<C extends { key: string; sortable?: boolean }>(columns: readonly C[], orderFields: Readonly<Record<string, string>>): C[] {
  return columns.map((column) => (Object.hasOwn(orderFields, column.key) ? { ...column, sortable: true } : column));
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
