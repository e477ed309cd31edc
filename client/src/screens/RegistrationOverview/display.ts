import { competitionLevelLabel } from "@shared/competition";
import { formatDecimal } from "@shared/decimal";
import { CAST_LABELS, COMPETITION_TYPE_LABELS } from "@shared/labels";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";

/**
 * What the cells of the overview tables show (R-RO005, R-RO006, R-RO008, R-RO012, R-RO013): points
 * with two decimals in German notation, the grade as text, the status columns, the competition
 * type, cast and level, and the tooltip of a cancelled row.
 */

const cancelledFormat = new Intl.DateTimeFormat("de-DE", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Berlin",
});

/** Decision R-RO013: "dd.MM.yyyy HH:mm" in Europe/Berlin, e.g. "03.11.2026 14:05"; empty for a missing or unreadable value. */
export function formatCancelledAt(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts = cancelledFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("day")}.${part("month")}.${part("year")} ${part("hour")}:${part("minute")}`;
}

/** The cancel icon's tooltip and accessible name (R-RO012): "Storniert am 03.11.2026 14:05 Uhr". */
export function cancelledText(value: string): string {
  return t("overview.cancelledAt", { date: formatCancelledAt(value) });
}

/** Theory or practice points (R-RO008): "31,50"; empty while there is no (visible) result (shared/decimal.ts). */
export const formatPoints = (value: number | null | undefined): string => formatDecimal(value);

const GRADE_KEYS: Record<string, MessageKey> = { PASSED: "overview.grade.passed", FAILED: "overview.grade.failed" };

/** The grade column (R-RO008): "bestanden", "nicht bestanden", or empty while open. */
export function gradeText(grade: string | null | undefined): string {
  const key = grade ? GRADE_KEYS[grade] : undefined;
  return key ? t(key) : "";
}

/** A status column (R-RO008: songs; competitions also documents): "vollständig" or "fehlen". */
export function statusText(complete: boolean): string {
  return t(complete ? "overview.songs.complete" : "overview.songs.missing");
}

/** The songs status (R-RO008): "vollständig" or "fehlen". */
export const songsText = statusText;

/** The type column of a competition row (R-RO005): "K – Konzertmusik". */
export function competitionTypeText(type: string): string {
  return COMPETITION_TYPE_LABELS[type as keyof typeof COMPETITION_TYPE_LABELS] ?? type;
}

/** The cast column (R-RO005): "Blasorchester". */
export function castText(cast: string): string {
  return CAST_LABELS[cast as keyof typeof CAST_LABELS] ?? cast;
}

/** The level column (R-RO006): the category for types other than B and G ("3 – mittelschwer"), the age group for B and G. */
export const levelText = competitionLevelLabel;

/** R-RO033: a partial result the registration states ("Vorhandene Teilprüfung") that staff have not verified yet. */
export function hasUnverifiedPartialResult(row: { partialResultType?: string | null; existingPartialResultVerified: boolean }): boolean {
  return Boolean(row.partialResultType) && !row.existingPartialResultVerified;
}
