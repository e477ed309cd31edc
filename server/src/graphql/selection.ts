// Which fields a request selects below the field being resolved, for a resolver that reads no more
// than the request needs (issue 9: the overview's page leaves out the columns no selected field reads).
import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";

/** What the walk reads of a resolve info; without `fragments`, fragment spreads name nothing. */
export type SelectionInfo = Pick<GraphQLResolveInfo, "fieldNodes"> & Partial<Pick<GraphQLResolveInfo, "fragments">>;

/** The fields of `sets` by name, through fragment spreads and inline fragments (of any type condition). */
function fieldsOf(
  sets: readonly SelectionSetNode[],
  info: SelectionInfo,
  visit: (name: string, set: SelectionSetNode | undefined) => void,
  seen = new Set<string>(),
) {
  for (const set of sets) {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) visit(s.name.value, s.selectionSet);
      else if (s.kind === Kind.INLINE_FRAGMENT) fieldsOf([s.selectionSet], info, visit, seen);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = info.fragments?.[s.name.value];
        if (fragment) fieldsOf([fragment.selectionSet], info, visit, seen);
      }
    }
  }
}

/**
 * Names of the fields selected at `path` below the resolving field (e.g. ["edges", "node"] of a
 * connection). Errs towards more: @skip and @include are not evaluated and every fragment counts
 * whatever its type condition, so a field that may be asked for is in the set.
 */
export function selectedFieldNames(info: SelectionInfo, path: readonly string[]): Set<string> {
  let sets = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  for (const step of path) {
    const next: SelectionSetNode[] = [];
    fieldsOf(sets, info, (name, set) => {
      if (name === step && set) next.push(set);
    });
    sets = next;
  }
  const names = new Set<string>();
  fieldsOf(sets, info, (name) => names.add(name));
  return names;
}
