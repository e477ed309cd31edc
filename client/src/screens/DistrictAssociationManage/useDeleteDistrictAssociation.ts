import { graphql } from "react-relay";
import { useFeedbackMutation } from "../../relay/useFeedbackMutation";
import type { useDeleteDistrictAssociationMutation } from "./__generated__/useDeleteDistrictAssociationMutation.graphql";

/** Deletes a district association with all its data (R-DA009): "Kreisverband gelöscht". */
export function useDeleteDistrictAssociation() {
  return useFeedbackMutation<useDeleteDistrictAssociationMutation>(
    graphql`
      mutation useDeleteDistrictAssociationMutation($id: ID!) {
        deleteDistrictAssociation(id: $id)
      }
    `,
    { success: "success.districtAssociation.delete", failure: "error.districtAssociation.delete" },
  );
}
