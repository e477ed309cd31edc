import { useTransition } from "react";
import { DistrictPage } from "../../components/DistrictPage";
import { useQueryParam } from "../../components/useQueryParam";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { AssociationManageContent } from "./AssociationManageContent";

/**
 * Club management ("Vereinsverwaltung", association_read or association_manage): the clubs of the
 * ACTIVE district association of the drawer's selector (R-CM003), searchable and sorted by a click
 * on a header (search and sort in the URL); staff only, own chunk.
 */
export function AssociationManageScreen() {
  // the search is the URL's `q` (the table's sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam("q");
  const [searching, startTransition] = useTransition();
  return (
    <DistrictPage title={routeTitle(findRoute("associationManage"))} loadError="error.associations.load">
      {(districtAssociationId) => (
        <AssociationManageContent
          districtAssociationId={districtAssociationId}
          search={search}
          searching={searching}
          onSearch={(text) => startTransition(() => setSearch(text))}
        />
      )}
    </DistrictPage>
  );
}
