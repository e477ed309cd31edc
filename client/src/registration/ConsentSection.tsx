import { useId } from "react";
import { formatDay } from "../events/eventDates";
import type { FieldErrors } from "../forms/fieldErrors";
import { t } from "../i18n/translate";
import { CheckField, FormSection } from "./formParts";
import styles from "./RegistrationForm.module.css";

/** The consent values every registration form has (D-exams R-DF028/R-DF029, competitions R-CF012); camps also the health-data consent. */
export interface ConsentValues {
  gdprAccepted: boolean;
  cancellationAccepted: boolean;
  /** camps: the explicit consent to the processing of health data (Art. 9(2)(a) GDPR) */
  healthConsentAccepted?: boolean;
}

/** Who confirms the consents: null the registering user ("Ich ..."); staff entering a registration for the legal guardians or the club. */
export type ConfirmedBy = "guardians" | "club" | null;

/**
 * Consents of a new registration (R-DF028, R-DF029, R-VA024, R-VA025, R-CF012, decision R-CF013):
 * the event's privacy terms, and its cancellation conditions when it has any; each text is shown
 * above its checkbox. Camps (`health`) ask apart from the privacy terms for the explicit consent to
 * the processing of the child's health data (Art. 9(2)(a) GDPR), given by a person with parental
 * authority or with the parents' consent. `expiration`: the event's automatic deletion date, named
 * under the privacy terms (nothing without one). `confirmedBy`: staff registering for a club (the
 * club field offers the district's clubs) confirm what others consented to, so the texts read in
 * the third person: the legal guardians (D-exams) or the club (competitions); null: the
 * registering user ("Ich habe ...").
 */
export function ConsentSection({
  values,
  errors,
  onChange,
  privacyPolicy,
  cancellationConditions,
  confirmedBy = null,
  health = false,
  expiration = null,
}: {
  values: ConsentValues;
  errors: FieldErrors;
  onChange: (field: keyof ConsentValues, checked: boolean) => void;
  privacyPolicy: string;
  cancellationConditions: string | null;
  confirmedBy?: ConfirmedBy;
  health?: boolean;
  expiration?: string | null;
}) {
  const privacyId = useId();
  const cancellationId = useId();
  const healthId = useId();
  const deletionDay = formatDay(expiration);
  return (
    <FormSection title={t("dexamForm.section.consents")}>
      <h4 className={styles.subheading}>{t("dexamForm.consents.privacy")}</h4>
      <p id={privacyId} className={styles.conditions}>
        {privacyPolicy}
      </p>
      {deletionDay && <p className={styles.conditions}>{t("dexamForm.consents.deletion", { day: deletionDay })}</p>}
      <CheckField
        label={t(confirmedBy ? `dexamForm.field.gdprAccepted.${confirmedBy}` : "dexamForm.field.gdprAccepted")}
        checked={values.gdprAccepted}
        onChange={(checked) => onChange("gdprAccepted", checked)}
        error={errors.gdprAccepted}
        describedBy={privacyId}
        required
      />
      {health && (
        <>
          <h4 className={styles.subheading}>{t("dexamForm.consents.health")}</h4>
          <p id={healthId} className={styles.conditions}>
            {t("dexamForm.consents.healthText")}
          </p>
          <CheckField
            label={t(confirmedBy ? `dexamForm.field.healthConsentAccepted.${confirmedBy}` : "dexamForm.field.healthConsentAccepted")}
            checked={!!values.healthConsentAccepted}
            onChange={(checked) => onChange("healthConsentAccepted", checked)}
            error={errors.healthConsentAccepted}
            describedBy={healthId}
            required
          />
        </>
      )}
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
