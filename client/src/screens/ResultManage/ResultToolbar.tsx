import { type ReactNode, useMemo } from "react";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { type SortAccessors, useTableSort } from "../../components/useTableSort";
import { ClubPicker } from "./ClubPicker";
import { clubOptions, type FilterableRow, filterRows } from "./display";
import type { ResultFilters } from "./ResultManageContent";

/**
 * The result rows of both kinds as the table shows them: the club picker's options (the clubs
 * that have rows; a chosen club without rows counts as none), the rows of the chosen club that the
 * search finds (`names`, a function of the module: what the search reads besides the club), sorted
 * by the table's column.
 */
export function useResultRows<R extends Omit<FilterableRow, "names">>(
  all: readonly R[],
  names: (row: R) => readonly string[],
  filters: ResultFilters,
  accessors: SortAccessors<R & { names: readonly string[] }>,
) {
  const clubs = useMemo(() => clubOptions(all), [all]);
  const associationId = clubs.some((club) => club.value === String(filters.associationId)) ? filters.associationId : null;
  const rows = useMemo(
    () =>
      filterRows(
        all.map((row) => ({ ...row, names: names(row) })),
        associationId,
        filters.search,
      ),
    [all, names, associationId, filters.search],
  );
  return { clubs, associationId, ...useTableSort(rows, accessors) };
}

/** The toolbar above the result table: the event and location pickers (`pickers`), the club picker and the search (R-RE006). */
export function ResultToolbar({
  pickers,
  clubs,
  associationId,
  filters,
}: {
  pickers: ReactNode;
  clubs: readonly { value: string; label: string }[];
  associationId: number | null;
  filters: ResultFilters;
}) {
  return (
    <Toolbar>
      {pickers}
      <ClubPicker options={clubs} value={associationId} onChange={filters.onClub} />
      <SearchField value={filters.search} onSearch={filters.onSearch} />
    </Toolbar>
  );
}
