// Keyset cursors for every connection (docs/decisions.md "Pagination"). A cursor names a position
// in its list, not a row: the connection it belongs to, the list's order and the sort key values
// of the row it was taken from (the last key is the id, which makes every position unique). The
// next page is the list's rows after that position, `(keys) > (cursor's values)` in the list's
// order, always within the list's own `where`: a deleted or changed row does not move the walk,
// and a cursor can never show a row outside the caller's list (it carries values the caller
// already saw, and a made-up one only places the caller's own rows). A cursor of another
// connection or order, or anything that is no cursor, is refused (INVALID_CURSOR).
//
// `first`, `last`, `after` and `before` follow the Relay specification (ApplyCursorsToEdges, then
// the first n, then the last n of those). Every keyset connection is defined through
// `keysetConnection` (connection.ts), which resolves through `keysetResolver` below: the page is
// read through Pothos' prisma plugin (`queryFromInfo` plans the nodes' relations) with the list's
// `where` from its domain's access rules.
import { PothosValidationError } from "@pothos/core";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { type GraphQLResolveInfo, Kind } from "graphql";
import { AppError } from "../auth/errors.ts";
import { getDatamodel } from "../generated/pothos-types.ts";
import * as prismaEnums from "../generated/prisma/enums.ts";
import { isInt4 } from "../shared/validation.ts";
import type { GraphQLContext } from "./builder.ts";

export type Direction = "asc" | "desc";
/**
 * One sort key as Prisma's orderBy writes it: `{ lastname: "asc" }`, or a column of a required
 * to-one relation, `{ association: { name: "asc" } }`.
 */
export type SortKey = Readonly<Partial<Record<string, Direction | Readonly<Partial<Record<string, Direction>>>>>>;

/**
 * A sort key: the column (`field`, or `sub` of the relation `field`), its direction and type; an
 * enum or boolean column also its values in PostgreSQL's order (an enum's declaration order;
 * false before true).
 */
type Key = { field: string; sub?: string; direction: Direction; type: string; nullable: boolean; values?: readonly unknown[] };
/** A list's order, checked against the model: its keys with their types, ending with the id. */
export type ListOrder = {
  readonly keys: readonly Key[];
  /** Prisma's orderBy of the list (and, reversed, of a backward page) */
  readonly orderBy: readonly SortKey[];
  readonly signature: string;
};

type Field = { name: string; type: string; kind: string; isRequired: boolean; isList: boolean };
const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: Field[] }>;
/** the types a sort key may have (the cursor holds them as JSON) */
const SORTABLE = new Set(["String", "Int", "DateTime", "Boolean", "Decimal"]);

/**
 * The order of a list of `model`: the sort keys in Prisma's orderBy shape, the last one the id
 * (added when missing, in the direction of the last key). PostgreSQL sorts NULL after every value
 * (ASC NULLS LAST, DESC NULLS FIRST), so the order reversed is the backward page's order.
 */
export function listOrder(model: string, sortKeys: readonly SortKey[]): ListOrder {
  const fields = models[model]?.fields;
  if (!fields) throw new Error(`listOrder: unknown model ${model}`);
  const one = <V>(k: Readonly<Partial<Record<string, V>>>): [string, V] => {
    const entries = Object.entries(k).filter(([, d]) => d !== undefined);
    if (entries.length !== 1) throw new Error(`listOrder: one field per sort key (${JSON.stringify(k)})`);
    return entries[0] as [string, V];
  };
  const column = (f: Field | undefined, name: string) => {
    if (!f || f.isList || !(f.kind === "enum" || SORTABLE.has(f.type))) throw new Error(`listOrder: ${name} cannot be a sort key`);
    if (f.type === "Boolean") return { type: f.type, nullable: !f.isRequired, values: [false, true] };
    if (f.kind !== "enum") return { type: f.type, nullable: !f.isRequired };
    const values = (prismaEnums as Record<string, Record<string, string> | undefined>)[f.type];
    if (!values) throw new Error(`listOrder: unknown enum ${f.type}`);
    return { type: "String", nullable: !f.isRequired, values: Object.values(values) };
  };
  const keys: Key[] = sortKeys.map((k) => {
    const [field, value] = one(k);
    const f = fields.find((x) => x.name === field);
    if (typeof value === "string") return { field, direction: value, ...column(f, `${model}.${field}`) };
    // a column of a required to-one relation
    const [sub, direction] = one(value);
    if (!f || f.kind !== "object" || f.isList || !f.isRequired) throw new Error(`listOrder: ${model}.${field} is no required to-one relation`);
    return {
      field,
      sub,
      direction,
      ...column(
        models[f.type]?.fields.find((x) => x.name === sub),
        `${f.type}.${sub}`,
      ),
    };
  });
  if (keys.at(-1)?.field !== "id") keys.push({ field: "id", direction: keys.at(-1)?.direction ?? "asc", type: "Int", nullable: false });
  return {
    keys,
    orderBy: keys.map((k) => sortKey(k, k.direction)),
    signature: keys.map((k) => `${k.sub ? `${k.field}.${k.sub}` : k.field}:${k.direction}`).join(","),
  };
}

