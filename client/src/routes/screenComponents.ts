import { type ComponentType, lazy } from "react";
import { StartScreen } from "../screens/Start/StartScreen";
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

export const HelpScreen: ComponentType<{ route: HelpRoute }> = lazy(() =>
  import("../screens/Help/HelpScreen").then((module) => ({ default: module.HelpScreen })),
);

/** The component of every screen route of the route table. */
export const screenComponents: Record<ScreenRouteName, ComponentType> = {
  start: StartScreen,
  editProfile: EditProfileScreen,
  associationUserEdit: AssociationUserEditScreen,
  registrationOverview: RegistrationOverviewScreen,
  userManage: UserManageScreen,
  associationManage: AssociationManageScreen,
  districtAssociationManage: DistrictAssociationManageScreen,
  eventManage: EventManageScreen,
  eventLocationManage: EventLocationManageScreen,
  resultManage: ResultManageScreen,
};

/** The component of every tool route. */
export const toolComponents: Record<ToolRouteName, ComponentType> = {
  personData: PersonDataScreen,
  apiExplorer: ApiExplorerScreen,
  healthAccessLog: HealthAccessLogScreen,
};
