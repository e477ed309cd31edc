import { useId } from "react";
import type { FieldErrors } from "../forms/fieldErrors";
import { t } from "../i18n/translate";
import { CheckField, FormSection } from "./formParts";
import styles from "./RegistrationForm.module.css";

/** The consent values every registration form has (D-exams R-DF028/R-DF029, competitions R-CF012). */
export interface ConsentValues {
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
}

/**
 * Consents of a new registration (R-DF028, R-DF029, R-VA024, R-VA025, R-CF012, decision R-CF013):
 * the event's privacy terms, and its cancellation conditions when it has any; each text is shown
 * above its checkbox. `confirmedBy`: staff registering for a club (the club field offers the
 * district's clubs) confirm what others consented to, so the texts read in the third person: the
 * legal guardians (D-exams) or the club (competitions); null: the registering user ("Ich habe ...").
 */
export function ConsentSection({
  values,
  errors,
  onChange,
  privacyPolicy,
  cancellationConditions,
  confirmedBy = null,
}: {
  values: ConsentValues;
  errors: FieldErrors;
  onChange: (field: keyof ConsentValues, checked: boolean) => void;
  privacyPolicy: string;
  cancellationConditions: string | null;
  confirmedBy?: "guardians" | "club" | null;
}) {
  const privacyId = useId();
  const cancellationId = useId();
  return (
    <FormSection title={t("dexamForm.section.consents")}>
      <h4 className={styles.subheading}>{t("dexamForm.consents.privacy")}</h4>
      <p id={privacyId} className={styles.conditions}>
        {privacyPolicy}
      </p>
      <CheckField
        label={t(confirmedBy ? `dexamForm.field.gdprAccepted.${confirmedBy}` : "dexamForm.field.gdprAccepted")}
        checked={values.gdprAccepted}
        onChange={(checked) => onChange("gdprAccepted", checked)}
        error={errors.gdprAccepted}
        describedBy={privacyId}
        required
      />
      {cancellationConditions && (
        <>
          <h4 className={styles.subheading}>{t("dexamForm.consents.cancellation")}</h4>
          <p id={cancellationId} className={styles.conditions}>
            {cancellationConditions}
          </p>
          <CheckField
            label={t(confirmedBy ? `dexamForm.field.cancellationAccepted.${confirmedBy}` : "dexamForm.field.cancellationAccepted")}
            checked={values.cancellationAccepted}
            onChange={(checked) => onChange("cancellationAccepted", checked)}
            error={errors.cancellationAccepted}
            describedBy={cancellationId}
            required
          />
        </>
      )}
    </FormSection>
  );
}
