// node(id:) and nodes(ids:) answer null for an object the caller may not see, without an error
// that would reveal it exists. Each node type registers its row rule here (the same rule as its
// type-level auth scope); a type without a rule is never returned.

import { decimalId } from "../shared/validation.ts";
import type { GraphQLContext } from "./builder.ts";

type Rule = (ctx: GraphQLContext, row: any) => boolean;
const rules = new Map<string, { rule: Rule; needs: string[] }>();

/**
 * `needs`: relations the rule reads (e.g. a registration's event). The node loader does not always
 * include them (nodes(ids:) of several types selected only by __typename loaded a registration
 * without its event, found by tests/integration/api/fuzz.test.ts); a missing one is loaded here.
 */
export function registerNodeAccess(typename: string, rule: Rule, needs: string[] = []) {
  rules.set(typename, { rule, needs });
}

/**
 * Loads a node, or null when its row does not exist: prismaNode loads with findUniqueOrThrow,
 * whose "not found" (P2025) answered node(id:) for a deleted or never existing object with a
 * masked INTERNAL_SERVER_ERROR (found by tests/integration/api/fuzz.test.ts).
 */
export async function loadOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if ((e as { code?: unknown }).code === "P2025") return null;
    throw e;
  }
}

/**
 * Which of the ids name an existing row (one query per type): nodes(ids:) loads only those, since
 * prismaNode's batch load fails as a whole for a single missing row. The ids come from
 * parseGlobalId (graphql/ids.ts); a type without a Prisma model of its name is left to the loader.
 */
export async function existingNodes(prisma: unknown, ids: readonly { typename: string; id: string }[]): Promise<boolean[]> {
  const byType = new Map<string, number[]>();
  for (const { typename, id } of ids) {
    const n = decimalId(id);
    if (n !== null) byType.set(typename, [...(byType.get(typename) ?? []), n]);
  }
  const found = new Map<string, Set<number> | null>();
  for (const [typename, numbers] of byType) {
    const delegate = (prisma as Record<string, { findMany?: (args: unknown) => Promise<{ id: number }[]> }>)[typename[0].toLowerCase() + typename.slice(1)];
    found.set(
      typename,
      delegate?.findMany ? new Set((await delegate.findMany({ where: { id: { in: numbers } }, select: { id: true } })).map((r) => r.id)) : null,
    );
  }
  return ids.map(({ typename, id }) => {
    const set = found.get(typename);
    return set === null ? true : !!set?.has(Number(id));
  });
}

export async function visibleNode<T>(ctx: GraphQLContext, typename: string, row: T): Promise<T | null> {
  if (!row || !ctx.principal) return null;
  const entry = rules.get(typename);
  if (!entry) return null;
  let subject = row as Record<string, unknown>;
  const missing = entry.needs.filter((relation) => subject[relation] === undefined);
  if (missing.length) {
    const delegate = (ctx.prisma as unknown as Record<string, { findUnique: (args: unknown) => Promise<Record<string, unknown> | null> }>)[
      typename[0].toLowerCase() + typename.slice(1)
    ];
    const loaded = await delegate.findUnique({ where: { id: subject.id }, include: Object.fromEntries(missing.map((r) => [r, true])) });
    if (!loaded) return null;
    subject = { ...subject, ...Object.fromEntries(missing.map((r) => [r, loaded[r]])) };
  }
  return entry.rule(ctx, subject) ? row : null;
}
