import { Suspense, useState, useTransition } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { useQueryParam } from "../../components/useQueryParam";
import { t } from "../../i18n/translate";
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
    <Page title={routeTitle(findRoute("userManage"))}>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.users.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <UserManageContent
              districtAssociationId={districtAssociationId}
              associationId={associationId}
              search={search}
              searching={searching}
              onSearch={(text) => startTransition(() => setSearch(text))}
              onFilter={(id) => startTransition(() => setFilter({ districtAssociationId, associationId: id }))}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
