import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { EventManageContent } from "./EventManageContent";

/**
 * Events ("Veranstaltungen", registration_read, registration_manage or event_manage): all events of
 * the ACTIVE district association of the drawer's selector, published or not (R-EV003); staff only, own chunk.
 */
export function EventManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  return (
    <Page title={routeTitle(findRoute("eventManage"))}>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.events.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <EventManageContent districtAssociationId={districtAssociationId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
