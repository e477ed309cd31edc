import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDuplicateEventMutation } from "./__generated__/useDuplicateEventMutation.graphql";

/** "Duplizieren" as a new, unpublished event with moved dates (decision R-EV026): "Veranstaltung dupliziert". */
export function useDuplicateEvent() {
  return useFeedbackMutation<useDuplicateEventMutation>(
    graphql`
      mutation useDuplicateEventMutation($sourceId: ID!, $startDay: Date!) {
        duplicateEvent(sourceId: $sourceId, startDay: $startDay) {
          id
          ...EventRow_event
        }
      }
    `,
    { success: "success.event.duplicate", failure: "error.event.duplicate" },
  );
}
