import { graphql, useFragment } from "react-relay";
import { Card } from "../../components/Card";
import { ChipList } from "../../components/ChipList";
import { t } from "../../i18n/translate";
import type { AssignedAssociationsCard_user$key } from "./__generated__/AssignedAssociationsCard_user.graphql";

/** "Zugeordnete Vereine": the user's clubs as chips (R-PR007); changed only by user management. */
export function AssignedAssociationsCard({ user }: { user: AssignedAssociationsCard_user$key }) {
  const data = useFragment(
    graphql`
      fragment AssignedAssociationsCard_user on User {
        associations {
          id
          name
        }
      }
    `,
    user,
  );
  const title = t("profile.card.associations");
  return (
    <Card title={title}>
      <ChipList
        label={title}
        items={data.associations.map((association) => ({ value: association.id, label: association.name }))}
        emptyText={t("profile.associations.none")}
      />
    </Card>
  );
}
