import { describe, expect, it } from "vitest";
import { fileNameFromContentDisposition } from "./contentDisposition";

describe("fileNameFromContentDisposition", () => {
  it.each([
    ['attachment; filename="overview.xlsx"', "overview.xlsx"],
    ["attachment; filename=overview.xlsx", "overview.xlsx"],
    ["attachment; filename*=UTF-8''Pr%C3%BCfungsb%C3%B6gen%20D1.zip", "Prüfungsbögen D1.zip"],
    ["attachment; filename=\"fallback.xlsx\"; filename*=UTF-8''%C3%9Cbersicht.xlsx", "Übersicht.xlsx"],
    ["attachment; filename*=utf-8'de'Einverst%C3%A4ndnis.pdf", "Einverständnis.pdf"],
    ["attachment; filename*=iso-8859-1''%DCbersicht.xlsx", "Übersicht.xlsx"],
    ['attachment; filename="a; b.pdf"', "a; b.pdf"],
    ['attachment; filename="..\\\\..\\\\evil.exe"', "evil.exe"],
    ['attachment; FILENAME="upper.csv"', "upper.csv"],
  ])("[R-API032] %s -> %s", (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it.each([[null], [undefined], [""], ["attachment"], ['attachment; filename=""'], ["attachment; filename*=UTF-8''%E0%A4%A"]])(
    '[R-API032] falls back to "error" for %j',
    (header) => {
      expect(fileNameFromContentDisposition(header)).toBe("error");
    },
  );

  it("[R-API032] uses filename when filename* cannot be decoded", () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=\"plain.pdf\"")).toBe("plain.pdf");
  });
});
