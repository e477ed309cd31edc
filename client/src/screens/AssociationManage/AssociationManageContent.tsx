import { mayCall } from "@shared/permissions";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { useServerSort } from "../../components/useServerSort";
import { t } from "../../i18n/translate";
import { BillingDialog } from "../../invoices/BillingDialog";
import { useRefresh } from "../../relay/useRefresh";
import { canManageAssociations } from "../../routes/permissions";
import type { AssociationDialog_association$key } from "./__generated__/AssociationDialog_association.graphql";
import type { AssociationManageContentQuery } from "./__generated__/AssociationManageContentQuery.graphql";
import { AssociationDialog } from "./AssociationDialog";
import { ASSOCIATION_ORDER_FIELDS, AssociationTable } from "./AssociationTable";
import { useDeleteAssociation } from "./useDeleteAssociation";

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; association: AssociationDialog_association$key }
  | { kind: "delete"; id: string; name: string }
  | { kind: "history"; id: string; name: string }
  | { kind: "billing"; id: string; name: string };

/**
 * Search, "Neuer Verein", the club table and its dialogs. Create, edit and delete are offered
 * only with association_manage (admin passes); association_read sees the table only.
 */
export function AssociationManageContent({
  districtAssociationId,
  search,
  searching,
  onSearch,
}: {
  districtAssociationId: number;
  search: string;
  searching: boolean;
  onSearch: (text: string) => void;
}) {
  const { fetchKey, refresh, pending } = useRefresh();
  const { sort, orderBy, sorting, onSort } = useServerSort(ASSOCIATION_ORDER_FIELDS);
  const data = useLazyLoadQuery<AssociationManageContentQuery>(
    graphql`
      query AssociationManageContentQuery($districtAssociationId: Int!, $search: String, $orderBy: AssociationOrder) {
        viewer {
          roles
        }
        ...AssociationTable_query @arguments(districtAssociationId: $districtAssociationId, search: $search, orderBy: $orderBy)
      }
    `,
    { districtAssociationId, search: search.trim() || null, orderBy },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const manage = canManageAssociations(data.viewer.roles);
  const billing = mayCall(data.viewer.roles, "invoiceBilling.update");
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const deletion = useDeleteAssociation();

  return (
    <>
      <Toolbar actions={manage && <CreateButton label={t("association.create")} onClick={() => setDialog({ kind: "create" })} />}>
        <SearchField value={search} onSearch={onSearch} />
      </Toolbar>
      <AssociationTable
        query={data}
        manage={manage}
        loading={searching || pending || sorting}
        sort={sort}
        onSort={onSort}
        onEdit={(association) => setDialog({ kind: "edit", association })}
        onDelete={(id, name) => setDialog({ kind: "delete", id, name })}
        onHistory={(id, name) => setDialog({ kind: "history", id, name })}
        billing={billing}
        onBilling={(id, name) => setDialog({ kind: "billing", id, name })}
      />
      {dialog?.kind === "billing" && <BillingDialog association={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "history" && <ChangeHistoryDialog id={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "create" && <AssociationDialog association={null} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />}
      {dialog?.kind === "edit" && (
        <AssociationDialog association={dialog.association} districtAssociationId={districtAssociationId} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === "delete" && <DeleteRecordDialog entity="association" target={dialog} mutation={deletion} onCancel={close} onDeleted={saved} />}
    </>
  );
}
