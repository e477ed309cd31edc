import { MSG } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { inlineCommit, inlineSaveError, mayEnterTheoryInline, showsTheoryColumn } from "./theoryInline";

const THEORY = { databaseId: 7, type: "DEXAM_THEORY" };
const PRACTICE = { databaseId: 8, type: "DEXAM_PRACTICE" };
const row = { theoryLocationId: 7, practiceLocationId: 8, theoryPoints: null, practicePoints: null, hasPracticeSheet: false, cancelledAt: null };

describe("theory points in the results table", () => {
  it("[R-RE007] the column shows at a theory location for results_manage only; an input where the row menu offers the dialog", () => {
    expect(showsTheoryColumn(["results_manage"], THEORY)).toBe(true);
    expect(showsTheoryColumn(["admin"], THEORY)).toBe(true);
    expect(showsTheoryColumn(["results_read"], THEORY)).toBe(false);
    expect(showsTheoryColumn(["results_manage"], PRACTICE)).toBe(false);
    expect(showsTheoryColumn(["results_manage"], null)).toBe(false);
    expect(mayEnterTheoryInline(["results_manage"], THEORY, row)).toBe(true);
    expect(mayEnterTheoryInline(["results_manage"], THEORY, { ...row, cancelledAt: "2026-01-01T00:00:00Z" })).toBe(false);
    expect(mayEnterTheoryInline(["results_manage"], THEORY, { ...row, theoryLocationId: 9 })).toBe(false);
    expect(mayEnterTheoryInline(["results_read"], THEORY, row)).toBe(false);
  });

  it("[R-VA036][R-RE008] Enter/Tab: German decimals are saved, unchanged or empty-without-points is kept, the dialog's messages refuse", () => {
    expect(inlineCommit("2,5", null)).toEqual({ kind: "save", value: 2.5 });
    expect(inlineCommit(" 72.25 ", 30)).toEqual({ kind: "save", value: 72.25 });
    expect(inlineCommit("", null)).toEqual({ kind: "keep" });
    expect(inlineCommit("30,00", 30)).toEqual({ kind: "keep" });
    expect(inlineCommit("30", 30)).toEqual({ kind: "keep" });
    expect(inlineCommit("", 30)).toEqual({ kind: "invalid", error: "Dieses Feld ist ein Pflichtfeld" });
    expect(inlineCommit("abc", null)).toEqual({ kind: "invalid", error: "Bitte eine Zahl eingeben, z. B. 2,5" });
    expect(inlineCommit("1.000,5", null)).toEqual({ kind: "invalid", error: MSG.decimalSeparator });
    expect(inlineCommit("100,5", null)).toEqual({ kind: "invalid", error: "Die Punktzahl muss zwischen 0 und 100 liegen" });
    expect(inlineCommit("12,345", null)).toEqual({ kind: "invalid", error: "Die Punktzahl darf höchstens zwei Nachkommastellen haben" });
  });

  it("[R-RE007] a refused save shows the server's field message, the conflict message, or the failure text", () => {
    expect(inlineSaveError({ theoryPoints: "Die Punktzahl muss zwischen 0 und 100 liegen" })).toBe("Die Punktzahl muss zwischen 0 und 100 liegen");
    expect(inlineSaveError({ version: "Die Daten wurden inzwischen von jemand anderem geändert." })).toBe(
      "Die Daten wurden inzwischen von jemand anderem geändert.",
    );
    expect(inlineSaveError({ locationId: "Dieser Ort ist nicht der Theorieprüfungsort der Anmeldung" })).toBe(
      "Dieser Ort ist nicht der Theorieprüfungsort der Anmeldung",
    );
    expect(inlineSaveError({})).toBe("Theorie-Prüfungsergebnis kann nicht aktualisiert werden");
  });
});
