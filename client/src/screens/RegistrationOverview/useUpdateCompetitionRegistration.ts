import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateCompetitionRegistrationMutation } from "./__generated__/useUpdateCompetitionRegistrationMutation.graphql";

/**
 * Saves a competition registration within its edit phase: "Wertungsspielanmeldung aktualisiert", or
 * "Wertungsspielanmeldung kann nicht aktualisiert werden: …" with the server's field messages.
 * The answer carries every field of the overview's row (CompetitionRow_registration) and of the
 * edit dialog: Relay updates the record by its id, so the row is current at once, with no list to
 * load again.
 */
export function useUpdateCompetitionRegistration() {
  return useFeedbackMutation<useUpdateCompetitionRegistrationMutation>(
    graphql`
      mutation useUpdateCompetitionRegistrationMutation($id: ID!, $input: UpdateCompetitionRegistrationInput!) {
        updateCompetitionRegistration(id: $id, input: $input) {
          id
          ...CompetitionRow_registration
          ...CompetitionEditDialog_registration
        }
      }
    `,
    { success: "competitionForm.success.update", failure: "error.competitionRegistration.update" },
  );
}
