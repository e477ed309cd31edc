import type { ReactNode } from "react";
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
  return (
    <div className={styles.wrapper}>
      <div className={styles.scroll}>
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
