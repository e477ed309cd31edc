import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useCreateDistrictAssociationMutation } from "./__generated__/useCreateDistrictAssociationMutation.graphql";

/** Creates a district association (R-DA005): "Neuer Kreisverband wurde erfolgreich angelegt". */
export function useCreateDistrictAssociation() {
  return useFeedbackMutation<useCreateDistrictAssociationMutation>(
    graphql`
      mutation useCreateDistrictAssociationMutation($input: DistrictAssociationInput!) {
        createDistrictAssociation(input: $input) {
          id
          ...DistrictAssociationRow_districtAssociation
        }
      }
    `,
    { success: "success.districtAssociation.create", failure: "error.districtAssociation.create" },
  );
}
