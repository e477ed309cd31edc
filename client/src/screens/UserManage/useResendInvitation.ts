import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useResendInvitationMutation } from "./__generated__/useResendInvitationMutation.graphql";

/** Sends the invitation again while the user never signed in (R-UM014): "Einladungsnachricht wurde erfolgreich versendet". */
export function useResendInvitation() {
  return useFeedbackMutation<useResendInvitationMutation>(
    graphql`
      mutation useResendInvitationMutation($id: ID!) {
        resendInvitation(id: $id) {
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.resendInvitation", failure: "error.user.resendInvitation" },
  );
}
