import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { CreateButton, DeleteRecordDialog, useManageDialogs } from "../../components/useManageDialogs";
import { useServerSort } from "../../components/useServerSort";
import { t } from "../../i18n/translate";
import { useRefresh } from "../../relay/useRefresh";
import { canManageUsers } from "../../routes/permissions";
import type { AssignAssociationsDialog_user$key } from "./__generated__/AssignAssociationsDialog_user.graphql";
import type { UserDialog_user$key } from "./__generated__/UserDialog_user.graphql";
import type { UserManageContentQuery } from "./__generated__/UserManageContentQuery.graphql";
import type { UserRow_user$data } from "./__generated__/UserRow_user.graphql";
import { AssignAssociationsDialog } from "./AssignAssociationsDialog";
import { UserAssociationFilter } from "./UserAssociationFilter";
import { UserDialog } from "./UserDialog";
import { USER_ORDER_FIELDS, UserTable } from "./UserTable";
import { useDeleteUser } from "./useDeleteUser";
import { useResendInvitation } from "./useResendInvitation";
import type { UserRowAction } from "./userRowActions";
import { useUserActivation } from "./useUserActivation";

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; user: UserDialog_user$key }
  | { kind: "assign"; user: AssignAssociationsDialog_user$key }
  | { kind: "delete"; id: string; name: string }
  | { kind: "history"; id: string; name: string };

/**
 * Club filter, search, "Neuer Benutzer", the user table and its dialogs and row actions. Actions
 * only with user_manage (admin passes); user_read sees the table read-only.
 */
export function UserManageContent({
  districtAssociationId,
  associationId,
  search,
  searching,
  onSearch,
  onFilter,
}: {
  districtAssociationId: number;
  associationId: number | null;
  search: string;
  searching: boolean;
  onSearch: (text: string) => void;
  onFilter: (associationId: number | null) => void;
}) {
  const { fetchKey, refresh, pending } = useRefresh();
  const { sort, orderBy, sorting, onSort } = useServerSort(USER_ORDER_FIELDS);
  const data = useLazyLoadQuery<UserManageContentQuery>(
    graphql`
      query UserManageContentQuery($districtAssociationId: Int!, $associationId: Int, $search: String, $orderBy: UserOrder) {
        viewer {
          roles
        }
        ...useAssociationOptions_query @arguments(districtAssociationId: $districtAssociationId)
        ...UserTable_query
          @arguments(districtAssociationId: $districtAssociationId, associationId: $associationId, search: $search, orderBy: $orderBy)
      }
    `,
    { districtAssociationId, associationId, search: search.trim() || null, orderBy },
    { fetchKey, fetchPolicy: "store-and-network" },
  );
  const roles = data.viewer.roles;
  const manage = canManageUsers(roles);
  const { dialog, setDialog, close, saved } = useManageDialogs<DialogState>(refresh);
  const deletion = useDeleteUser();
  const [deactivate] = useUserActivation(false);
  const [reactivate] = useUserActivation(true);
  const [resendInvitation] = useResendInvitation();

  const act = async (action: UserRowAction, user: UserRow_user$data) => {
    switch (action) {
      case "edit":
        setDialog({ kind: "edit", user });
        return;
      case "assignAssociations":
        setDialog({ kind: "assign", user });
        return;
      case "delete":
        setDialog({ kind: "delete", id: user.id, name: `${user.firstname} ${user.lastname}` });
        return;
      case "resendInvitation":
        if ((await resendInvitation({ id: user.id })).ok) refresh();
        return;
      case "deactivate":
        if ((await deactivate({ id: user.id, active: false })).ok) refresh();
        return;
      case "reactivate":
        if ((await reactivate({ id: user.id, active: true })).ok) refresh();
        return;
      case "history":
        setDialog({ kind: "history", id: user.id, name: `${user.firstname} ${user.lastname}` });
        return;
    }
  };

  return (
    <>
      <Toolbar actions={manage && <CreateButton label={t("user.create")} onClick={() => setDialog({ kind: "create" })} />}>
        <UserAssociationFilter query={data} associationId={associationId} onChange={onFilter} />
        <SearchField value={search} onSearch={onSearch} />
      </Toolbar>
      <UserTable query={data} viewerRoles={roles} loading={searching || pending || sorting} sort={sort} onSort={onSort} onAction={act} />
      {dialog?.kind === "history" && <ChangeHistoryDialog id={dialog.id} name={dialog.name} onClose={close} />}
      {dialog?.kind === "create" && (
        <UserDialog user={null} districtAssociationId={districtAssociationId} viewerRoles={roles} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === "edit" && (
        <UserDialog user={dialog.user} districtAssociationId={districtAssociationId} viewerRoles={roles} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === "assign" && (
        <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.associations.load" error={error} onDismiss={close} />}>
          <Suspense fallback={null}>
            <AssignAssociationsDialog user={dialog.user} onClose={close} onSaved={saved} />
          </Suspense>
        </ErrorBoundary>
      )}
      {dialog?.kind === "delete" && <DeleteRecordDialog entity="user" target={dialog} mutation={deletion} onCancel={close} onDeleted={saved} />}
    </>
  );
}
