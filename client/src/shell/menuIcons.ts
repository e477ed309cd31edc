import type { IconName } from "../components/Icon";
import type { ScreenRouteName } from "../routes/routeTable";

/** The rail icon of each screen; help entries use the help icon. */
export const menuIcons: Record<ScreenRouteName, IconName> = {
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
};
