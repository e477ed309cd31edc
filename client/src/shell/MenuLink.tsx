import { NavLink } from "react-router-dom";
import { classNames } from "../components/classNames";
import { Icon, type IconName } from "../components/Icon";
import styles from "./Menu.module.css";

/** One menu entry: a real link to a hash route, marked aria-current when active. */
export function MenuLink({
  to,
  label,
  accessibleName,
  icon,
  nested,
  onNavigate,
}: {
  to: string;
  label: string;
  /** A fuller name when the visible label alone is ambiguous (help entries: "Hilfe: Start"). */
  accessibleName?: string;
  icon: IconName;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={to}
      end
      aria-label={accessibleName}
      className={({ isActive }) => classNames(styles.item, nested && styles.nested, isActive && styles.active)}
      onClick={onNavigate}
    >
      <Icon name={icon} className={styles.icon} />
      <span className={styles.label}>{label}</span>
    </NavLink>
  );
}
