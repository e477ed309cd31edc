import { graphql } from "react-relay";
import { TextField } from "../components/TextField";
import type { FieldErrors } from "../forms/fieldErrors";
import { t } from "../i18n/translate";
import styles from "./UserFormFields.module.css";
import { requiredUserFields, type UserField, type UserFormMode, type UserFormValues, visibleUserFields } from "./userForm";

const INPUT: Record<UserField, { type: string; autoComplete: string; inputMode?: "email" | "tel" | "text" }> = {
  firstname: { type: "text", autoComplete: "given-name" },
  lastname: { type: "text", autoComplete: "family-name" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  street: { type: "text", autoComplete: "street-address" },
  postcode: { type: "text", autoComplete: "postal-code" },
  city: { type: "text", autoComplete: "address-level2" },
  country: { type: "text", autoComplete: "country-name" },
};

/** What the form is filled from (userFormValues): the own profile and the staff's user dialog spread it unmasked. */
graphql`
  fragment UserFormFields_values on User {
    version
    firstname
    lastname
    email
    phone
    street
    postcode
    city
    country
  }
`;

/**
 * The fields of the user form in one of its modes (spec §5 "User form"): create mode shows only
 * first name, last name and e-mail; the own profile marks phone and address as required.
 */
export function UserFormFields({
  mode,
  values,
  errors,
  onChange,
  disabled,
  locked,
}: {
  mode: UserFormMode;
  values: UserFormValues;
  errors: FieldErrors;
  onChange: (field: UserField, value: string) => void;
  disabled?: boolean;
  /** fields the viewer may not change, with the server's reason shown as their hint */
  locked?: Partial<Record<UserField, string>>;
}) {
  const required = new Set(requiredUserFields(mode));
  // in a dialog the browser should not offer the manager's own address for another user
  const own = mode === "self";
  return (
    <div className={styles.grid}>
      {visibleUserFields(mode).map((field) => (
        <TextField
          key={field}
          className={field === "email" || field === "street" ? styles.wide : undefined}
          label={t(`user.field.${field}`)}
          value={values[field]}
          onChange={(value) => onChange(field, value)}
          error={errors[field]}
          hint={locked?.[field] ?? (field === "phone" ? t("user.phoneHint") : undefined)}
          required={required.has(field)}
          disabled={disabled || !!locked?.[field]}
          type={INPUT[field].type}
          inputMode={INPUT[field].inputMode}
          autoComplete={own ? INPUT[field].autoComplete : "off"}
          name={field}
        />
      ))}
    </div>
  );
}
