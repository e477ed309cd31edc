import { graphql } from "react-relay";
import { useIdempotentRun } from "../../relay/idempotencyKey";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useTakeOverPartialResultMutation } from "./__generated__/useTakeOverPartialResultMutation.graphql";

/**
 * Takes the passed part of a registration over into a new one (R-RO032, R-API055): "D-Prüfungs-
 * teilergebnis erfolgreich übernommen", or "D-Prüfungsteilergebnis kann nicht übernommen werden:
 * {server message}" (R-ER018, R-ER034).
 */
export function useTakeOverPartialResult() {
  const [run, inFlight] = useFeedbackMutation<useTakeOverPartialResultMutation>(
    graphql`
      mutation useTakeOverPartialResultMutation($id: ID!, $input: DexamTakeoverInput!, $idempotencyKey: String) {
        takeOverDexamPartialResult(id: $id, input: $input, idempotencyKey: $idempotencyKey) {
          id
          databaseId
        }
      }
    `,
    { success: "success.partialResult.takeover", failure: "error.partialResult.takeover" },
  );
  // one idempotency key per submit: a retry of the same submit cannot register twice
  return [useIdempotentRun(run), inFlight] as const;
}
