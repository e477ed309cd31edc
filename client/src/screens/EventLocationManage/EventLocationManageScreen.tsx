import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Event locations ("Veranstaltungsorte"); staff only, loaded as its own chunk. */
export function EventLocationManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("eventLocationManage"))} />;
}
