import { type ComponentType, type ReactNode, useCallback, useState } from "react";
import type { FetchPolicy } from "relay-runtime";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { TablePager } from "../../components/TablePager";
import { sortableColumns } from "../../components/tableSort";
import { useServerSort } from "../../components/useServerSort";
import { runDownload } from "../../http/runDownload";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { notifyLoadFailure } from "../../relay/loadMoreFailure";
import { useRefresh } from "../../relay/useRefresh";
import { ConfirmRowAction } from "./ConfirmRowAction";
import type { RowAction } from "./rowActions";

/**
 * The one shape of the overview's registration tables (D-exam, competition): the first page of the
 * chosen event sorted by the URL's `sort` on the server, "Mehr laden" under it, the row menu, and
 * the dialogs of its entries (open, history, the confirmed changes, the downloads). A kind adds its
 * query, its columns and row, and its own entries (`ListKind`).
 */

/** Rows per page of the overview tables. */
export const OVERVIEW_PAGE_SIZE = 25;

/** The trailing columns of every overview table: the row menu and the symbols (headers for assistive technology only). */
const MENU_COLUMNS: DataTableColumn[] = [
  { key: "menu", header: t("table.actions"), hiddenHeader: true, narrow: true },
  { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true },
];

/** What the list reads of a row: its global and numeric id, and whether it is cancelled. */
export interface ListRow {
  readonly id: string;
  readonly databaseId: number;
  readonly cancelledAt?: string | null;
}

/** The opening entries of a row menu: they open the kind's edit dialog (edit, enter songs, view). */
const OPEN_ACTIONS: readonly RowAction[] = ["edit", "songs", "view"];

/** The parts of a registration kind's list that do not change while it is shown (a module constant, so the row handler stays stable). */
export interface ListKind<A extends RowAction, Row extends ListRow> {
  /** the table's accessible name */
  label: MessageKey;
  /** the kind's columns before the row menu (all of them; `orderFields` marks those that sort) */
  columns: readonly DataTableColumn[];
  /** the notice prefix of a failed "Mehr laden" */
  loadFailure: MessageKey;
  /** the name the row menu and the confirmations speak of */
  name: (row: Row) => string;
  EditDialog: ComponentType<{ registrationId: string; onClose: () => void }>;
  /** entries that download a file: the path below the API base and the notice prefix of a failure */
  downloads: Partial<Record<A, (row: Row) => [path: string, failure: MessageKey]>>;
  /** runs before the edit dialog opens */
  onOpen?: (row: Row) => void;
}

/** A confirmed change of a row (cancel, delete, erase the camp data): its question, the mutation and whether it is under way. */
export interface Confirmation<Row> {
  text: (row: Row) => string;
  run: (input: { id: string }) => Promise<{ ok: boolean }>;
  busy: boolean;
}

/** The dialog a row menu entry opened. */
export interface OpenDialog<A, Row> {
  action: A;
  row: Row;
}

/** The variables of a table's first page: the event, the search (null: none) and the order (null: the server's default). */
export interface FirstPage {
  readonly eventId: string;
  readonly search: string | null;
  readonly orderBy: unknown;
}

/**
 * The overview list's variables and state: the event and search, the sort from the URL over the
 * columns that sort for this viewer (`orderFields`), the refresh after a change, and the fetch
 * policy: the first page the route loaded with the screen (`preloaded`) is read from the store,
 * anything else is asked again.
 */
export function useRegistrationList<F extends string>(orderFields: Readonly<Record<string, F>>, eventId: string, search: string, preloaded: FirstPage | null) {
  const { fetchKey, refresh, pending } = useRefresh();
  // the sort is the URL's `sort`, like the search's `q`: a link or a reload keeps both
  const { sort, orderBy, sorting, onSort } = useServerSort(orderFields);
  const variables = { eventId, search: search.trim() || null, orderBy };
  const fetchPolicy = useFirstFetchPolicy(fetchKey === 0 && preloaded !== null && JSON.stringify(preloaded) === JSON.stringify(variables));
  return { sort, onSort, refresh, busy: pending || sorting, variables, options: { fetchKey, fetchPolicy } };
}

