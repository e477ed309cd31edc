// node(id:) and nodes(ids:) answer null for an object the caller may not see, without an error
// that would reveal it exists. Each node type registers its row rule here (the same rule as its
// type-level auth scope); a type without a rule is never returned.
import type { GraphQLContext } from "./builder.ts";

type Rule = (ctx: GraphQLContext, row: any) => boolean;
const rules = new Map<string, Rule>();

export function registerNodeAccess(typename: string, rule: Rule) {
  rules.set(typename, rule);
}

export function visibleNode<T>(ctx: GraphQLContext, typename: string, row: T): T | null {
  if (!row || !ctx.principal) return null;
  const rule = rules.get(typename);
  return rule?.(ctx, row) ? row : null;
}
