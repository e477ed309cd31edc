import { isAdmin } from "@shared/permissions";
import { useCallback, useEffect, useRef, useState } from "react";
import { RENEW_ERROR_EVENT, signOut } from "../auth/session";
import { classNames } from "../components/classNames";
import { t } from "../i18n/translate";
import { AppRoutes } from "../routes/AppRoutes";
import type { AppFooter_query$key } from "./__generated__/AppFooter_query.graphql";
import type { DistrictAssociationSelect_query$key } from "./__generated__/DistrictAssociationSelect_query.graphql";
import type { DrawerUser_user$key } from "./__generated__/DrawerUser_user.graphql";
import type { ProfileBanner_user$key } from "./__generated__/ProfileBanner_user.graphql";
import { AppFooter } from "./AppFooter";
import { Drawer } from "./Drawer";
import { ProfileBanner } from "./ProfileBanner";
import styles from "./ShellLayout.module.css";
import { notify } from "./snackbarQueue";
import { TopBar } from "./TopBar";
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from "./useMediaQuery";

/** The application shell around every screen: drawer (or top bar), banner, routes and footer. */
export function ShellLayout({
  user,
  query,
  roles,
}: {
  user: DrawerUser_user$key & ProfileBanner_user$key;
  query: DistrictAssociationSelect_query$key & AppFooter_query$key;
  roles: readonly string[];
}) {
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  // Desktop starts open (R-SH036); mobile starts closed (R-SH038).
  const [railMode, setRailMode] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (desktop) setMobileOpen(false);
  }, [desktop]);

  useEffect(() => {
    const onRenewError = () => notify({ type: "error", text: t("auth.renewFailed") });
    window.addEventListener(RENEW_ERROR_EVENT, onRenewError);
    return () => window.removeEventListener(RENEW_ERROR_EVENT, onRenewError);
  }, []);

  const closeMobile = useCallback(() => {
    setMobileOpen(false);
    toggleRef.current?.focus();
  }, []);

  const logout = useCallback(() => {
    signOut().catch((error: unknown) => {
      console.error("Sign-out failed", error);
      notify({ type: "error", text: `${t("auth.logoutFailed")}: ${error instanceof Error ? error.message : String(error)}` });
    });
  }, []);

  const variant = desktop ? (railMode ? "rail" : "expanded") : "mobile";
  return (
    <div className={classNames(styles.shell, styles[variant])}>
      {!desktop && <TopBar open={mobileOpen} onToggle={() => setMobileOpen(!mobileOpen)} toggleRef={toggleRef} />}
      {!desktop && mobileOpen && <div className={styles.scrim} aria-hidden="true" onClick={closeMobile} />}
      <Drawer
        variant={variant}
        open={mobileOpen}
        user={user}
        query={query}
        roles={roles}
        isAdmin={isAdmin(roles)}
        onClose={closeMobile}
        onToggleRail={() => setRailMode(!railMode)}
        onLogout={logout}
      />
      <div className={styles.content}>
        <ProfileBanner user={user} />
        <main className={styles.main}>
          <AppRoutes roles={roles} />
        </main>
        <AppFooter query={query} />
      </div>
    </div>
  );
}
