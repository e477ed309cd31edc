// User form rules (spec section 5). First name, last name and e-mail are always required (e-mail
// rule). Users editing their own profile must give phone, street, postcode, city and country;
// staff editing a user (admin mode) may leave them empty, and the phone is checked only when
// filled. Create mode has no phone or address fields.
import { addLengthErrors, email, postcode, profilePhone, required, TEXT_LIMITS, validate } from "../../shared/validation.ts";

export type UserMode = "profile" | "admin" | "create";

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
};

/** Every mode: each text at most its TEXT_LIMITS length. */
export function validateUser(input: UserFields, mode: UserMode): Record<string, string> {
  return addLengthErrors(userRules(input, mode), input, TEXT_LIMITS.User);
}

function userRules(input: UserFields, mode: UserMode): Record<string, string> {
  const base = { firstname: [required], lastname: [required], email: [required, email] };
  if (mode === "create") return validate(input, base);
  if (mode === "profile") {
    return validate(input, {
      ...base,
      phone: [required, profilePhone],
      street: [required],
      postcode: [required, postcode],
      city: [required],
      country: [required],
    });
  }
  return validate(input, { ...base, phone: [profilePhone], postcode: [postcode] });
}

export const EMAIL_TAKEN = "Diese E-Mail-Adresse wird bereits verwendet";
/**
 * A user manager changing the address of a user with roles they do not hold themselves: the new
 * address would receive that account's password link (docs/decisions.md, "Staff accounts' addresses").
 */
export const EMAIL_OF_STAFF = "Die E-Mail-Adresse eines Benutzers mit Rollen, die Sie selbst nicht haben, kann nur ein Administrator ändern";