/**
 * "store-or-network" while a component shows what its route loaded already (`fromRoute`), from the
 * first render until it shows something else; "store-and-network" (the store's copy at once, then
 * the server's) from then on, as for any list shown again.
 */
export function useFirstFetchPolicy(fromRoute: boolean): FetchPolicy {
  const [left, setLeft] = useState(!fromRoute);
  if (!fromRoute && !left) setLeft(true);
  return fromRoute && !left ? "store-or-network" : "store-and-network";
}

/**
 * The table of one kind with its row menu's dialogs. `connection` and `pagination` come from the
 * kind's pagination fragment, `row` renders one row of it with the stable handler of the entries.
 */
export function RegistrationList<A extends RowAction, Row extends ListRow, N extends { readonly id: string }>({
  kind,
  orderFields,
  list,
  loading,
  connection,
  pagination,
  row,
  confirmations,
  healthAccesses = false,
  dialog: renderDialog,
}: {
  kind: ListKind<A, Row>;
  orderFields: Readonly<Record<string, string>>;
  list: ReturnType<typeof useRegistrationList>;
  /** a search, another event or district is under way: the rows shown are the old ones */
  loading: boolean;
  connection: { readonly totalCount: number; readonly edges: readonly { readonly node: N }[] };
  pagination: { hasNext: boolean; isLoadingNext: boolean; loadNext: (count: number, options: { onComplete: (error: Error | null) => void }) => unknown };
  row: (node: N, onAction: (action: A, row: Row) => void) => ReactNode;
  confirmations: Partial<Record<A, Confirmation<Row>>>;
  /** a camp event and a viewer with registration_manage: the history also lists the health-data accesses */
  healthAccesses?: boolean;
  /** the kind's own dialogs (entries beyond open, history, the confirmations and the downloads) */
  dialog?: (open: OpenDialog<A, Row>, close: () => void, saved: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<OpenDialog<A, Row> | null>(null);
  const close = () => setOpen(null);
  const saved = () => {
    setOpen(null);
    list.refresh();
  };
  // stable, so the rows (memo) render again only when their own data changes
  const act = useCallback(
    (action: A, target: Row) => {
      const download = kind.downloads[action]?.(target);
      if (download) {
        void runDownload(...download);
        return;
      }
      if (OPEN_ACTIONS.includes(action)) kind.onOpen?.(target);
      setOpen({ action, row: target });
    },
    [kind],
  );
  const edges = connection.edges;
  const confirmation = open && confirmations[open.action];
  return (
    <>
      <DataTable
        label={t(kind.label)}
        columns={[...sortableColumns(kind.columns, orderFields), ...MENU_COLUMNS]}
        rowCount={edges.length}
        loading={loading || list.busy}
        sort={list.sort}
        onSort={list.onSort}
        footer={
          <TablePager
            shown={edges.length}
            total={connection.totalCount}
            hasNext={pagination.hasNext}
            loading={pagination.isLoadingNext}
            onLoadMore={() => pagination.loadNext(OVERVIEW_PAGE_SIZE, { onComplete: notifyLoadFailure(kind.loadFailure) })}
          />
        }
      >
        {edges.map((edge) => row(edge.node, act))}
      </DataTable>
      {open && OPEN_ACTIONS.includes(open.action) && <kind.EditDialog registrationId={open.row.id} onClose={close} />}
      {open?.action === "history" && <ChangeHistoryDialog id={open.row.id} name={kind.name(open.row)} onClose={close} healthAccesses={healthAccesses} />}
      {open && confirmation && (
        <ConfirmRowAction
          text={confirmation.text(open.row)}
          busy={confirmation.busy}
          run={() => confirmation.run({ id: open.row.id })}
          onDone={saved}
          onClose={close}
        />
      )}
      {open && renderDialog?.(open, close, saved)}
    </>
  );
}
