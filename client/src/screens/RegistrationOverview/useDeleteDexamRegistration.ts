import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteDexamRegistrationMutation } from "./__generated__/useDeleteDexamRegistrationMutation.graphql";

/**
 * Deletes a D-exam registration (R-RO019, R-RO024, R-RO025): "D-Prüfungsanmeldung gelöscht", or
 * "D-Prüfungsanmeldung kann nicht gelöscht werden: {server message}".
 */
export function useDeleteDexamRegistration() {
  return useFeedbackMutation<useDeleteDexamRegistrationMutation>(
    graphql`
      mutation useDeleteDexamRegistrationMutation($id: ID!) {
        deleteDexamRegistration(id: $id)
      }
    `,
    { success: "overview.success.delete", failure: "error.dexamRegistration.delete" },
  );
}
