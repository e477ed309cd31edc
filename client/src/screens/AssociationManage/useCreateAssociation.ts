import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateAssociationMutation } from "./__generated__/useCreateAssociationMutation.graphql";

/** Creates a club in the given district association: "Neuer Verein wurde erfolgreich angelegt". */
export function useCreateAssociation() {
  return useFeedbackMutation<useCreateAssociationMutation>(
    graphql`
      mutation useCreateAssociationMutation($input: CreateAssociationInput!) {
        createAssociation(input: $input) {
          id
          databaseId
          name
          invoiceEmail
        }
      }
    `,
    { success: "success.association.create", failure: "error.association.create" },
  );
}
