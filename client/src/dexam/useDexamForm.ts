import { useCallback, useEffect, useRef, useState } from "react";
import { type FieldErrors, hasErrors, NO_ERRORS } from "../forms/fieldErrors";
import { applyChange, type DexamFormValues, errorsAfterChange, type UploadValue } from "./dexamForm";

/** Controls that mark themselves invalid: inputs, Ark select triggers, the upload button. */
const INVALID = '[aria-invalid="true"]:not([tabindex="-1"]):not(:disabled), [data-invalid="true"]:not(:disabled)';

export interface DexamFormState {
  values: DexamFormValues;
  errors: FieldErrors;
  /** One field changed, with its dependencies (spec §4); the messages of changed fields go away. */
  change: (path: string, value: string | boolean | UploadValue | null) => void;
  /** A change of several fields at once (add or remove a contact row). */
  update: (next: (values: DexamFormValues) => DexamFormValues) => void;
  /** Shows the messages and moves focus to the first field with one. */
  showErrors: (errors: FieldErrors) => void;
  /** The element holding the fields (for the focus). */
  containerRef: React.RefObject<HTMLDivElement | null>;
}

/** The state of the D-exam form: values, messages, and focus on the first invalid field. */
export function useDexamForm(initial: () => DexamFormValues): DexamFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  const update = useCallback(
    (next: (values: DexamFormValues) => DexamFormValues) => {
      const after = next(values);
      setValues(after);
      setErrors((current) => errorsAfterChange(current, values, after));
    },
    [values],
  );
  const change = useCallback((path: string, value: string | boolean | UploadValue | null) => update((v) => applyChange(v, path, value)), [update]);
  const showErrors = useCallback((found: FieldErrors) => {
    setErrors(found);
    if (hasErrors(found)) setFocusRequest((n) => n + 1);
  }, []);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = containerRef.current?.querySelector<HTMLElement>(INVALID);
    first?.focus();
    first?.scrollIntoView?.({ block: "center" });
  }, [focusRequest]);

  return { values, errors, change, update, showErrors, containerRef };
}
