import { hasAnyRole, ROLES, Role, type RoleName } from "@shared/roles";

/**
 * What a screen offers beyond reading (spec §2, §6). Like the guard, these only hide controls;
 * the server authorises every call.
 */

/** Create, edit, assign, block, unblock, re-invite and delete users: user_manage (admin passes); user_read only reads. */
export function canManageUsers(roles: readonly string[]): boolean {
  return hasAnyRole(roles, [Role.RoleUserManage]);
}

/** Create, edit and delete clubs: association_manage (admin passes); association_read only reads. */
export function canManageAssociations(roles: readonly string[]): boolean {
  return hasAnyRole(roles, [Role.RoleAssociationManage]);
}

export function isAdmin(roles: readonly string[]): boolean {
  return hasAnyRole(roles, [Role.RoleAdmin]);
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
