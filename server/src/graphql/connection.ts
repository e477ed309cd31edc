// The query field of a keyset list (docs/decisions.md "Pagination"), written once: the Relay
// connection field, its connection type `<Name>Connection` (with totalCount, unless the list has
// none) and its edge type `<Name>Edge`, the page read by keysetResolver (cursor.ts) through the
// list's order and `where`. A domain's graphql.ts gives the node type, its words, its arguments and
// its list read.
import { builder } from "./builder.ts";
import { type KeysetConnectionOptions, keysetResolver, TOTAL_COUNT_DESCRIPTION, totalCountOf } from "./cursor.ts";

/** Pothos' refs, scopes and argument builders of whichever list. */
type Any = any;

export function keysetConnection(
  field: string,
  o: {
    /** the node's Pothos type */
    type: Any;
    /** the node's type name: the connection is `<name>Connection`, its edges `<name>Edge` */
    name: string;
    description: string;
    authScopes: Any;
    /** the field's arguments (besides first, last, after, before), from Pothos' `t.arg` */
    args: (arg: Any) => Record<string, Any>;
    /** the list's read: its model delegate, order and `where` */
    read: KeysetConnectionOptions<Any>;
    /** the connection type's description */
    connection: string;
    /** false: the connection has no totalCount */
    totalCount?: boolean;
    /** the edge type's description */
    edge?: string;
  },
) {
  const connection = `${o.name}Connection`;
  builder.queryField(field, (t) =>
    t.connection(
      {
        type: o.type,
        description: o.description,
        authScopes: o.authScopes,
        args: o.args(t.arg),
        resolve: keysetResolver(o.name, connection, o.read) as never,
      } as never,
      {
        name: connection,
        description: o.connection,
        ...(o.totalCount === false ? {} : { fields: (c: Any) => ({ totalCount: c.int({ description: TOTAL_COUNT_DESCRIPTION, resolve: totalCountOf }) }) }),
      },
      { name: `${o.name}Edge`, ...(o.edge === undefined ? {} : { description: o.edge }) },
    ),
  );
}
