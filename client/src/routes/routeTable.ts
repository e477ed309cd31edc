import { type Operation, PERMISSIONS, SCREENS } from "@shared/permissions";
import { hasAnyRole, ROLES, type RoleName } from "@shared/roles";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";

/**
 * The one route table of the client (spec §2 "Screens and routes"). The menu, the navigation
 * guard and the page titles all read it; nothing else lists paths. The roles come from the
 * permission table (@shared/permissions: its SCREENS, and the operations of the tool routes).
 */

export type ScreenRouteName =
  | "start"
  | "editProfile"
  | "associationUserEdit"
  | "registrationOverview"
  | "userManage"
  | "associationManage"
  | "districtAssociationManage"
  | "eventManage"
  | "eventLocationManage"
  | "resultManage";

export type HelpRouteName =
  | "startPageHelp"
  | "userAccountHelp"
  | "associationUserEditHelp"
  | "registrationOverviewHelp"
  | "userManageHelp"
  | "associationManageHelp"
  | "eventManageHelp"
  | "eventLocationManageHelp"
  | "resultManageHelp";

export type RouteName = ScreenRouteName | HelpRouteName;

/** Where a screen's link sits in the drawer menu. */
export type MenuPlacement = "main" | "eventGroup";

export interface ScreenRoute {
  kind: "screen";
  name: ScreenRouteName;
  path: string;
  /** Catalog key of the German screen name; also the menu label. */
  titleKey: MessageKey;
  /** Any one of these roles grants access; empty means everyone (admin always passes). */
  roles: readonly RoleName[];
  menu: MenuPlacement;
  /** Only the staff screens are split into their own chunk. */
  staff: boolean;
  help?: { name: HelpRouteName; path: string };
}

export interface HelpRoute {
  kind: "help";
  name: HelpRouteName;
  path: string;
  /** The screen this page documents: its title, menu label and roles. */
  helpFor: ScreenRouteName;
  titleKey: MessageKey;
  roles: readonly RoleName[];
}

/**
 * A tool beyond the screens of spec §2 (the API-Explorer): a menu entry after the
 * screens for the roles it names, no help page. Kept out of `appRoutes`, which is exactly the
 * spec's table.
 */
export interface ToolRoute {
  kind: "tool";
  name: ToolRouteName;
  path: string;
  titleKey: MessageKey;
  roles: readonly RoleName[];
}

export type ToolRouteName = "invoiceManage" | "timetable" | "personData" | "healthAccessLog" | "webhookManage" | "apiExplorer";

/** The operations of the permission table that name their roles (not "every signed-in caller"). */
type RoleOperation = { [K in Operation]: (typeof PERMISSIONS)[K]["access"] extends readonly RoleName[] ? K : never }[Operation];

/** A tool route: its title is the catalog's `route.{name}`; its roles an operation's of the permission table, or the given list. */
function toolRoute(name: ToolRouteName, path: string, roles: RoleOperation | readonly RoleName[]): ToolRoute {
  return { kind: "tool", name, path, titleKey: `route.${name}`, roles: typeof roles === "string" ? PERMISSIONS[roles].access : roles };
}

export type AppRoute = ScreenRoute | HelpRoute | ToolRoute;

/**
 * A screen route: its title (and menu label) is the catalog's `route.{name}`; a screen with roles is
 * a staff screen (its own chunk); the help page, where there is one, at `help` under `help{name}`.
 */
function screenRoute(
  name: ScreenRouteName,
  path: string,
  roles: readonly RoleName[],
  help: readonly [HelpRouteName, string] | null,
  menu: MenuPlacement = "main",
): ScreenRoute {
  const route: ScreenRoute = { kind: "screen", name, path, titleKey: `route.${name}`, roles, menu, staff: roles.length > 0 };
  return help ? { ...route, help: { name: help[0], path: help[1] } } : route;
}

export const screenRoutes: readonly ScreenRoute[] = [
  screenRoute("start", "/", [], ["startPageHelp", "/help/start"]),
  screenRoute("editProfile", "/user/profile", [], ["userAccountHelp", "/help/user/account"]),
  screenRoute("associationUserEdit", "/association/edit", [], ["associationUserEditHelp", "/help/association/edit"]),
  screenRoute("registrationOverview", "/registration/overview", [], ["registrationOverviewHelp", "/help/registration/overview"]),
  screenRoute("userManage", "/user/manage", SCREENS.userManage, ["userManageHelp", "/help/user/manage"]),
  screenRoute("associationManage", "/association/manage", SCREENS.associationManage, ["associationManageHelp", "/help/association/manage"]),
  screenRoute("districtAssociationManage", "/districtassociation/manage", SCREENS.districtAssociationManage, null),
  screenRoute("eventManage", "/event/manage", SCREENS.eventAdministration, ["eventManageHelp", "/help/event/manage"], "eventGroup"),
  screenRoute(
    "eventLocationManage",
    "/event/location/manage",
    SCREENS.eventAdministration,
    ["eventLocationManageHelp", "/help/event/location/manage"],
    "eventGroup",
  ),
  screenRoute("resultManage", "/result/manage", SCREENS.resultManage, ["resultManageHelp", "/help/result/manage"]),
];

