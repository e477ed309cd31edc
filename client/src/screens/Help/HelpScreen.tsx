import { PlaceholderPage } from "../../components/PlaceholderPage";
import { type HelpRoute, routeTitle } from "../../routes/routeTable";

/** A help page ("Hilfe: {screen}"); the German help content comes with a later issue (client/src/help/). */
export function HelpScreen({ route }: { route: HelpRoute }) {
  return <PlaceholderPage title={routeTitle(route)} />;
}
