import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Edit own account ("Mein Account bearbeiten"). */
export function EditProfileScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("editProfile"))} />;
}
