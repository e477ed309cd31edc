import { DistrictPage } from "../../components/DistrictPage";
import { findRoute, routeTitle } from "../../routes/routeTable";
import { EventLocationManageContent } from "./EventLocationManageContent";

/**
 * Event locations ("Veranstaltungsorte", same roles as events): pick one of the active district
 * association's events (kept as the active event of the app state), then its locations (R-LO002).
 */
export function EventLocationManageScreen() {
  return (
    <DistrictPage title={routeTitle(findRoute("eventLocationManage"))} loadError="error.locations.load">
      {(districtAssociationId) => <EventLocationManageContent districtAssociationId={districtAssociationId} />}
    </DistrictPage>
  );
}
