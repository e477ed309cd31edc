import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { ResultManageContent } from "./ResultManageContent";

/**
 * Results management ("Ergebnisverwaltung", results_read or results_manage; R-RE001): pick one of
 * the active district association's events (past and unpublished ones too), a theory or practice
 * location and a club, search; D-exam results or the competition's results. Staff only, own chunk.
 */
export function ResultManageScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  return (
    <Page title={routeTitle(findRoute("resultManage"))}>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.events.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <ResultManageContent districtAssociationId={districtAssociationId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
