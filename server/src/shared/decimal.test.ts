import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDecimal, parseDecimal } from "./decimal.ts";
import { MSG } from "./messages.ts";

const value = (text: string) => {
  const r = parseDecimal(text);
  return r.ok ? r.value : r.error;
};

describe("parseDecimal and formatDecimal (decimal fields typed the German or the English way)", () => {
  it("reads a comma and a point alike as the decimal separator", () => {
    expect(value("2,5")).toBe(2.5);
    expect(value("2.5")).toBe(2.5);
    expect(value("27,5")).toBe(27.5);
    expect(value(" 72,25 ")).toBe(72.25);
    expect(value("100")).toBe(100);
    expect(value(",5")).toBe(0.5);
    expect(value("24,")).toBe(24);
    expect(value("-1,5")).toBe(-1.5);
    expect(value("-0")).toBe(0);
    expect(parseDecimal("12,345")).toEqual({ ok: true, value: 12.345, decimals: 3 });
  });

  it("never guesses a thousands separator: two separators or grouped digits are refused with a German message", () => {
    for (const text of ["2,5,1", "1.000,5", "1,000.5", "1.000.000", "1 000", "1'000,5"]) expect(value(text)).toBe(MSG.decimalSeparator);
  });

  it("refuses what is no decimal number, and empty is required", () => {
    for (const text of ["abc", "1e2", "Infinity", "NaN", "0x10", ",", "-", "2,5€", "--1"]) expect(value(text)).toBe(MSG.decimal);
    expect(value("")).toBe(MSG.required);
    expect(value("   ")).toBe(MSG.required);
  });

  it("writes two decimals in German notation without grouping; nothing for no value", () => {
    expect(formatDecimal(2.5)).toBe("2,50");
    expect(formatDecimal(25)).toBe("25,00");
    expect(formatDecimal(1000.5)).toBe("1000,50");
    expect(formatDecimal(35.99)).toBe("35,99");
    expect(formatDecimal(3, 1)).toBe("3,0");
    expect(formatDecimal(null)).toBe("");
    expect(formatDecimal(undefined)).toBe("");
    expect(formatDecimal(Number.NaN)).toBe("");
  });

  it("reads every number with up to two decimals written with a comma or a point as that number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom(",", "."), (hundredths, separator) => {
        const text = (hundredths / 100).toFixed(2).replace(".", separator);
        expect(parseDecimal(text)).toEqual({ ok: true, value: hundredths / 100, decimals: 2 });
      }),
    );
  });

  it("reads back what it writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (hundredths) => {
        const r = parseDecimal(formatDecimal(hundredths / 100));
        expect(r.ok && r.value).toBe(hundredths / 100);
      }),
    );
  });

  it("refuses every text with two separators, whatever the digits", () => {
    const digits = fc.stringMatching(/^\d{1,4}$/);
    const sep = fc.constantFrom(",", ".");
    fc.assert(
      fc.property(digits, sep, digits, sep, digits, (a, s1, b, s2, c) => {
        expect(parseDecimal(`${a}${s1}${b}${s2}${c}`)).toEqual({ ok: false, error: MSG.decimalSeparator });
      }),
    );
  });

  it("answers every text either with a finite number or with a German message", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseDecimal(text);
        if (r.ok) expect(Number.isFinite(r.value)).toBe(true);
        else expect([MSG.required, MSG.decimal, MSG.decimalSeparator]).toContain(r.error);
      }),
    );
  });
});
