import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useSetTheoryResultMutation } from "./__generated__/useSetTheoryResultMutation.graphql";

/**
 * Enters the theory points of a registration at its theory location (R-RE007, R-RE008):
 * "Theorie-Prüfungsergebnis aktualisiert"; a refusal shows "Theorie-Prüfungsergebnis kann nicht
 * aktualisiert werden: {server message}" and its field message under "Theoriepunkte". The answer
 * updates the row (points and grade) in the store.
 */
export function useSetTheoryResult() {
  return useFeedbackMutation<useSetTheoryResultMutation>(
    graphql`
      mutation useSetTheoryResultMutation($registrationId: ID!, $location: ID!, $theoryPoints: Float!) {
        setDexamTheoryResult(registrationId: $registrationId, location: $location, theoryPoints: $theoryPoints) {
          id
          ...DexamResultRow_result
        }
      }
    `,
    { success: "success.theoryResult.update", failure: "error.theoryResult.update" },
  );
}
