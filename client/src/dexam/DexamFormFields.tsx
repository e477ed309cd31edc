import { SwitchField } from "../components/SwitchField";
import { t } from "../i18n/translate";
import { FormSection } from "../registration/formParts";
import styles from "../registration/RegistrationForm.module.css";
import { RegistrationClubField, type RegistrationFieldsProps, RegistrationFormFrame } from "../registration/RegistrationFormFrame";
import { type CampAccess, isCamp, showsSongs } from "./dexamForm";
import { CampSection } from "./sections/CampSection";
import { ExamSection } from "./sections/ExamSection";
import { PartialResultSection } from "./sections/PartialResultSection";
import { PersonSection } from "./sections/PersonSection";
import { SongsSection } from "./sections/SongsSection";
import type { DexamEvent } from "./useDexamEvent";
import type { DexamFormState } from "./useDexamForm";

/**
 * The sections of the D-exam form in the order of spec §2: personal data, club, exam (instrument,
 * course, locations), existing partial result, camp (camp events), remarks, consents (create) and
 * exam pieces (with a practice exam); in edit mode for registration_manage the managed fields.
 * Camps ask in create mode for the consent to the health data and show in edit mode whether it was given.
 * Edit scope SONGS locks everything but the pieces, NONE everything (R-DF035).
 */
export function DexamFormFields({
  healthConsentAccepted,
  campAccess = "read",
  ...props
}: RegistrationFieldsProps<DexamFormState, DexamEvent> & {
  /** edit: the stored consent to the health data (camps), shown in the camp section */
  healthConsentAccepted?: boolean;
  /** edit: whether the viewer reads the camp data (campAccessOf) */
  campAccess?: CampAccess;
}) {
  const { mode, event, form, scope = "ALL", songsComplete } = props;
  const { values, change } = form;
  const locked = scope !== "ALL";
  return (
    <RegistrationFormFrame
      {...props}
      songsNotice="dexamForm.scope.songs"
      staffConfirms="guardians"
      health={isCamp(event)}
      songs={showsSongs(values) && <SongsSection form={form} locked={scope === "NONE"} songsComplete={songsComplete} />}
      managed={
        <SwitchField
          label={t("dexamForm.field.verified")}
          checked={values.existingPartialResultVerified}
          onChange={(checked) => change("existingPartialResultVerified", checked)}
        />
      }
    >
      <PersonSection form={form} locked={locked} />
      <FormSection title={t("dexamForm.section.club")}>
        <RegistrationClubField {...props} locked={locked} />
      </FormSection>
      <ExamSection form={form} locked={locked} event={event} />
      <PartialResultSection form={form} locked={locked} />
      {isCamp(event) && campAccess === "read" && <CampSection form={form} locked={locked} withConsentForm={mode === "create"} />}
      {isCamp(event) && campAccess === "withheld" && (
        <FormSection title={t("dexamForm.section.camp")}>
          <p className={styles.notice} data-testid="camp-data-withheld">
            {t("dexamForm.campWithheld")}
          </p>
        </FormSection>
      )}
      {isCamp(event) && mode === "edit" && (
        <p className={styles.notice}>{t(healthConsentAccepted ? "dexamForm.healthConsent.given" : "dexamForm.healthConsent.missing")}</p>
      )}
    </RegistrationFormFrame>
  );
}
