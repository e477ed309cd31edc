import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateEventMutation } from "./__generated__/useCreateEventMutation.graphql";

/** Creates an event in the active district association (R-EV007): "Neue Veranstaltung wurde erfolgreich angelegt". */
export function useCreateEvent() {
  return useFeedbackMutation<useCreateEventMutation>(
    graphql`
      mutation useCreateEventMutation($districtAssociation: ID, $input: EventInput!) {
        createEvent(districtAssociation: $districtAssociation, input: $input) {
          id
          databaseId
        }
      }
    `,
    { success: "success.event.create", failure: "error.event.create" },
  );
}
