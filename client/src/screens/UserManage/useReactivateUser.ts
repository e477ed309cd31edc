import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useReactivateUserMutation } from "./__generated__/useReactivateUserMutation.graphql";

/** Unblocks a user (R-UM016): "Benutzer wurde reaktiviert". */
export function useReactivateUser() {
  return useFeedbackMutation<useReactivateUserMutation>(
    graphql`
      mutation useReactivateUserMutation($id: ID!) {
        reactivateUser(id: $id) {
          version
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.reactivate", failure: "error.user.reactivate" },
  );
}