/** Help pages inherit title and roles from the screen they document (R-SH051), in listing order. */
export const helpRoutes: readonly HelpRoute[] = screenRoutes.flatMap((screen): HelpRoute[] =>
  screen.help
    ? [
        {
          kind: "help",
          name: screen.help.name,
          path: screen.help.path,
          helpFor: screen.name,
          titleKey: screen.titleKey,
          roles: screen.roles,
        },
      ]
    : [],
);

export const appRoutes: readonly AppRoute[] = [...screenRoutes, ...helpRoutes];

/**
 * The GraphiQL API-Explorer: for staff, i.e. any role at all (the server lets exactly these
 * callers introspect and send their own documents in production); members end on "/".
 */
export const apiExplorerRoute = toolRoute("apiExplorer", "/api-explorer", ROLES);

/**
 * "Zugriffe auf Gesundheitsdaten": who read camp health data in the district (beyond the spec;
 * docs/decisions.md "Reads of health data are recorded"): the roles of the server's
 * healthDataAccess.list (registration_manage).
 */
export const healthAccessLogRoute = toolRoute("healthAccessLog", "/registration/health-data-access", "healthDataAccess.list");

/**
 * "Auskunft und Löschung" (erasure and access requests for one child, docs/decisions.md "Erasure on
 * request"): registration_manage (registration.person's roles) finds a child's registrations across
 * the district's events, exports them, deletes them or erases their camp data.
 */
export const personDataRoute = toolRoute("personData", "/registration/person", "registration.person");

/**
 * "Webhooks" (docs/decisions.md "Webhooks"): the district association's webhook endpoints with
 * their delivery logs, for the roles of the server's webhook.list (webhook.manage: the same).
 */
export const webhookManageRoute = toolRoute("webhookManage", "/webhooks", "webhook.list");

/**
 * "Zeitplan" (docs/decisions.md "Timetables"): an event's timetable per location (rules, planning,
 * move/swap/lock, publishing, printed lists), for the roles of the server's timetable.read; the
 * event administration's row menu links it with the event (`?event=`).
 */
export const timetableRoute = toolRoute("timetable", "/event/timetable", "timetable.read");

/**
 * "Rechnungen" (docs/decisions.md "Invoices"): an event's fees, issuing its invoices, the invoices
 * with their documents, cancellation, credit notes and payments, the open items, the SEPA
 * direct-debit file and the bank statement import, for the roles of the server's invoiceFees.read
 * (invoice_read, invoice_manage). Club accounts read their club's invoices on "Mein Verein bearbeiten".
 */
export const invoiceManageRoute: ToolRoute = {
  kind: "tool",
  name: "invoiceManage",
  path: "/invoices",
  titleKey: "route.invoiceManage",
  roles: PERMISSIONS["invoiceFees.read"].access,
};

export const toolRoutes: readonly ToolRoute[] = [
  timetableRoute,
  invoiceManageRoute,
  personDataRoute,
  healthAccessLogRoute,
  webhookManageRoute,
  apiExplorerRoute,
];

export function findRoute(name: RouteName): AppRoute {
  const route = appRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

export function routePath(name: RouteName): string {
  return findRoute(name).path;
}

/** The German screen name, also used as the menu label (help entries carry their screen's name). */
export function routeLabel(route: AppRoute): string {
  return t(route.titleKey);
}

/** The route's title: the screen name, or "Hilfe: {screen name}" for help pages (R-SH014). */
export function routeTitle(route: AppRoute): string {
  return route.kind === "help" ? t("route.helpTitle", { title: t(route.titleKey) }) : t(route.titleKey);
}

/** Page title "{title} - Anmeldesystem", or "Anmeldesystem" without a title (R-SH012, R-SH013). */
export function pageTitle(title?: string | null): string {
  return title ? t("app.pageTitle", { title }) : t("app.name");
}

export function canAccess(route: AppRoute, userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, route.roles);
}
