import { type ComponentType, type ReactNode, useCallback, useState } from "react";
import { type GraphQLTaggedNode, useLazyLoadQuery } from "react-relay";
import type { FetchPolicy, OperationType } from "relay-runtime";
import { ChangeHistoryDialog } from "../../components/ChangeHistoryDialog";
import { DataTable, type DataTableColumn, menuColumn } from "../../components/DataTable";
import { TablePager } from "../../components/TablePager";
import { sortableColumns } from "../../components/tableSort";
import { useServerSort } from "../../components/useServerSort";
import { runDownload } from "../../http/runDownload";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { notifyLoadFailure } from "../../relay/loadMoreFailure";
import { useRefresh } from "../../relay/useRefresh";
import { ConfirmRowAction } from "./ConfirmRowAction";
import type { FilterVariables } from "./overviewFilters";
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
const MENU_COLUMNS: DataTableColumn[] = [...menuColumn(), { key: "symbols", header: t("table.symbols"), hiddenHeader: true, narrow: true }];

/** The header of every column of the overview tables, by column key (a column both kinds show is named once). */
const COLUMN_HEADERS = {
  id: "overview.column.id",
  firstname: "overview.column.firstname",
  lastname: "overview.column.lastname",
  name: "overview.competition.column.name",
  association: "overview.column.association",
  instrument: "overview.column.instrument",
  course: "overview.column.course",
  type: "overview.competition.column.type",
  cast: "overview.competition.column.cast",
  level: "overview.competition.column.level",
  documents: "overview.competition.column.documents",
  songs: "overview.column.songs",
  theory: "overview.column.theory",
  practice: "overview.column.practice",
  grade: "overview.column.grade",
  points: "overview.competition.column.points",
  mark: "overview.competition.column.mark",
  timetable: "registration.timetable",
} as const satisfies Record<string, MessageKey>;

/** A kind's columns in their order (the ID narrow). */
export function overviewColumns(...keys: (keyof typeof COLUMN_HEADERS)[]): DataTableColumn[] {
  return keys.map((key) => ({ key, header: t(COLUMN_HEADERS[key]), narrow: key === "id" || undefined }));
}

/** What the list reads of a row: its global and numeric id, and whether it is cancelled. */
export interface ListRow {
  readonly id: string;
  readonly databaseId: number;
  readonly cancelledAt?: string | null;
}

/** The opening entries of a row menu: they open the kind's edit dialog (edit, enter songs, view). */
const OPEN_ACTIONS: readonly RowAction[] = ["edit", "songs", "view"];

/** A page of a kind's table as its pagination fragment gives it (usePaginationFragment and the connection). */
export interface Pages<N> {
  connection: { readonly totalCount: number; readonly edges: readonly { readonly node: N }[] };
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number, options: { onComplete: (error: Error | null) => void }) => unknown;
}

/** A registration kind's list: what it adds to the one shape (a module constant, so the row handler stays stable). */
export interface ListKind<A extends RowAction, Row extends ListRow, Q extends OperationType, N> {
  /** the kind's query of a first page: `$eventId`, `$search`, the filters (`$location`, `$association`, `$filter`), `$orderBy`, spreading its pagination fragment */
  query: GraphQLTaggedNode;
  /** the pagination fragment over the query's answer */
  usePages: (data: Q["response"]) => Pages<N>;
  /** the columns that sort on the server for this viewer (column key → orderBy field) */
  orderFields: (viewerSeesAllResults: boolean) => Readonly<Record<string, string>>;
  /** the table's accessible name */
  label: MessageKey;
  /** the kind's columns before the row menu (all of them; `orderFields` marks those that sort) */
  columns: readonly DataTableColumn[];
  /** one row of the table, with the list's stable handler of its menu entries */
  row: (node: N, onAction: (action: A, row: Row) => void) => ReactNode;
  /** the notice prefix of a failed "Mehr laden" */
  loadFailure: MessageKey;
  /** the name the row menu and the confirmations speak of */
  name: (row: Row) => string;
  EditDialog: ComponentType<{ registrationId: string; onClose: () => void }>;
  /** entries that download a file: the path below the API base and the notice prefix of a failure */
  downloads: Partial<Record<A, (row: Row) => [path: string, failure: MessageKey]>>;
  /** the entries that change the row after a question (cancel, delete, …): their mutations */
  useConfirmations: () => Partial<Record<A, Confirmation<Row>>>;
  /** runs before the edit dialog opens */
  onOpen?: (row: Row) => void;
}

