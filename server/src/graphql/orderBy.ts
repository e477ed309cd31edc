// The `orderBy` argument of a sortable connection (docs/decisions.md "Pagination"): an enum of the
// columns the list can be sorted by (`<Name>OrderField`), the input `<Name>Order { field,
// direction }`, and the list's order for an argument: the chosen column's sort key first, then the
// list's default order as tie-breaker (`sortedBy`, so the keyset cursors carry the chosen key and a
// cursor of another order is refused).
import { builder } from "./builder.ts";
import { type Direction, type ListOrder, type SortKey, sortedBy } from "./cursor.ts";
import { OrderDirectionEnum } from "./enums.ts";

/**
 * One column of the enum: what it sorts by, and its sort key in a direction (Prisma's orderBy
 * shape); a column that shows one of two fields (the level: category or age group) has two keys.
 */
export type OrderColumn = {
  description: string;
  key: (direction: Direction) => SortKey | readonly SortKey[];
  /**
   * a result column (points): its order would tell hidden results, so only callers who see every
   * result of the list's rows sort by it (registrations/access.ts refuseHiddenResults)
   */
  results?: true;
};

/** The value of an `orderBy` argument (null or missing: the default order). */
export type OrderArgument<F extends string> = { field: F; direction?: "ASC" | "DESC" | null } | null | undefined;

/**
 * The columns a list can be sorted by, whatever the door: GraphQL's `orderBy` argument and the
 * /v1 list's `sort` parameter read the same table.
 */
export type SortableList<F extends string> = {
  /** the list's Prisma model */
  model: string;
  columns: Readonly<Record<F, OrderColumn>>;
  /** the list's default order (the id last) */
  defaults: readonly SortKey[];
};

/** The list's order for a chosen column: its sort key first, then the default order as tie-breaker. */
export function listOrderOf<F extends string>(list: SortableList<F>, orderBy: OrderArgument<F>): ListOrder {
  return sortedBy(list.model, orderBy ? [list.columns[orderBy.field].key(orderBy.direction === "DESC" ? "desc" : "asc")].flat() : [], list.defaults);
}

/**
 * The enum and input type of a list's `orderBy` argument, named `<name>OrderField` and
 * `<name>Order`, and the list's order for a value of the argument.
 */
export function orderByArgument<F extends string>(
  options: SortableList<F> & {
    /** the types' name prefix, e.g. "User" */
    name: string;
    /** description of the enum ("A column the user table can be sorted by.") */
    fieldDescription: string;
    /** description of the input (how ties are broken) */
    description: string;
  },
) {
  const entries = Object.entries(options.columns) as [F, OrderColumn][];
  const fieldEnum = builder.enumType(`${options.name}OrderField`, {
    description: options.fieldDescription,
    values: Object.fromEntries(entries.map(([value, column]) => [value, { description: column.description }])) as Record<F, { description: string }>,
  });
  const input = builder.inputType(`${options.name}Order`, {
    description: options.description,
    fields: (t) => ({
      field: t.field({ type: fieldEnum, required: true, description: "The column." }),
      direction: t.field({ type: OrderDirectionEnum, required: false, defaultValue: "ASC", description: "The direction (default ASC)." }),
    }),
  });
  const order = (orderBy: OrderArgument<F>): ListOrder => listOrderOf(options, orderBy);
  return { input, order };
}
