import { formatDecimal, parseDecimal } from "@shared/decimal";
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
  /**
   * A decimal number (points, amounts): a text input with the decimal keypad, never type="number"
   * (Chromium read a German "2,5" there as 25). The form reads the text with the one parser
   * (shared/decimal.ts parseDecimal: comma or point); on leaving the field a readable value is
   * shown as formatDecimal writes it ("2.5" -> "2,50").
   */
  decimal?: boolean;
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
  decimal = false,
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
          type={decimal ? "text" : type}
          name={name}
          autoComplete={decimal ? "off" : autoComplete}
          inputMode={decimal ? "decimal" : inputMode}
          onChange={(event) => onChange(event.target.value)}
          onBlur={
            decimal
              ? () => {
                  const parsed = parseDecimal(value);
                  const shown = parsed.ok && parsed.decimals <= 2 ? formatDecimal(parsed.value) : value;
                  if (shown !== value) onChange(shown);
                }
              : undefined
          }
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
