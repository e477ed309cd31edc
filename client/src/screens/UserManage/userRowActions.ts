import { canManageUsers } from "../../routes/permissions";

/** The entries of the user table's row menu, in the order of spec §2 "User management". */
export type UserRowAction = "edit" | "assignAssociations" | "resendInvitation" | "reactivate" | "deactivate" | "history" | "delete";

export interface UserRowState {
  /** The user has never signed in (last_active empty). */
  invitationPending: boolean;
  blocked: boolean;
  /** The server's answer whether the viewer may assign this user's clubs (never their own). */
  viewerCanAssignClubs: boolean;
}

/**
 * Which actions a row offers: none without user_manage (user_read sees the table read-only);
 * "Vereine zuordnen" never for the own account (club membership is granted by someone else);
 * "Einladung erneut senden" only while the user never signed in (R-UM014); "Deaktivieren" only for
 * an active user (R-UM015); "Reaktivieren" only for a blocked user (decision for R-UM017: the two
 * entries are mutually exclusive, so the menu never offers a change that would do nothing).
 */
export function userRowActions(user: UserRowState, viewerRoles: readonly string[]): UserRowAction[] {
  if (!canManageUsers(viewerRoles)) return [];
  const actions: UserRowAction[] = ["edit"];
  if (user.viewerCanAssignClubs) actions.push("assignAssociations");
  if (user.invitationPending) actions.push("resendInvitation");
  actions.push(user.blocked ? "reactivate" : "deactivate");
  // the change history needs user_manage, as the menu itself (audit.user)
  actions.push("history");
  actions.push("delete");
  return actions;
}
