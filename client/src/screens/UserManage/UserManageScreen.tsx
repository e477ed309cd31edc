import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** User management ("Benutzerverwaltung"); staff only, loaded as its own chunk. */
export function UserManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("userManage"))} />;
}
