// The list exports as office staff use them: dates and points are typed cells with German display
// formats, numbers and dates inside text read German, empty cells are empty, the "Angaben" sheet
// counts active and cancelled registrations apart, and every sheet has an A4 page setup that keeps
// the printed text readable (the PDF sizes are checked in tests/integration/results/libreoffice.test.ts).

import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spreadsheetPool } from "../../workers/pool.ts";
import {
  type CompetitionOverviewRow,
  certificateList,
  competitionOverview,
  type DexamOverviewRow,
  dexamOverview,
  type EventFacts,
  pcJurorImportList,
} from "./exports.ts";
import { berlinWallClock, fileNamePart, germanIsoDate, germanNumber } from "./rules.ts";
import { buildPracticeSheet } from "./sheet.ts";
import { listPageSetup } from "./xlsx.ts";

// the lists are written in a spreadsheet thread (at a lower priority than this one): started once,
// before the first test; on a loaded machine a thread's task may take longer than the default 5 s
beforeAll(() => spreadsheetPool.warm(), 60_000);
vi.setConfig({ testTimeout: 30_000 });
afterAll(() => spreadsheetPool.close());

const facts: EventFacts = { id: 7, name: "D-Prüfungen Herbst", districtName: "KV Eins", exportedAt: new Date("2026-07-01T12:30:00Z") };

const dexamRow = (over: Partial<DexamOverviewRow> = {}): DexamOverviewRow =>
  ({
    id: 1,
    lastname: "Lang",
    firstname: "Kim",
    birthdate: new Date("2012-07-05T00:00:00Z"),
    gender: "F",
    instrument: "CLARINET",
    type: "D2",
    association: { name: "MV Eins" },
    theoryLocation: { name: "Theorie" },
    practiceLocation: null,
    preparationLocation: null,
    theoryLocationId: 1,
    practiceLocationId: null,
    partialResultType: "PRACTICE",
    partialResultDistrict: "KV Zwei",
    partialResultYear: 2025,
    partialResultLocation: null,
    partialResultPoints: 52.5,
    existingPartialResultVerified: true,
    songs: [],
    remarks: null,
    createdAt: new Date("2026-06-14T12:05:00Z"),
    cancelledAt: null,
    theoryPoints: 31,
    practicePoints: null,
    practiceSheetFileId: null,
    consentFormFileId: null,
    mealRequest: null,
    camp: { vaccinations: [{ type: "TETANUS", available: true, date: "2021-05-01" }], emergencyContacts: [] },
    ...over,
  }) as unknown as DexamOverviewRow;

async function load(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

/** The first sheet as header -> cell, per data row. */
function cells(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) rows.push(Object.fromEntries(headers.map((h, i) => [h, ws.getRow(r).getCell(i + 1)])));
  return rows;
}

const info = (wb: ExcelJS.Workbook) => {
  const ws = wb.getWorksheet("Angaben")!;
  return Object.fromEntries(ws.getSheetValues().flatMap((r) => (Array.isArray(r) && r[1] ? [[String(r[1]), r[2]]] : [])));
};

