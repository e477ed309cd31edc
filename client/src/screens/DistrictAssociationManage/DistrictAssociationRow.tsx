import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import type { DistrictAssociationRow_districtAssociation$key } from "./__generated__/DistrictAssociationRow_districtAssociation.graphql";

/** One district association: ID, name, IamRef and the menu "Bearbeiten" / "Rechnungssteller" / "Löschen". */
export function DistrictAssociationRow({
  districtAssociation,
  onEdit,
  onDelete,
  onSeller,
}: {
  districtAssociation: DistrictAssociationRow_districtAssociation$key;
  onEdit: (id: string) => void;
  onDelete: (id: string, databaseId: number, name: string) => void;
  /** the seller data of its invoices */
  onSeller: (id: string, name: string) => void;
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
            { value: "seller", label: t("invoice.seller.title") },
            { value: "delete", label: t("districtAssociation.action.delete"), danger: true },
          ]}
          onSelect={(action) => {
            if (action === "edit") onEdit(data.id);
            else if (action === "seller") onSeller(data.id, data.name);
            else onDelete(data.id, data.databaseId, data.name);
          }}
        />
      </td>
    </tr>
  );
}
