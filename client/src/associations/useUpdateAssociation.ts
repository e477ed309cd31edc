import { graphql } from "react-relay";
import { useFeedbackMutation } from "../relay/useFeedbackMutation";
import type { useUpdateAssociationMutation } from "./__generated__/useUpdateAssociationMutation.graphql";

/**
 * Saves a club's name and invoice e-mail, from club management and from "Mein Verein bearbeiten"
 * (the server checks the invoice e-mail only for the member's own club). "Verein aktualisiert"; the
 * answer carries the new version, so the next save is based on it.
 */
export function useUpdateAssociation() {
  return useFeedbackMutation<useUpdateAssociationMutation>(
    graphql`
      mutation useUpdateAssociationMutation($id: ID!, $input: AssociationInput!) {
        updateAssociation(id: $id, input: $input) {
          id
          version
          name
          invoiceEmail
        }
      }
    `,
    { success: "success.association.update", failure: "error.association.update" },
  );
}
