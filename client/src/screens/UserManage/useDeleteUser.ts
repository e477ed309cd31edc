import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteUserMutation } from "./__generated__/useDeleteUserMutation.graphql";

/** Deletes a user after the confirmation (R-UM018): "Benutzer gelöscht". */
export function useDeleteUser() {
  return useFeedbackMutation<useDeleteUserMutation>(
    graphql`
      mutation useDeleteUserMutation($id: ID!) {
        deleteUser(id: $id)
      }
    `,
    { success: "success.user.delete", failure: "error.user.delete" },
  );
}
