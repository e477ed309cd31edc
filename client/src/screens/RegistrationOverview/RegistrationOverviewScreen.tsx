import { useDeferredValue, useEffect, useMemo, useTransition } from "react";
import { graphql, loadQuery, type PreloadedQuery, usePreloadedQuery, useRelayEnvironment } from "react-relay";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { Toolbar } from "../../components/Toolbar";
import { whenIdle } from "../../components/whenIdle";
import { t } from "../../i18n/translate";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { districtOptions } from "../../shell/districtOptions";
import { useAppState } from "../../state/AppStateContext";
import OverviewContentQueryNode, { type OverviewContentQuery } from "./__generated__/OverviewContentQuery.graphql";
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
 *
 * A district switch is a transition: the old district's table stays (marked as loading) until the
 * new district's events and the first page of its chosen event are there, then both show at once.
 * The event lists of the districts on offer are fetched when the browser is idle, so a switch
 * waits for one query (the first page), not for two in sequence.
 */
export function RegistrationOverviewScreen({ query }: { query: PreloadedQuery<RegistrationOverviewScreenQuery> }) {
  const data = usePreloadedQuery<RegistrationOverviewScreenQuery>(
    graphql`
      query RegistrationOverviewScreenQuery(
        $districtAssociationId: Int!
        $withDistrict: Boolean!
        $eventId: ID!
        $search: String
        $location: ID
        $association: ID
        $filter: RegistrationListFilter
        $dexam: Boolean!
        $dexamOrderBy: DexamRegistrationOrder
        $competition: Boolean!
        $competitionOrderBy: CompetitionRegistrationOrder
      ) {
        viewer {
          roles
          associations {
            id
          }
          districtAssociation {
            databaseId
            name
          }
        }
        overviewDistrictAssociations {
          databaseId
          name
        }
        ...useEventChooser_events @include(if: $withDistrict) @alias @arguments(districtAssociationId: $districtAssociationId)
        ...OverviewContent_events @include(if: $withDistrict) @alias @arguments(districtAssociationId: $districtAssociationId)
        ...DexamTable_query @include(if: $dexam) @alias @arguments(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $dexamOrderBy)
        ...CompetitionTable_query @include(if: $competition) @alias @arguments(eventId: $eventId, search: $search, location: $location, association: $association, filter: $filter, orderBy: $competitionOrderBy)
        ...OverviewFilterBar_options @include(if: $dexam) @alias(as: "dexamFilterOptions") @arguments(eventId: $eventId)
        ...OverviewFilterBar_options @include(if: $competition) @alias(as: "competitionFilterOptions") @arguments(eventId: $eventId)
      }
    `,
    query,
  );
  const { state } = useAppState();
  // another district (the picker's transition, or the drawer's choice) renders in the background:
  // the toolbar and the old table stay mounted until the new district's content is there
  const districtAssociationId = useDeferredValue(state.activeDistrictAssociationId);
  const roles = data.viewer.roles;
  const [switching, startSwitch] = useTransition();
  const picker = <DistrictPicker own={data.viewer.districtAssociation} districts={data.overviewDistrictAssociations} startTransition={startSwitch} />;
  const offered = useMemo(
    () => districtOptions(data.viewer.districtAssociation, data.overviewDistrictAssociations).map((district) => district.databaseId),
    [data.viewer.districtAssociation, data.overviewDistrictAssociations],
  );
  usePrefetchedEventLists(offered);
  return (
    <Page title={routeTitle(findRoute("registrationOverview"))}>
      {districtAssociationId === null ? (
        <>
          <Toolbar>{picker}</Toolbar>
          <Notice>{t("district.noneSelected")}</Notice>
        </>
      ) : (
        <ErrorBoundary
          resetKey={districtAssociationId}
          fallback={(error) => (
            <>
              <Toolbar>{picker}</Toolbar>
              <LoadFailure prefix="error.events.load" error={error} />
            </>
          )}
        >
          <OverviewContent
            districtAssociationId={districtAssociationId}
            roles={roles}
            clubCount={data.viewer.associations.length}
            districtPicker={picker}
            switching={switching || districtAssociationId !== state.activeDistrictAssociationId}
            preloaded={query.variables}
          />
        </ErrorBoundary>
      )}
    </Page>
  );
}

/**
 * While the overview is shown and there is a choice of districts: once the browser is idle, the
 * event list of each district on offer (OverviewContent's query) is fetched, unless the store has
 * it, and kept in the store until the overview is left.
 */
function usePrefetchedEventLists(districtIds: readonly number[]) {
  const environment = useRelayEnvironment();
  const ids = districtIds.join(",");
  useEffect(() => {
    const list = ids.split(",").map(Number);
    if (list.length < 2) return;
    const loaded: PreloadedQuery<OverviewContentQuery>[] = [];
    const cancel = whenIdle(() => {
      for (const districtAssociationId of list) {
        loaded.push(loadQuery<OverviewContentQuery>(environment, OverviewContentQueryNode, { districtAssociationId }, { fetchPolicy: "store-or-network" }));
      }
    });
    return () => {
      cancel();
      for (const query of loaded) query.dispose();
    };
  }, [environment, ids]);
}
