import { describe, expect, it } from "vitest";
import {
  cancelledText,
  castText,
  competitionTypeText,
  formatCancelledAt,
  formatPoints,
  gradeText,
  hasUnverifiedPartialResult,
  levelText,
  songsText,
  statusText,
} from "./display";

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

  it("[R-RO005][R-RO008] competition rows: type and cast by their labels, documents and songs status", () => {
    expect(competitionTypeText("K")).toBe("K – Konzertmusik");
    expect(competitionTypeText("G")).toBe("G – Kammermusik");
    expect(castText("JB")).toBe("Jugendblasorchester");
    expect(castText("SK")).toBe("Solo mit Klavier");
    expect(statusText(true)).toBe("vollständig");
    expect(statusText(false)).toBe("fehlen");
    expect(formatPoints(92.5)).toBe("92,50");
  });

  it("[R-RO006] the level column: the category for types other than B and G, the age group for B and G", () => {
    expect(levelText({ type: "K", category: "CAT_3", ageGroup: null })).toBe("3 – mittelschwer");
    expect(levelText({ type: "T", category: "CAT_6", ageGroup: null })).toBe("6 – höchste Schwierigkeit");
    expect(levelText({ type: "G", category: null, ageGroup: "IA" })).toBe("IA");
    expect(levelText({ type: "B", category: null, ageGroup: "IV" })).toBe("IV");
    expect(levelText({ type: "M", category: null, ageGroup: null })).toBe("");
  });
});
