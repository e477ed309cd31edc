import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateUserMutation } from "./__generated__/useUpdateUserMutation.graphql";

/** Saves a user edited in admin mode (phone and address optional): "Benutzer aktualisiert"; the answer carries the new version. */
export function useUpdateUser() {
  return useFeedbackMutation<useUpdateUserMutation>(
    graphql`
      mutation useUpdateUserMutation($id: ID!, $input: UpdateUserInput!) {
        updateUser(id: $id, input: $input) {
          version
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.update", failure: "error.user.update" },
  );
}
