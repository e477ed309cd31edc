import { mayCall } from "@shared/permissions";
import { DistrictPage } from "../../components/DistrictPage";
import { EventPickedContent } from "../../events/EventPickedContent";
import { t } from "../../i18n/translate";
import { routeTitle, timetableRoute } from "../../routes/routeTable";
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
      {(districtAssociationId) => (
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
      )}
    </DistrictPage>
  );
}
