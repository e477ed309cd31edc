import { t } from "../../i18n/translate";
import { parsePoints } from "./points";
import { type ChosenLocation, canManageResults, type DexamResultRowFacts, dexamResultActions } from "./rowActions";

/**
 * Theory points typed straight into the results table (issue 40 item 6), by the dialog's rules:
 * the column shows at a theory location for whoever may enter results (canManageResults, from the
 * permission table); a row gets an input exactly where its row menu offers "Theorieergebnis
 * bearbeiten" (dexamResultActions).
 */
export function showsTheoryColumn(roles: readonly string[], location: ChosenLocation | null): boolean {
  return canManageResults(roles) && location?.type === "DEXAM_THEORY";
}

export function mayEnterTheoryInline(roles: readonly string[], location: ChosenLocation | null, row: DexamResultRowFacts): boolean {
  return dexamResultActions(roles, location, row).includes("editTheory");
}

export type InlineCommit = { kind: "keep" } | { kind: "invalid"; error: string } | { kind: "save"; value: number };

/**
 * What Enter or Tab does with the typed text (parsePoints, the dialog's parser): an empty field of
 * a row without points, or the saved value again, is kept (nothing sent, on to the next row); text
 * the rules refuse answers their German message; anything else is saved.
 */
export function inlineCommit(text: string, saved: number | null | undefined): InlineCommit {
  if (text.trim() === "" && saved == null) return { kind: "keep" };
  const parsed = parsePoints(text);
  if (!parsed.ok) return { kind: "invalid", error: parsed.error };
  if (saved != null && parsed.value === saved) return { kind: "keep" };
  return { kind: "save", value: parsed.value };
}

/**
 * The message a refused save shows on its row: the server's message for the points, the
 * conflict of a row changed meanwhile ("version"), the location; otherwise the general failure text.
 */
export function inlineSaveError(fieldErrors: Readonly<Record<string, string>>): string {
  return fieldErrors.theoryPoints ?? fieldErrors.version ?? fieldErrors.location ?? fieldErrors.locationId ?? t("error.theoryResult.update");
}
