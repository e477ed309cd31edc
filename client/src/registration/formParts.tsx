import { type ReactNode, useId } from "react";
import fieldStyles from "../components/Field.module.css";
import { t } from "../i18n/translate";
import styles from "./RegistrationForm.module.css";

/** A section of the form: a region named by its heading, with an optional hint under the heading. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {title}
      </h3>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </section>
  );
}

/** A group of fields that belong together (a piece row, a vaccination, a contact), named by its legend. */
export function FieldGroup({ legend, children, actions }: { legend: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.columns}>{children}</div>
      {actions && <div className={styles.groupActions}>{actions}</div>}
    </fieldset>
  );
}

/** A checkbox with its label (consents, "vorhanden"), error text wired for assistive technology. */
export function CheckField({
  label,
  checked,
  onChange,
  error,
  required,
  disabled,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** id of a text the checkbox refers to (the conditions) */
  describedBy?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.check}>
      <div className={styles.checkRow}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>
          {label}
          {required && (
            <span className={fieldStyles.requiredMark} title={t("common.required")} aria-hidden="true">
              *
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
