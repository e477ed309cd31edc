import { graphql, useFragment } from "react-relay";
import { RowMenu } from "../../components/RowMenu";
import { t } from "../../i18n/translate";
import type { AssociationDialog_association$key } from "./__generated__/AssociationDialog_association.graphql";
import type { AssociationRow_association$key } from "./__generated__/AssociationRow_association.graphql";

/**
 * One club: ID, name and, for managers, the menu "Bearbeiten" / "Änderungen" / "Löschen"; for
 * invoice_manage "Rechnungsdaten" (billing address, buyer reference, SEPA mandate).
 */
export function AssociationRow({
  association,
  manage,
  onEdit,
  onDelete,
  onHistory,
  billing = false,
  onBilling,
}: {
  association: AssociationRow_association$key;
  manage: boolean;
  onEdit: (association: AssociationDialog_association$key) => void;
  onDelete: (id: string, name: string) => void;
  /** the change history (association_manage, as the menu itself: audit.association) */
  onHistory: (id: string, name: string) => void;
  billing?: boolean;
  onBilling?: (id: string, name: string) => void;
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
      {(manage || billing) && (
        <td>
          <RowMenu
            label={t("rowMenu.label", { name: data.name })}
            items={[
              ...(manage
                ? [
                    { value: "edit", label: t("association.action.edit") },
                    { value: "history", label: t("association.action.history") },
                  ]
                : []),
              ...(billing ? [{ value: "billing", label: t("invoice.billing.title") }] : []),
              ...(manage ? [{ value: "delete", label: t("association.action.delete"), danger: true }] : []),
            ]}
            onSelect={(action) => {
              if (action === "edit") onEdit(data);
              else if (action === "history") onHistory(data.id, data.name);
              else if (action === "billing") onBilling?.(data.id, data.name);
              else onDelete(data.id, data.name);
            }}
          />
        </td>
      )}
    </tr>
  );
}