const orders = new Map<string, ListOrder>();
/**
 * The order of a list of `model` sorted by `keys` first (an `orderBy` argument), then by its
 * default order (each column once; none after the row's own id, which is unique): built once per
 * order and kept.
 */
export function sortedBy(model: string, keys: readonly SortKey[], defaults: readonly SortKey[]): ListOrder {
  const id = `${model}|${JSON.stringify(keys)}|${JSON.stringify(defaults)}`;
  let order = orders.get(id);
  if (!order) {
    const column = (k: SortKey) => JSON.stringify(Object.entries(k).map(([f, v]) => (typeof v === "object" ? [f, Object.keys(v as object)] : f)));
    const chosen = new Set(keys.map(column));
    const byId = chosen.has(column({ id: "asc" }));
    order = listOrder(model, byId ? keys : [...keys, ...defaults.filter((k) => !chosen.has(column(k)))]);
    orders.set(id, order);
  }
  return order;
}

const sortKey = (k: Key, direction: Direction): SortKey => ({ [k.field]: k.sub ? { [k.sub]: direction } : direction });
/** A key's value in a row (relations as Prisma loads them). */
const rowValue = (k: Key, row: Record<string, unknown>): unknown => (k.sub ? (row[k.field] as Record<string, unknown> | null)?.[k.sub] : row[k.field]);
/** A condition on a key's column. */
const on = (k: Key, condition: unknown): Where => ({ [k.field]: k.sub ? { is: { [k.sub]: condition } } : condition });
/**
 * The condition "after `v`" (gt) or "before `v`" (lt) on a key's column. Prisma compares enums and
 * booleans only for equality: such a key names the values on that side of `v` in its order instead.
 */
const beyondValue = (k: Key, op: "gt" | "lt", v: unknown): Where => {
  if (!k.values) return on(k, { [op]: v });
  const at = k.values.indexOf(v);
  const side = op === "gt" ? k.values.slice(at + 1) : k.values.slice(0, at);
  // booleans know no `in`: one value is an equality, none matches no row
  return side.length === 0 ? NOTHING : on(k, side.length === 1 ? side[0] : { in: side });
};

export const CURSOR_MESSAGE = "Ungültiger Cursor: bitte den startCursor oder endCursor einer Seite dieser Liste übergeben";
const invalidCursor = () => new AppError("INVALID_CURSOR", CURSOR_MESSAGE);

/** The cursor of `row` in the list `connection` ordered by `order`: base64url of JSON. */
export function encodeCursor(connection: string, order: ListOrder, row: Record<string, unknown>): string {
  const values = order.keys.map((k) => {
    const v = rowValue(k, row);
    // a Decimal (points) as its exact text
    return v instanceof Date ? v.toISOString() : k.type === "Decimal" && v != null ? String(v) : (v ?? null);
  });
  return Buffer.from(JSON.stringify({ c: connection, o: order.signature, v: values })).toString("base64url");
}

/** A value of the cursor as the key's type needs it, or undefined when it is none. */
function keyValue(key: Key, v: unknown): unknown {
  if (v === null) return key.nullable ? null : undefined;
  switch (key.type) {
    case "String":
      return typeof v === "string" && (!key.values || key.values.includes(v)) ? v : undefined;
    case "Int":
      return typeof v === "number" && isInt4(v) ? v : undefined;
    case "Boolean":
      return typeof v === "boolean" ? v : undefined;
    case "Decimal":
      // Prisma compares a Decimal column with its text
      return typeof v === "string" && /^-?\d{1,20}(\.\d{1,20})?$/.test(v) ? v : undefined;
    case "DateTime": {
      if (typeof v !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v)) return undefined;
      const d = new Date(v);
      return Number.isNaN(d.getTime()) ? undefined : d;
    }
    default:
      return undefined;
  }
}

