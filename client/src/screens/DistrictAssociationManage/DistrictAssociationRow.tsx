import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import type { DistrictAssociationRow_districtAssociation$key } from "./__generated__/DistrictAssociationRow_districtAssociation.graphql";

/** One district association: ID, name, IamRef and the menu "Bearbeiten" / "Löschen". */
export function DistrictAssociationRow({
  districtAssociation,
  onEdit,
  onDelete,
}: {
  districtAssociation: DistrictAssociationRow_districtAssociation$key;
  onEdit: (id: string) => void;
  onDelete: (id: string, databaseId: number, name: string) => void;
}) {
  const data = useFragment(
    graphql`
      fragment DistrictAssociationRow_districtAssociation on DistrictAssociation {
        id
        databaseId
        name
        iamRef
      }
    `,
    districtAssociation,
  );
  return (
    <tr>
      <td>{data.databaseId}</td>
      <td>{data.name}</td>
      <td>{data.iamRef}</td>
      <td>
        <RowMenu
          label={t("rowMenu.label", { name: data.name })}
          items={[
            { value: "edit", label: t("districtAssociation.action.edit") },
            { value: "delete", label: t("districtAssociation.action.delete"), danger: true },
          ]}
          onSelect={(action) => (action === "edit" ? onEdit(data.id) : onDelete(data.id, data.databaseId, data.name))}
        />
      </td>
    </tr>
  );
}
