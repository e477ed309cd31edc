import type { ReactNode } from "react";
import styles from "./Notice.module.css";

/** A friendly hint in place of content that cannot be shown (no club yet, no district chosen, ...). */
export function Notice({ children }: { children: ReactNode }) {
  return <p className={styles.notice}>{children}</p>;
}
