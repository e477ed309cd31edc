import { mayCall } from "@shared/permissions";
import { Suspense } from "react";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { Notice } from "../../components/Notice";
import { Page } from "../../components/Page";
import { PageLoading } from "../../components/PageLoading";
import { EventPickedContent } from "../../events/EventPickedContent";
import { t } from "../../i18n/translate";
import { routeTitle, timetableRoute } from "../../routes/routeTable";
import { useAppState } from "../../state/AppStateContext";
import { TimetableView } from "./TimetableView";

/**
 * "Zeitplan" (timetable.read's roles; docs/decisions.md "Timetables"): pick a D-exam or competition
 * event of the active district association (the URL's `event`, as the event administration's row
 * menu links it), then its timetable per location: rules, planning, the slots by day and room with
 * move, swap and lock, publishing and the printed lists. The server decides who may do what.
 */
export function TimetableScreen() {
  const { state } = useAppState();
  const districtAssociationId = state.activeDistrictAssociationId;
  return (
    <Page title={routeTitle(timetableRoute)}>
      <p>{t("timetable.intro")}</p>
      {districtAssociationId === null ? (
        <Notice>{t("district.noneSelected")}</Notice>
      ) : (
        <ErrorBoundary key={districtAssociationId} fallback={(error) => <LoadFailure prefix="error.events.load" error={error} />}>
          <Suspense fallback={<PageLoading />}>
            <TimetableContent districtAssociationId={districtAssociationId} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Page>
  );
}

function TimetableContent({ districtAssociationId }: { districtAssociationId: number }) {
  return (
    <EventPickedContent districtAssociationId={districtAssociationId} loadFailed="timetable.loadFailed">
      {(event, picker, roles) => (
        <TimetableView
          eventId={event.id}
          picker={picker}
          may={{
            manage: mayCall(roles, "timetable.manage"),
            publish: mayCall(roles, "timetable.publish"),
            print: mayCall(roles, "timetable.print"),
          }}
        />
      )}
    </EventPickedContent>
  );
}
