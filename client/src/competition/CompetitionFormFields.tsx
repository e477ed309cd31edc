import { castsFor } from "@shared/competition";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DIFFICULTY_LEVEL_LABELS } from "@shared/labels";
import { useMemo } from "react";
import { SelectField } from "../components/SelectField";
import { SwitchField } from "../components/SwitchField";
import { TextField } from "../components/TextField";
import { t } from "../i18n/translate";
import { FormSection } from "../registration/formParts";
import { fieldBinding } from "../registration/formValues";
import styles from "../registration/RegistrationForm.module.css";
import { RegistrationClubField, type RegistrationFieldsProps, RegistrationFormFrame } from "../registration/RegistrationFormFrame";
import { CompetitionSongsSection } from "./CompetitionSongsSection";
import { levelField, offeredLevels, offeredTypes, showsMembers } from "./competitionForm";
import type { CompetitionEvent } from "./useCompetitionEvent";
import type { CompetitionFormState } from "./useCompetitionForm";

const label = (labels: Record<string, string>) => (value: string) => ({ value, label: labels[value] ?? value });

/**
 * The sections of the competition form (spec §2 "Competition registration form"): the group (name,
 * club, conductor, number of musicians), the performance (type, cast, category or age group, for
 * type G the member list), remarks, consents (create) and "Vortragsstücke"; in edit mode for
 * registration_manage the managed fields. Edit scope SONGS locks everything but the pieces, NONE
 * everything (R-CF019).
 */
export function CompetitionFormFields(props: RegistrationFieldsProps<CompetitionFormState, CompetitionEvent>) {
  const { event, form, scope = "ALL", songsComplete } = props;
  const { values, errors, change } = form;
  const locked = scope !== "ALL";
  const bind = fieldBinding(form, locked);
  const level = levelField(values.type);
  const typeOptions = useMemo(() => offeredTypes(event, values.type).map(label(COMPETITION_TYPE_LABELS)), [event, values.type]);
  // the casts of the type (R-CF004); none before a type is chosen
  const castOptions = useMemo(() => castsFor(values.type).map(label(CAST_LABELS)), [values.type]);
  const levelOptions = useMemo(
    () => offeredLevels(values.type).map(label(level === "category" ? CATEGORY_LABELS : DIFFICULTY_LEVEL_LABELS)),
    [values.type, level],
  );
  return (
    <RegistrationFormFrame
      {...props}
      songsNotice="competitionForm.scope.songs"
      staffConfirms="club"
      songs={<CompetitionSongsSection form={form} locked={scope === "NONE"} songsComplete={songsComplete} />}
      managed={
        <SwitchField
          label={t("competitionForm.field.documentsComplete")}
          checked={values.documentsComplete}
          onChange={(checked) => change("documentsComplete", checked)}
        />
      }
    >
      <FormSection title={t("competitionForm.section.group")}>
        <div className={styles.columns}>
          <TextField label={t("competitionForm.field.name")} {...bind("name")} required autoComplete="off" />
          <RegistrationClubField {...props} locked={locked} />
          <TextField label={t("competitionForm.field.conductorName")} {...bind("conductorName")} required autoComplete="off" />
          <TextField label={t("competitionForm.field.numberOfMusicians")} {...bind("numberOfMusicians")} required inputMode="numeric" autoComplete="off" />
        </div>
      </FormSection>
      <FormSection title={t("competitionForm.section.performance")} hint={locked ? undefined : t("competitionForm.type.hint")}>
        <div className={styles.columns}>
          <SelectField
            label={t("competitionForm.field.type")}
            options={typeOptions}
            value={values.type}
            onChange={(v) => change("type", v)}
            error={errors.type}
            required
            disabled={locked}
          />
          <SelectField
            label={t("competitionForm.field.cast")}
            options={castOptions}
            value={values.cast}
            onChange={(v) => change("cast", v)}
            error={errors.cast}
            required
            disabled={locked || !values.type}
            placeholder={values.type ? undefined : t("competitionForm.type.first")}
          />
          {level && (
            <SelectField
              label={t(level === "category" ? "competitionForm.field.category" : "competitionForm.field.ageGroup")}
              options={levelOptions}
              value={values[level]}
              onChange={(v) => change(level, v)}
              error={errors[level]}
              required
              disabled={locked}
            />
          )}
        </div>
        {showsMembers(values.type) && (
          <TextField
            label={t("competitionForm.field.members")}
            value={values.members}
            onChange={(v) => change("members", v)}
            error={errors.members}
            hint={t("competitionForm.members.hint")}
            required
            disabled={locked}
            rows={6}
          />
        )}
      </FormSection>
    </RegistrationFormFrame>
  );
}
