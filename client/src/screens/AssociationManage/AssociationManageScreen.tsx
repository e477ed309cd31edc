import { Suspense, useTransition } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { useQueryParam } from "../../components/useQueryParam";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { AssociationManageContent } from "./AssociationManageContent";

/**
 * Club management ("Vereinsverwaltung", association_read or association_manage): the clubs of the
 * ACTIVE district association of the drawer's selector (R-CM003), searchable and sorted by a click
 * on a header (search and sort in the URL); staff only, own chunk.
 */
export function AssociationManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  // the search is the URL's `q` (the table's sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam("q");
  const [searching, startTransition] = useTransition();
  return (
    <Page title={routeTitle(findRoute("associationManage"))}>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.associations.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <AssociationManageContent
              districtAssociationId={districtAssociationId}
              search={search}
              searching={searching}
              onSearch={(text) => startTransition(() => setSearch(text))}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
