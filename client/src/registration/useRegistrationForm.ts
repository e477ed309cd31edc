import { useCallback, useRef, useState } from "react";
import { type FieldErrors, NO_ERRORS } from "../forms/fieldErrors";
import { errorsAfterChange } from "./formValues";

export interface RegistrationFormState<V, L> {
  values: V;
  errors: FieldErrors;
  /** One field changed, with its dependencies (spec §4); the messages of changed fields go away. */
  change: (path: string, value: L) => void;
  /** A change of several fields at once (add or remove a row). */
  update: (next: (values: V) => V) => void;
  /** Shows the messages (FormDialog then moves focus to the first field with one). */
  showErrors: (errors: FieldErrors) => void;
  /** The element holding the fields (for the focus). */
  containerRef: React.RefObject<HTMLDivElement | null>;
}

/**
 * The state of a registration form (D-exam, competition): values and messages. `applyChange` is the form's pure model of one change with its dependencies.
 */
export function useRegistrationForm<V, L>(initial: () => V, applyChange: (values: V, path: string, value: L) => V): RegistrationFormState<V, L> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const containerRef = useRef<HTMLDivElement>(null);

  const update = useCallback(
    (next: (values: V) => V) => {
      const after = next(values);
      setValues(after);
      setErrors((current) => errorsAfterChange(current, values, after));
    },
    [values],
  );
  const change = useCallback((path: string, value: L) => update((v) => applyChange(v, path, value)), [update, applyChange]);
  const showErrors = useCallback((found: FieldErrors) => setErrors(found), []);

  return { values, errors, change, update, showErrors, containerRef };
}
