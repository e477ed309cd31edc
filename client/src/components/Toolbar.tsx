import type { ReactNode } from "react";
import styles from "./Toolbar.module.css";

/** The row above a table: filters and search on the left, the create button on the right. */
export function Toolbar({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.filters}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
