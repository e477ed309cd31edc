import { TextField } from "../components/TextField";
import { t } from "../i18n/translate";
import { FieldGroup, FormSection } from "../registration/formParts";
import styles from "../registration/RegistrationForm.module.css";
import { type CompetitionType, shownSongRows } from "./competitionForm";
import type { CompetitionFormState } from "./useCompetitionForm";

/** The row names: "Pflichtstück", "Selbstwahlstück", then "3. Vortragsstück", "4. Vortragsstück" (B and G; R-CF015, R-CF016). */
function rowNames(type: CompetitionType | null): string[] {
  return Array.from({ length: shownSongRows(type) }, (_, i) =>
    i === 0 ? t("competitionForm.songs.mandatory") : i === 1 ? t("competitionForm.songs.selfChosen") : t("competitionForm.songs.row", { n: i + 1 }),
  );
}

/**
 * "Vortragsstücke" (R-CF014..R-CF018): the mandatory and the self-chosen piece, for types B and G
 * four rows; each with title, composer, publisher, arranger and duration (mm:ss). Composer,
 * publisher and duration are required once a title is given (R-VA040); all may be left empty and
 * entered later in the overview (R-CF017). In edit mode the stored songs status shows above the rows.
 */
export function CompetitionSongsSection({ form, locked, songsComplete }: { form: CompetitionFormState; locked: boolean; songsComplete?: boolean }) {
  const { values, errors, change } = form;
  const labels = rowNames(values.type);
  return (
    <FormSection title={t("start.dialog.competitionSongs")} hint={t("competitionForm.songs.hint")}>
      {songsComplete !== undefined && (
        <p className={styles.status}>{songsComplete ? t("competitionForm.songs.complete") : t("competitionForm.songs.incomplete")}</p>
      )}
      {labels.map((legend, i) => {
        const song = values.songs[i];
        const named = song.name.trim() !== "";
        const field = (key: keyof typeof song) => ({
          value: song[key],
          onChange: (v: string) => change(`songs.${i}.${key}`, v),
          error: errors[`songs.${i}.${key}`],
          disabled: locked,
          autoComplete: "off",
        });
        return (
          <FieldGroup key={legend} legend={legend}>
            <TextField label={t("competitionForm.field.songName")} {...field("name")} />
            <TextField label={t("competitionForm.field.composer")} {...field("composer")} required={named} />
            <TextField label={t("competitionForm.field.publisher")} {...field("publisher")} required={named} />
            <TextField label={t("competitionForm.field.arranger")} {...field("arranger")} />
            <TextField label={t("competitionForm.field.duration")} {...field("duration")} required={named} hint={t("competitionForm.songs.durationHint")} />
          </FieldGroup>
        );
      })}
    </FormSection>
  );
}
