import { MSG } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { formatPoints, parsePoints } from "./points";

describe("points", () => {
  it("[R-RE005] shows points with two decimals in German notation, nothing without a result", () => {
    expect(formatPoints(40.5)).toBe("40,50");
    expect(formatPoints(0)).toBe("0,00");
    expect(formatPoints(100)).toBe("100,00");
    expect(formatPoints(23.99)).toBe("23,99");
    expect(formatPoints(null)).toBe("");
    expect(formatPoints(undefined)).toBe("");
  });

  it("[R-VA036][R-RE008] theory points are a required number between 0 and 100 with step 0.01", () => {
    expect(parsePoints("72.5")).toEqual({ ok: true, value: 72.5 });
    expect(parsePoints(" 72,25 ")).toEqual({ ok: true, value: 72.25 });
    expect(parsePoints("0")).toEqual({ ok: true, value: 0 });
    expect(parsePoints("100")).toEqual({ ok: true, value: 100 });
    expect(parsePoints("24.")).toEqual({ ok: true, value: 24 });
    expect(parsePoints("")).toEqual({ ok: false, error: "Dieses Feld ist ein Pflichtfeld" });
    expect(parsePoints("   ")).toEqual({ ok: false, error: "Dieses Feld ist ein Pflichtfeld" });
    expect(parsePoints("abc")).toEqual({ ok: false, error: "Bitte eine Zahl eingeben, z. B. 2,5" });
    expect(parsePoints("1e2")).toEqual({ ok: false, error: "Bitte eine Zahl eingeben, z. B. 2,5" });
    expect(parsePoints("2,5")).toEqual({ ok: true, value: 2.5 });
    expect(parsePoints("27,5")).toEqual({ ok: true, value: 27.5 });
    expect(parsePoints("2,5,1")).toEqual({ ok: false, error: MSG.decimalSeparator });
    expect(parsePoints("1.000,5")).toEqual({ ok: false, error: MSG.decimalSeparator });
    expect(parsePoints("100.01")).toEqual({ ok: false, error: "Die Punktzahl muss zwischen 0 und 100 liegen" });
    expect(parsePoints("-1")).toEqual({ ok: false, error: "Die Punktzahl muss zwischen 0 und 100 liegen" });
    expect(parsePoints("12.345")).toEqual({ ok: false, error: "Die Punktzahl darf höchstens zwei Nachkommastellen haben" });
    // binary fractions do not count as a third decimal
    expect(parsePoints("35.99")).toEqual({ ok: true, value: 35.99 });
    expect(parsePoints("0.07")).toEqual({ ok: true, value: 0.07 });
  });
});
