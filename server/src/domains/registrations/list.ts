// The one read of a registration list (the overviews), for both doors: GraphQL's connections
// (`dexamRegistrations`, `competitionRegistrations`, keyset pages through graphql/cursor.ts) and the
// /v1 lists (rest.ts). The caller's scope and the filters come from the kind's `where`
// (registrationScope and the kind's search columns), the order from the kind's sortable columns
// (default order and ties in one place: the kind's overviewOrder.ts), and a sort by hidden results
// or a filter by entered results is refused before anything is read (access.ts refuseHiddenResults).
import type { ListOrder } from "../../graphql/cursor.ts";
import { listOrderOf, type OrderArgument, type SortableList } from "../../graphql/orderBy.ts";
import type { ServiceCtx } from "../context.ts";
import { type PageRequest, readListPage } from "../lists.ts";
import { type RegistrationFilter, refuseHiddenResults } from "./access.ts";
import type { RegistrationKind, RegistrationRow } from "./kind.ts";

/** A kind's list: its sortable columns and its where (the caller's scope, the filters, the search). */
export type RegistrationList<F extends string> = {
  // biome-ignore lint/suspicious/noExplicitAny: either kind's row
  kind: RegistrationKind<any>;
  order: SortableList<F>;
  where: (ctx: ServiceCtx, filter: RegistrationFilter) => object;
};

/** The list's where and order for a filter and a chosen column (null: the default order). */
export async function registrationList<F extends string>(
  ctx: ServiceCtx,
  list: RegistrationList<F>,
  filter: RegistrationFilter,
  orderBy: OrderArgument<F>,
): Promise<{ where: Record<string, unknown>; order: ListOrder }> {
  const where = list.where(ctx, filter) as Record<string, unknown>;
  await refuseHiddenResults(ctx, filter.eventId, list.order, orderBy, filter.status);
  return { where, order: listOrderOf(list.order, orderBy) };
}

/** One page of the list (the /v1 lists), each row with `include`; its cursors are those of the kind's GraphQL connection. */
export async function readRegistrationPage<F extends string, Row extends RegistrationRow>(
  ctx: ServiceCtx,
  list: RegistrationList<F>,
  filter: RegistrationFilter,
  orderBy: OrderArgument<F>,
  page: PageRequest,
  include: Record<string, unknown>,
): Promise<{ rows: Row[]; next: string | null }> {
  const read = await registrationList(ctx, list, filter, orderBy);
  const delegate = list.kind.delegate(ctx.prisma) as unknown as { findMany(args: object): Promise<unknown[]> };
  return readListPage<Row>(delegate, `${list.kind.entity}Connection`, read, page, include);
}
