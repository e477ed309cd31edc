import { useId, useState } from "react";
import fieldStyles from "../../components/Field.module.css";
import { FormDialog } from "../../components/FormDialog";
import { t } from "../../i18n/translate";
import type { DexamResultRowData } from "./DexamResultRow";
import { parsePoints, pointsInputValue } from "./points";
import styles from "./ResultManage.module.css";
import { useSetTheoryResult } from "./useSetTheoryResult";

/**
 * "Theorieergebnis bearbeiten" (R-RE007, R-RE008, R-VA036): the theory points of one registration
 * at the chosen theory location, typed in by hand: a required number 0..100 with step 0.01. The
 * client checks first; the server's field message shows under the field too.
 */
export function TheoryResultDialog({
  row,
  location,
  onClose,
  onSaved,
}: {
  row: DexamResultRowData;
  location: { id: string; name: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(pointsInputValue(row.theoryPoints));
  const [badInput, setBadInput] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [save, saving] = useSetTheoryResult();

  const submit = async () => {
    const parsed = parsePoints(text, badInput);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    const result = await save(
      { registrationId: row.registrationId, location: location.id, theoryPoints: parsed.value },
      { required: ["registrationId", "location", "theoryPoints"] },
    );
    if (result.ok) onSaved();
    else setError(result.fieldErrors.theoryPoints ?? result.fieldErrors.location);
  };

  return (
    <FormDialog title={t("results.theory.title")} onCancel={onClose} onSubmit={() => void submit()} submitting={saving}>
      <p className={styles.dialogText}>
        {t("results.theory.candidate", { name: `${row.firstname} ${row.lastname}`, id: row.databaseId, location: location.name })}
      </p>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={id}>
          {t("results.theory.points")}
          <span className={fieldStyles.requiredMark} title={t("common.required")} aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={id}
          className={fieldStyles.input}
          type="number"
          step="0.01"
          min="0"
          max="100"
          inputMode="decimal"
          required
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            setText(event.target.value);
            setBadInput(event.target.validity.badInput);
            if (error) setError(undefined);
          }}
        />
        <p id={hintId} className={fieldStyles.hint}>
          {t("results.theory.hint")}
        </p>
        {error && (
          <p id={errorId} className={fieldStyles.error}>
            {error}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
