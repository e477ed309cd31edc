import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FieldGroup, FormSection } from "../../registration/formParts";
import styles from "../../registration/RegistrationForm.module.css";
import { songRowLabels } from "../dexamForm";
import type { SectionProps } from "./types";

/**
 * "Prüfungsstücke" (R-DF030..R-DF034), shown only with a practice exam: four rows of number and
 * title, named "1. Prüfungsstück" … or, for percussion, by its four disciplines. A title is required
 * only when a number is given; all may be left empty and entered later in the overview. In edit
 * mode the stored songs status (server field songsComplete, decision R-DF034) shows above the rows.
 */
export function SongsSection({ form, locked, songsComplete }: SectionProps & { songsComplete?: boolean }) {
  const { values, errors, change } = form;
  const labels = songRowLabels(values.instrument);
  return (
    <FormSection title={t("start.dialog.dexamSongs")} hint={t("dexamForm.songs.hint")}>
      {songsComplete !== undefined && <p className={styles.status}>{songsComplete ? t("dexamForm.songs.complete") : t("dexamForm.songs.incomplete")}</p>}
      {values.songs.map((song, i) => (
        <FieldGroup key={labels[i]} legend={labels[i]}>
          <TextField
            label={t("dexamForm.field.songNumber")}
            value={song.number}
            onChange={(v) => change(`songs.${i}.number`, v)}
            error={errors[`songs.${i}.number`]}
            disabled={locked}
            autoComplete="off"
          />
          <TextField
            label={t("dexamForm.field.songName")}
            value={song.name}
            onChange={(v) => change(`songs.${i}.name`, v)}
            error={errors[`songs.${i}.name`]}
            required={song.number.trim() !== ""}
            disabled={locked}
            autoComplete="off"
          />
        </FieldGroup>
      ))}
    </FormSection>
  );
}
