import { type RegistrationFormState, useRegistrationForm } from "../registration/useRegistrationForm";
import { applyChange, type DexamFormValues, type UploadValue } from "./dexamForm";

export type DexamFormState = RegistrationFormState<DexamFormValues, string | boolean | UploadValue | null>;

/** The state of the D-exam form: values, messages, and focus on the first invalid field. */
export function useDexamForm(initial: () => DexamFormValues): DexamFormState {
  return useRegistrationForm(initial, applyChange);
}
