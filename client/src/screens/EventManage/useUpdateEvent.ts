import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateEventMutation } from "./__generated__/useUpdateEventMutation.graphql";

/** Changes an event (R-EV008): "Veranstaltung aktualisiert"; the answer updates the row. */
export function useUpdateEvent() {
  return useFeedbackMutation<useUpdateEventMutation>(
    graphql`
      mutation useUpdateEventMutation($id: ID!, $input: EventInput!) {
        updateEvent(id: $id, input: $input) {
          id
          ...EventRow_event
        }
      }
    `,
    { success: "success.event.update", failure: "error.event.update" },
  );
}
