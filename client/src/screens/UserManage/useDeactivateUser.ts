import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeactivateUserMutation } from "./__generated__/useDeactivateUserMutation.graphql";

/** Blocks a user (R-UM015): "Benutzer wurde deaktiviert"; the row turns grey with the "Benutzer deaktiviert" icon. */
export function useDeactivateUser() {
  return useFeedbackMutation<useDeactivateUserMutation>(
    graphql`
      mutation useDeactivateUserMutation($id: ID!) {
        deactivateUser(id: $id) {
          version
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.deactivate", failure: "error.user.deactivate" },
  );
}
