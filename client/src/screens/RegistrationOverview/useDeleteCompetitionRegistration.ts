import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteCompetitionRegistrationMutation } from "./__generated__/useDeleteCompetitionRegistrationMutation.graphql";

/**
 * Deletes a competition registration (R-RO021, R-RO022): "Wertungsspielanmeldung gelöscht", or
 * "Wertungsspielanmeldung kann nicht gelöscht werden: {server message}".
 */
export function useDeleteCompetitionRegistration() {
  return useFeedbackMutation<useDeleteCompetitionRegistrationMutation>(
    graphql`
      mutation useDeleteCompetitionRegistrationMutation($id: ID!) {
        deleteCompetitionRegistration(id: $id)
      }
    `,
    { success: "overview.competition.success.delete", failure: "error.competitionRegistration.delete" },
  );
}
