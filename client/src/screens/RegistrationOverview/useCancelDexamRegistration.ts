import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCancelDexamRegistrationMutation } from "./__generated__/useCancelDexamRegistrationMutation.graphql";

/**
 * Cancels a D-exam registration once (R-RO020, R-RO023, decision R-RO026): the server stamps
 * cancelledAt; "D-Prüfungsanmeldung storniert", or "D-Prüfungsanmeldung kann nicht storniert
 * werden: {server message}". The answer updates the row (greyed, cancel symbol, menu).
 */
export function useCancelDexamRegistration() {
  return useFeedbackMutation<useCancelDexamRegistrationMutation>(
    graphql`
      mutation useCancelDexamRegistrationMutation($id: ID!) {
        cancelDexamRegistration(id: $id) {
          id
          ...DexamRow_registration
        }
      }
    `,
    { success: "overview.success.cancel", failure: "overview.error.cancel" },
  );
}
