import { graphql, readInlineData } from "react-relay";
import type { districtOptions_query$key } from "./__generated__/districtOptions_query.graphql";

/** The viewer's own district association first, then the listed ones, each id once. */
export function districtOptions<T extends { readonly databaseId: number }>(own: T | null | undefined, listed: readonly T[]): T[] {
  const seen = new Set<number>();
  const result: T[] = [];
  for (const district of own ? [own, ...listed] : listed) {
    if (seen.has(district.databaseId)) continue;
    seen.add(district.databaseId);
    result.push(district);
  }
  return result;
}

/** The district associations a picker offers (districtOptions), read from the query that spreads `...districtOptions_query`. */
export function districtOptionsOf(query: districtOptions_query$key) {
  const data = readInlineData(
    graphql`
      fragment districtOptions_query on Query @inline {
        viewer {
          districtAssociation {
            databaseId
            name
          }
        }
        districtAssociations {
          databaseId
          name
        }
      }
    `,
    query,
  );
  return districtOptions(data.viewer.districtAssociation, data.districtAssociations);
}
