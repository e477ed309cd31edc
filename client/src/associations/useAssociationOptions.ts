import { useEffect, useMemo, useState } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { SelectOption } from "../components/SelectField";
import { notifyLoadFailure } from "../relay/loadMoreFailure";
import type { useAssociationOptions_query$key } from "./__generated__/useAssociationOptions_query.graphql";
import type { useAssociationOptionsPaginationQuery } from "./__generated__/useAssociationOptionsPaginationQuery.graphql";

const OPTIONS_PAGE_SIZE = 100;

/**
 * All clubs of a district association as options, for the user table's club filter (value: the
 * numeric id its query filter takes), the assign-clubs dialog and the registration forms' club
 * choice (value: the global id the writes take). The API hands out at most 100 per page, so
 * further pages are loaded one after the other until the list is complete.
 */
export function useAssociationOptions(query: useAssociationOptions_query$key, value: "id" | "databaseId"): SelectOption[] {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<useAssociationOptionsPaginationQuery, useAssociationOptions_query$key>(
    graphql`
      fragment useAssociationOptions_query on Query
      @refetchable(queryName: "useAssociationOptionsPaginationQuery")
      @argumentDefinitions(districtAssociationId: { type: "Int!" }, count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        associations(districtAssociationId: $districtAssociationId, first: $count, after: $cursor) @connection(key: "useAssociationOptions_associations") {
          edges {
            node {
              id
              databaseId
              name
            }
          }
        }
      }
    `,
    query,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!hasNext || isLoadingNext || failed) return;
    loadNext(OPTIONS_PAGE_SIZE, {
      onComplete: (error) => {
        if (!error) return;
        // no endless retries: one message, the list stays as far as it came
        setFailed(true);
        notifyLoadFailure("error.associations.load")(error);
      },
    });
  }, [hasNext, isLoadingNext, failed, loadNext]);
  const edges = data.associations.edges;
  return useMemo(() => edges.map((edge) => ({ value: String(edge.node[value]), label: edge.node.name })), [edges, value]);
}
