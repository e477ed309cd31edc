import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import styles from "./DataTable.module.css";
import { Icon } from "./Icon";
import { ariaSort, type TableSort } from "./tableSort";

export interface DataTableColumn {
  /** "menu" marks the row menu's column: it stays at the right edge while the table scrolls sideways. */
  key: string;
  header: string;
  /** The header is read by assistive technology only (menu and symbol columns). */
  hiddenHeader?: boolean;
  /** Narrow column for ids, menus and symbols. */
  narrow?: boolean;
  /** The header is a button that sorts the rows (with `sort` and `onSort` on the table). */
  sortable?: boolean;
}

/** The key of the row menu's column. */
export const MENU_COLUMN = "menu";

/** The row menu's column ("Aktionen", read by assistive technology only); `shown` false: none (a list without a menu). */
export function menuColumn(shown = true): DataTableColumn[] {
  return shown ? [{ key: MENU_COLUMN, header: t("table.actions"), hiddenHeader: true, narrow: true }] : [];
}

/**
 * A table of a management screen. The rows are the screen's row components (each with its own
 * fragment); with no rows it says "Keine Einträge vorhanden", or "Wird geladen …" while loading.
 * While newer data loads the table is marked busy and dimmed.
 *
 * The row menu's column is sticky at the right edge, with a shadow while more columns lie to the
 * right, so the menu is reachable without scrolling sideways. On a phone (≤ 600 px) every row is a
 * card: one line per cell with its column's name (the cells get the names as `data-label`), the
 * menu at the card's top right. Sortable columns (`sortable`, with `sort` and `onSort`, see
 * useTableSort) have a button as header and carry aria-sort when sorted.
 */
export function DataTable({
  label,
  columns,
  rowCount,
  loading = false,
  children,
  footer,
  sort = null,
  onSort,
}: {
  label: string;
  columns: readonly DataTableColumn[];
  rowCount: number;
  loading?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  sort?: TableSort | null;
  onSort?: (key: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const { overflowing, moreRight } = useOverflowing(scrollRef);
  useCellLabels(tableRef, columns);
  return (
    <div className={styles.wrapper}>
      {/* A table wider than the screen scrolls in this region, which then takes the keyboard focus
          so the arrow keys scroll it (WCAG 2.1.1); it is named like the table. */}
      <div
        ref={scrollRef}
        className={classNames(styles.scroll, moreRight && styles.moreRight)}
        data-more-right={moreRight || undefined}
        {...(overflowing ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}
      >
        <table ref={tableRef} className={classNames(styles.table, loading && styles.loading)} aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={classNames(column.narrow && styles.narrow)}
                  data-menu={column.key === MENU_COLUMN || undefined}
                  aria-sort={column.sortable && onSort ? ariaSort(sort, column.key) : undefined}
                >
                  {column.hiddenHeader ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : column.sortable && onSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(column.key)}>
                      {column.header}
                      {/* the icon may go below a header that needs the room */}
                      <wbr />
                      <Icon
                        name="chevronDown"
                        className={classNames(
                          styles.sortIcon,
                          sort?.key === column.key && styles.sorted,
                          sort?.key === column.key && !sort.desc && styles.ascending,
                        )}
                      />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rowCount === 0 ? (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {loading ? t("app.loading") : t("table.empty")}
                </td>
              </tr>
            ) : (
              children
            )}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}

/**
 * Gives every body cell its column's name as `data-label` (the phone's card layout shows it before
 * the value) and marks the menu column's cells (`data-menu`). The row components render plain <td>s; doing it
 * here keeps the layout in one place instead of in every row component.
 */
function useCellLabels(ref: RefObject<HTMLTableElement | null>, columns: readonly DataTableColumn[]) {
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
      Array.from(row.cells).forEach((cell, index) => {
        const column = columns[index];
        if (!column || cell.colSpan > 1) return;
        if (column.hiddenHeader) cell.removeAttribute("data-label");
        else cell.setAttribute("data-label", column.header);
        cell.toggleAttribute("data-menu", column.key === MENU_COLUMN);
      });
    }
  });
}

/** Whether the element's content is wider than the element, and whether more of it lies to the right (kept up to date on resizes and scrolling). */
function useOverflowing(ref: RefObject<HTMLElement | null>): { overflowing: boolean; moreRight: boolean } {
  const [state, setState] = useState({ overflowing: false, moreRight: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => {
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      const moreRight = overflowing && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setState((old) => (old.overflowing === overflowing && old.moreRight === moreRight ? old : { overflowing, moreRight }));
    };
    check();
    element.addEventListener("scroll", check, { passive: true });
    if (typeof ResizeObserver === "undefined") return () => element.removeEventListener("scroll", check);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", check);
    };
  }, [ref]);
  return state;
}
