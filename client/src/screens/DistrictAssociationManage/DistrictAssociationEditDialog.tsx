import { useEffect } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { DistrictAssociationEditDialogQuery } from "./__generated__/DistrictAssociationEditDialogQuery.graphql";
import { DistrictAssociationDialog } from "./DistrictAssociationDialog";

/**
 * Loads one district association with its signature image (only the edit dialog needs the image,
 * so the table does not load every district's picture) and shows the edit dialog.
 */
export function DistrictAssociationEditDialog({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: () => void }) {
  const data = useLazyLoadQuery<DistrictAssociationEditDialogQuery>(
    graphql`
      query DistrictAssociationEditDialogQuery($id: ID!) {
        node(id: $id) {
          ...DistrictAssociationDialog_districtAssociation @alias(as: "districtAssociation")
        }
      }
    `,
    { id },
    { fetchPolicy: "network-only" },
  );
  const districtAssociation = data.node?.districtAssociation;
  useEffect(() => {
    // deleted meanwhile: nothing to edit
    if (!districtAssociation) onClose();
  }, [districtAssociation, onClose]);
  if (!districtAssociation) return null;
  return <DistrictAssociationDialog districtAssociation={districtAssociation} onClose={onClose} onSaved={onSaved} />;
}
