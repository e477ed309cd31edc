import type { ReactNode } from "react";
import type { SelectOption } from "../components/SelectField";
import { TextField } from "../components/TextField";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";
import { ClubField } from "./ClubField";
import { type ConfirmedBy, ConsentSection, type ConsentValues } from "./ConsentSection";
import type { EditScope, RegistrationMode } from "./formValues";
import { ManageSection } from "./ManageSection";
import styles from "./RegistrationForm.module.css";
import type { RegistrationFormState } from "./useRegistrationForm";

/** The values every registration form has: the club, remarks, consents and (registration_manage) "Storniert am". */
export interface SharedRegistrationValues extends ConsentValues {
  associationId: string;
  remarks: string;
  cancelledAt: string;
}

/** A registration form's state as the shared parts use it (every form's changes take text, a switch or nothing). */
type SharedForm<V extends SharedRegistrationValues> = RegistrationFormState<V, string | boolean | null>;

type ConsentEvent = { readonly privacyPolicy: string; readonly cancellationConditions?: string | null; readonly expiration?: string | null };

/**
 * What a kind's form fields are given (create and edit dialog alike): `scope` what may change (edit;
 * SONGS locks everything but the pieces, NONE everything), `manage` registration_manage (edit), the
 * club options, the district whose clubs a manager chooses among, and whether the pieces are complete.
 */
export interface RegistrationFieldsProps<F, E extends ConsentEvent> {
  mode: RegistrationMode;
  event: E;
  form: F;
  scope?: EditScope;
  manage?: boolean;
  ownClubs: readonly SelectOption[];
  districtClubsOf: number | null;
  songsComplete?: boolean;
}

/**
 * What both registration forms (D-exam, competition) share around the kind's own sections
 * (`children`): the notice of a locked edit scope (SONGS: `songsNotice`, NONE: nothing can change),
 * remarks, the consents of a new registration (the event's privacy terms and cancellation
 * conditions), the kind's pieces (`songs`) and, in edit mode for registration_manage, the managed
 * fields: the kind's switch (`managed`) and "Storniert am".
 */
export function RegistrationFormFrame<V extends SharedRegistrationValues>({
  mode,
  form,
  scope = "ALL",
  manage = false,
  event,
  districtClubsOf,
  songsNotice,
  staffConfirms,
  health,
  songs,
  managed,
  children,
}: RegistrationFieldsProps<SharedForm<V>, ConsentEvent> & {
  songsNotice: MessageKey;
  /** who confirms the consents when staff register for a club (`districtClubsOf`; ConsentSection) */
  staffConfirms: NonNullable<ConfirmedBy>;
  /** camps: the consent to the health data */
  health?: boolean;
  songs: ReactNode;
  managed: ReactNode;
  children: ReactNode;
}) {
  const { values, errors, change } = form;
  return (
    <div ref={form.containerRef} className={styles.form}>
      {scope !== "ALL" && <p className={styles.notice}>{t(scope === "SONGS" ? songsNotice : "dexamForm.scope.none")}</p>}
      {children}
      <div className={styles.section}>
        <TextField
          label={t("dexamForm.field.remarks")}
          value={values.remarks}
          onChange={(v) => change("remarks", v)}
          error={errors.remarks}
          disabled={scope !== "ALL"}
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
          confirmedBy={districtClubsOf !== null ? staffConfirms : null}
          health={health}
          expiration={event.expiration}
        />
      )}
      {songs}
      {mode === "edit" && manage && (
        <ManageSection cancelledAt={values.cancelledAt} error={errors.cancelledAt} onCancelledAtChange={(v) => change("cancelledAt", v)}>
          {managed}
        </ManageSection>
      )}
    </div>
  );
}

/**
 * The registration's club (ClubField): a locked form shows the stored club among the own ones
 * (no district list to load).
 */
export function RegistrationClubField<V extends SharedRegistrationValues>({
  form,
  locked,
  districtClubsOf,
  ownClubs,
}: {
  form: SharedForm<V>;
  locked: boolean;
  districtClubsOf: number | null;
  ownClubs: readonly SelectOption[];
}) {
  return (
    <ClubField
      districtClubsOf={locked ? null : districtClubsOf}
      ownClubs={ownClubs}
      value={form.values.associationId}
      onChange={(v) => form.change("associationId", v)}
      error={form.errors.associationId}
      disabled={locked}
    />
  );
}
