import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useTakeOverPartialResultMutation } from "./__generated__/useTakeOverPartialResultMutation.graphql";

/**
 * Takes the passed part of a registration over into a new one (R-RO032, R-API055): "D-Prüfungs-
 * teilergebnis erfolgreich übernommen", or "D-Prüfungsteilergebnis kann nicht übernommen werden:
 * {server message}" (R-ER018, R-ER034).
 */
export function useTakeOverPartialResult() {
  return useFeedbackMutation<useTakeOverPartialResultMutation>(
    graphql`
      mutation useTakeOverPartialResultMutation($id: ID!, $input: DexamTakeoverInput!) {
        takeOverDexamPartialResult(id: $id, input: $input) {
          id
          databaseId
        }
      }
    `,
    { success: "success.partialResult.takeover", failure: "error.partialResult.takeover" },
  );
}
