import { type KeyboardEvent, useId, useState } from "react";
import fieldStyles from "../../components/Field.module.css";
import { t } from "../../i18n/translate";
import type { DexamResultRowData } from "./DexamResultRow";
import { formatPoints } from "./points";
import styles from "./ResultManage.module.css";
import { inlineCommit, inlineSaveError } from "./theoryInline";
import { useSetTheoryResult } from "./useSetTheoryResult";

/** Marks the inline inputs of one table, in row order, for the move to the next row. */
const INLINE_ATTR = "data-theory-points";

/** The next row's theory points input in the same table, or null on the last row. */
function nextInput(current: HTMLInputElement): HTMLInputElement | null {
  const table = current.closest("table");
  if (!table) return null;
  const inputs = [...table.querySelectorAll<HTMLInputElement>(`input[${INLINE_ATTR}]`)];
  return inputs[inputs.indexOf(current) + 1] ?? null;
}

/**
 * The theory points of one row typed into the results table (issue 40 item 6, R-RE007, R-RE008):
 * German decimals ("2,5"), the dialog's rules and messages (theoryInline.ts, points.ts). Enter or
 * Tab saves the row when it changed (setDexamTheoryResult with the row's version: a row changed
 * meanwhile answers the server's conflict message) and moves to the next row's input; a refused
 * value shows its message on the row and keeps the focus there; Escape restores the saved value.
 */
export function TheoryPointsInput({ row, location }: { row: DexamResultRowData; location: { id: string } }) {
  const id = useId();
  const saved = row.theoryPoints ?? null;
  const [text, setText] = useState(formatPoints(saved));
  const [shownFor, setShownFor] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [save, saving] = useSetTheoryResult();
  if (shownFor !== saved) {
    // the stored points changed (this save, the dialog, a refresh): show them
    setShownFor(saved);
    setText(formatPoints(saved));
  }

  const moveOn = (input: HTMLInputElement) => {
    const next = nextInput(input);
    next?.focus();
    next?.select();
  };

  const commit = async (input: HTMLInputElement) => {
    const decision = inlineCommit(text, saved);
    if (decision.kind === "invalid") {
      setError(decision.error);
      return;
    }
    if (decision.kind === "save") {
      const result = await save(
        { registrationId: row.registrationId, location: location.id, theoryPoints: decision.value, version: row.version },
        { required: ["registrationId", "location", "theoryPoints"] },
      );
      if (!result.ok) {
        setError(inlineSaveError(result.fieldErrors));
        input.focus();
        return;
      }
    }
    setError(undefined);
    moveOn(input);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === "Escape") {
      event.preventDefault();
      setText(formatPoints(saved));
      setError(undefined);
      return;
    }
    if (event.key !== "Enter" && !(event.key === "Tab" && !event.shiftKey)) return;
    // Tab on the last row with nothing to save leaves the table as usual
    if (event.key === "Tab" && !nextInput(input) && inlineCommit(text, saved).kind === "keep") return;
    event.preventDefault();
    if (!saving) void commit(input);
  };

  const errorId = `${id}-error`;
  return (
    <div className={styles.pointsCell}>
      <input
        id={id}
        {...{ [INLINE_ATTR]: "" }}
        className={fieldStyles.input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={t("results.theory.inlineLabel", { name: `${row.firstname} ${row.lastname}` })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={saving || undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {error && (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