describe("list exports: cell types and German text", () => {
  it("[R-API042][R-RO007] D-exam overview: dates are date cells, points numbers with 0.00, text German, empty cells empty", async () => {
    const cancelled = dexamRow({ id: 2, lastname: "Bach", cancelledAt: new Date("2026-01-10T23:30:00Z"), partialResultType: null });
    const wb = await load(await dexamOverview(facts, [dexamRow(), cancelled], { camp: true, results: true }));
    const [lang, bach] = cells(wb.worksheets[0]);
    expect(lang.Geburtsdatum.value).toEqual(new Date("2012-07-05T00:00:00Z"));
    expect(lang.Geburtsdatum.numFmt).toBe("DD.MM.YYYY");
    // Berlin wall-clock time (summer time: UTC+2)
    expect(lang["Angemeldet am"].value).toEqual(new Date("2026-06-14T14:05:00Z"));
    expect(lang["Angemeldet am"].numFmt).toBe("DD.MM.YYYY hh:mm");
    // winter time: UTC+1, the next calendar day in Berlin
    expect(bach["Storniert am"].value).toEqual(new Date("2026-01-11T00:30:00Z"));
    expect(lang["Theorie-Punkte"].value).toBe(31);
    expect(lang["Theorie-Punkte"].numFmt).toBe("0.00");
    expect(lang["Vorhandene Teilprüfung"].value).toBe("Praxis: KV Zwei, 2025, 52,5 Punkte");
    expect(lang.Impfungen.value).toBe("Tetanus: ja (01.05.2021)");
    // empty, not an empty string
    expect(lang["Storniert am"].value).toBeNull();
    expect(lang["Praxis-Punkte"].value).toBeNull();
    expect(lang.Bemerkungen.value).toBeNull();
    expect(bach["Vorhandene Teilprüfung"].value).toBeNull();
    // the counts of the "Angaben" sheet: active and cancelled apart; the time a date cell
    const lines = info(wb);
    expect(lines["Anmeldungen (aktiv)"]).toBe(1);
    expect(lines["Stornierte Anmeldungen"]).toBe(1);
    expect(lines.Anmeldungen).toBeUndefined();
    expect(lines["Erstellt am"]).toEqual(new Date("2026-07-01T14:30:00Z"));
  });

  it("[R-API042][R-EV020] certificate list: birth date a date cell, the partial result German; PC Juror list: points column 0.00", async () => {
    const wb = await load(await certificateList(facts, [dexamRow()], null));
    const [row] = cells(wb.worksheets[0]);
    expect(row.Geburtsdatum.value).toBeInstanceOf(Date);
    expect(row.Geburtsdatum.numFmt).toBe("DD.MM.YYYY");
    expect(row["Theorie-Punkte"].numFmt).toBe("0.00");
    expect(row.Hinweis.value).toBe("Praxis aus Teilprüfung (KV Zwei 2025, 52,5 Punkte)");
    const competition = {
      id: 3,
      name: "Blasorchester",
      association: { name: "MV Eins" },
      location: null,
      locationId: null,
      type: "K",
      cast: "B",
      category: "CAT_3",
      ageGroup: null,
      conductorName: "Max",
      numberOfMusicians: 40,
      members: null,
      songs: [],
      documentsComplete: true,
      remarks: null,
      createdAt: new Date("2026-06-14T12:05:00Z"),
      cancelledAt: null,
      points: 88.5,
      mark: "sehr gut",
    } as unknown as CompetitionOverviewRow;
    const juror = await load(await pcJurorImportList(facts, [competition]));
    expect(cells(juror.worksheets[0])[0].Punkte.numFmt).toBe("0.00");
    // the long return note wraps in a row as high as its lines (no program grows it on opening)
    const note = juror
      .getWorksheet("Angaben")!
      .getColumn(1)
      .values.findIndex((v) => v === "Rückweg");
    expect(juror.getWorksheet("Angaben")!.getRow(note).height).toBeGreaterThanOrEqual(40);
    const overview = await load(await competitionOverview(facts, [competition], { results: true }));
    const [c] = cells(overview.worksheets[0]);
    expect(c.Punkte.value).toBe(88.5);
    expect(c.Punkte.numFmt).toBe("0.00");
    expect(c["Angemeldet am"].value).toBeInstanceOf(Date);
  });

  it("[R-API042] numbers and dates inside text read German", () => {
    expect(germanNumber(52.5)).toBe("52,5");
    expect(germanNumber(36)).toBe("36");
    expect(germanNumber(72.25)).toBe("72,25");
    expect(germanNumber(null)).toBe("");
    expect(germanIsoDate("2021-05-01")).toBe("01.05.2021");
    expect(germanIsoDate("Mai 2021")).toBe("Mai 2021");
    expect(berlinWallClock(new Date("2026-03-29T01:30:00Z"))).toEqual(new Date("2026-03-29T03:30:00Z"));
  });

  it("[R-RE013] file names transliterate ø, æ, ß and drop accents before replacing the rest", () => {
    expect(fileNamePart("Søren")).toBe("Soeren");
    expect(fileNamePart("Ælfgifu")).toBe("Aelfgifu");
    expect(fileNamePart("Strauß")).toBe("Strauss");
    expect(fileNamePart("Œdipe Łukasz")).toBe("Oedipe_Lukasz");
    expect(fileNamePart("José Müller")).toBe("Jose_Mueller");
    expect(fileNamePart("Þór")).toBe("Thor");
  });
});

