import { graphql } from "react-relay";
import { useIdempotentRun } from "../../relay/idempotencyKey";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateCompetitionRegistrationMutation } from "./__generated__/useCreateCompetitionRegistrationMutation.graphql";

/**
 * Registers a group for the competitions of an event (R-ST024, R-ST027): "Wertungsspielanmeldung
 * wurde erfolgreich angelegt", or "Wertungsspielanmeldung kann nicht angelegt werden: …" with the
 * server's field messages.
 */
export function useCreateCompetitionRegistration() {
  const [run, inFlight] = useFeedbackMutation<useCreateCompetitionRegistrationMutation>(
    graphql`
      mutation useCreateCompetitionRegistrationMutation($eventId: ID!, $input: CompetitionRegistrationInput!, $idempotencyKey: String) {
        createCompetitionRegistration(eventId: $eventId, input: $input, idempotencyKey: $idempotencyKey) {
          id
          databaseId
        }
      }
    `,
    { success: "competitionForm.success.create", failure: "error.competitionRegistration.create" },
  );
  // one idempotency key per submit: a retry of the same submit cannot register twice
  return [useIdempotentRun(run), inFlight] as const;
}
