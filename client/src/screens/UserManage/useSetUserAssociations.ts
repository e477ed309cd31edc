import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useSetUserAssociationsMutation } from "./__generated__/useSetUserAssociationsMutation.graphql";

/** Replaces the clubs of a user (R-UM012): "Benutzer zum Verein hinzugefügt". */
export function useSetUserAssociations() {
  return useFeedbackMutation<useSetUserAssociationsMutation>(
    graphql`
      mutation useSetUserAssociationsMutation($id: ID!, $associations: [ID!]!) {
        setUserAssociations(id: $id, associations: $associations) {
          ...UserRow_user
        }
      }
    `,
    { success: "success.user.addToAssociation", failure: "error.user.addToAssociation" },
  );
}
