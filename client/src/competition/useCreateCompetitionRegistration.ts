import { graphql } from "react-relay";
import { useFeedbackMutation } from "../relay/useFeedbackMutation";
import type { useCreateCompetitionRegistrationMutation } from "./__generated__/useCreateCompetitionRegistrationMutation.graphql";

/**
 * Registers a group for the competitions of an event (R-ST024, R-ST027): "Wertungsspielanmeldung
 * wurde erfolgreich angelegt", or "Wertungsspielanmeldung kann nicht angelegt werden: …" with the
 * server's field messages.
 */
export function useCreateCompetitionRegistration() {
  return useFeedbackMutation<useCreateCompetitionRegistrationMutation>(
    graphql`
      mutation useCreateCompetitionRegistrationMutation($eventId: ID!, $input: CompetitionRegistrationInput!) {
        createCompetitionRegistration(eventId: $eventId, input: $input) {
          id
          databaseId
        }
      }
    `,
    { success: "competitionForm.success.create", failure: "error.competitionRegistration.create" },
  );
}
