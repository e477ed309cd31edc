import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Events ("Veranstaltungen"); staff only, loaded as its own chunk. */
export function EventManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("eventManage"))} />;
}
