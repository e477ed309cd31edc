import { type ReactNode, useEffect, useId, useState } from "react";
import { classNames } from "../components/classNames";
import { Icon, type IconName } from "../components/Icon";
import styles from "./Menu.module.css";

/**
 * A collapsible menu group: a button with aria-expanded controlling its list (R-SH043, R-SH044).
 * While one of its pages is shown (`containsCurrent`) it opens, also when that page is reached
 * from elsewhere (a help link on a screen), so the current entry shows highlighted.
 */
export function MenuGroup({
  label,
  icon,
  initiallyExpanded,
  containsCurrent = false,
  children,
}: {
  label: string;
  icon: IconName;
  initiallyExpanded: boolean;
  containsCurrent?: boolean;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(initiallyExpanded || containsCurrent);
  useEffect(() => {
    if (containsCurrent) setExpanded(true);
  }, [containsCurrent]);
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
