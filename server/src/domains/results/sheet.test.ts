import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spreadsheetPool } from "../../workers/pool.ts";
import { PC_JUROR_LIST_HEADERS, pcJurorImportList } from "./exports.ts";
import { matchHeaders, readPcJurorResults } from "./pcjuror.ts";
import { buildPracticeSheet, MAIN_SHEET, POINTS_CELL, type PracticeSheetData, readPracticeSheet } from "./sheet.ts";
import { cellNumber, loadUploadedWorkbook, UploadRejected, workbookBuffer } from "./xlsx.ts";

// the lists are written in a spreadsheet thread (at a lower priority than this one): started once,
// before the first test; on a loaded machine a thread's task may take longer than the default 5 s
beforeAll(() => spreadsheetPool.warm(), 60_000);
vi.setConfig({ testTimeout: 30_000 });
afterAll(() => spreadsheetPool.close());

const data: PracticeSheetData = {
  registrationId: 123,
  locationId: 45,
  checkCode: "abc123",
  districtName: "KV Eins",
  eventName: "D-Prüfungen Frühjahr",
  locationName: "Musikschule",
  locationAddress: "Weg 1, 70173 Stadt",
  locationDate: "01.05.2099 09:00",
  lastname: "Lang",
  firstname: "Kim",
  birthdate: "05.04.2012",
  club: "MV Eins",
  instrument: "Klarinette",
  course: "D2",
  songs: [
    { label: "12", name: "Menuett" },
    { label: "7", name: "Etüde" },
  ],
  passPoints: 36,
};

async function filled(value: ExcelJS.CellValue, at = POINTS_CELL): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildPracticeSheet(data)) as unknown as ArrayBuffer);
  wb.getWorksheet(MAIN_SHEET)!.getCell(at).value = value;
  return workbookBuffer(wb);
}

describe("practice sheet format", () => {
  it("[R-RE010][R-BC004] a blank sheet carries the ids hidden, a points field and the threshold; filled points read back", async () => {
    const blank = await buildPracticeSheet(data);
    const wb = await loadUploadedWorkbook(blank, "xlsx");
    expect(wb.getWorksheet("Kennung")!.state).toBe("hidden");
    expect(wb.getWorksheet(MAIN_SHEET)!.pageSetup.paperSize).toBe(9);
    const texts = wb
      .getWorksheet(MAIN_SHEET)!
      .getSheetValues()
      .flat()
      .filter((v) => typeof v === "string")
      .join(" ");
    expect(texts).toContain("ab 36 Punkten");
    expect(texts).toContain("Lang, Kim");
    expect(readPracticeSheet(wb)).toEqual({ registrationId: 123, locationId: 45, checkCode: "abc123", points: null });
    expect(readPracticeSheet(await loadUploadedWorkbook(await filled(72.5), "xlsx"))?.points).toBe(72.5);
    expect(readPracticeSheet(await loadUploadedWorkbook(await filled("72,5"), "xlsx"))?.points).toBe(72.5);
    expect(readPracticeSheet(await loadUploadedWorkbook(await filled("viel"), "xlsx"))?.points).toBeNaN();
  });

  it("[R-RE010] formulas are never evaluated: the cached result counts, no cached result is missing", async () => {
    expect(readPracticeSheet(await loadUploadedWorkbook(await filled({ formula: "30+10", result: 40 }), "xlsx"))?.points).toBe(40);
    expect(readPracticeSheet(await loadUploadedWorkbook(await filled({ formula: "30+10" } as ExcelJS.CellFormulaValue), "xlsx"))?.points).toBeNull();
    expect(cellNumber({ sharedFormula: "D21", result: 12 } as ExcelJS.CellValue)).toBe(12);
  });

  it("[R-RE013] a workbook without our hidden ids is not a practice sheet", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet(MAIN_SHEET).getCell(POINTS_CELL).value = 50;
    expect(readPracticeSheet(await loadUploadedWorkbook(await workbookBuffer(wb), "xlsx"))).toBeNull();
  });

  it("[R-BC004][R-BC005] the extension must match the content type; a macro part is dropped, never run", async () => {
    const blank = await buildPracticeSheet(data);
    await expect(loadUploadedWorkbook(blank, "xlsm")).rejects.toThrow(/passt nicht zu ihrer Endung/);
    const entries = unzipSync(blank);
    entries["[Content_Types].xml"] = new TextEncoder().encode(
      new TextDecoder()
        .decode(entries["[Content_Types].xml"])
        .replace("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", "application/vnd.ms-excel.sheet.macroEnabled.main+xml"),
    );
    entries["xl/vbaProject.bin"] = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]);
    const xlsm = zipSync(entries);
    await expect(loadUploadedWorkbook(xlsm, "xlsx")).rejects.toThrow(/passt nicht zu ihrer Endung/);
    expect(readPracticeSheet(await loadUploadedWorkbook(xlsm, "xlsm"))?.registrationId).toBe(123);
    await expect(loadUploadedWorkbook(new TextEncoder().encode("kein Excel"), "xlsx")).rejects.toBeInstanceOf(UploadRejected);
  });
});

