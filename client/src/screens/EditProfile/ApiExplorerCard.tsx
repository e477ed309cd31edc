import { Link } from "react-router-dom";
import { Card } from "../../components/Card";
import { t } from "../../i18n/translate";
import { apiExplorerRoute, routeTitle } from "../../routes/routeTable";

/**
 * The way into the API-Explorer for every staff member; the "API-Zugänge" card
 * that also links there is for admins only. Shown only to staff: members may not introspect.
 */
export function ApiExplorerCard() {
  return (
    <Card title={routeTitle(apiExplorerRoute)}>
      <p>{t("apiExplorer.cardText")}</p>
      <p>
        <Link to={apiExplorerRoute.path}>{t("apiExplorer.open")}</Link>
      </p>
    </Card>
  );
}
