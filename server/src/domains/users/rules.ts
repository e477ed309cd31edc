// User form rules (spec section 5). First name, last name and e-mail are always required (e-mail
// rule). Users editing their own profile must give phone, street, postcode, city and country;
// staff editing a user (staff mode) may leave them empty, and the phone is checked only when
// filled. Create mode checks them as staff mode does: the user dialog has no such fields, but a
// /v1 client may send them (POST /v1/user takes the body PUT takes). The rules are the one user
// schema (shared/userSchema.ts) the client's form validates with as well.
import { isAdmin } from "../../shared/permissions.ts";
import { type UserMode, userErrors } from "../../shared/userSchema.ts";

export type UserFields = {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
  /** the own account only ("Mein Account bearbeiten"): e-mails when results are published; omitted: unchanged */
  resultMails?: boolean | null;
  /** admin only: the roles (shared/userSchema.ts bounds the list); omitted or null: unchanged */
  roles?: readonly string[] | null;
};

/** Every mode: each text at most its TEXT_LIMITS length. */
export function validateUser(input: UserFields, mode: UserMode): Record<string, string> {
  return userErrors(input, mode);
}

export const EMAIL_TAKEN = "Diese E-Mail-Adresse wird bereits verwendet";
/**
 * A user manager changing the address of a user with roles they do not hold themselves: the new
 * address would receive that account's password link (docs/decisions.md, "Staff accounts' addresses").
 */
export const EMAIL_OF_STAFF = "Die E-Mail-Adresse eines Benutzers mit Rollen, die Sie selbst nicht haben, kann nur ein Administrator ändern";
/**
 * A user manager changing the address of an account its owner already uses (signed in, or set a
 * password): the password link would then go to the new address, a takeover. Only the person
 * changes it ("Mein Account bearbeiten"), or an administrator; a pending invitation may be corrected.
 */
export const EMAIL_OF_ACTIVE = "Die E-Mail-Adresse eines Benutzers, der sein Konto bereits nutzt, kann nur die Person selbst oder ein Administrator ändern";
export const OWN_CLUBS = "Sie können sich nicht selbst Vereinen zuordnen";

/** Club membership opens the club's registrations (camp health data included): always granted by someone else. */
export const mayAssignClubs = (actor: { userId: number }, user: { id: number }) => actor.userId !== user.id;

/**
 * Whether `actor` may give `user` another e-mail address in user management (the person's own
 * profile is not this path). Administrators may; a user manager only while the invitation is
 * pending (never signed in, no password set) and for no more rights than their own.
 */
export function emailChangeRefusal(
  actor: { roles: readonly string[]; userId: number },
  user: { id: number; roles: readonly string[]; lastActive: Date | null; passwordHash: string | null },
): string | null {
  if (isAdmin(actor.roles) || actor.userId === user.id) return null;
  if (user.roles.some((r) => !actor.roles.includes(r))) return EMAIL_OF_STAFF;
  if (user.lastActive !== null || user.passwordHash !== null) return EMAIL_OF_ACTIVE;
  return null;
}

/** The note to the old address after any change of an account's e-mail address. */
export const addressChangedNotice = (u: { firstname: string; lastname: string }, newEmail: string, byOwner: boolean) => ({
  subject: "Ihre E-Mail-Adresse im Anmeldesystem wurde geändert",
  text:
    `Hallo ${u.firstname} ${u.lastname},\n\n` +
    `die E-Mail-Adresse Ihres Zugangs zum Anmeldesystem wurde ${byOwner ? "von Ihnen" : "von der Benutzerverwaltung"} auf ${newEmail} geändert. ` +
    "Nachrichten zu Ihrem Zugang gehen ab jetzt an diese Adresse.\n\n" +
    "Wenn Sie das nicht veranlasst haben, wenden Sie sich bitte umgehend an Ihren Kreisverband.\n",
});
