import type { RefObject } from "react";
import { Icon } from "../components/Icon";
import { t } from "../i18n/translate";
import { DRAWER_ID } from "./Drawer";
import styles from "./TopBar.module.css";

/** Mobile top bar with the drawer toggle (R-SH037). */
export function TopBar({ open, onToggle, toggleRef }: { open: boolean; onToggle: () => void; toggleRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <header className={styles.topBar}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-label={t(open ? "menu.close" : "menu.open")}
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={onToggle}
      >
        <Icon name={open ? "close" : "menu"} />
      </button>
      <span className={styles.title}>{t("app.name")}</span>
    </header>
  );
}
