import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { DistrictAssociationManageContent } from "./DistrictAssociationManageContent";

/** District association management ("Kreisverbandsverwaltung", admin only, R-DA001); own chunk. */
export function DistrictAssociationManageScreen() {
  return (
    <Page title={routeTitle(findRoute("districtAssociationManage"))}>
      <ErrorBoundary fallback={(error) => <LoadFailure prefix="error.districtAssociations.load" error={error} />}>
        <Suspense fallback={<PageLoading />}>
          <DistrictAssociationManageContent />
        </Suspense>
      </ErrorBoundary>
    </Page>
  );
}
