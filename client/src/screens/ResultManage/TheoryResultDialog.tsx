import { useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { TextField } from "../../components/TextField";
import { t } from "../../i18n/translate";
import type { DexamResultRowData } from "./DexamResultRow";
import { formatPoints, parsePoints } from "./points";
import styles from "./ResultManage.module.css";
import { inlineSaveError } from "./theoryInline";
import { useSetTheoryResult } from "./useSetTheoryResult";

/**
 * "Theorieergebnis bearbeiten" (R-RE007, R-RE008, R-VA036): the theory points of one registration
 * at the chosen theory location, typed in by hand: a required number 0..100 with step 0.01, a
 * decimal field ("2,5" and "2.5" alike, shared/decimal.ts). The client checks first; the server's field message shows under the field too.
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
  const [text, setText] = useState(formatPoints(row.theoryPoints));
  const [error, setError] = useState<string | undefined>();
  const [save, saving] = useSetTheoryResult();

  const submit = async () => {
    const parsed = parsePoints(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    const result = await save(
      { registrationId: row.registrationId, location: location.id, theoryPoints: parsed.value, version: row.version },
      { required: ["registrationId", "location", "theoryPoints"] },
    );
    if (result.ok) onSaved();
    else setError(inlineSaveError(result.fieldErrors));
  };

  return (
    <FormDialog title={t("results.theory.title")} onCancel={onClose} onSubmit={() => void submit()} submitting={saving}>
      <p className={styles.dialogText}>
        {t("results.theory.candidate", { name: `${row.firstname} ${row.lastname}`, id: row.databaseId, location: location.name })}
      </p>
      <TextField
        label={t("results.theory.points")}
        decimal
        required
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(undefined);
        }}
        hint={t("results.theory.hint")}
        error={error}
      />
    </FormDialog>
  );
}
