import type { ReactNode } from "react";
import styles from "./Page.module.css";

/** A screen: its heading (the route's German name) and content. */
export function Page({ title, children, narrow = false }: { title: string; children: ReactNode; narrow?: boolean }) {
  return (
    <section className={narrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      {/* focusable by script: where focus lands when the element that had it is gone (a deleted row) */}
      <h1 tabIndex={-1}>{title}</h1>
      {children}
    </section>
  );
}
