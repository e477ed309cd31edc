import { type EventFormType, offersExport } from "@shared/event-exports";
import { mayCall } from "@shared/permissions";
import { type ReactNode, Suspense, useMemo, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Button } from "../../components/Button";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { PageLoading } from "../../components/PageLoading";
import { SearchField } from "../../components/SearchField";
import { SelectField } from "../../components/SelectField";
import { Toolbar } from "../../components/Toolbar";
import { useQueryParam } from "../../components/useQueryParam";
import { useChosenEvent } from "../../events/useChosenEvent";
import { runDownload } from "../../http/runDownload";
import { t } from "../../i18n/translate";
import type { OverviewContentQuery } from "./__generated__/OverviewContentQuery.graphql";
import { CompetitionOverview } from "./CompetitionOverview";
import { DexamOverview } from "./DexamOverview";
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
}: {
  districtAssociationId: number;
  roles: readonly string[];
  districtPicker: ReactNode;
  /** a district switch is under way (a transition): the table shown is the old district's */
  switching?: boolean;
}) {
  const data = useLazyLoadQuery<OverviewContentQuery>(
    graphql`
      query OverviewContentQuery($districtAssociationId: Int!) {
        events(districtAssociationId: $districtAssociationId, first: 100) {
          edges {
            node {
              id
              databaseId
              name
              formType
              start
              end
              viewerSeesAllResults
            }
          }
        }
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  // the search is the URL's `q` (the tables' sort its `sort`): a link or a reload keeps both
  const [search, setSearch] = useQueryParam("q");
  const [searching, startTransition] = useTransition();
  const events = data.events.edges.map((edge) => edge.node);
  const { event, choose, choosing } = useChosenEvent(events);
  const loading = searching || choosing || switching;
  const options = useMemo(() => events.map((candidate) => ({ value: candidate.id, label: candidate.name })), [events]);
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
        <SelectField className={styles.picker} label={t("overview.event")} options={options} value={event?.id ?? null} onChange={choose} />
        {event && <SearchField value={search} onSearch={(text) => startTransition(() => setSearch(text))} />}
      </Toolbar>
      {events.length === 0 ? (
        <Notice>{t("overview.noEvents")}</Notice>
      ) : !event ? (
        <Notice>{t("overview.pickEvent")}</Notice>
      ) : event.formType === "COMPETITION" ? (
        <ErrorBoundary resetKey={event.id} fallback={(error) => <LoadFailure prefix="error.competitionRegistrations.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <CompetitionOverview eventId={event.id} search={search} searching={loading} viewerSeesAllResults={event.viewerSeesAllResults} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <ErrorBoundary resetKey={event.id} fallback={(error) => <LoadFailure prefix="error.dexamRegistrations.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <DexamOverview
              eventId={event.id}
              districtAssociationId={districtAssociationId}
              search={search}
              searching={loading}
              viewerSeesAllResults={event.viewerSeesAllResults}
              healthAccesses={event.formType === "DEXAM_CAMP" && mayCall(roles, "healthDataAccess.list")}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
