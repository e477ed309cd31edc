import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateEventMutation } from "./__generated__/useUpdateEventMutation.graphql";

/**
 * Changes an event (R-EV008): "Veranstaltung aktualisiert"; the answer updates the row and the
 * stored version (the next edit is based on it). A stale version is refused with the server's message.
 */
export function useUpdateEvent() {
  return useFeedbackMutation<useUpdateEventMutation>(
    graphql`
      mutation useUpdateEventMutation($id: ID!, $input: UpdateEventInput!) {
        updateEvent(id: $id, input: $input) {
          id
          version
          ...EventRow_event
        }
      }
    `,
    { success: "success.event.update", failure: "error.event.update" },
  );
}
