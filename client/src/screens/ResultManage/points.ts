import { MSG } from "@shared/messages";
import type { MessageKey } from "../../i18n/de";
import { t } from "../../i18n/translate";

/** Points of the D-exam and the competition lie between 0 and 100 (spec §9, docs/decisions.md R-API067). */
export const MAX_POINTS = 100;

const pointsFormat = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Points with two decimals in German notation: 40.5 -> "40,50"; empty while there is no result. */
export function formatPoints(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "" : pointsFormat.format(value);
}

/** The value of the number input for stored points: 72.5 -> "72.5" (a number input takes the dot). */
export function pointsInputValue(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "" : String(value);
}

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export type ParsedPoints = { ok: true; value: number } | { ok: false; error: string };

/**
 * The theory points field (R-VA036: a required number with step 0.01): "72.5", "72,5" and " 80 "
 * are read; empty is "Dieses Feld ist ein Pflichtfeld"; anything else, outside 0..100 or with more
 * than two decimals answers the German message. `badInput` is the browser's flag for a number
 * input holding text it could not read (its value is then "").
 */
export function parsePoints(text: string, badInput = false): ParsedPoints {
  const fail = (key: MessageKey): ParsedPoints => ({ ok: false, error: t(key) });
  if (badInput) return fail("results.points.number");
  const trimmed = text.trim().replace(/\s/g, "");
  if (trimmed === "") return { ok: false, error: MSG.required };
  if (!/^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(trimmed)) return fail("results.points.number");
  const value = Number(trimmed.replace(",", "."));
  if (!Number.isFinite(value)) return fail("results.points.number");
  if (value < 0 || value > MAX_POINTS) return fail("results.points.range");
  if (!twoDecimals(value)) return fail("results.points.decimals");
  return { ok: true, value: Math.round(value * 100) / 100 };
}
