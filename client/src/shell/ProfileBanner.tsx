import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import { t } from "../i18n/translate";
import { routePath } from "../routes/routeTable";
import type { ProfileBanner_user$key } from "./__generated__/ProfileBanner_user.graphql";
import styles from "./ProfileBanner.module.css";

/** "Fehler: Benutzerprofil unvollständig" while the viewer's data is incomplete (R-SH067, R-SH068, R-ER028). */
export function ProfileBanner({ user }: { user: ProfileBanner_user$key }) {
  const data = useFragment(
    graphql`
      fragment ProfileBanner_user on User {
        isComplete
      }
    `,
    user,
  );
  if (data.isComplete) return null;
  return (
    <div className={styles.banner} role="alert">
      <p className={styles.title}>{t("banner.incompleteProfile.title")}</p>
      <p className={styles.text}>
        {t("banner.incompleteProfile.text")} <Link to={routePath("editProfile")}>{t("banner.incompleteProfile.link")}</Link>
      </p>
    </div>
  );
}
