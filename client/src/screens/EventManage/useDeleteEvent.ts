import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteEventMutation } from "./__generated__/useDeleteEventMutation.graphql";

/** Deletes an event with its locations, registrations and results (R-EV009): "Veranstaltung gelöscht". */
export function useDeleteEvent() {
  return useFeedbackMutation<useDeleteEventMutation>(
    graphql`
      mutation useDeleteEventMutation($id: ID!) {
        deleteEvent(id: $id)
      }
    `,
    { success: "success.event.delete", failure: "error.event.delete" },
  );
}
