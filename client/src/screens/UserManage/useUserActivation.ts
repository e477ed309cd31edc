import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUserActivationMutation } from "./__generated__/useUserActivationMutation.graphql";

/**
 * Blocks a user (R-UM015: "Benutzer wurde deaktiviert"; the row turns grey with the "Benutzer
 * deaktiviert" icon) or, `active`, unblocks one (R-UM016: "Benutzer wurde reaktiviert"): one
 * document, the server's deactivateUser or reactivateUser by the `active` variable. The answer
 * updates the row and the version the next save is based on.
 */
export function useUserActivation(active: boolean) {
  return useFeedbackMutation<useUserActivationMutation>(
    graphql`
      mutation useUserActivationMutation($id: ID!, $active: Boolean!) {
        reactivateUser(id: $id) @include(if: $active) {
          version
          ...UserRow_user
        }
        deactivateUser(id: $id) @skip(if: $active) {
          version
          ...UserRow_user
        }
      }
    `,
    active
      ? { success: "success.user.reactivate", failure: "error.user.reactivate" }
      : { success: "success.user.deactivate", failure: "error.user.deactivate" },
  );
}
