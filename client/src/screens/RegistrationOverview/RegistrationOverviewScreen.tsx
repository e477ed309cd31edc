import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { Toolbar } from "../../components/Toolbar";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import type { RegistrationOverviewScreenQuery } from "./__generated__/RegistrationOverviewScreenQuery.graphql";
import { DistrictPicker } from "./DistrictPicker";
import { OverviewContent } from "./OverviewContent";

/**
 * Registration overview ("Anmeldungsübersicht", everyone; spec §2 "Registration overview"): the
 * active district association, one of its events, a search, and the registrations of that event
 * the viewer may see (own clubs, or all for registration staff). The district picker offers what
 * the server names (overviewDistrictAssociations): admins every one, others their own and those
 * organising events with registrations of their clubs (a member may register in another
 * district's event); with one choice it is locked.
 */
export function RegistrationOverviewScreen() {
  const data = useLazyLoadQuery<RegistrationOverviewScreenQuery>(
    graphql`
      query RegistrationOverviewScreenQuery {
        viewer {
          roles
          districtAssociation {
            databaseId
            name
          }
        }
        overviewDistrictAssociations {
          databaseId
          name
        }
      }
    `,
    {},
  );
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  const roles = data.viewer.roles;
  const picker = <DistrictPicker own={data.viewer.districtAssociation} districts={data.overviewDistrictAssociations} />;
  return (
    <Page title={routeTitle(findRoute("registrationOverview"))}>
      {districtAssociationId === null ? (
        <>
          <Toolbar>{picker}</Toolbar>
          <Notice>{t("district.noneSelected")}</Notice>
        </>
      ) : (
        <ErrorBoundary
          key={districtAssociationId}
          fallback={(error) => (
            <>
              <Toolbar>{picker}</Toolbar>
              <LoadFailure prefix="error.events.load" error={error} />
            </>
          )}
        >
          <Suspense
            fallback={
              <>
                <Toolbar>{picker}</Toolbar>
                <PageLoading />
              </>
            }
          >
            <OverviewContent districtAssociationId={districtAssociationId} roles={roles} districtPicker={picker} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}
