import { type ComponentType, lazy } from "react";
import type { PreloadedQuery } from "react-relay";
import type { IEnvironment } from "relay-runtime";
import { loadRegistrationOverview } from "../screens/RegistrationOverview/overviewRoute";
import { StartScreen } from "../screens/Start/StartScreen";
import type { AppState } from "../state/appState";
import type { HelpRoute, ScreenRouteName, ToolRouteName } from "./routeTable";

// Only the start page is in the first bundle (figure 6: first screen <= 250 KB gzip). The
// other screens for everyone load when first opened; staff screens and help pages are split into
// their own chunks, so ordinary users never load them.
const EditProfileScreen = lazy(() => import("../screens/EditProfile/EditProfileScreen").then((module) => ({ default: module.EditProfileScreen })));
const AssociationUserEditScreen = lazy(() =>
  import("../screens/AssociationUserEdit/AssociationUserEditScreen").then((module) => ({ default: module.AssociationUserEditScreen })),
);
const RegistrationOverviewScreen = lazy(() =>
  import("../screens/RegistrationOverview/RegistrationOverviewScreen").then((module) => ({ default: module.RegistrationOverviewScreen })),
);
const UserManageScreen = lazy(() => import("../screens/UserManage/UserManageScreen").then((module) => ({ default: module.UserManageScreen })));
const AssociationManageScreen = lazy(() =>
  import("../screens/AssociationManage/AssociationManageScreen").then((module) => ({ default: module.AssociationManageScreen })),
);
const DistrictAssociationManageScreen = lazy(() =>
  import("../screens/DistrictAssociationManage/DistrictAssociationManageScreen").then((module) => ({
    default: module.DistrictAssociationManageScreen,
  })),
);
const EventManageScreen = lazy(() => import("../screens/EventManage/EventManageScreen").then((module) => ({ default: module.EventManageScreen })));
const EventLocationManageScreen = lazy(() =>
  import("../screens/EventLocationManage/EventLocationManageScreen").then((module) => ({ default: module.EventLocationManageScreen })),
);
const ResultManageScreen = lazy(() => import("../screens/ResultManage/ResultManageScreen").then((module) => ({ default: module.ResultManageScreen })));

const PersonDataScreen = lazy(() => import("../screens/PersonData/PersonDataScreen").then((module) => ({ default: module.PersonDataScreen })));

// GraphiQL with the Monaco editor: far the largest chunk, loaded only when staff open it.
const ApiExplorerScreen = lazy(() => import("../screens/ApiExplorer/ApiExplorerScreen").then((module) => ({ default: module.ApiExplorerScreen })));

const HealthAccessLogScreen = lazy(() =>
  import("../screens/HealthAccessLog/HealthAccessLogScreen").then((module) => ({ default: module.HealthAccessLogScreen })),
);

const TimetableScreen = lazy(() => import("../screens/Timetable/TimetableScreen").then((module) => ({ default: module.TimetableScreen })));

const InvoiceManageScreen = lazy(() => import("../screens/InvoiceManage/InvoiceManageScreen").then((module) => ({ default: module.InvoiceManageScreen })));

const WebhookManageScreen = lazy(() => import("../screens/WebhookManage/WebhookManageScreen").then((module) => ({ default: module.WebhookManageScreen })));

export const HelpScreen: ComponentType<{ route: HelpRoute }> = lazy(() =>
  import("../screens/Help/HelpScreen").then((module) => ({ default: module.HelpScreen })),
);

/** What a route's loader knows as the route is entered: the Relay environment, the app's choices and the URL's query. */
export interface RouteContext {
  environment: IEnvironment;
  state: AppState;
  params: URLSearchParams;
}

/**
 * A screen whose route loads its query as it is entered (Relay's loadQuery, as the relay-examples
 * issue tracker's routes do), beside the screen's code rather than after it: the screen takes the
 * query as its `query` prop and reads it with usePreloadedQuery.
 */
export interface PreloadedScreen {
  load: (context: RouteContext) => PreloadedQuery<any>;
  Screen: ComponentType<{ query: PreloadedQuery<any> }>;
}

/** The component of every screen route of the route table, or the loader and component of a route that loads its query. */
export const screenComponents: Record<ScreenRouteName, ComponentType | PreloadedScreen> = {
  start: StartScreen,
  editProfile: EditProfileScreen,
  associationUserEdit: AssociationUserEditScreen,
  registrationOverview: { load: loadRegistrationOverview, Screen: RegistrationOverviewScreen },
  userManage: UserManageScreen,
  associationManage: AssociationManageScreen,
  districtAssociationManage: DistrictAssociationManageScreen,
  eventManage: EventManageScreen,
  eventLocationManage: EventLocationManageScreen,
  resultManage: ResultManageScreen,
};

/** The component of every tool route. */
export const toolComponents: Record<ToolRouteName, ComponentType> = {
  timetable: TimetableScreen,
  invoiceManage: InvoiceManageScreen,
  personData: PersonDataScreen,
  apiExplorer: ApiExplorerScreen,
  healthAccessLog: HealthAccessLogScreen,
  webhookManage: WebhookManageScreen,
};
