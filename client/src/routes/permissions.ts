import { isAdmin, mayCall } from "@shared/permissions";
import { ROLES, type RoleName } from "@shared/roles";

export { isAdmin };

/**
 * What a screen offers beyond reading (spec §2, §6). Like the guard, these only hide controls;
 * the server authorises every call.
 */

/** Create, edit, assign, block, unblock, re-invite and delete users: user.create's roles (user_manage; user_read only reads). */
export function canManageUsers(roles: readonly string[]): boolean {
  return mayCall(roles, "user.create");
}

/** Create, edit and delete clubs: association.create's roles (association_manage; association_read only reads). */
export function canManageAssociations(roles: readonly string[]): boolean {
  return mayCall(roles, "association.create");
}

/** Every role of spec §6 in the order the role picker lists them. */
export const ALL_ROLES: readonly RoleName[] = ROLES;

/**
 * The user dialog shows the role picker only where this application keeps the roles (embedded
 * sign-in, `rolesEditable` in /config.json) and only for admins, who alone may assign roles; with
 * an external identity provider roles are assigned there (spec §6).
 */
export function canEditRoles(viewerRoles: readonly string[], rolesEditable: boolean): boolean {
  return rolesEditable && isAdmin(viewerRoles);
}
