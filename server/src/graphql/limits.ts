// GraphQL hardening (issue 10, item 3): a query may nest at most MAX_DEPTH selection levels
// (fragments counted where they are spread) and carry at most MAX_ALIASES aliases, so nobody can
// make the server build a huge answer from a small request. The client's deepest query nests 8
// levels; the standard introspection query 13.
import { type ASTVisitor, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext, type ValidationRule } from "graphql";

export const MAX_DEPTH = 15;
export const MAX_ALIASES = 30;

function depthOf(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) deepest = Math.max(deepest, s.selectionSet ? 1 + depthOf(s.selectionSet, fragments, seen) : 1);
    else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(s.selectionSet, fragments, seen));
    else {
      const name = s.name.value;
      if (seen.has(name)) continue; // a cycle is reported by the standard NoFragmentCycles rule
      seen.add(name);
      deepest = Math.max(deepest, depthOf(fragments[name]?.selectionSet, fragments, seen));
      seen.delete(name);
    }
  }
  return deepest;
}

/** Refuses operations nested deeper than `max` field levels. */
export const depthLimit =
  (max = MAX_DEPTH): ValidationRule =>
  (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    return {
      OperationDefinition(op) {
        const depth = depthOf(op.selectionSet, fragments, new Set());
        if (depth > max)
          context.reportError(
            new GraphQLError(`Die Anfrage ist zu tief verschachtelt (${depth} Ebenen, höchstens ${max})`, {
              nodes: [op],
              extensions: { code: "QUERY_TOO_DEEP" },
            }),
          );
      },
    };
  };

/** Refuses documents with more than `max` aliases (alias amplification). */
export const aliasLimit =
  (max = MAX_ALIASES): ValidationRule =>
  (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(field) {
        if (field.alias && ++aliases === max + 1)
          context.reportError(
            new GraphQLError(`Die Anfrage enthält zu viele Aliasse (höchstens ${max})`, { nodes: [field], extensions: { code: "TOO_MANY_ALIASES" } }),
          );
      },
    };
  };
