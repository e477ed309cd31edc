import { useEffect, useMemo, useState } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { SelectOption } from "../components/SelectField";
import { notifyLoadFailure } from "../relay/loadMoreFailure";
import type { useAssociationOptions_query$key } from "./__generated__/useAssociationOptions_query.graphql";
import type { useAssociationOptionsPaginationQuery } from "./__generated__/useAssociationOptionsPaginationQuery.graphql";

const OPTIONS_PAGE_SIZE = 100;

/**
 * All clubs of a district association as options (value: numeric id), for the user table's club
 * filter and the assign-clubs dialog. The API hands out at most 100 per page, so further pages are
 * loaded one after the other until the list is complete.
 */
export function useAssociationOptions(query: useAssociationOptions_query$key): SelectOption[] {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<useAssociationOptionsPaginationQuery, useAssociationOptions_query$key>(
    graphql`
      fragment useAssociationOptions_query on Query
      @refetchable(queryName: "useAssociationOptionsPaginationQuery")
      @argumentDefinitions(districtAssociationId: { type: "Int!" }, count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" }) {
        associations(districtAssociationId: $districtAssociationId, first: $count, after: $cursor) @connection(key: "useAssociationOptions_associations") {
          edges {
            node {
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
  return useMemo(() => edges.map((edge) => ({ value: String(edge.node.databaseId), label: edge.node.name })), [edges]);
}
