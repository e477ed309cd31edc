import { mayCall } from "@shared/permissions";
import { Suspense, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DistrictPage } from "../../components/DistrictPage";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { LoadFailure } from "../../components/LoadFailure";
import { PageLoading } from "../../components/PageLoading";
import { Toolbar } from "../../components/Toolbar";
import { EventPicker, NoEventNotice, useEventChooser } from "../../events/useEventChooser";
import { t } from "../../i18n/translate";
import { routeTitle, timetableRoute } from "../../routes/routeTable";
import type { TimetableScreenQuery } from "./__generated__/TimetableScreenQuery.graphql";
import { TimetableView } from "./TimetableView";

/**
 * "Zeitplan" (timetable.read's roles; docs/decisions.md "Timetables"): pick a D-exam or competition
 * event of the active district association (the URL's `event`, as the event administration's row
 * menu links it), then its timetable per location: rules, planning, the slots by day and room with
 * move, swap and lock, publishing and the printed lists. The server decides who may do what.
 */
export function TimetableScreen() {
  return (
    <DistrictPage title={routeTitle(timetableRoute)} intro={<p>{t("timetable.intro")}</p>} loadError="error.events.load">
      {(districtAssociationId) => <TimetableContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}

function TimetableContent({ districtAssociationId }: { districtAssociationId: number }) {
  const data = useLazyLoadQuery<TimetableScreenQuery>(
    graphql`
      query TimetableScreenQuery($districtAssociationId: Int!) {
        viewer {
          roles
        }
        ...useEventChooser_events @arguments(districtAssociationId: $districtAssociationId)
      }
    `,
    { districtAssociationId },
    { fetchPolicy: "store-and-network" },
  );
  const [, startTransition] = useTransition();
  const chooser = useEventChooser(data);
  const { event } = chooser;
  const roles = data.viewer.roles;
  const picker = <EventPicker chooser={chooser} onChange={(id) => startTransition(() => chooser.choose(id))} />;
  if (!event) {
    return (
      <>
        <Toolbar>{picker}</Toolbar>
        <NoEventNotice chooser={chooser} />
      </>
    );
  }
  return (
    <ErrorBoundary key={event.id} fallback={(error) => <LoadFailure prefix="timetable.loadFailed" error={error} />}>
      <Suspense
        fallback={
          <>
            <Toolbar>{picker}</Toolbar>
            <PageLoading />
          </>
        }
      >
        <TimetableView
          eventId={event.id}
          picker={picker}
          may={{
            manage: mayCall(roles, "timetable.manage"),
            publish: mayCall(roles, "timetable.publish"),
            print: mayCall(roles, "timetable.print"),
          }}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
