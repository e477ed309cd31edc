import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, DEXAM_TYPE_LABELS, INSTRUMENT_LABELS } from "@shared/labels";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";
import { formatPoints } from "./points";

const label = (labels: Record<string, string>, value: string | null | undefined) => (value ? (labels[value] ?? value) : "");

export const instrumentLabel = (value: string) => label(INSTRUMENT_LABELS, value);
export const courseLabel = (value: string) => label(DEXAM_TYPE_LABELS, value);
export const competitionTypeLabel = (value: string) => label(COMPETITION_TYPE_LABELS, value);
export const castLabel = (value: string) => label(CAST_LABELS, value);

/** "Stufe/Altersgruppe" of a competition row: the category (e.g. "3 – mittelschwer") or, for types B and G, the age group. */
export function levelLabel(row: { category: string | null | undefined; ageGroup: string | null | undefined }): string {
  if (row.category) return label(CATEGORY_LABELS, row.category);
  return row.ageGroup ?? "";
}

const GRADE_KEYS: Record<string, MessageKey> = { PASSED: "results.grade.passed", FAILED: "results.grade.failed" };

/** The grade (R-RE023, R-RE028): "bestanden", "nicht bestanden", or empty while a part is open. */
export function gradeText(grade: string | null | undefined): string {
  const key = grade ? GRADE_KEYS[grade] : undefined;
  return key ? t(key) : "";
}

export interface DexamResultFacts {
  theoryLocationId?: number | null;
  practiceLocationId?: number | null;
  theoryPoints?: number | null;
  practicePoints?: number | null;
  partialResultType?: string | null;
  existingPartialResultVerified: boolean;
}

function partValue(points: number | null | undefined, booked: boolean, partial: boolean, verified: boolean): string | null {
  if (points != null) return formatPoints(points);
  if (partial) return t(verified ? "results.part.partial" : "results.part.partialUnverified");
  return booked ? t("results.part.open") : null;
}

/**
 * The parts of the "Ergebnis" cell (R-RE005): "Theorie: 72,50", "Praxis: 40,50" (two decimals,
 * German notation), "offen" for a booked part without points, "Teilprüfung" for a part the
 * registration brings along as an earlier partial result; a part neither booked nor brought
 * along is left out.
 */
export function resultParts(row: DexamResultFacts): string[] {
  const parts: string[] = [];
  const verified = row.existingPartialResultVerified;
  const theory = partValue(row.theoryPoints, row.theoryLocationId != null, row.partialResultType === "THEORY", verified);
  if (theory !== null) parts.push(t("results.part.theory", { points: theory }));
  const practice = partValue(row.practicePoints, row.practiceLocationId != null, row.partialResultType === "PRACTICE", verified);
  if (practice !== null) parts.push(t("results.part.practice", { points: practice }));
  return parts;
}

export interface FilterableRow {
  databaseId: number;
  associationId: number;
  associationName: string;
  /** names to search in: first and last name, or the group's name */
  names: readonly string[];
}

/**
 * The club picker and the search field (R-RE006) filter the loaded rows in the browser: the club
 * by id; the search text (case and accents ignored) in the names and the club, or an exact id.
 */
export function filterRows<T extends FilterableRow>(rows: readonly T[], associationId: number | null, search: string): T[] {
  const needle = fold(search.trim());
  return rows.filter((row) => {
    if (associationId !== null && row.associationId !== associationId) return false;
    if (!needle) return true;
    if (/^\d+$/.test(needle) && row.databaseId === Number(needle)) return true;
    const words = needle.split(/\s+/);
    const haystack = fold([...row.names, row.associationName].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}

/** The club picker's options: every club that has rows, by name. */
export function clubOptions(rows: readonly Pick<FilterableRow, "associationId" | "associationName">[]): { value: string; label: string }[] {
  const clubs = new Map<number, string>();
  for (const row of rows) clubs.set(row.associationId, row.associationName);
  return [...clubs.entries()].sort((a, b) => a[1].localeCompare(b[1], "de")).map(([id, name]) => ({ value: String(id), label: name }));
}

function fold(text: string): string {
  return text
    .toLocaleLowerCase("de")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}
