import { type ReactNode, useId } from "react";
import styles from "./Card.module.css";

/** A titled card of a screen (e.g. "Benutzerprofil", "Passwort" on "Mein Account bearbeiten"). */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
