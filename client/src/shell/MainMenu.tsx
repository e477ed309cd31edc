import { useLocation } from "react-router-dom";
import { Icon } from "../components/Icon";
import { t } from "../i18n/translate";
import { buildMenu } from "../routes/menuModel";
import { routeLabel, routeTitle } from "../routes/routeTable";
import styles from "./Menu.module.css";
import { MenuGroup } from "./MenuGroup";
import { MenuLink } from "./MenuLink";
import { menuIcons } from "./menuIcons";

/**
 * The drawer menu: the links the viewer's roles allow (spec §2 "Menu visibility"), the event
 * administration and help groups, and logout (R-SH042..R-SH053).
 */
export function MainMenu({ roles, onNavigate, onLogout }: { roles: readonly string[]; onNavigate: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className={styles.list}>
      {buildMenu(roles).map((entry) => {
        if (entry.kind === "link") {
          return (
            <li key={entry.route.name}>
              <MenuLink to={entry.route.path} label={routeLabel(entry.route)} icon={menuIcons[entry.route.name]} onNavigate={onNavigate} />
            </li>
          );
        }
        const containsCurrent = entry.routes.some((route) => route.path === pathname);
        return (
          <li key={entry.id}>
            <MenuGroup
              label={t(entry.id === "eventGroup" ? "menu.eventGroup" : "menu.helpGroup")}
              icon={entry.id === "eventGroup" ? "calendar" : "help"}
              // The event group starts open, help starts closed; a group opens while one of its pages is shown.
              initiallyExpanded={entry.id === "eventGroup"}
              containsCurrent={containsCurrent}
            >
              {entry.routes.map((route) => (
                <li key={route.name}>
                  <MenuLink
                    to={route.path}
                    label={routeLabel(route)}
                    accessibleName={route.kind === "help" ? routeTitle(route) : undefined}
                    icon={route.kind === "help" ? "help" : menuIcons[route.name]}
                    nested
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </MenuGroup>
          </li>
        );
      })}
      <li>
        <button type="button" className={styles.item} onClick={onLogout}>
          <Icon name="logout" className={styles.icon} />
          <span className={styles.label}>{t("menu.logout")}</span>
        </button>
      </li>
    </ul>
  );
}
