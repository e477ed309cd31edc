import { formatDecimal, parseDecimal } from "@shared/decimal";
import { type HTMLInputTypeAttribute, useId } from "react";
import { classNames } from "./classNames";
import styles from "./Field.module.css";
import { describedBy, FieldLabel, FieldMessages, type FieldProps } from "./fieldParts";

export interface TextFieldProps extends FieldProps {
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
  const common = {
    id,
    className: styles.input,
    value,
    disabled,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
  };
  return (
    <div className={classNames(styles.field, className)}>
      <FieldLabel htmlFor={id} label={label} required={required} />
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
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
