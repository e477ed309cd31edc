import { useId } from "react";
import { t } from "../../i18n/translate";
import styles from "../DexamForm.module.css";
import { CheckField, FormSection } from "../formParts";
import type { SectionProps } from "./types";

/**
 * Consents of a new registration (R-DF028, R-DF029, R-VA024, R-VA025): the event's privacy terms,
 * and its cancellation conditions when it has any; each text is shown above its checkbox.
 */
export function ConsentSection({
  form,
  privacyPolicy,
  cancellationConditions,
}: Omit<SectionProps, "locked"> & { privacyPolicy: string; cancellationConditions: string | null }) {
  const { values, errors, change } = form;
  const privacyId = useId();
  const cancellationId = useId();
  return (
    <FormSection title={t("dexamForm.section.consents")}>
      <h4 className={styles.subheading}>{t("dexamForm.consents.privacy")}</h4>
      <p id={privacyId} className={styles.conditions}>
        {privacyPolicy}
      </p>
      <CheckField
        label={t("dexamForm.field.gdprAccepted")}
        checked={values.gdprAccepted}
        onChange={(checked) => change("gdprAccepted", checked)}
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
            label={t("dexamForm.field.cancellationAccepted")}
            checked={values.cancellationAccepted}
            onChange={(checked) => change("cancellationAccepted", checked)}
            error={errors.cancellationAccepted}
            describedBy={cancellationId}
            required
          />
        </>
      )}
    </FormSection>
  );
}
