import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCopyEventMutation } from "./__generated__/useCopyEventMutation.graphql";

/** Copies master data and locations of an event INTO the chosen event (R-EV024, R-EV026): "Veranstaltung kopiert". */
export function useCopyEvent() {
  return useFeedbackMutation<useCopyEventMutation>(
    graphql`
      mutation useCopyEventMutation($sourceId: ID!, $targetId: ID!) {
        copyEvent(sourceId: $sourceId, targetId: $targetId) {
          id
          version
          ...EventRow_event
        }
      }
    `,
    { success: "success.event.copy", failure: "error.event.copy" },
  );
}
