import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useUpdateDistrictAssociationMutation } from "./__generated__/useUpdateDistrictAssociationMutation.graphql";

/** Saves a district association (R-DA006): "Kreisverband aktualisiert". */
export function useUpdateDistrictAssociation() {
  return useFeedbackMutation<useUpdateDistrictAssociationMutation>(
    graphql`
      mutation useUpdateDistrictAssociationMutation($id: ID!, $input: UpdateDistrictAssociationInput!) {
        updateDistrictAssociation(id: $id, input: $input) {
          id
          version
          name
          gdprLink
          impressLink
          ...DistrictAssociationRow_districtAssociation
          ...DistrictAssociationDialog_districtAssociation
        }
      }
    `,
    { success: "success.districtAssociation.update", failure: "error.districtAssociation.update" },
  );
}
