import { graphql, usePaginationFragment } from "react-relay";
import { type DataTableColumn, menuColumn } from "../../components/DataTable";
import { PagedDataTable } from "../../components/PagedDataTable";
import { sortableColumns, type TableSort } from "../../components/tableSort";
import { t } from "../../i18n/translate";
import { canManageUsers } from "../../routes/permissions";
import type { UserRow_user$data } from "./__generated__/UserRow_user.graphql";
import type { UserTable_query$key } from "./__generated__/UserTable_query.graphql";
import type { UserTablePaginationQuery } from "./__generated__/UserTablePaginationQuery.graphql";
import { UserRow } from "./UserRow";
import type { UserRowAction } from "./userRowActions";

export const USER_PAGE_SIZE = 25;

/** The columns the server sorts the user table by (column key → orderBy field). */
export const USER_ORDER_FIELDS = { id: "ID", firstname: "FIRSTNAME", lastname: "LASTNAME", email: "EMAIL", lastActive: "LAST_ACTIVE" } as const;

/**
 * The user table (R-UM002): ID, Vorname, Nachname, E-Mail, Vereine, Zuletzt aktiv, the row menu
 * (for user_manage) and the symbols column; paged with "Mehr laden", sorted on the server by a
 * click on any header but Vereine.
 */
export function UserTable({
  query,
  viewerRoles,
  loading,
  sort,
  onSort,
  onAction,
}: {
  query: UserTable_query$key;
  viewerRoles: readonly string[];
  loading: boolean;
  sort: TableSort | null;
  onSort: (key: string) => void;
  onAction: (action: UserRowAction, user: UserRow_user$data) => void;
}) {
  const { data, ...paging } = usePaginationFragment<UserTablePaginationQuery, UserTable_query$key>(
    graphql`
      fragment UserTable_query on Query
      @refetchable(queryName: "UserTablePaginationQuery")
      @argumentDefinitions(
        districtAssociationId: { type: "Int!" }
        associationId: { type: "Int" }
        search: { type: "String" }
        orderBy: { type: "UserOrder" }
        count: { type: "Int", defaultValue: 25 }
        cursor: { type: "String" }
      ) {
        users(
          districtAssociationId: $districtAssociationId
          associationId: $associationId
          search: $search
          orderBy: $orderBy
          first: $count
          after: $cursor
        )
          @connection(key: "UserTable_users") {
          totalCount
          edges {
            node {
              id
              ...UserRow_user
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.users.edges;
  const manage = canManageUsers(viewerRoles);
  const columns: DataTableColumn[] = sortableColumns(
    [
      { key: "id", header: t("user.field.id"), narrow: true },
      { key: "firstname", header: t("user.field.firstname") },
      { key: "lastname", header: t("user.field.lastname") },
      { key: "email", header: t("user.field.email") },
      { key: "associations", header: t("user.field.associations") },
      { key: "lastActive", header: t("user.field.lastActive") },
      ...menuColumn(manage),
      { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true },
    ],
    USER_ORDER_FIELDS,
  );
  return (
    <PagedDataTable
      label={t("route.userManage")}
      columns={columns}
      rowCount={edges.length}
      loading={loading}
      sort={sort}
      onSort={onSort}
      total={data.users.totalCount}
      paging={paging}
      pageSize={USER_PAGE_SIZE}
      loadError="error.users.load"
    >
      {edges.map((edge) => (
        <UserRow key={edge.node.id} user={edge.node} viewerRoles={viewerRoles} showMenu={manage} onAction={onAction} />
      ))}
    </PagedDataTable>
  );
}
