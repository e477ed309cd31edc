import { type RegistrationFormState, useRegistrationForm } from "../registration/useRegistrationForm";
import { applyChange, type CompetitionFormValues } from "./competitionForm";

export type CompetitionFormState = RegistrationFormState<CompetitionFormValues, string | boolean | null>;

/** The state of the competition form: values, messages, and focus on the first invalid field. */
export function useCompetitionForm(initial: () => CompetitionFormValues): CompetitionFormState {
  return useRegistrationForm(initial, applyChange);
}
