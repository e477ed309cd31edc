import { EXAM_PART_LABELS } from "@shared/labels";
import { SelectField } from "../../components/SelectField";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FormSection } from "../../registration/formParts";
import { fieldBinding } from "../../registration/formValues";
import styles from "../../registration/RegistrationForm.module.css";
import type { SectionProps } from "./types";

const NONE = "none";
const PART_OPTIONS = [{ value: NONE, label: t("dexamForm.partial.none") }, ...Object.entries(EXAM_PART_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * "Vorhandene Teilprüfung" (R-DF014..R-DF017): the part already passed (Theorie or Praxis), then
 * district association, year, location and points, all required once a part is chosen (R-VA027..R-VA029).
 * Clearing the part clears these fields and the location choice of that part.
 */
export function PartialResultSection({ form, locked }: SectionProps) {
  const { values, errors, change } = form;
  const bind = fieldBinding(form, locked);
  const pr = values.partialResult;
  return (
    <FormSection title={t("dexamForm.section.partialResult")} hint={t("dexamForm.partial.hint")}>
      <SelectField
        label={t("dexamForm.field.partialType")}
        options={PART_OPTIONS}
        value={pr.type || NONE}
        onChange={(v) => change("partialResult.type", v === NONE || v === null ? "" : v)}
        error={errors["partialResult.type"]}
        disabled={locked}
      />
      {pr.type && (
        <div className={styles.columns}>
          <TextField label={t("dexamForm.field.partialDistrict")} {...bind("partialResult.districtAssociation")} required autoComplete="off" />
          <TextField label={t("dexamForm.field.partialYear")} {...bind("partialResult.year")} required inputMode="numeric" autoComplete="off" />
          <TextField label={t("dexamForm.field.partialLocation")} {...bind("partialResult.location")} required autoComplete="off" />
          <TextField label={t("dexamForm.field.partialPoints")} decimal {...bind("partialResult.points")} required />
        </div>
      )}
    </FormSection>
  );
}