/** What the overview gives a kind's table: the chosen event, the search, the filters, and what the route loaded. */
export interface KindListProps {
  eventId: string;
  search: string;
  /** the URL's filters as the query's variables (overviewFilters.ts) */
  filters: FilterVariables;
  /** a search, another event or district is under way: the rows shown are the old ones */
  searching: boolean;
  /** the event's Event.viewerSeesAllResults: only then do the result columns sort */
  viewerSeesAllResults: boolean;
  /** the first page the route loaded with the screen */
  preloaded?: FirstPage | null;
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

/** The variables of a table's first page: the event, the search (null: none), the filters and the order (null: the server's default). */
export interface FirstPage {
  readonly eventId: string;
  readonly search: string | null;
  readonly filters: FilterVariables;
  readonly orderBy: unknown;
}

/**
 * The overview list's variables and state: the event and search, the sort from the URL over the
 * columns that sort for this viewer (`orderFields`), the refresh after a change, and the fetch
 * policy: the first page the route loaded with the screen (`preloaded`) is read from the store,
 * anything else is asked again.
 */
function useRegistrationList<F extends string>(
  orderFields: Readonly<Record<string, F>>,
  eventId: string,
  search: string,
  filters: FilterVariables,
  preloaded: FirstPage | null,
) {
  const { fetchKey, refresh, pending } = useRefresh();
  // the sort is the URL's `sort`, like the search's `q`: a link or a reload keeps both
  const { sort, orderBy, sorting, onSort } = useServerSort(orderFields);
  const variables = { eventId, search: search.trim() || null, ...filters, orderBy };
  const loaded =
    preloaded !== null &&
    preloaded.eventId === eventId &&
    preloaded.search === variables.search &&
    JSON.stringify(preloaded.filters) === JSON.stringify(filters) &&
    JSON.stringify(preloaded.orderBy) === JSON.stringify(orderBy);
  const fetchPolicy = useFirstFetchPolicy(fetchKey === 0 && loaded);
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
 * The table of one kind with its row menu's dialogs: the kind's first page for the event, search and
 * sort (read from the store when the route loaded it), "Mehr laden", and the entries' dialogs.
 * Every change refreshes the list (spec §7 "Answers"): a save in the edit dialog by its answer,
 * which updates the row's record, the other changes by loading the list again.
 */
export function RegistrationList<A extends RowAction, Row extends ListRow, Q extends OperationType, N>({
  kind,
  eventId,
  search,
  filters,
  searching,
  viewerSeesAllResults,
  preloaded = null,
  healthAccesses = false,
  dialog: renderDialog,
}: KindListProps & {
  kind: ListKind<A, Row, Q, N>;
  /** a camp event and a viewer with registration_manage: the history also lists the health-data accesses */
  healthAccesses?: boolean;
  /** the kind's own dialogs (entries beyond open, history, the confirmations and the downloads) */
  dialog?: (open: OpenDialog<A, Row>, close: () => void, saved: () => void) => ReactNode;
}) {
  const orderFields = kind.orderFields(viewerSeesAllResults);
  const list = useRegistrationList(orderFields, eventId, search, filters, preloaded);
  const data = useLazyLoadQuery<Q>(kind.query, list.variables as Q["variables"], list.options);
  const pages = kind.usePages(data);
  const confirmations = kind.useConfirmations();
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
  const { connection } = pages;
  const edges = connection.edges;
  const confirmation = open && confirmations[open.action];
  return (
    <>
      <DataTable
        label={t(kind.label)}
        columns={[...sortableColumns(kind.columns, orderFields), ...MENU_COLUMNS]}
        rowCount={edges.length}
        loading={searching || list.busy}
        sort={list.sort}
        onSort={list.onSort}
        footer={
          <TablePager
            shown={edges.length}
            total={connection.totalCount}
            hasNext={pages.hasNext}
            loading={pages.isLoadingNext}
            onLoadMore={() => pages.loadNext(OVERVIEW_PAGE_SIZE, { onComplete: notifyLoadFailure(kind.loadFailure) })}
          />
        }
      >
        {edges.map((edge) => kind.row(edge.node, act))}
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
