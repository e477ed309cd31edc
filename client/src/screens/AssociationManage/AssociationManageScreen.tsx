import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Club management ("Vereinsverwaltung"); staff only, loaded as its own chunk. */
export function AssociationManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("associationManage"))} />;
}
