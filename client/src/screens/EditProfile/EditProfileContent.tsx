import { graphql, useLazyLoadQuery } from "react-relay";
import { apiExplorerRoute, canAccess } from "../../routes/routeTable";
import type { EditProfileContentQuery } from "./__generated__/EditProfileContentQuery.graphql";
import { ApiExplorerCard } from "./ApiExplorerCard";
import { AssignedAssociationsCard } from "./AssignedAssociationsCard";
import { CalendarFeedCard } from "./CalendarFeedCard";
import { DeleteAccountCard } from "./DeleteAccountCard";
import styles from "./EditProfileScreen.module.css";
import { MyDataCard } from "./MyDataCard";
import { PasswordCard } from "./PasswordCard";
import { ProfileCard } from "./ProfileCard";

/** The cards of "Mein Account bearbeiten" with the viewer's data (the spec's user id 0 is the GraphQL viewer). */
export function EditProfileContent() {
  const data = useLazyLoadQuery<EditProfileContentQuery>(
    graphql`
      query EditProfileContentQuery {
        viewer {
          roles
          ...ProfileCard_user
          ...AssignedAssociationsCard_user
          ...CalendarFeedCard_user
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  return (
    <div className={styles.cards}>
      <ProfileCard user={data.viewer} />
      <PasswordCard />
      <AssignedAssociationsCard user={data.viewer} />
      <MyDataCard />
      <CalendarFeedCard user={data.viewer} />
      {canAccess(apiExplorerRoute, data.viewer.roles) && <ApiExplorerCard />}
      <DeleteAccountCard />
    </div>
  );
}
