import { t } from "../i18n/translate";
import styles from "./PlaceholderPage.module.css";

/** Stand-in for a screen that later issues fill in. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <p>{t("screen.placeholder")}</p>
    </section>
  );
}
