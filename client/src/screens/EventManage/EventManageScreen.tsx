import { DistrictPage } from "../../components/DistrictPage";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { EventManageContent } from "./EventManageContent";

/**
 * Events ("Veranstaltungen", registration_read, registration_manage or event_manage): all events of
 * the ACTIVE district association of the drawer's selector, published or not (R-EV003); staff only, own chunk.
 */
export function EventManageScreen() {
  return (
    <DistrictPage title={routeTitle(findRoute("eventManage"))} loadError="error.events.load">
      {(districtAssociationId) => <EventManageContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}
