import { graphql } from "react-relay";
import { useFeedbackMutation } from "../relay/useFeedbackMutation";
import type { useCreateDexamRegistrationMutation } from "./__generated__/useCreateDexamRegistrationMutation.graphql";

/**
 * Registers a person for the D-exams of an event (R-ST025..R-ST029): "D-Prüfungsanmeldung wurde
 * erfolgreich angelegt", or "D-Prüfungsanmeldung kann nicht angelegt werden: …" with the server's
 * field messages.
 */
export function useCreateDexamRegistration() {
  return useFeedbackMutation<useCreateDexamRegistrationMutation>(
    graphql`
      mutation useCreateDexamRegistrationMutation($eventId: ID!, $input: DexamRegistrationInput!) {
        createDexamRegistration(eventId: $eventId, input: $input) {
          id
          databaseId
        }
      }
    `,
    { success: "dexamForm.success.create", failure: "error.dexamRegistration.create" },
  );
}
