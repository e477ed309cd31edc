import type { RefObject } from "react";
import { t } from "../i18n/translate";
import styles from "./Field.module.css";

/** What every labelled field takes: its value and change, the German message under it (client check or the server's extensions.fields), a hint. */
export interface FieldProps<T = string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The "*" after a required field's label (the control itself carries required / aria-required). */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className={styles.requiredMark} title={t("common.required")} aria-hidden="true">
      *
    </span>
  );
}

/** A field's label with its required mark; `id` where another element names itself by it. */
export function FieldLabel({ htmlFor, id, label, required }: { htmlFor: string; id?: string; label: string; required?: boolean }) {
  return (
    <label id={id} className={styles.label} htmlFor={htmlFor}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

/** The hint and the error under a field, `${id}-hint` and `${id}-error` (the control's aria-describedby: `describedBy`). */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

/** The ids of the shown hint and error (FieldMessages), for the control's aria-describedby. */
export const describedBy = (id: string, hint?: string, error?: string | null) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

/**
 * The native file input behind a file field's button: hidden and out of the tab order (the button
 * is the control), it carries the label; the chosen files go to `onFiles`, then the input forgets
 * them, so choosing the same file again is a change too.
 */
export function HiddenFileInput({
  ref,
  id,
  accept,
  multiple,
  disabled,
  invalid,
  describedBy: described,
  onFiles,
}: {
  ref: RefObject<HTMLInputElement | null>;
  id: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid: boolean;
  describedBy: string;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      id={id}
      className="visually-hidden"
      type="file"
      tabIndex={-1}
      accept={accept}
      multiple={multiple}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={described}
      onChange={(event) => {
        onFiles(Array.from(event.target.files ?? []));
        event.target.value = "";
      }}
    />
  );
}
