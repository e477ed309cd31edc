import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteDexamResultMutation } from "./__generated__/useDeleteDexamResultMutation.graphql";

/**
 * Deletes the result of the chosen location's part (R-RE014): the theory points, or the practice
 * points with the uploaded sheet; "D-Prüfungsergebnis gelöscht", or "D-Prüfungsergebnis kann nicht
 * gelöscht werden: {server message}".
 */
export function useDeleteDexamResult() {
  return useFeedbackMutation<useDeleteDexamResultMutation>(
    graphql`
      mutation useDeleteDexamResultMutation($registrationId: ID!, $location: ID!) {
        deleteDexamResult(registrationId: $registrationId, location: $location) {
          id
          ...DexamResultRow_result
        }
      }
    `,
    { success: "success.dexamResult.delete", failure: "error.dexamResult.delete" },
  );
}
