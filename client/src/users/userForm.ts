import { addLengthErrors, email, postcode, profilePhone, required, TEXT_LIMITS, validate } from "@shared/validation";
import type { FieldErrors } from "../forms/fieldErrors";
import { optionalText } from "../forms/fieldErrors";

/**
 * The user form of spec section 5 in its three modes: "create" (user management, no phone or
 * address fields), "admin" (staff edit a user: phone and address optional, phone checked only when
 * filled) and "self" ("Mein Account bearbeiten": phone and address required).
 */
export type UserFormMode = "create" | "admin" | "self";

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

/** The checks per mode, with the shared rules and German messages ('@shared/validation'). */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): FieldErrors {
  return addLengthErrors(userFormRules(values, mode), values, TEXT_LIMITS.User);
}

function userFormRules(values: UserFormValues, mode: UserFormMode): FieldErrors {
  const base = { firstname: [required], lastname: [required], email: [required, email] };
  if (mode === "create") return validate(values, base);
  if (mode === "self") {
    return validate(values, {
      ...base,
      phone: [required, profilePhone],
      street: [required],
      postcode: [required, postcode],
      city: [required],
      country: [required],
    });
  }
  // admin mode: optional, but a filled phone or postcode must be valid
  return validate(values, { ...base, phone: [profilePhone], postcode: [postcode] });
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
