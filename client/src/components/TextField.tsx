import { type HTMLInputTypeAttribute, useId } from "react";
import { t } from "../i18n/translate";
import { classNames } from "./classNames";
import styles from "./Field.module.css";

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** German message under the field (client check or the server's extensions.fields). */
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  type?: HTMLInputTypeAttribute;
  name?: string;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric" | "decimal";
  /** for type="number": the step and bounds of the value */
  step?: number | string;
  min?: number | string;
  max?: number | string;
  /** a multi-line text (descriptions, conditions) with this many rows */
  rows?: number;
  className?: string;
}

/** A labelled text input (or, with `rows`, a multi-line text) with hint and error text, wired up for assistive technology. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  disabled,
  type = "text",
  name,
  autoComplete,
  inputMode,
  step,
  min,
  max,
  rows,
  className,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    className: styles.input,
    value,
    disabled,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
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
      {rows ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          name={name}
          autoComplete={autoComplete}
          inputMode={inputMode}
          step={step}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
