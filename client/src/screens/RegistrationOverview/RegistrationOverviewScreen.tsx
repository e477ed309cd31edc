import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** Registration overview ("Anmeldungsübersicht"). */
export function RegistrationOverviewScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("registrationOverview"))} />;
}
