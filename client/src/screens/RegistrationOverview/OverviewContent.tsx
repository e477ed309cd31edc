import { type EventFormType, offersExport } from "@shared/event-exports";
import { hasDistrictRoles, mayCall } from "@shared/permissions";
import { type ReactNode, Suspense, useCallback, useState, useTransition } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { PageLoading } from "../../components/PageLoading";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { useQueryParam } from "../../components/useQueryParam";
import { chosenNode, EventPicker, NoEventNotice, useEventChooser } from "../../events/useEventChooser";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import { useNewRegistrationDialog } from "../Start/NewRegistrationDialog";
import type { OverviewContent_events$key } from "./__generated__/OverviewContent_events.graphql";
import type { OverviewContentQuery } from "./__generated__/OverviewContentQuery.graphql";
import type { RegistrationOverviewScreenQuery$variables } from "./__generated__/RegistrationOverviewScreenQuery.graphql";
import { CompetitionOverview } from "./CompetitionOverview";
import { DexamOverview } from "./DexamOverview";
import { MessageDialog } from "./MessageDialog";
import { OverviewFilterBar } from "./OverviewFilterBar";
import { type FilterParam, type FilterVariables, filterVariables, useOverviewFilters } from "./overviewFilters";
import { SEARCH_PARAM } from "./overviewRoute";
import { type FirstPage, useFirstFetchPolicy } from "./RegistrationList";
import styles from "./RegistrationOverview.module.css";
import { overviewExportPaths } from "./rowActions";

/**
 * The overview's toolbar (district picker, event picker, search; for camp events the staff's
 * "Einverständniserklärungen herunterladen") and the table of the chosen event by its form type
 * (R-RO001..R-RO004): D-exams and camps the D-exam table, competitions the competition table.
 * Event, search, filters (OverviewFilterBar) and sort live in the URL (`event`, `q`, the filters'
 * parameters, `sort`). "Neue Anmeldung" opens the create dialog of the event's kind for whoever may
 * register there (the permission table's create: members of a club before the deadline, the
 * district's registration_manage at any time). Another event (or district,
 * `switching`) keeps the old table, marked as loading, until the new one's first page is there.
 */
