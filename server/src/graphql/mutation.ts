// A mutation that changes one row through its service and answers the row as the selection asks
// (Pothos' query: the selected relations in one read by its id), written once.
import { builder, type GraphQLContext } from "./builder.ts";

/** Pothos' refs, scopes and argument builders of whichever mutation. */
type Any = any;

export function rowMutation(
  field: string,
  o: {
    /** the answer's Pothos type */
    type: Any;
    /** its Prisma model, as the client names it (`event`, `association`) */
    model: string;
    description: string;
    authScopes: Any;
    /** the mutation's arguments, from Pothos' `t.arg` */
    args: (arg: Any) => Record<string, Any>;
    /** the service call: the row it wrote */
    run: (args: Any, ctx: GraphQLContext) => Promise<{ id: number }>;
  },
) {
  builder.mutationField(field, (t) =>
    t.prismaField({
      type: o.type,
      description: o.description,
      authScopes: o.authScopes,
      args: o.args(t.arg),
      resolve: async (query: object, _root: unknown, args: Any, ctx: GraphQLContext) =>
        (ctx.prisma as Any)[o.model].findUniqueOrThrow({ ...query, where: { id: (await o.run(args, ctx)).id } }),
    } as never),
  );
}