describe("page setup of every sheet", () => {
  it("[R-API042][R-RO007] a list fits one page wide only while readable; a wide one repeats its key columns across pages", () => {
    const narrow = listPageSetup([8, 20, 20, 12, 30]);
    expect(narrow).toMatchObject({ paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "1:1" });
    const wide = listPageSetup(Array.from({ length: 25 }, () => 16));
    expect(wide).toMatchObject({ paperSize: 9, orientation: "landscape", fitToPage: false, scale: 100, printTitlesColumn: "A:C", pageOrder: "overThenDown" });
  });

  it("[R-API042][R-RE010] the Angaben sheets and the practice sheet: A4, margins, fit, a named font everywhere", async () => {
    const practice = await buildPracticeSheet({
      registrationId: 1,
      locationId: 2,
      checkCode: "x",
      districtName: "KV",
      eventName: "E",
      locationName: "L",
      locationAddress: "",
      locationDate: "",
      lastname: "Lang",
      firstname: "Kim",
      birthdate: "05.07.2012",
      club: "MV",
      instrument: "Klarinette",
      course: "D2",
      songs: [{ label: "1", name: "" }],
      passPoints: 36,
    });
    const workbooks = [
      await load(await dexamOverview(facts, [dexamRow()], { camp: true, results: true })),
      await load(await certificateList(facts, [dexamRow()], null)),
      await load(practice),
    ];
    for (const wb of workbooks)
      for (const ws of wb.worksheets) {
        expect(ws.pageSetup.paperSize, ws.name).toBe(9);
        expect(ws.pageSetup.margins?.left, ws.name).toBe(0.5);
        ws.eachRow((row) =>
          row.eachCell((cell) => {
            // no font of its own: the default font, Arial (below)
            if (cell.value !== null && cell.font) expect(cell.font.name, `${ws.name}!${cell.address}`).toBe("Arial");
          }),
        );
      }
    // the default font (font 0, the unit of the column widths) is the list font too, not Calibri
    for (const buf of [await dexamOverview(facts, [dexamRow()], { camp: false, results: false }), await certificateList(facts, [dexamRow()], null), practice]) {
      const styles = Buffer.from(unzipSync(new Uint8Array(buf))["xl/styles.xml"]).toString("utf8");
      expect(/<fonts\b[^>]*><font>([\s\S]*?)<\/font>/.exec(styles)?.[1]).toContain('<name val="Arial"/>');
    }
    const angaben = workbooks[0].getWorksheet("Angaben")!;
    expect(angaben.pageSetup).toMatchObject({ orientation: "portrait", fitToPage: true, fitToWidth: 1 });
    const sheet = workbooks[2].worksheets[0];
    // the title's row is higher than its 16 pt text; the table's header cells align alike; empty cells are empty
    expect(sheet.getRow(1).height).toBeGreaterThan(20);
    expect(sheet.getCell("A14").alignment?.vertical).toBe(sheet.getCell("B14").alignment?.vertical);
    expect(sheet.getCell("A15").alignment?.vertical).toBe(sheet.getCell("B15").alignment?.vertical);
    expect(sheet.getCell("B15").value).toBeNull();
    expect(sheet.getCell("E15").value).toBeNull();
    // no cell of the workbook holds an empty string
    const parts = unzipSync(new Uint8Array(practice));
    const strings = Buffer.from(parts["xl/sharedStrings.xml"] ?? new Uint8Array()).toString("utf8");
    expect(strings).not.toMatch(/<t(?: [^>]*)?\/>|<t(?: [^>]*)?><\/t>/);
  });
});
