import type { DexamFormState } from "../useDexamForm";

/** What every section of the D-exam form gets: the form state and whether its fields are locked. */
export interface SectionProps {
  form: DexamFormState;
  /** edit scope SONGS or NONE: the field shows its value but cannot change (R-DF035) */
  locked: boolean;
}
