import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCancelCompetitionRegistrationMutation } from "./__generated__/useCancelCompetitionRegistrationMutation.graphql";

/**
 * Cancels a competition registration once (R-RO021): the server stamps cancelledAt;
 * "Wertungsspielanmeldung storniert", or "Wertungsspielanmeldung kann nicht storniert werden:
 * {server message}". The answer updates the row (greyed, cancel symbol, menu).
 */
export function useCancelCompetitionRegistration() {
  return useFeedbackMutation<useCancelCompetitionRegistrationMutation>(
    graphql`
      mutation useCancelCompetitionRegistrationMutation($id: ID!) {
        cancelCompetitionRegistration(id: $id) {
          id
          ...CompetitionRow_registration
        }
      }
    `,
    { success: "overview.competition.success.cancel", failure: "overview.competition.error.cancel" },
  );
}
