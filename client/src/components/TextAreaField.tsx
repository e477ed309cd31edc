import { useId } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import styles from "./Field.module.css";

/** A labelled multi-line text input (descriptions, conditions) with error text, like TextField. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  rows = 3,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  rows?: number;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classNames(styles.field, className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required && (
          <span className={styles.requiredMark} title={t("common.required")} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <textarea
        id={id}
        className={styles.input}
        value={value}
        rows={rows}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
