import { GENDER_LABELS } from "@shared/labels";
import { DateField } from "../../components/DateField";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FormSection } from "../../registration/formParts";
import { fieldBinding } from "../../registration/formValues";
import styles from "../../registration/RegistrationForm.module.css";
import type { SectionProps } from "./types";

const GENDER_OPTIONS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

/** Personal data (R-DF001): first name, last name, birth date and gender, all required (decision R-DF002). */
export function PersonSection({ form, locked }: SectionProps) {
  const { values, errors, change } = form;
  const bind = fieldBinding(form, locked);
  return (
    <FormSection title={t("dexamForm.section.person")}>
      <div className={styles.columns}>
        <TextField label={t("dexamForm.field.firstname")} {...bind("firstname")} required autoComplete="off" />
        <TextField label={t("dexamForm.field.lastname")} {...bind("lastname")} required autoComplete="off" />
        <DateField label={t("dexamForm.field.birthdate")} {...bind("birthdate")} required />
        <SelectField
          label={t("dexamForm.field.gender")}
          options={GENDER_OPTIONS}
          value={values.gender || null}
          onChange={(v) => change("gender", v ?? "")}
          error={errors.gender}
          required
          disabled={locked}
        />
      </div>
    </FormSection>
  );
}