/** The sort key values a cursor of `connection` holds; INVALID_CURSOR for anything else. */
export function decodeCursor(connection: string, order: ListOrder, cursor: string): unknown[] {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const { c, o, v } = (parsed ?? {}) as { c?: unknown; o?: unknown; v?: unknown };
  if (c !== connection || o !== order.signature || !Array.isArray(v) || v.length !== order.keys.length) throw invalidCursor();
  const values = order.keys.map((k, i) => keyValue(k, v[i]));
  if (values.some((x) => x === undefined)) throw invalidCursor();
  return values;
}

type Where = Record<string, unknown>;
const NOTHING: Where = { id: { in: [] } };

/**
 * The rows of the list that come after (`side` "after") or before the position `values`, in the
 * list's order. NULL sorts after every value (PostgreSQL's default for both directions).
 */
export function keysetWhere(order: ListOrder, values: readonly unknown[], side: "after" | "before"): Where {
  const or: Where[] = [];
  for (let i = 0; i < order.keys.length; i++) {
    const key = order.keys[i];
    const v = values[i];
    // "greater" in the list's order: a larger value for asc after (and desc before)
    const larger = (key.direction === "asc") === (side === "after");
    let beyond: Where | null;
    if (larger) beyond = v === null ? null : key.nullable ? { OR: [beyondValue(key, "gt", v), on(key, null)] } : beyondValue(key, "gt", v);
    else beyond = v === null ? on(key, { not: null }) : beyondValue(key, "lt", v);
    if (beyond) {
      const equal = order.keys.slice(0, i).map((k, j) => on(k, values[j]));
      or.push(equal.length ? { AND: [...equal, beyond] } : beyond);
    }
  }
  return or.length ? { OR: or } : NOTHING;
}

/** The connection arguments of Relay. */
export type PageArgs = { first?: number | null; last?: number | null; after?: string | null; before?: string | null };
type Page<Row> = { rows: Row[]; hasPreviousPage: boolean; hasNextPage: boolean };

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/**
 * One page of a list: `read` gets the list's rows past the cursors (`where`, to be ANDed with the
 * list's own), in the order to read them and how many; the page follows the Relay specification.
 * First and last are capped at `max` (GraphQL: MAX_PAGE_SIZE; /v1 reads its own limit,
 * domains/lists.ts); without either the page is the first 20.
 */
export async function keysetPage<Row>(
  connection: string,
  order: ListOrder,
  args: PageArgs,
  read: (page: { where: Where[]; orderBy: readonly SortKey[]; take: number }) => Promise<Row[]>,
  max = MAX_PAGE_SIZE,
): Promise<Page<Row>> {
  for (const name of ["first", "last"] as const) {
    const n = args[name];
    if (n != null && (!Number.isInteger(n) || n < 0)) throw new PothosValidationError(`Argument "${name}" must be a non-negative integer`);
  }
  const where: Where[] = [];
  if (args.after != null) where.push(keysetWhere(order, decodeCursor(connection, order, args.after), "after"));
  if (args.before != null) where.push(keysetWhere(order, decodeCursor(connection, order, args.before), "before"));
  const first = args.first == null ? null : Math.min(args.first, max);
  const last = args.last == null ? null : Math.min(args.last, max);
  if (first === null && last !== null) {
    // the last n before the cursor: read backwards, one more tells whether rows precede them
    const rows = await read({ where, orderBy: reversed(order), take: last + 1 });
    return { rows: rows.slice(0, last).reverse(), hasPreviousPage: rows.length > last, hasNextPage: args.before != null };
  }
  const size = first ?? DEFAULT_PAGE_SIZE;
  // enough rows to tell whether more than `first` follow and whether more than `last` are past the cursors
  const rows = await read({ where, orderBy: order.orderBy, take: Math.max(size, last ?? 0) + 1 });
  const firstRows = rows.slice(0, size);
  if (last === null) return { rows: firstRows, hasPreviousPage: args.after != null, hasNextPage: rows.length > size };
  return { rows: firstRows.slice(Math.max(firstRows.length - last, 0)), hasPreviousPage: rows.length > last, hasNextPage: rows.length > size };
}

