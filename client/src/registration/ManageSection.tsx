import type { ReactNode } from "react";
import { DateTimeField } from "../components/DateField";
import { t } from "../i18n/translate";
import { FormSection } from "./formParts";

/**
 * registration_manage only (spec §4, R-RO034): the form's own managed switches (D-exams
 * "Teilprüfung geprüft", competitions "Unterlagen vollständig") and "Storniert am" (cancelledAt,
 * datetime-local in Berlin; may be cleared to undo a cancellation).
 */
export function ManageSection({
  cancelledAt,
  error,
  onCancelledAtChange,
  children,
}: {
  cancelledAt: string;
  error?: string;
  onCancelledAtChange: (value: string) => void;
  /** the switches of the form */
  children?: ReactNode;
}) {
  return (
    <FormSection title={t("dexamForm.section.manage")}>
      {children}
      <DateTimeField
        label={t("dexamForm.field.cancelledAt")}
        value={cancelledAt}
        onChange={onCancelledAtChange}
        error={error}
        hint={t("dexamForm.cancelledAtHint")}
      />
    </FormSection>
  );
}
