import type { HelpRouteName } from "../routes/routeTable";
import { associationManageHelp } from "./pages/associationManage";
import { associationUserEditHelp } from "./pages/associationUserEdit";
import { eventLocationManageHelp } from "./pages/eventLocationManage";
import { eventManageHelp } from "./pages/eventManage";
import { registrationOverviewHelp } from "./pages/registrationOverview";
import { resultManageHelp } from "./pages/resultManage";
import { startPageHelp } from "./pages/startPage";
import { userAccountHelp } from "./pages/userAccount";
import { userManageHelp } from "./pages/userManage";
import type { HelpPage } from "./types";

/** The German help of every help route (R-SH073): one page per menu screen. */
export const helpPages: Record<HelpRouteName, HelpPage> = {
  startPageHelp,
  userAccountHelp,
  associationUserEditHelp,
  registrationOverviewHelp,
  userManageHelp,
  associationManageHelp,
  eventManageHelp,
  eventLocationManageHelp,
  resultManageHelp,
};
