import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateDexamRegistrationMutation } from "./__generated__/useUpdateDexamRegistrationMutation.graphql";

/**
 * Saves a D-exam registration within its edit phase: "D-Prüfungsanmeldung aktualisiert", or
 * "D-Prüfungsanmeldung kann nicht aktualisiert werden: …" with the server's field messages. The
 * answer carries every field of the overview's row (DexamRow_registration) and of the edit dialog:
 * Relay updates the record by its id, so the row is current at once, with no list to load again.
 */
export function useUpdateDexamRegistration() {
  return useFeedbackMutation<useUpdateDexamRegistrationMutation>(
    graphql`
      mutation useUpdateDexamRegistrationMutation($id: ID!, $input: UpdateDexamRegistrationInput!) {
        updateDexamRegistration(id: $id, input: $input) {
          id
          ...DexamRow_registration
          ...DexamEditDialog_registration
        }
      }
    `,
    { success: "dexamForm.success.update", failure: "error.dexamRegistration.update" },
  );
}
