import { useState, useTransition } from "react";
import { DistrictPage } from "../../components/DistrictPage";
import { useQueryParam } from "../../components/useQueryParam";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { UserManageContent } from "./UserManageContent";

/**
 * User management ("Benutzerverwaltung", user_read or user_manage): the users of the ACTIVE
 * district association (R-UM005), filtered by club and search, sorted by a click on a header
 * (search and sort in the URL); staff only, own chunk.
 */
export function UserManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  // the search is the URL's `q` (the table's sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam("q");
  // the club filter belongs to the district it was chosen in; another district starts unfiltered
  const [filter, setFilter] = useState<{ districtAssociationId: number | null; associationId: number | null }>({
    districtAssociationId,
    associationId: null,
  });
  const associationId = filter.districtAssociationId === districtAssociationId ? filter.associationId : null;
  const [searching, startTransition] = useTransition();
  return (
    <DistrictPage title={routeTitle(findRoute("userManage"))} loadError="error.users.load">
      {(districtAssociationId) => (
        <UserManageContent
          districtAssociationId={districtAssociationId}
          associationId={associationId}
          search={search}
          searching={searching}
          onSearch={(text) => startTransition(() => setSearch(text))}
          onFilter={(id) => startTransition(() => setFilter({ districtAssociationId, associationId: id }))}
        />
      )}
    </DistrictPage>
  );
}
