import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateEventLocationMutation } from "./__generated__/useCreateEventLocationMutation.graphql";

/** Creates a location of an event (R-LO005): "Neuer Veranstaltungsort wurde erfolgreich angelegt". */
export function useCreateEventLocation() {
  return useFeedbackMutation<useCreateEventLocationMutation>(
    graphql`
      mutation useCreateEventLocationMutation($eventId: ID!, $input: EventLocationInput!) {
        createEventLocation(eventId: $eventId, input: $input) {
          id
          databaseId
        }
      }
    `,
    { success: "success.location.create", failure: "error.location.create" },
  );
}
