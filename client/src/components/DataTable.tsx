import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import styles from "./DataTable.module.css";

export interface DataTableColumn {
  key: string;
  header: string;
  /** The header is read by assistive technology only (menu and symbol columns). */
  hiddenHeader?: boolean;
  /** Narrow column for ids, menus and symbols. */
  narrow?: boolean;
}

/**
 * A table of a management screen. The rows are the screen's row components (each with its own
 * fragment); with no rows it says "Keine Einträge vorhanden", or "Wird geladen …" while loading.
 * While newer data loads the table is marked busy and dimmed.
 */
export function DataTable({
  label,
  columns,
  rowCount,
  loading = false,
  children,
  footer,
}: {
  label: string;
  columns: readonly DataTableColumn[];
  rowCount: number;
  loading?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(scrollRef);
  return (
    <div className={styles.wrapper}>
      {/* A table wider than the screen scrolls in this region, which then takes the keyboard focus
          so the arrow keys scroll it (WCAG 2.1.1); it is named like the table. */}
      <div ref={scrollRef} className={styles.scroll} {...(overflowing ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}>
        <table className={classNames(styles.table, loading && styles.loading)} aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={classNames(column.narrow && styles.narrow)}>
                  {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
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

/** Whether the element's content is wider than the element (kept up to date on resizes). */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
