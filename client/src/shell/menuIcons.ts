import type { IconName } from "../components/Icon";
import type { ScreenRouteName, ToolRouteName } from "../routes/routeTable";

/** The rail icon of each screen and tool; help entries use the help icon. */
export const menuIcons: Record<ScreenRouteName | ToolRouteName, IconName> = {
  start: "home",
  editProfile: "account",
  associationUserEdit: "club",
  registrationOverview: "list",
  userManage: "users",
  associationManage: "association",
  districtAssociationManage: "district",
  eventManage: "event",
  eventLocationManage: "location",
  resultManage: "results",
  personData: "search",
  apiExplorer: "code",
  healthAccessLog: "shield",
  timetable: "calendar",
  invoiceManage: "invoice",
  webhookManage: "send",
};
