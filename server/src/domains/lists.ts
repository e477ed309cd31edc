// One read path per list (docs/decisions.md "Pagination"): a domain's service says what a list is,
// its `where` (the caller's scope and the filters) and its order (the default order written once,
// in the service, or a chosen column before it); both doors page through that with the same keyset
// cursors: GraphQL's connection (graphql/cursor.ts keysetResolver, `list` option) and the /v1 list
// (readListPage below, through the /v1 router's `list`: http/rest.ts ListSource).
import { encodeCursor, keysetPage, type ListOrder } from "../graphql/cursor.ts";

type Where = Record<string, unknown>;

/** A list as its service defines it: the rows it holds for the caller and their order. */
export type ListRead = { where: Where; order: ListOrder };

/**
 * A /v1 list's page without `limit`, and the most one `limit` may ask for (docs/decisions.md
 * "/v1 REST", "Lists page"): the change feed's sizes, so an integrator pages every list alike.
 */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

/** The /v1 page arguments: how many rows and where the previous page ended. */
export type PageRequest = { limit: number; cursor: string | null };

/** The condition "changed at or after `since`" (the lists' updatedSince filter); none without it. */
export const updatedSinceWhere = (since: Date | null | undefined): Where[] => (since ? [{ updatedAt: { gte: since } }] : []);

/** A list's where with further conditions ANDed (an updatedSince filter). */
export function narrowed(list: ListRead, conditions: Where[]): ListRead {
  return conditions.length ? { ...list, where: { AND: [list.where, ...conditions] } } : list;
}

/**
 * One page of `list`: at most `limit` rows after `cursor` in the list's order, each read with
 * `include` (the sort keys of a relation are included too), and the cursor of the next page (null
 * on the last one). `connection` names the list in its cursors: the GraphQL connection's name, so a
 * cursor is one position in one list whichever door handed it out.
 */
export async function readListPage<Row>(
  delegate: { findMany(args: object): Promise<unknown[]> },
  connection: string,
  list: ListRead,
  page: PageRequest,
  include: Record<string, unknown> = {},
): Promise<{ rows: Row[]; next: string | null }> {
  const withKeys = { ...include };
  for (const k of list.order.keys) if (k.sub && !withKeys[k.field]) withKeys[k.field] = { select: { [k.sub]: true } };
  const read = await keysetPage(
    connection,
    list.order,
    { first: page.limit, after: page.cursor },
    ({ where, orderBy, take }) =>
      delegate.findMany({
        where: where.length ? { AND: [list.where, ...where] } : list.where,
        orderBy: [...orderBy],
        take,
        ...(Object.keys(withKeys).length ? { include: withKeys } : {}),
      }),
    page.limit,
  );
  const rows = read.rows as Record<string, unknown>[];
  const last = rows.at(-1);
  return { rows: rows as Row[], next: read.hasNextPage && last ? encodeCursor(connection, list.order, last) : null };
}
