import { useEffect, useRef } from "react";
import { classNames } from "../components/classNames";
import { Icon } from "../components/Icon";
import { t } from "../i18n/translate";
import type { DistrictAssociationSelect_query$key } from "./__generated__/DistrictAssociationSelect_query.graphql";
import type { DrawerUser_user$key } from "./__generated__/DrawerUser_user.graphql";
import { DistrictAssociationSelect } from "./DistrictAssociationSelect";
import styles from "./Drawer.module.css";
import { DrawerUser } from "./DrawerUser";
import { MainMenu } from "./MainMenu";
import menuStyles from "./Menu.module.css";

export const DRAWER_ID = "main-menu";

/**
 * The side drawer, 300 px wide (R-SH039): on desktop permanently open, optionally collapsed to a
 * rail that expands on hover or keyboard focus (R-SH035, R-SH036); on mobile an off-canvas panel
 * below the top bar (R-SH037, R-SH038).
 */
export function Drawer({
  variant,
  open,
  user,
  query,
  roles,
  isAdmin,
  onClose,
  onToggleRail,
  onLogout,
}: {
  variant: "expanded" | "rail" | "mobile";
  /** Mobile only: whether the panel is shown. */
  open: boolean;
  user: DrawerUser_user$key;
  query: DistrictAssociationSelect_query$key;
  roles: readonly string[];
  isAdmin: boolean;
  onClose: () => void;
  onToggleRail: () => void;
  onLogout: () => void;
}) {
  const navRef = useRef<HTMLElement>(null);
  const mobile = variant === "mobile";

  useEffect(() => {
    if (!mobile || !open) return;
    navRef.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [mobile, open, onClose]);

  return (
    <nav
      ref={navRef}
      id={DRAWER_ID}
      aria-label={t("menu.label")}
      tabIndex={-1}
      className={classNames(styles.drawer, styles[variant], mobile && open && styles.mobileOpen)}
      data-variant={variant}
    >
      <DrawerUser user={user} />
      <div className={styles.wideOnly}>
        <DistrictAssociationSelect query={query} editable={isAdmin} />
      </div>
      <div className={styles.menu}>
        <MainMenu roles={roles} onNavigate={mobile ? onClose : () => {}} onLogout={onLogout} />
      </div>
      {!mobile && (
        <button type="button" className={classNames(menuStyles.item, styles.railToggle)} onClick={onToggleRail}>
          <Icon name={variant === "rail" ? "expand" : "collapse"} className={menuStyles.icon} />
          <span className={menuStyles.label}>{t(variant === "rail" ? "menu.expandRail" : "menu.collapseRail")}</span>
        </button>
      )}
    </nav>
  );
}
