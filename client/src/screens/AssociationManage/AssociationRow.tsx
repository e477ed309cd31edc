import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import type { AssociationDialog_association$key } from "./__generated__/AssociationDialog_association.graphql";
import type { AssociationRow_association$key } from "./__generated__/AssociationRow_association.graphql";

/** One club: ID, name and, for managers, the menu "Bearbeiten" / "Änderungen" / "Löschen". */
export function AssociationRow({
  association,
  manage,
  onEdit,
  onDelete,
  onHistory,
}: {
  association: AssociationRow_association$key;
  manage: boolean;
  onEdit: (association: AssociationDialog_association$key) => void;
  onDelete: (id: string, name: string) => void;
  /** the change history (association_manage, as the menu itself: audit.association) */
  onHistory: (id: string, name: string) => void;
}) {
  const data = useFragment(
    graphql`
      fragment AssociationRow_association on Association {
        id
        databaseId
        name
        ...AssociationDialog_association
      }
    `,
    association,
  );
  return (
    <tr>
      <td>{data.databaseId}</td>
      <td>{data.name}</td>
      {manage && (
        <td>
          <RowMenu
            label={t("rowMenu.label", { name: data.name })}
            items={[
              { value: "edit", label: t("association.action.edit") },
              { value: "history", label: t("association.action.history") },
              { value: "delete", label: t("association.action.delete"), danger: true },
            ]}
            onSelect={(action) => (action === "edit" ? onEdit(data) : action === "history" ? onHistory(data.id, data.name) : onDelete(data.id, data.name))}
          />
        </td>
      )}
    </tr>
  );
}
