import { DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import { useMemo } from "react";
import { SelectField } from "../../components/SelectField";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { FormSection } from "../../registration/formParts";
import styles from "../../registration/RegistrationForm.module.css";
import { type EventFacts, LOCATION_FIELDS, type LocationField, locationBlocked, offeredLocations } from "../dexamForm";
import type { SectionProps } from "./types";

const INSTRUMENT_OPTIONS = Object.entries(INSTRUMENT_LABELS).map(([value, label]) => ({ value, label }));
const COURSE_OPTIONS = Object.entries(DEXAM_TYPE_LABELS).map(([value, label]) => ({ value, label }));
/** the entry that empties a location choice */
const NONE = "none";

/**
 * Instrument (R-DF004), course (R-DF005) and the location of each part (R-DF006..R-DF010): theory,
 * practice and preparation course, each among the event's locations of that type that offer the
 * course (practice: and the instrument). At least theory or practice (decision R-DF013).
 */
export function ExamSection({ form, locked, event }: SectionProps & { event: EventFacts }) {
  const { values, errors, change } = form;
  return (
    <FormSection title={t("dexamForm.section.exam")} hint={t("dexamForm.location.hint")}>
      <div className={styles.columns}>
        <SelectField
          label={t("dexamForm.field.instrument")}
          options={INSTRUMENT_OPTIONS}
          value={values.instrument || null}
          onChange={(v) => change("instrument", v ?? "")}
          error={errors.instrument}
          required
          disabled={locked}
        />
        <SelectField
          label={t("dexamForm.field.type")}
          options={COURSE_OPTIONS}
          value={values.type || null}
          onChange={(v) => change("type", v ?? "")}
          error={errors.type}
          required
          disabled={locked}
        />
      </div>
      {(Object.keys(LOCATION_FIELDS) as LocationField[]).map((field) => (
        <LocationSelect key={field} field={field} form={form} locked={locked} event={event} />
      ))}
    </FormSection>
  );
}

function LocationSelect({ field, form, locked, event }: SectionProps & { field: LocationField; event: EventFacts }) {
  const { values, errors, change } = form;
  const { type, instrument } = values;
  const partialType = values.partialResult.type;
  const current = values[field];
  const blocked = locationBlocked(field, { type, instrument, partialType, current });
  const offered = useMemo(
    () => offeredLocations(field, { type, instrument, partialType, current }, event),
    [field, type, instrument, partialType, current, event],
  );
  const options = useMemo(() => [{ value: NONE, label: t("dexamForm.location.none") }, ...offered.map((l) => ({ value: l.id, label: l.name }))], [offered]);
  return (
    <div className={styles.stack}>
      <SelectField
        label={t(`dexamForm.field.${field}` as MessageKey)}
        options={options}
        value={current || (blocked ? null : NONE)}
        onChange={(v) => change(field, v === NONE || v === null ? "" : v)}
        error={errors[field]}
        disabled={locked || (blocked !== null && !current)}
        placeholder={blocked ? t(`dexamForm.location.blocked.${blocked}` as MessageKey) : undefined}
      />
      {!blocked && offered.length === 0 && <p className={styles.hint}>{t("dexamForm.location.noneOffered")}</p>}
    </div>
  );
}
