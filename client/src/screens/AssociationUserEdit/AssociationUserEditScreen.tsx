import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Edit own club ("Mein Verein bearbeiten"). */
export function AssociationUserEditScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("associationUserEdit"))} />;
}
