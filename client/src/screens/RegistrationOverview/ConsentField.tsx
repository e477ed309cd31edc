import { useId } from "react";
import { t } from "../../i18n/translate";
import styles from "./ConsentField.module.css";

/** A required consent: the event's text (privacy policy, cancellation conditions) and a labelled checkbox with its error. */
export function ConsentField({
  title,
  text,
  label,
  checked,
  onChange,
  error,
}: {
  title: string;
  text: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const textId = `${id}-text`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.consent}>
      <legend className={styles.title}>{title}</legend>
      <p id={textId} className={styles.text}>
        {text}
      </p>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={[textId, error ? errorId : null].filter(Boolean).join(" ")}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>
          {label}
          <span className={styles.requiredMark} title={t("common.required")} aria-hidden="true">
            *
          </span>
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
