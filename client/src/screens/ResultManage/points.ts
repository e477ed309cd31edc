import { formatDecimal, parseDecimal } from "@shared/decimal";
import { t } from "../../i18n/translate";

/** Points of the D-exam and the competition lie between 0 and 100 (spec §9, docs/decisions.md R-API067). */
export const MAX_POINTS = 100;

/** Points with two decimals in German notation: 40.5 -> "40,50"; empty while there is no result (shared/decimal.ts). */
export const formatPoints = (value: number | null | undefined): string => formatDecimal(value);

export type ParsedPoints = { ok: true; value: number } | { ok: false; error: string };

/**
 * The theory points field (R-VA036: a required number with step 0.01), read by the one decimal
 * parser (shared/decimal.ts): "72.5", "72,5" and " 80 " are read, "2,5,1" or "1.000,5" refused;
 * empty is "Dieses Feld ist ein Pflichtfeld"; outside 0..100 or more than two decimals answers
 * the German message.
 */
export function parsePoints(text: string): ParsedPoints {
  const parsed = parseDecimal(text);
  if (!parsed.ok) return parsed;
  if (parsed.value < 0 || parsed.value > MAX_POINTS) return { ok: false, error: t("results.points.range") };
  if (parsed.decimals > 2) return { ok: false, error: t("results.points.decimals") };
  return { ok: true, value: parsed.value };
}
