import { SwitchField } from "../../components/SwitchField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FormSection } from "../formParts";
import type { SectionProps } from "./types";

/**
 * registration_manage only (spec §4, R-RO034): "Teilprüfung geprüft" (existingPartialResultVerified)
 * and "Storniert am" (cancelledAt; may be cleared to undo a cancellation).
 */
export function ManageSection({ form }: Omit<SectionProps, "locked">) {
  const { values, errors, change } = form;
  return (
    <FormSection title={t("dexamForm.section.manage")}>
      <SwitchField
        label={t("dexamForm.field.verified")}
        checked={values.existingPartialResultVerified}
        onChange={(checked) => change("existingPartialResultVerified", checked)}
      />
      <TextField
        label={t("dexamForm.field.cancelledAt")}
        type="datetime-local"
        value={values.cancelledAt}
        onChange={(v) => change("cancelledAt", v)}
        error={errors.cancelledAt}
        hint={t("dexamForm.cancelledAtHint")}
      />
    </FormSection>
  );
}
