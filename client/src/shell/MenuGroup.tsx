import { type ReactNode, useId, useState } from "react";
import { classNames } from "../components/classNames";
import { Icon, type IconName } from "../components/Icon";
import styles from "./Menu.module.css";

/** A collapsible menu group: a button with aria-expanded controlling its list (R-SH043, R-SH044). */
export function MenuGroup({ label, icon, initiallyExpanded, children }: { label: string; icon: IconName; initiallyExpanded: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const listId = useId();
  return (
    <>
      <button type="button" className={styles.item} aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
        <Icon name={icon} className={styles.icon} />
        <span className={styles.label}>{label}</span>
        <Icon name="chevronDown" className={classNames(styles.chevron, expanded && styles.chevronOpen)} />
      </button>
      <ul id={listId} className={styles.list} aria-label={label} hidden={!expanded}>
        {children}
      </ul>
    </>
  );
}
