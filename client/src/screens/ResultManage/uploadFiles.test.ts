import { RESULT_UPLOAD_MSG } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { httpError, transportError } from "../../http/apiError";
import { acceptOf, checkUploadFiles, mergeChosenFiles, uploadedText, uploadFailure } from "./uploadFiles";

const MB = 1024 * 1024;

describe("upload file checks", () => {
  it("[R-RE009][R-VA046] practice sheets: several .xlsx files (or the blank download's .zip), each at most 5 MB, at least one", () => {
    expect(acceptOf("practiceSheets")).toBe(".xlsx,.zip");
    expect(checkUploadFiles("practiceSheets", [])).toEqual(["Bitte eine Datei auswählen"]);
    expect(
      checkUploadFiles("practiceSheets", [
        { name: "a.xlsx", size: 10 },
        { name: "B.XLSX", size: 5 * MB },
        { name: "Blanko-Auswertungsboegen_L3.zip", size: 10 },
      ]),
    ).toEqual([]);
    expect(
      checkUploadFiles("practiceSheets", [
        { name: "a.xlsm", size: 10 },
        { name: "b.xlsx", size: 5 * MB + 1 },
        { name: "c", size: 1 },
      ]),
    ).toEqual([
      `„a.xlsm“: ${RESULT_UPLOAD_MSG.practiceSheetType}`,
      "„b.xlsx“: Die Datei ist zu groß. Maximal 5 MB erlaubt",
      `„c“: ${RESULT_UPLOAD_MSG.practiceSheetType}`,
    ]);
    expect(RESULT_UPLOAD_MSG.practiceSheetType).toMatch(/^Dieser Dateityp ist nicht erlaubt; /);
  });

  it("[R-VA045][R-RE016][R-VA046] competition results: exactly one file, PC Juror's .xlsm or the list saved as .xlsx", () => {
    expect(acceptOf("pcJuror")).toBe(".xlsm,.xlsx");
    expect(checkUploadFiles("pcJuror", [{ name: "pcjuror.xlsm", size: 2000 }])).toEqual([]);
    expect(checkUploadFiles("pcJuror", [{ name: "PC_Juror_Importliste_4.xlsx", size: 2000 }])).toEqual([]);
    expect(checkUploadFiles("pcJuror", [])).toEqual(["Bitte eine Datei auswählen"]);
    expect(checkUploadFiles("pcJuror", [{ name: "pcjuror.xls", size: 2000 }])).toEqual([`„pcjuror.xls“: ${RESULT_UPLOAD_MSG.pcJurorType}`]);
    expect(RESULT_UPLOAD_MSG.pcJurorType).toContain("(.xlsx");
    expect(
      checkUploadFiles("pcJuror", [
        { name: "a.xlsm", size: 1 },
        { name: "b.xlsm", size: 1 },
      ]),
    ).toEqual(["Bitte genau eine Datei auswählen"]);
  });

  it("[R-RE009][R-RE016] the success notice counts what the server matched: sheets, or PC Juror rows", () => {
    expect(uploadedText("practiceSheets", "Praxisprüfungsbögen erfolgreich hochgeladen", { uploaded: 3, results: [] })).toBe(
      "Praxisprüfungsbögen erfolgreich hochgeladen – zugeordnete Bögen: 3",
    );
    expect(uploadedText("pcJuror", "Wertungsspielergebnisse erfolgreich hochgeladen", { updated: 12, results: [] })).toBe(
      "Wertungsspielergebnisse erfolgreich hochgeladen – übernommene Zeilen: 12",
    );
  });

  it("choosing a file of the same name again replaces it; a single upload keeps the last choice", () => {
    const a = { name: "a.xlsx", size: 1 };
    const a2 = { name: "a.xlsx", size: 2 };
    const b = { name: "b.xlsx", size: 3 };
    expect(mergeChosenFiles([a], [a2, b], true)).toEqual([a2, b]);
    expect(mergeChosenFiles([a], [b], false)).toEqual([b]);
  });
});

describe("upload failures", () => {
  it("[R-ER017] a rejected upload lists the server's problem per file", () => {
    const lines = ["„a.xlsx“: Dieser Praxisbogen gehört zu einem anderen Prüfungsort (Ort Nr. 5), nicht zu „Praxis Blech“", "„b.xlsx“: Die Punktzahl fehlt"];
    const error = httpError(
      400,
      { error: { code: "VALIDATION", message: `Keine Praxisbögen übernommen: ${lines.join("; ")}`, fields: { "files.1": lines[1], "files.0": lines[0] } } },
      "Praxisprüfungsblätter konnten nicht hochgeladen werden",
    );
    expect(uploadFailure(error)).toEqual({
      text: `Praxisprüfungsblätter konnten nicht hochgeladen werden: Keine Praxisbögen übernommen: ${lines.join("; ")}`,
      summary: "Keine Praxisbögen übernommen",
      lines,
    });
  });

  it("[R-ER013] PC Juror rows and messages without a list", () => {
    const prefix = "Wertungsspielergebnisse konnten nicht hochgeladen werden";
    const rows = httpError(
      400,
      { error: { message: "Keine Ergebnisse übernommen: Zeile 3: Die Anmelde-ID fehlt", fields: { "file.0": "Zeile 3: Die Anmelde-ID fehlt" } } },
      prefix,
    );
    expect(uploadFailure(rows)).toMatchObject({ summary: "Keine Ergebnisse übernommen", lines: ["Zeile 3: Die Anmelde-ID fehlt"] });
    const tooLarge = httpError(413, { error: { message: "„x.xlsm“: Die Datei ist zu groß. Maximal 5 MB erlaubt" } }, prefix);
    expect(uploadFailure(tooLarge)).toMatchObject({ summary: "", lines: ["„x.xlsm“: Die Datei ist zu groß. Maximal 5 MB erlaubt"] });
    expect(uploadFailure(transportError("timeout", prefix))).toEqual({ text: `${prefix}: unknown error`, summary: "unknown error", lines: [] });
  });
});
