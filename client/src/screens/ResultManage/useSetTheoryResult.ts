import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useSetTheoryResultMutation } from "./__generated__/useSetTheoryResultMutation.graphql";

/**
 * Enters the theory points of a registration at its theory location (R-RE007, R-RE008):
 * "Theorie-Prüfungsergebnis aktualisiert"; a refusal shows "Theorie-Prüfungsergebnis kann nicht
 * aktualisiert werden: {server message}" and its field message under "Theoriepunkte". The answer
 * updates the row (points, grade and version) in the store. With the row's version a row changed
 * meanwhile is refused with the server's conflict message (field "version").
 */
export function useSetTheoryResult() {
  return useFeedbackMutation<useSetTheoryResultMutation>(
    graphql`
      mutation useSetTheoryResultMutation($registrationId: ID!, $location: ID!, $theoryPoints: Float!, $version: Int) {
        setDexamTheoryResult(registrationId: $registrationId, location: $location, theoryPoints: $theoryPoints, version: $version) {
          id
          ...DexamResultRow_result
        }
      }
    `,
    { success: "success.theoryResult.update", failure: "error.theoryResult.update" },
  );
}
