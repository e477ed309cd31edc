import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateEventLocationMutation } from "./__generated__/useUpdateEventLocationMutation.graphql";

/** Changes a location; its type stays (R-LO006, R-LO014): "Veranstaltungsort aktualisiert"; the answer carries the new version. */
export function useUpdateEventLocation() {
  return useFeedbackMutation<useUpdateEventLocationMutation>(
    graphql`
      mutation useUpdateEventLocationMutation($id: ID!, $input: UpdateEventLocationInput!) {
        updateEventLocation(id: $id, input: $input) {
          id
          version
          ...LocationRow_location
        }
      }
    `,
    { success: "success.location.update", failure: "error.location.update" },
  );
}
