import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteAssociationMutation } from "./__generated__/useDeleteAssociationMutation.graphql";

/** Deletes a club: "Verein gelöscht"; a club with registrations is refused by the server (its message shows). */
export function useDeleteAssociation() {
  return useFeedbackMutation<useDeleteAssociationMutation>(
    graphql`
      mutation useDeleteAssociationMutation($id: ID!) {
        deleteAssociation(id: $id)
      }
    `,
    { success: "success.association.delete", failure: "error.association.delete" },
  );
}
