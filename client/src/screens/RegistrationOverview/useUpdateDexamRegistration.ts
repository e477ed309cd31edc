import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateDexamRegistrationMutation } from "./__generated__/useUpdateDexamRegistrationMutation.graphql";

/**
 * Saves a D-exam registration within its edit phase: "D-Prüfungsanmeldung aktualisiert", or
 * "D-Prüfungsanmeldung kann nicht aktualisiert werden: …" with the server's field messages. The
 * answer carries the fields the overview shows, so its row is current at once.
 */
export function useUpdateDexamRegistration() {
  return useFeedbackMutation<useUpdateDexamRegistrationMutation>(
    graphql`
      mutation useUpdateDexamRegistrationMutation($id: ID!, $input: UpdateDexamRegistrationInput!) {
        updateDexamRegistration(id: $id, input: $input) {
          id
          firstname
          lastname
          instrument
          type
          association {
            id
            name
          }
          songsComplete
          cancelledAt
          existingPartialResultVerified
          ...DexamEditDialog_registration
        }
      }
    `,
    { success: "dexamForm.success.update", failure: "error.dexamRegistration.update" },
  );
}
