import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { EventLocationManageContent } from "./EventLocationManageContent";

/**
 * Event locations ("Veranstaltungsorte", same roles as events): pick one of the active district
 * association's events (kept as the active event of the app state), then its locations (R-LO002).
 */
export function EventLocationManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  return (
    <Page title={routeTitle(findRoute("eventLocationManage"))}>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.locations.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <EventLocationManageContent districtAssociationId={districtAssociationId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
