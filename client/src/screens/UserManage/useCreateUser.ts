import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateUserMutation } from "./__generated__/useCreateUserMutation.graphql";

/** Creates a user in the active district association; the server sends the invitation. "Neuer Benutzer wurde erfolgreich angelegt". */
export function useCreateUser() {
  return useFeedbackMutation<useCreateUserMutation>(
    graphql`
      mutation useCreateUserMutation($input: CreateUserInput!) {
        createUser(input: $input) {
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.create", failure: "error.user.create" },
  );
}
