import { type EventFormType, offersExport } from "@shared/event-exports";
import { mayCall } from "@shared/permissions";
import { type ReactNode, Suspense, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { PageLoading } from "../../components/PageLoading";
import { SearchField } from "../../components/SearchField";
import { Toolbar } from "../../components/Toolbar";
import { useQueryParam } from "../../components/useQueryParam";
import { EventPicker, NoEventNotice, useEventChooser } from "../../events/useEventChooser";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import type { OverviewContentQuery } from "./__generated__/OverviewContentQuery.graphql";
import type { RegistrationOverviewScreenQuery$variables } from "./__generated__/RegistrationOverviewScreenQuery.graphql";
import { CompetitionOverview } from "./CompetitionOverview";
import { DexamOverview } from "./DexamOverview";
import { SEARCH_PARAM } from "./overviewRoute";
import { type FirstPage, useFirstFetchPolicy } from "./RegistrationList";
import styles from "./RegistrationOverview.module.css";
import { overviewExportPaths } from "./rowActions";

/**
 * The overview's toolbar (district picker, event picker, search; for camp events the staff's
 * "Einverständniserklärungen herunterladen") and the table of the chosen event by its form type
 * (R-RO001..R-RO004): D-exams and camps the D-exam table, competitions the competition table.
 * Event, search and sort live in the URL (`event`, `q`, `sort`). Another event (or district,
 * `switching`) keeps the old table, marked as loading, until the new one's first page is there.
 */
export function OverviewContent({
  districtAssociationId,
  roles,
  districtPicker,
  switching = false,
  preloaded = null,
}: {
  districtAssociationId: number;
  roles: readonly string[];
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
      }
    `,
    { districtAssociationId },
    // the district the route loaded with the screen: its list is in the store already
    { fetchPolicy: useFirstFetchPolicy(!!preloaded?.withDistrict && preloaded.districtAssociationId === districtAssociationId) },
  );
  // the search is the URL's `q` (the tables' sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam(SEARCH_PARAM);
  const [searching, startTransition] = useTransition();
  const chooser = useEventChooser(data);
  const { event } = chooser;
  const loading = searching || chooser.choosing || switching;
  const competition = event?.formType === "COMPETITION";
  const consentForms = !!event && offersExport(event.formType as EventFormType, "consentForms") && mayCall(roles, "dexam.consentForms");
  return (
    <>
      <Toolbar
        actions={
          event &&
          consentForms && (
            <Button variant="secondary" onClick={() => void runDownload(overviewExportPaths.consentForms(event.databaseId), "error.download.consentForms")}>
              {t("overview.consentForms")}
            </Button>
          )
        }
      >
        {districtPicker}
        <EventPicker className={styles.picker} label={t("overview.event")} chooser={chooser} />
        {event && <SearchField value={search} onSearch={(text) => startTransition(() => setSearch(text))} />}
      </Toolbar>
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
                eventId={event.id}
                search={search}
                searching={loading}
                viewerSeesAllResults={event.viewerSeesAllResults}
                preloaded={firstPage(preloaded, "competition")}
              />
            ) : (
              <DexamOverview
                eventId={event.id}
                districtAssociationId={districtAssociationId}
                search={search}
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
  return { eventId: preloaded.eventId, search: preloaded.search ?? null, orderBy: preloaded[`${kind}OrderBy`] ?? null };
}
