import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteEventLocationMutation } from "./__generated__/useDeleteEventLocationMutation.graphql";

/**
 * Deletes a location (R-LO007): "Veranstaltungsort gelöscht"; a location a registration uses is
 * refused with 409 and the server's message shows in the error snackbar (R-LO019, R-LO020).
 */
export function useDeleteEventLocation() {
  return useFeedbackMutation<useDeleteEventLocationMutation>(
    graphql`
      mutation useDeleteEventLocationMutation($id: ID!) {
        deleteEventLocation(id: $id)
      }
    `,
    { success: "success.location.delete", failure: "error.location.delete" },
  );
}