const reversed = (order: ListOrder): SortKey[] => order.keys.map((k) => sortKey(k, k.direction === "asc" ? "desc" : "asc"));

/** What a connection field resolves to: Relay's shape, and the total when the list offers it. */
export type KeysetConnectionResult<Row> = {
  edges: { cursor: string; node: Row }[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasPreviousPage: boolean; hasNextPage: boolean };
  totalCount: () => Promise<number>;
};

/** A Prisma model's delegate, as far as a connection reads it. */
type Delegate = { findMany(args: object): Promise<unknown[]>; count(args: { where: Where }): Promise<number> };

export type KeysetConnectionOptions<Args> = {
  /** the list's Prisma model delegate on the request's client */
  delegate: (ctx: GraphQLContext) => Delegate;
} & (
  | {
      /** the list's order (sort keys, the id last), per request for lists with an order argument */
      order: ListOrder | ((args: Args) => ListOrder);
      /** the list's `where` from its domain's access rules (the caller's tenancy and the filters) */
      where: (args: Args, ctx: GraphQLContext) => Where | Promise<Where>;
    }
  | {
      /** both from the list's one read, which the list's other doors (/v1) share */
      list: (args: Args, ctx: GraphQLContext) => Promise<{ where: Where; order: ListOrder }>;
    }
);

/** The selection asks for nothing but totalCount (as Pothos' prismaConnection checks it: fields only). */
const totalCountOnly = (info: GraphQLResolveInfo) =>
  info.fieldNodes.every((n) =>
    n.selectionSet?.selections.every((s) => s.kind === Kind.FIELD && (s.name.value === "totalCount" || s.name.value === "__typename")),
  );

/**
 * The resolver of a connection field whose nodes are the Pothos type `typeName` and whose
 * connection type is `connection`: the page through `queryFromInfo` (the nodes' selection and
 * relations, as Pothos' prismaConnection plans them), the list's where and the keyset cursors. A
 * selection of only totalCount reads no page (the arguments are still checked).
 */
export function keysetResolver<Args extends PageArgs = any>(typeName: string, connection: string, options: KeysetConnectionOptions<Args>) {
  return async (_parent: unknown, args: Args, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<KeysetConnectionResult<Record<string, unknown>>> => {
    const { order, where: listWhere } =
      "list" in options
        ? await options.list(args, ctx)
        : { order: typeof options.order === "function" ? options.order(args) : options.order, where: await options.where(args, ctx) };
    const keySelect = Object.fromEntries(order.keys.map((k) => [k.field, k.sub ? { select: { [k.sub]: true } } : true]));
    const query = (await queryFromInfo({
      context: ctx,
      info,
      typeName,
      select: keySelect,
      paths: [["edges", "node"]],
      awaitSelections: true,
    } as never)) as { select?: Record<string, unknown>; include?: Record<string, unknown> };
    const delegate = options.delegate(ctx);
    const countOnly = totalCountOnly(info);
    const page = await keysetPage(connection, order, args, ({ where, orderBy, take }) =>
      countOnly ? Promise.resolve([]) : delegate.findMany({ ...query, where: where.length ? { AND: [listWhere, ...where] } : listWhere, orderBy, take }),
    );
    const rows = page.rows as Record<string, unknown>[];
    const edges = rows.map((node) => ({ cursor: encodeCursor(connection, order, node), node }));
    let total: Promise<number> | undefined;
    return {
      edges,
      pageInfo: {
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
        hasPreviousPage: page.hasPreviousPage,
        hasNextPage: page.hasNextPage,
      },
      totalCount: () => {
        total ??= delegate.count({ where: listWhere });
        return total;
      },
    };
  };
}

/** The description of every connection's totalCount. */
export const TOTAL_COUNT_DESCRIPTION = "Number of all items matching the arguments (all pages, not only this one).";
/** The resolver of a connection's totalCount: one `count` over the list's where, when asked for. */
export const totalCountOf = (connection: unknown): Promise<number> => (connection as KeysetConnectionResult<unknown>).totalCount();
