import { graphql, useFragment } from "react-relay";
import type { DrawerUser_user$key } from "./__generated__/DrawerUser_user.graphql";
import styles from "./DrawerUser.module.css";

/** The signed-in user's first name, last name and email at the top of the drawer (R-SH040). */
export function DrawerUser({ user }: { user: DrawerUser_user$key }) {
  const data = useFragment(
    graphql`
      fragment DrawerUser_user on User {
        firstname
        lastname
        email
      }
    `,
    user,
  );
  const initials = `${data.firstname.charAt(0)}${data.lastname.charAt(0)}`.toUpperCase();
  return (
    <div className={styles.user}>
      <span className={styles.avatar} aria-hidden="true">
        {initials}
      </span>
      <div className={styles.details}>
        <div className={styles.name} data-testid="drawer-user">
          {data.firstname} {data.lastname}
        </div>
        <div className={styles.email}>{data.email}</div>
      </div>
    </div>
  );
}
