import { MEAL_REQUEST_LABELS, VACCINATION_LABELS } from "@shared/labels";
import { DateField } from "../../components/DateField";
import fieldStyles from "../../components/Field.module.css";
import { FileUploadField } from "../../components/FileUploadField";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { CheckField, FieldGroup, FormSection } from "../../registration/formParts";
import { fieldBinding } from "../../registration/formValues";
import styles from "../../registration/RegistrationForm.module.css";
import { EmergencyContacts } from "./EmergencyContacts";
import type { SectionProps } from "./types";

const MEAL_OPTIONS = Object.entries(MEAL_REQUEST_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The camp section (R-DF018..R-DF026), only for D-exam camp events: illnesses, intolerances and
 * allergies (own fields, decision R-DF022), meal request (required), FSME and tetanus with
 * "vorhanden" and a date (required when available, disabled otherwise), one or more emergency
 * contacts, and in create mode the parent-signed consent form (required, decision R-VA035).
 */
export function CampSection({ form, locked, withConsentForm }: SectionProps & { withConsentForm: boolean }) {
  const { values, errors, change } = form;
  const bind = fieldBinding(form, locked);
  const camp = values.camp;
  return (
    <FormSection title={t("dexamForm.section.camp")}>
      <TextField label={t("dexamForm.field.diseases")} {...bind("camp.diseases")} rows={2} />
      <TextField label={t("dexamForm.field.intolerances")} {...bind("camp.intolerances")} rows={2} />
      <TextField label={t("dexamForm.field.allergies")} {...bind("camp.allergies")} rows={2} />
      <SelectField
        label={t("dexamForm.field.mealRequest")}
        options={MEAL_OPTIONS}
        value={camp.mealRequest || null}
        onChange={(v) => change("camp.mealRequest", v ?? "")}
        error={errors["camp.mealRequest"]}
        required
        disabled={locked}
      />
      <h4 className={styles.subheading}>{t("dexamForm.camp.vaccinations")}</h4>
      {camp.vaccinations.map((v, i) => (
        <FieldGroup key={v.type} legend={VACCINATION_LABELS[v.type]}>
          <CheckField
            label={t("dexamForm.field.vaccinationAvailable")}
            checked={v.available}
            onChange={(checked) => change(`camp.vaccinations.${i}.available`, checked)}
            disabled={locked}
          />
          <DateField
            label={t("dexamForm.field.vaccinationDate")}
            value={v.date}
            onChange={(value) => change(`camp.vaccinations.${i}.date`, value)}
            error={errors[`camp.vaccinations.${i}.date`]}
            required={v.available}
            disabled={locked || !v.available}
          />
        </FieldGroup>
      ))}
      <EmergencyContacts form={form} locked={locked} />
      {errors["camp.emergencyContacts"] && <p className={fieldStyles.error}>{errors["camp.emergencyContacts"]}</p>}
      {withConsentForm && (
        <FileUploadField
          label={t("dexamForm.field.consentForm")}
          value={values.consentForm}
          onChange={(chosen) => change("consentForm", chosen)}
          error={errors.consentForm}
          hint={t("dexamForm.camp.consentHint")}
          required
          disabled={locked}
        />
      )}
    </FormSection>
  );
}
