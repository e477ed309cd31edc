import { graphql, useFragment } from "react-relay";
import { Icon } from "../../components/Icon";
import { RowMenu } from "../../components/RowMenu";
import { formatDateTime } from "../../i18n/format";
import { t } from "../../i18n/translate";
import type { UserRow_user$data, UserRow_user$key } from "./__generated__/UserRow_user.graphql";
import styles from "./UserRow.module.css";
import { type UserRowAction, userRowActions } from "./userRowActions";

/**
 * One user: the clubs by name (R-UM003), last active or empty when never signed in (R-UM004), the
 * row menu of userRowActions, and for a blocked user a grey row with the icon "Benutzer deaktiviert"
 * (R-UM019, R-UM020).
 */
export function UserRow({
  user,
  viewerRoles,
  showMenu,
  onAction,
}: {
  user: UserRow_user$key;
  viewerRoles: readonly string[];
  showMenu: boolean;
  onAction: (action: UserRowAction, user: UserRow_user$data) => void;
}) {
  const data = useFragment(
    graphql`
      fragment UserRow_user on User {
        id
        databaseId
        firstname
        lastname
        email
        lastActive
        blocked
        invitationPending
        viewerCanAssignClubs
        associations {
          id
          name
        }
        ...UserDialog_user
        ...AssignAssociationsDialog_user
      }
    `,
    user,
  );
  const actions = userRowActions(data, viewerRoles).map((action) => ({
    value: action,
    label: t(`user.action.${action}`),
    danger: action === "delete",
  }));
  return (
    <tr className={data.blocked ? styles.blocked : undefined} data-blocked={data.blocked || undefined}>
      <td>{data.databaseId}</td>
      <td>{data.firstname}</td>
      <td>{data.lastname}</td>
      <td>{data.email}</td>
      <td>{data.associations.map((association) => association.name).join(", ")}</td>
      <td className={styles.nowrap}>{formatDateTime(data.lastActive)}</td>
      {showMenu && (
        <td>
          <RowMenu label={t("rowMenu.label", { name: `${data.firstname} ${data.lastname}` })} items={actions} onSelect={(action) => onAction(action, data)} />
        </td>
      )}
      <td>
        {data.blocked && (
          <span className={styles.symbol} role="img" aria-label={t("user.blocked")} title={t("user.blocked")}>
            <Icon name="blocked" />
          </span>
        )}
      </td>
    </tr>
  );
}
