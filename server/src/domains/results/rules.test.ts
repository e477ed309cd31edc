import { describe, expect, it } from "vitest";
import { fileNamePart, idsFromFileName, mmss, normalizeHeader, parseNumberText, pointsError, practiceSheetFileName, sheetCheckCode } from "./rules.ts";

describe("results rules", () => {
  it("[R-BC008][R-VA036] points are required, 0..100, at most two decimals", () => {
    expect(pointsError(0)).toBeNull();
    expect(pointsError(100)).toBeNull();
    expect(pointsError(35.99)).toBeNull();
    expect(pointsError(72.5)).toBeNull();
    expect(pointsError(null)).toMatch(/eingeben/);
    expect(pointsError(undefined)).toMatch(/eingeben/);
    expect(pointsError("72")).toMatch(/Zahl/);
    expect(pointsError(-0.01)).toMatch(/zwischen 0 und 100/);
    expect(pointsError(100.01)).toMatch(/zwischen 0 und 100/);
    expect(pointsError(12.345)).toMatch(/zwei Nachkommastellen/);
  });

  it("[R-BC008] numbers written as text, with a German decimal comma", () => {
    expect(parseNumberText("72,5")).toBe(72.5);
    expect(parseNumberText(" 80 ")).toBe(80);
    expect(parseNumberText("1.000,5")).toBeNull();
    expect(parseNumberText("abc")).toBeNull();
  });

  it("[R-RE013] the file name carries registration and location ids and a sanitised name", () => {
    const name = practiceSheetFileName({ id: 123, practiceLocationId: 45, lastname: "Müller-Lüdenscheidt", firstname: "Jörg Åke/../x" });
    expect(name).toBe("Praxisbogen_R123_L45_Mueller-Luedenscheidt_Joerg_Ake_x.xlsx");
    expect(idsFromFileName(name)).toEqual({ registrationId: 123, locationId: 45 });
    // a browser's duplicate suffix keeps the ids
    expect(idsFromFileName("Praxisbogen_R123_L45_Mueller_Joerg (1).xlsx")).toEqual({ registrationId: 123, locationId: 45 });
    // renamed files
    expect(idsFromFileName("Bogen Jörg.xlsx")).toBeNull();
    expect(idsFromFileName("Kopie von Praxisbogen_R123_L45_Mueller.xlsx")).toBeNull();
    expect(idsFromFileName("Praxisbogen_R1234x_L45.xlsx")).toBeNull();
    expect(fileNamePart("")).toBe("x");
  });

  it("[R-RE013] the check code depends on both ids and the key", () => {
    const key = Buffer.alloc(32, 7);
    expect(sheetCheckCode(key, 1, 2)).toHaveLength(20);
    expect(sheetCheckCode(key, 1, 2)).toBe(sheetCheckCode(key, 1, 2));
    expect(sheetCheckCode(key, 1, 3)).not.toBe(sheetCheckCode(key, 1, 2));
    expect(sheetCheckCode(Buffer.alloc(32, 8), 1, 2)).not.toBe(sheetCheckCode(key, 1, 2));
  });

  it("[R-RE018] headers compare without case, umlauts, spaces and punctuation", () => {
    expect(normalizeHeader("Prädikat")).toBe("praedikat");
    expect(normalizeHeader(" PRÄDIKAT ")).toBe("praedikat");
    expect(normalizeHeader("Anmelde-ID")).toBe("anmeldeid");
    expect(normalizeHeader("Punkte (gesamt)")).toBe("punktegesamt");
    expect(normalizeHeader("Größe")).toBe("groesse");
  });

  it("[R-CF018] durations as mm:ss", () => {
    expect(mmss(245)).toBe("04:05");
    expect(mmss(0)).toBe("00:00");
    expect(mmss(3600)).toBe("60:00");
    expect(mmss(null)).toBe("");
  });
});
