import { type UserMode, userErrors } from "@shared/userSchema";
import type { FieldErrors } from "../forms/fieldErrors";
import { optionalText } from "../forms/fieldErrors";

/**
 * The user form of spec section 5 in its three modes: "create" (user management, no phone or
 * address fields), "staff" (staff edit a user: phone and address optional, phone checked only when
 * filled) and "self" ("Mein Account bearbeiten": phone and address required).
 */
export type UserFormMode = "create" | "staff" | "self";

export type UserFormValues = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
};

export type UserField = keyof UserFormValues;

export const NAME_FIELDS = ["firstname", "lastname", "email"] as const satisfies readonly UserField[];
export const CONTACT_FIELDS = ["phone", "street", "postcode", "city", "country"] as const satisfies readonly UserField[];

export const EMPTY_USER_FORM: UserFormValues = { firstname: "", lastname: "", email: "", phone: "", street: "", postcode: "", city: "", country: "" };

/** The fields the form shows: phone and address are hidden in create mode (R-VA014). */
export function visibleUserFields(mode: UserFormMode): readonly UserField[] {
  return mode === "create" ? NAME_FIELDS : [...NAME_FIELDS, ...CONTACT_FIELDS];
}

/** Fields marked as required in the form. */
export function requiredUserFields(mode: UserFormMode): readonly UserField[] {
  return mode === "self" ? [...NAME_FIELDS, ...CONTACT_FIELDS] : NAME_FIELDS;
}

/** Form values from a loaded user (null fields become empty inputs). */
export function userFormValues(user: Partial<Record<UserField, string | null | undefined>>): UserFormValues {
  const values = { ...EMPTY_USER_FORM };
  for (const field of Object.keys(values) as UserField[]) values[field] = user[field] ?? "";
  return values;
}

/** The form's modes as the user schema names them. */
const SCHEMA_MODE: Record<UserFormMode, UserMode> = { create: "create", staff: "staff", self: "profile" };

/**
 * Field -> German message for everything wrong: the one user schema ('@shared/userSchema') the
 * server validates with as well, fed with the fields the mode shows (create mode sends only the names).
 */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): FieldErrors {
  const shown = Object.fromEntries(visibleUserFields(mode).map((f) => [f, values[f]]));
  return userErrors(shown, SCHEMA_MODE[mode]);
}

/** The names part of every user input, trimmed. */
export function userNameInput(values: UserFormValues) {
  return { firstname: values.firstname.trim(), lastname: values.lastname.trim(), email: values.email.trim() };
}

/** The fields of ProfileInput (updateViewer), trimmed; the form adds the version it was filled from (forms/version.ts). */
export function profileInput(values: UserFormValues) {
  return {
    ...userNameInput(values),
    phone: values.phone.trim(),
    street: values.street.trim(),
    postcode: values.postcode.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
  };
}

/** The fields of UpdateUserInput (admin mode) without roles and version: empty optional fields are sent as null. */
export function adminUserInput(values: UserFormValues) {
  return {
    ...userNameInput(values),
    phone: optionalText(values.phone),
    street: optionalText(values.street),
    postcode: optionalText(values.postcode),
    city: optionalText(values.city),
    country: optionalText(values.country),
  };
}