export function OverviewContent({
  districtAssociationId,
  roles,
  clubCount = 0,
  districtPicker,
  switching = false,
  preloaded = null,
}: {
  districtAssociationId: number;
  roles: readonly string[];
  /** how many clubs the viewer belongs to: without one, only the district's registration_manage registers */
  clubCount?: number;
  districtPicker: ReactNode;
  /** a district switch is under way (a transition): the table shown is the old district's */
  switching?: boolean;
  /** what the route loaded with the screen (its query's variables) */
  preloaded?: RegistrationOverviewScreenQuery$variables | null;
}) {
  const data = useLazyLoadQuery<OverviewContentQuery>(
    graphql`
      query OverviewContentQuery($districtAssociationId: Int!) {
        ...useEventChooser_events @arguments(districtAssociationId: $districtAssociationId)
        ...OverviewContent_events @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId },
    // the district the route loaded with the screen: its list is in the store already
    { fetchPolicy: useFirstFetchPolicy(!!preloaded?.withDistrict && preloaded.districtAssociationId === districtAssociationId) },
  );
  // what the overview needs of the district's events beyond the chooser's list: the create dialog's event
  const { events: registering } = useFragment<OverviewContent_events$key>(
    graphql`
      fragment OverviewContent_events on Query @argumentDefinitions(districtAssociationId: { type: "Int!" }) {
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              deadlinePassed
              ...NewRegistrationDialog_event
            }
          }
        }
      }
    `,
    data,
  );
  // the search is the URL's `q` (the tables' sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam(SEARCH_PARAM);
  const [searching, startTransition] = useTransition();
  const chooser = useEventChooser(data);
  const { event } = chooser;
  const creatable = chosenNode(registering.edges, event);
  const loading = searching || chooser.choosing || switching;
  const competition = event?.formType === "COMPETITION";
  const kind = competition ? "competition" : "dexam";
  const { filters, set: setFilter, clear: clearFilters } = useOverviewFilters(kind, !!event?.viewerSeesAllResults);
  const filterVars = filterVariables(filters);
  // stable: the filter bar's correction of a stale location runs in an effect
  const changeFilter = useCallback(
    (name: FilterParam, value: string | null, replace?: boolean) => startTransition(() => setFilter(name, value, replace)),
    [setFilter],
  );
  // after the create dialog closes the table is mounted anew, which loads it again (store-and-network)
  const [created, setCreated] = useState(0);
  const registration = useNewRegistrationDialog(() => setCreated((n) => n + 1));
  const manager = hasDistrictRoles(roles, `${kind}.create`);
  const mayRegister = !!creatable && mayCall(roles, `${kind}.create`) && (manager || (clubCount > 0 && !creatable.deadlinePassed));
  const consentForms = !!event && offersExport(event.formType as EventFormType, "consentForms") && mayCall(roles, "dexam.consentForms");
  const mayMessage = mayCall(roles, "registrations.message");
  const [messaging, setMessaging] = useState(false);
  return (
    <>
      <Toolbar
        actions={
          event &&
          (consentForms || mayRegister || mayMessage) && (
            <>
              {mayMessage && (
                <Button variant="secondary" onClick={() => setMessaging(true)}>
                  {t("overview.message")}
                </Button>
              )}
              {consentForms && (
                <Button variant="secondary" onClick={() => void runDownload(overviewExportPaths.consentForms(event.databaseId), "error.download.consentForms")}>
                  {t("overview.consentForms")}
                </Button>
              )}
              {mayRegister && creatable && (
                <Button
                  onClick={() => registration.open(creatable)}
                  onPointerEnter={() => registration.prepare(creatable)}
                  onFocus={() => registration.prepare(creatable)}
                  aria-busy={registration.openingEventId === creatable.id || undefined}
                >
                  {t("overview.newRegistration")}
                </Button>
              )}
            </>
          )
        }
      >
        {districtPicker}
        <EventPicker className={styles.picker} label={t("overview.event")} chooser={chooser} />
        {event && <SearchField value={search} onSearch={(text) => startTransition(() => setSearch(text))} />}
      </Toolbar>
      {event && (
        <OverviewFilterBar
          eventId={event.id}
          kind={kind}
          districtAssociationId={districtAssociationId}
          districtClubs={hasDistrictRoles(roles, `${kind}.read`)}
          viewerSeesAllResults={event.viewerSeesAllResults}
          filters={filters}
          onChange={changeFilter}
          onClear={() => startTransition(clearFilters)}
        />
      )}
      {registration.dialog}
      {messaging && event && <MessageDialog eventId={event.id} search={search} filters={filterVars} onClose={() => setMessaging(false)} />}
      {!event ? (
        <NoEventNotice chooser={chooser} none={t("overview.noEvents")} pick={t("overview.pickEvent")} />
      ) : (
        <ErrorBoundary
          resetKey={event.id}
          fallback={(error) => <LoadFailure prefix={competition ? "error.competitionRegistrations.load" : "error.dexamRegistrations.load"} error={error} />}
        >
          <Suspense fallback={<PageLoading />}>
            {competition ? (
              <CompetitionOverview
                key={created}
                eventId={event.id}
                search={search}
                filters={filterVars}
                searching={loading}
                viewerSeesAllResults={event.viewerSeesAllResults}
                preloaded={firstPage(preloaded, "competition")}
              />
            ) : (
              <DexamOverview
                key={created}
                eventId={event.id}
                districtAssociationId={districtAssociationId}
                search={search}
                filters={filterVars}
                searching={loading}
                viewerSeesAllResults={event.viewerSeesAllResults}
                healthAccesses={event.formType === "DEXAM_CAMP" && mayCall(roles, "healthDataAccess.list")}
                preloaded={firstPage(preloaded, "dexam")}
              />
            )}
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}

/** The first page of a kind's table the route loaded with the screen, or null. */
function firstPage(preloaded: RegistrationOverviewScreenQuery$variables | null, kind: "dexam" | "competition"): FirstPage | null {
  if (!preloaded?.[kind]) return null;
  const filters = { location: preloaded.location ?? null, association: preloaded.association ?? null, filter: preloaded.filter ?? null } as FilterVariables;
  return { eventId: preloaded.eventId, search: preloaded.search ?? null, filters, orderBy: preloaded[`${kind}OrderBy`] ?? null };
}
