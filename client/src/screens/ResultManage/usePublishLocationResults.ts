import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { usePublishLocationResultsMutation } from "./__generated__/usePublishLocationResultsMutation.graphql";

/**
 * Publishes the chosen location's results ("Ergebnisse veröffentlicht"); a location published
 * meanwhile or changed since the confirmation is refused with the server's message.
 */
export function usePublishLocationResults() {
  return useFeedbackMutation<usePublishLocationResultsMutation>(
    graphql`
      mutation usePublishLocationResultsMutation($id: ID!, $version: Int!) {
        publishLocationResults(id: $id, version: $version) {
          id
          version
          publishResults
          resultPublication {
            registrations
          }
        }
      }
    `,
    { success: "success.results.publish", failure: "error.results.publish" },
  );
}
