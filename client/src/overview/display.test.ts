import { describe, expect, it } from "vitest";
import { cancelledText, formatCancelledAt, formatPoints, gradeText, hasUnverifiedPartialResult, songsText } from "./display";

describe("overview cells", () => {
  it("[R-RO013] the cancellation date reads dd.MM.yyyy HH:mm in Europe/Berlin (winter and summer time)", () => {
    expect(formatCancelledAt("2026-11-03T13:05:00Z")).toBe("03.11.2026 14:05");
    expect(formatCancelledAt("2026-07-01T22:30:00.000Z")).toBe("02.07.2026 00:30");
    expect(formatCancelledAt(null)).toBe("");
    expect(formatCancelledAt("kein Datum")).toBe("");
  });

  it('[R-RO011][R-RO012] the cancel icon says "Storniert am {date} Uhr"', () => {
    expect(cancelledText("2026-11-03T13:05:00Z")).toBe("Storniert am 03.11.2026 14:05 Uhr");
  });

  it("[R-RO008] points show with two decimals in German notation, empty without a visible result", () => {
    expect(formatPoints(31.5)).toBe("31,50");
    expect(formatPoints(28)).toBe("28,00");
    expect(formatPoints(41.25)).toBe("41,25");
    expect(formatPoints(0)).toBe("0,00");
    expect(formatPoints(null)).toBe("");
    expect(formatPoints(undefined)).toBe("");
  });

  it('[R-RO008] the grade reads "bestanden" or "nicht bestanden", empty while open', () => {
    expect(gradeText("PASSED")).toBe("bestanden");
    expect(gradeText("FAILED")).toBe("nicht bestanden");
    expect(gradeText(null)).toBe("");
    expect(gradeText("%future added value")).toBe("");
  });

  it('[R-RO008] the songs status reads "vollständig" or "fehlen"', () => {
    expect(songsText(true)).toBe("vollständig");
    expect(songsText(false)).toBe("fehlen");
  });

  it("[R-RO033] an existing partial result needs a warning until it is verified", () => {
    expect(hasUnverifiedPartialResult({ partialResultType: "THEORY", existingPartialResultVerified: false })).toBe(true);
    expect(hasUnverifiedPartialResult({ partialResultType: "THEORY", existingPartialResultVerified: true })).toBe(false);
    expect(hasUnverifiedPartialResult({ partialResultType: null, existingPartialResultVerified: false })).toBe(false);
  });
});
