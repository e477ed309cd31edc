import type { SelectOption } from "./SelectField";

/** Options whose label contains the typed text (case-insensitive); all options for an empty text. */
export function matchingOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const needle = text.trim().toLocaleLowerCase("de");
  return needle === "" ? [...options] : options.filter((option) => option.label.toLocaleLowerCase("de").includes(needle));
}

/** The chips of the chosen values, in the options' order; a value without option shows as itself. */
export function chosenChips(options: readonly SelectOption[], value: readonly string[]): SelectOption[] {
  const chosen = new Set(value);
  const known = options.filter((option) => chosen.has(option.value));
  const unknown = value.filter((entry) => !options.some((option) => option.value === entry)).map((entry) => ({ value: entry, label: entry }));
  return [...known, ...unknown];
}
