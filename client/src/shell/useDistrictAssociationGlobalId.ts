import { graphql, useLazyLoadQuery } from "react-relay";
import type { useDistrictAssociationGlobalIdQuery } from "./__generated__/useDistrictAssociationGlobalIdQuery.graphql";

/**
 * The global id of a district association given by its numeric id (the app state keeps the
 * active one as databaseId, R-SH056): the writes name it by global id. The shell has
 * loaded every district association it offers, so this reads them from the store; null for one
 * it does not know.
 */
export function useDistrictAssociationGlobalId(databaseId: number | null): string | null {
  const data = useLazyLoadQuery<useDistrictAssociationGlobalIdQuery>(
    graphql`
      query useDistrictAssociationGlobalIdQuery {
        viewer {
          districtAssociation {
            id
            databaseId
          }
        }
        districtAssociations {
          id
          databaseId
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  if (databaseId === null) return null;
  return [data.viewer.districtAssociation, ...data.districtAssociations].find((district) => district.databaseId === databaseId)?.id ?? null;
}
