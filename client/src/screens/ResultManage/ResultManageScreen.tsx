import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Results management ("Ergebnisverwaltung"); staff only, loaded as its own chunk. */
export function ResultManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("resultManage"))} />;
}
