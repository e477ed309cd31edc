import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DataTable, menuColumn } from "../../components/DataTable";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { type SortAccessors, useTableSort } from "../../components/useTableSort";
import { t } from "../../i18n/translate";
import { SellerDialog } from "../../invoices/SellerDialog";
import { useRefresh } from "../../relay/useRefresh";
import { useAppState } from "../../state/AppStateContext";
import type { DistrictAssociationManageContentQuery } from "./__generated__/DistrictAssociationManageContentQuery.graphql";
import { ApiClientsSection } from "./ApiClientsSection";
import { DistrictAssociationDialog } from "./DistrictAssociationDialog";
import { DistrictAssociationEditDialog } from "./DistrictAssociationEditDialog";
import { DistrictAssociationRow } from "./DistrictAssociationRow";
import { useDeleteDistrictAssociation } from "./useDeleteDistrictAssociation";

type DistrictNode = DistrictAssociationManageContentQuery["response"]["districtAssociations"][number];

const DISTRICT_SORT: SortAccessors<DistrictNode> = {
  id: (district) => district.databaseId,
  name: (district) => district.name,
  iamRef: (district) => district.iamRef,
};

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; id: string }
  | { kind: "seller"; id: string; name: string }
  | { kind: "delete"; id: string; databaseId: number; name: string };

/**
 * The district association table (ID, Name, IamRef; R-DA002) with create, edit and delete. The
 * query also carries the drawer's selector and footer fragments, so refreshing it after a create
 * or delete updates the shell's district list as well.
 */
export function DistrictAssociationManageContent() {
  const { fetchKey, refresh, pending } = useRefresh();
  const data = useLazyLoadQuery<DistrictAssociationManageContentQuery>(
    graphql`
      query DistrictAssociationManageContentQuery {
        viewer {
          districtAssociationId
        }
        districtAssociations {
          id
          databaseId
          name
          iamRef
          ...DistrictAssociationRow_districtAssociation
        }
        ...DistrictAssociationSelect_query
        ...AppFooter_query
      }
    `,
    {},
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const { state, dispatch } = useAppState();
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const deletion = useDeleteDistrictAssociation();
  const { rows: districts, sort, onSort } = useTableSort(data.districtAssociations, DISTRICT_SORT);

  const columns = [
    { key: "id", header: t("districtAssociation.field.id"), narrow: true, sortable: true },
    { key: "name", header: t("districtAssociation.field.name"), sortable: true },
    { key: "iamRef", header: t("districtAssociation.field.iamRef"), sortable: true },
    ...menuColumn(),
  ];

  return (
    <>
      <Toolbar actions={<CreateButton label={t("districtAssociation.create")} onClick={() => setDialog({ kind: "create" })} />} />
      <DataTable label={t("route.districtAssociationManage")} columns={columns} rowCount={districts.length} loading={pending} sort={sort} onSort={onSort}>
        {districts.map((district) => (
          <DistrictAssociationRow
            key={district.id}
            districtAssociation={district}
            onEdit={(id) => setDialog({ kind: "edit", id })}
            onDelete={(id, databaseId, name) => setDialog({ kind: "delete", id, databaseId, name })}
            onSeller={(id, name) => setDialog({ kind: "seller", id, name })}
          />
        ))}
      </DataTable>
      <ApiClientsSection />
      {dialog?.kind === "create" && <DistrictAssociationDialog districtAssociation={null} onClose={close} onSaved={saved} />}
      {dialog?.kind === "edit" && (
        <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.districtAssociation.load" error={error} onDismiss={close} />}>
          <Suspense fallback={null}>
            <DistrictAssociationEditDialog id={dialog.id} onClose={close} onSaved={saved} />
          </Suspense>
        </ErrorBoundary>
      )}
      {dialog?.kind === "seller" && <SellerDialog district={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "delete" && <DeleteRecordDialog entity="districtAssociation" target={dialog} mutation={deletion} onCancel={close} onDeleted={saved} />}
    </>
  );
}