describe("PC Juror", () => {
  it("[R-RE018] columns are found by header name: case, umlauts, order and extra columns do not matter", () => {
    expect(matchHeaders(["Anmelde-ID", "Punkte", "Prädikat"])).toEqual({ id: 1, points: 2, mark: 3 });
    expect(matchHeaders(["Juror 1", "PRAEDIKAT", "Startnummer", "punkte", "anmelde id"])).toEqual({ id: 5, points: 4, mark: 2 });
    // the total wins over a plain "Punkte" column
    expect(matchHeaders(["ID", "Punkte", "Gesamtpunkte", "Bewertung"])).toEqual({ id: 1, points: 3, mark: 4 });
    expect(matchHeaders(["Anmelde-ID", "Punkte"])).toBeNull();
    expect(matchHeaders(["Ort-ID", "Punkte", "Prädikat"])).toBeNull();
  });

  it("[R-RE017][R-RE018] reads points and marks, skips empty rows and names the rows of every error", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Info").addRow(["Wertungsspiel 2099"]);
    const ws = wb.addWorksheet("Ergebnisse");
    ws.addRow(["PC Juror Auswertung"]);
    ws.addRow(["Name", "Prädikat", "Punkte", "Anmelde-ID"]);
    ws.addRow(["Orchester A", "mit hervorragendem Erfolg", 92.456, 11]);
    ws.addRow(["Orchester B", "mit gutem Erfolg", { formula: "70+5", result: 75 }, "12"]);
    ws.addRow([]);
    ws.addRow(["nicht angetreten", null, null, 13]);
    ws.addRow(["Orchester C", "ohne Bewertung", null, 14]);
    const ok = readPcJurorResults(await loadUploadedWorkbook(await workbookBuffer(wb), "xlsx"));
    expect(ok.errors).toEqual([]);
    expect(ok.results).toEqual([
      { row: 3, registrationId: 11, points: 92.46, mark: "mit hervorragendem Erfolg" },
      { row: 4, registrationId: 12, points: 75, mark: "mit gutem Erfolg" },
      { row: 7, registrationId: 14, points: null, mark: "ohne Bewertung" },
    ]);
    ws.addRow(["X", "gut", 101, 15]);
    ws.addRow(["Y", "gut", "viel", 16]);
    ws.addRow(["Z", "gut", 50, "abc"]);
    ws.addRow(["W", "gut", 50, 11]);
    ws.addRow(["V", "gut", 50, null]);
    const bad = readPcJurorResults(await loadUploadedWorkbook(await workbookBuffer(wb), "xlsx"));
    expect(bad.errors).toEqual([
      "Zeile 8 (Anmeldung 15): Die Punkte müssen zwischen 0 und 100 liegen",
      "Zeile 9 (Anmeldung 16): Die Punkte „viel“ sind keine Zahl",
      "Zeile 10: „abc“ ist keine Anmelde-ID",
      "Zeile 11 (Anmeldung 11): Die Anmeldung steht mehrfach in der Datei (auch Zeile 3)",
      "Zeile 12: Die Anmelde-ID fehlt",
    ]);
  });

  it("[R-RE018] without the required columns the file is refused with the expected names", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("A").addRow(["Name", "Punkte"]);
    expect(readPcJurorResults(await loadUploadedWorkbook(await workbookBuffer(wb), "xlsx")).errors[0]).toMatch(/Anmelde-ID.*Punkte.*Prädikat/);
  });

  it("[R-RE018][R-API042] the import list carries our ids and its own result columns match the reader", async () => {
    expect(matchHeaders(PC_JUROR_LIST_HEADERS)).not.toBeNull();
    const buf = await pcJurorImportList({ id: 1, name: "WS", districtName: "KV", exportedAt: new Date() }, [
      {
        id: 7,
        eventId: 1,
        userId: null,
        locationId: 3,
        name: "Jugendorchester",
        associationId: 1,
        type: "K",
        cast: "JB",
        category: "CAT_3",
        ageGroup: null,
        conductorName: "D. Irigent",
        numberOfMusicians: 40,
        members: null,
        remarks: null,
        remarksEncrypted: null,
        cancelledAt: null,
        documentsComplete: false,
        songsCompleteKey: false,
        gdprAccepted: true,
        cancellationAccepted: false,
        songs: [{ name: "Marsch", composer: "K", publisher: "V", arranger: null, duration: 245 }],
        points: null,
        mark: null,
        version: 1,
        createdAt: new Date(),
        updatedAt: new Date(),
        association: { name: "MV Eins" },
        location: { name: "Stadthalle" },
      },
    ]);
    const wb = await loadUploadedWorkbook(buf, "xlsx");
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    const at = (h: string) => row[header.indexOf(h)];
    expect(at("Anmelde-ID")).toBe(7);
    expect(at("Stück 1 Dauer")).toBe("04:05");
    expect(at("Kategorie")).toBe(3);
    expect(at("Wertungsart Bezeichnung")).toBe("Konzertmusik");
  });
});
