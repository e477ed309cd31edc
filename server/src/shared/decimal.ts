// Decimal numbers typed as text (docs/decisions.md "Decimal input"): the one
// reading and the one writing of a decimal that every door shares: the client's decimal fields
// (TextField's decimal mode: points, every future amount), the input schemas reading a form's text
// (dexamSchema) and the server reading a workbook cell written as text (results/rules.ts
// parseNumberText). A comma or a point is the decimal separator, whichever was typed; there is
// never a thousands separator, so "1.000,5", "2,5,1" or "1 000" are refused with a German message
// instead of being guessed at (a browser's number input turned "2,5" into 25).
import { MSG } from "./messages.ts";

export type DecimalParse = { ok: true; value: number; decimals: number } | { ok: false; error: string };

const NUMBER = /^([+-]?)(\d*)(?:[.,](\d*))?$/;
/** two separators, or digits split by a space or an apostrophe: someone wrote thousands */
const GROUPED = /[.,].*[.,]|\d[\s'’]+\d/;

/**
 * The number in `text`: "2,5", "2.5", " 2,50 ", ",5", "-3" and "24," are read (comma or point, at most
 * one); `decimals` is the count of digits after the separator as typed. Empty is MSG.required, two
 * separators or grouped digits MSG.decimalSeparator, anything else MSG.decimal (no exponent, no
 * "Infinity"). The value is the exact decimal's nearest double, as `Number("2.5")` reads it.
 */
export function parseDecimal(text: string): DecimalParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: MSG.required };
  const m = NUMBER.exec(trimmed);
  if (!m || (m[2] === "" && !m[3])) return { ok: false, error: GROUPED.test(trimmed) ? MSG.decimalSeparator : MSG.decimal };
  const [, sign, whole, fraction = ""] = m;
  return { ok: true, value: Number(`${sign}${whole || "0"}.${fraction || "0"}`) || 0, decimals: fraction.length };
}

const FORMATS = new Map<number, Intl.NumberFormat>();

/**
 * `value` in German notation with `fractionDigits` decimals and no thousands separator, so that a
 * decimal field shows what parseDecimal reads back: 2.5 -> "2,50", 1000 -> "1000,00"; "" for no value.
 */
export function formatDecimal(value: number | null | undefined, fractionDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  let format = FORMATS.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("de-DE", { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, useGrouping: false });
    FORMATS.set(fractionDigits, format);
  }
  return format.format(value);
}
