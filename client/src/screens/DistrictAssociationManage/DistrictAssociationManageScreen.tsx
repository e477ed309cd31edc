import { PlaceholderPage } from "../../components/PlaceholderPage";
import { findRoute, routeTitle } from "../../routes/routeTable";

/** District association management ("Kreisverbandsverwaltung"); admin only, loaded as its own chunk. */
export function DistrictAssociationManageScreen() {
  return <PlaceholderPage title={routeTitle(findRoute("districtAssociationManage"))} />;
}
