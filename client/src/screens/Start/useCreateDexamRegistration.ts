import { graphql } from "react-relay";
import { useIdempotentRun } from "../../relay/idempotencyKey";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateDexamRegistrationMutation } from "./__generated__/useCreateDexamRegistrationMutation.graphql";

/**
 * Registers a person for the D-exams of an event (R-ST025..R-ST029): "D-Prüfungsanmeldung wurde
 * erfolgreich angelegt", or "D-Prüfungsanmeldung kann nicht angelegt werden: …" with the server's
 * field messages.
 */
export function useCreateDexamRegistration() {
  const [run, inFlight] = useFeedbackMutation<useCreateDexamRegistrationMutation>(
    graphql`
      mutation useCreateDexamRegistrationMutation($eventId: ID!, $input: DexamRegistrationInput!, $idempotencyKey: String) {
        createDexamRegistration(eventId: $eventId, input: $input, idempotencyKey: $idempotencyKey) {
          id
          databaseId
        }
      }
    `,
    { success: "dexamForm.success.create", failure: "error.dexamRegistration.create" },
  );
  // one idempotency key per submit: a retry of the same submit cannot register twice
  return [useIdempotentRun(run), inFlight] as const;
}
