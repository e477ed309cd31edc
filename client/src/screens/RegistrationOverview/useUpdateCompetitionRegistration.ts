import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateCompetitionRegistrationMutation } from "./__generated__/useUpdateCompetitionRegistrationMutation.graphql";

/**
 * Saves a competition registration within its edit phase: "Wertungsspielanmeldung aktualisiert", or
 * "Wertungsspielanmeldung kann nicht aktualisiert werden: …" with the server's field messages. The
 * answer carries the fields the overview shows, so its row is current at once.
 */
export function useUpdateCompetitionRegistration() {
  return useFeedbackMutation<useUpdateCompetitionRegistrationMutation>(
    graphql`
      mutation useUpdateCompetitionRegistrationMutation($id: ID!, $input: UpdateCompetitionRegistrationInput!) {
        updateCompetitionRegistration(id: $id, input: $input) {
          id
          name
          association {
            id
            name
          }
          type
          cast
          category
          ageGroup
          songsComplete
          documentsComplete
          cancelledAt
          ...CompetitionEditDialog_registration
        }
      }
    `,
    { success: "competitionForm.success.update", failure: "error.competitionRegistration.update" },
  );
}
