import { canAccess, type HelpRoute, helpRoutes, type ScreenRoute, screenRoutes, type ToolRoute, toolRoutes } from "./routeTable";

/** What the drawer menu shows for a set of roles (spec §2 "Menu visibility"); logout is always appended by the drawer. */
export type MenuEntry =
  | { kind: "link"; route: ScreenRoute | ToolRoute }
  | { kind: "group"; id: "eventGroup"; routes: ScreenRoute[] }
  | { kind: "group"; id: "helpGroup"; routes: HelpRoute[] };

export function buildMenu(userRoles: readonly string[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const eventRoutes = screenRoutes.filter((route) => route.menu === "eventGroup" && canAccess(route, userRoles));
  let eventGroupPlaced = false;
  for (const route of screenRoutes) {
    if (route.menu === "eventGroup") {
      // The group sits where its first screen is listed (before Ergebnisverwaltung), shown when any child is.
      if (!eventGroupPlaced && eventRoutes.length > 0) entries.push({ kind: "group", id: "eventGroup", routes: eventRoutes });
      eventGroupPlaced = true;
    } else if (canAccess(route, userRoles)) {
      entries.push({ kind: "link", route });
    }
  }
  // the tools (API-Explorer) after the screens, for exactly the roles their route names
  for (const route of toolRoutes) if (canAccess(route, userRoles)) entries.push({ kind: "link", route });
  const visibleHelp = helpRoutes.filter((route) => canAccess(route, userRoles));
  if (visibleHelp.length > 0) entries.push({ kind: "group", id: "helpGroup", routes: visibleHelp });
  return entries;
}

/** The names of every visible menu link, groups flattened, in menu order (handy for tests). */
export function visibleMenuRouteNames(userRoles: readonly string[]): string[] {
  return buildMenu(userRoles).flatMap((entry) => (entry.kind === "link" ? [entry.route.name] : entry.routes.map((route) => route.name)));
}
