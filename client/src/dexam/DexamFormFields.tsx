import type { SelectOption } from "../components/SelectField";
import { SwitchField } from "../components/SwitchField";
import { TextField } from "../components/TextField";
import { t } from "../i18n/translate";
import { ClubField } from "../registration/ClubField";
import { ConsentSection } from "../registration/ConsentSection";
import { FormSection } from "../registration/formParts";
import { ManageSection } from "../registration/ManageSection";
import styles from "../registration/RegistrationForm.module.css";
import { type CampAccess, type DexamMode, type EditScope, isCamp, showsSongs } from "./dexamForm";
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
  mode,
  event,
  form,
  scope = "ALL",
  manage = false,
  ownClubs,
  districtClubsOf,
  songsComplete,
  healthConsentAccepted,
  campAccess = "read",
}: {
  mode: DexamMode;
  event: DexamEvent;
  form: DexamFormState;
  scope?: EditScope;
  manage?: boolean;
  ownClubs: readonly SelectOption[];
  districtClubsOf: number | null;
  songsComplete?: boolean;
  /** edit: the stored consent to the health data (camps), shown in the camp section */
  healthConsentAccepted?: boolean;
  /** edit: whether the viewer reads the camp data (campAccessOf) */
  campAccess?: CampAccess;
}) {
  const { values, errors, change } = form;
  const locked = scope !== "ALL";
  return (
    <div ref={form.containerRef} className={styles.form}>
      {scope !== "ALL" && <p className={styles.notice}>{t(scope === "SONGS" ? "dexamForm.scope.songs" : "dexamForm.scope.none")}</p>}
      <PersonSection form={form} locked={locked} />
      <FormSection title={t("dexamForm.section.club")}>
        <ClubField
          districtClubsOf={locked ? null : districtClubsOf}
          ownClubs={ownClubs}
          value={values.associationId}
          onChange={(v) => change("associationId", v)}
          error={errors.associationId}
          disabled={locked}
        />
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
      <div className={styles.section}>
        <TextField
          label={t("dexamForm.field.remarks")}
          value={values.remarks}
          onChange={(v) => change("remarks", v)}
          error={errors.remarks}
          disabled={locked}
          rows={3}
        />
      </div>
      {mode === "create" && (
        <ConsentSection
          values={values}
          errors={errors}
          onChange={change}
          privacyPolicy={event.privacyPolicy}
          cancellationConditions={event.cancellationConditions ?? null}
          confirmedBy={districtClubsOf !== null ? "guardians" : null}
          health={isCamp(event)}
          expiration={event.expiration}
        />
      )}
      {showsSongs(values) && <SongsSection form={form} locked={scope === "NONE"} songsComplete={songsComplete} />}
      {mode === "edit" && manage && (
        <ManageSection cancelledAt={values.cancelledAt} error={errors.cancelledAt} onCancelledAtChange={(v) => change("cancelledAt", v)}>
          <SwitchField
            label={t("dexamForm.field.verified")}
            checked={values.existingPartialResultVerified}
            onChange={(checked) => change("existingPartialResultVerified", checked)}
          />
        </ManageSection>
      )}
    </div>
  );
}
