import { PERCUSSION_SONG_LABELS } from "@shared/labels";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import { FieldGroup, FormSection } from "../../registration/formParts";
import styles from "../../registration/RegistrationForm.module.css";
import type { SectionProps } from "./types";

/** The row names: percussion's four disciplines, otherwise numbered pieces (R-DF032). */
const rowName = (instrument: string, i: number) => (instrument === "PERCUSSION" ? PERCUSSION_SONG_LABELS[i] : t("dexamForm.songs.row", { n: i + 1 }));

/**
 * "Prüfungsstücke" (R-DF030..R-DF034), shown only with a practice exam: four rows of number and
 * title, named "1. Prüfungsstück" … or, for percussion, by its four disciplines. A title is required
 * only when a number is given; all may be left empty and entered later in the overview. In edit
 * mode the stored songs status (server field songsComplete, decision R-DF034) shows above the rows.
 */
export function SongsSection({ form, locked, songsComplete }: SectionProps & { songsComplete?: boolean }) {
  const { values, errors, change } = form;
  return (
    <FormSection title={t("start.dialog.dexamSongs")} hint={t("dexamForm.songs.hint")}>
      {songsComplete !== undefined && <p className={styles.status}>{songsComplete ? t("dexamForm.songs.complete") : t("dexamForm.songs.incomplete")}</p>}
      {values.songs.map((song, i) => (
        <FieldGroup key={rowName(values.instrument, i)} legend={rowName(values.instrument, i)}>
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
