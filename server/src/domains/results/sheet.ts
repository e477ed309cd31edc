// The practice evaluation sheet (Auswertungsbogen Praxisprüfung), a format of our own
// (docs/decisions.md, README "Files"): one .xlsx per registration of a practice location.
//
// - Sheet "Praxisbogen" (A4 portrait): candidate, exam pieces, the yellow points field (cell D21,
//   defined name "Praxispunkte", data validation 0..100), the pass threshold, how to fill it in,
//   remarks and signature lines.
// - Hidden sheet "Kennung": A1 the format marker, B2 the registration id, B3 the location id,
//   B4 a check code (HMAC of both ids under the server key).
// - File name Praxisbogen_R<registration>_L<location>_<Lastname>_<Firstname>.xlsx.
// An upload is matched by the ids inside AND in the file name; both must agree.
import { A4_PORTRAIT, cellNumber, cellText, type ExcelJS, FONT_NAME, font, newWorkbook, valuesOnlyCopy, workbookBuffer } from "./xlsx.ts";

export const SHEET_MARKER = "Anmeldesystem Praxisbogen";
export const SHEET_VERSION = "1";
export const MAIN_SHEET = "Praxisbogen";
export const ID_SHEET = "Kennung";
export const POINTS_NAME = "Praxispunkte";
export const POINTS_CELL = "D21";

export type PracticeSheetData = {
  registrationId: number;
  locationId: number;
  checkCode: string;
  districtName: string;
  eventName: string;
  locationName: string;
  locationAddress: string;
  locationDate: string;
  lastname: string;
  firstname: string;
  birthdate: string;
  club: string;
  instrument: string;
  course: string;
  /** four rows: label (number, or the percussion row's name) and piece */
  songs: { label: string; name: string }[];
  passPoints: number;
};

const thin: Partial<ExcelJS.Borders> = {
  top: { style: "thin" },
  left: { style: "thin" },
  bottom: { style: "thin" },
  right: { style: "thin" },
};

export async function buildPracticeSheet(d: PracticeSheetData): Promise<Buffer> {
  const wb = newWorkbook();
  wb.creator = "Anmeldesystem";
  wb.title = `Praxisbogen ${d.lastname}, ${d.firstname}`;
  const ws = wb.addWorksheet(MAIN_SHEET, { pageSetup: { ...A4_PORTRAIT, fitToHeight: 1, printArea: "A1:F36" } });
  ws.columns = [{ width: 18 }, { width: 16 }, { width: 16 }, { width: 14 }, { width: 16 }, { width: 14 }];
  const line = (row: number, text: string, opts: { bold?: boolean; size?: number; wrap?: boolean; height?: number } = {}) => {
    ws.mergeCells(`A${row}:F${row}`);
    const c = ws.getCell(`A${row}`);
    c.value = text;
    c.font = font({ bold: !!opts.bold, size: opts.size ?? 11 });
    c.alignment = { wrapText: !!opts.wrap, vertical: opts.height ? "top" : "middle" };
    if (opts.height) ws.getRow(row).height = opts.height;
  };
  // the title's row fits its 16 pt (a 15 pt row crowded the line below)
  line(1, "Auswertungsbogen Praxisprüfung", { bold: true, size: 16, height: 24 });
  line(2, `${d.districtName} · ${d.eventName}`);
  line(3, `Anmeldung Nr. ${d.registrationId} · Prüfungsort Nr. ${d.locationId}`, { size: 9 });

  const field = (row: number, label: string, value: string) => {
    ws.getCell(`A${row}`).value = label;
    ws.getCell(`A${row}`).font = font({ bold: true, size: 11 });
    ws.mergeCells(`B${row}:F${row}`);
    ws.getCell(`B${row}`).value = value || null;
    ws.getCell(`B${row}`).font = font({ size: 11 });
  };
  field(5, "Name", `${d.lastname}, ${d.firstname}`);
  field(6, "Geburtsdatum", d.birthdate);
  field(7, "Verein", d.club);
  field(8, "Instrument", d.instrument);
  field(9, "Kurs", d.course);
  field(10, "Prüfungsort", [d.locationName, d.locationAddress].filter(Boolean).join(", "));
  field(11, "Termin", d.locationDate);

  ws.getCell("A13").value = "Prüfungsstücke";
  ws.getCell("A13").font = font({ bold: true, size: 12 });
  // the table: every cell aligned alike (top, wrapped), empty cells really empty
  const head = ws.getRow(14);
  head.getCell(1).value = "Nr.";
  head.getCell(2).value = "Stück";
  head.getCell(5).value = "Bemerkungen";
  ws.mergeCells("B14:D14");
  ws.mergeCells("E14:F14");
  for (const col of ["A", "B", "E"]) {
    ws.getCell(`${col}14`).font = font({ bold: true, size: 11 });
    ws.getCell(`${col}14`).alignment = { vertical: "top" };
  }
  for (let i = 0; i < 4; i++) {
    const r = 15 + i;
    const s = d.songs[i] ?? { label: String(i + 1), name: "" };
    ws.getCell(`A${r}`).value = s.label || null;
    ws.mergeCells(`B${r}:D${r}`);
    ws.getCell(`B${r}`).value = s.name || null;
    ws.mergeCells(`E${r}:F${r}`);
    ws.getRow(r).height = 30;
    for (const col of ["A", "B", "E"]) {
      ws.getCell(`${col}${r}`).font = font({ size: 11 });
      ws.getCell(`${col}${r}`).alignment = { wrapText: true, vertical: "top" };
    }
  }
  for (let r = 14; r <= 18; r++) for (const col of ["A", "B", "E"]) ws.getCell(`${col}${r}`).border = thin;

  // the points field
  ws.mergeCells("A21:C21");
  ws.getCell("A21").value = "Punkte Praxisprüfung (0 bis 100):";
  ws.getCell("A21").font = font({ bold: true, size: 12 });
  ws.getCell("A21").alignment = { horizontal: "right", vertical: "middle" };
  const points = ws.getCell(POINTS_CELL);
  points.value = null;
  points.numFmt = "0.00";
  points.font = font({ bold: true, size: 14 });
  points.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFFF176" } };
  points.border = { top: { style: "medium" }, left: { style: "medium" }, bottom: { style: "medium" }, right: { style: "medium" } };
  points.alignment = { horizontal: "center", vertical: "middle" };
  points.dataValidation = {
    type: "decimal",
    operator: "between",
    allowBlank: true,
    formulae: [0, 100],
    showErrorMessage: true,
    errorTitle: "Punkte",
    error: "Bitte eine Zahl von 0 bis 100 mit höchstens zwei Nachkommastellen eingeben.",
    showInputMessage: true,
    promptTitle: "Punkte Praxisprüfung",
    prompt: `0 bis 100, höchstens zwei Nachkommastellen; bestanden ab ${d.passPoints} Punkten.`,
  };
  ws.getRow(21).height = 26;
  wb.definedNames.add(`${MAIN_SHEET}!$D$21`, POINTS_NAME);
  line(22, `Bestanden ist die Praxisprüfung ab ${d.passPoints} Punkten (einschließlich); die Theorieprüfung ab 24 Punkten.`, { bold: true });

  line(
    24,
    "So wird der Bogen ausgefüllt: Die Gesamtpunktzahl der Praxisprüfung als Zahl von 0 bis 100 mit höchstens zwei " +
      "Nachkommastellen (z. B. 72,5) in das gelbe Feld eintragen. Die Datei als Excel-Arbeitsmappe (.xlsx) speichern und " +
      "den Dateinamen NICHT ändern: Anmeldung und Prüfungsort werden über den Dateinamen und Kennungen in der Datei " +
      "zugeordnet. Hochladen in der Ergebnisverwaltung beim Prüfungsort dieses Bogens (mehrere Bögen auf einmal möglich).",
    { wrap: true, height: 78, size: 10 },
  );

  ws.getCell("A27").value = "Bemerkungen der Prüfer/innen";
  ws.getCell("A27").font = font({ bold: true, size: 11 });
  ws.mergeCells("A28:F32");
  ws.getCell("A28").border = thin;
  ws.getCell("A28").alignment = { wrapText: true, vertical: "top" };

  ws.getCell("A35").value = "Ort, Datum";
  ws.getCell("D35").value = "Unterschrift Prüfer/in";
  for (const c of ["A35", "D35"]) ws.getCell(c).font = font({ size: 11 });
  for (const c of ["A34", "B34", "D34", "E34", "F34"]) ws.getCell(c).border = { bottom: { style: "thin" } };
  // the footer names its font (else LibreOffice falls back to another family) and prints at 9 pt
  const footerFont = `&"${FONT_NAME},Regular"&9`;
  ws.headerFooter.oddFooter = `&L${footerFont}Anmeldung ${d.registrationId} · Prüfungsort ${d.locationId}&R${footerFont}Seite &P von &N`;

  // the ids, hidden
  const ids = wb.addWorksheet(ID_SHEET, { state: "hidden", pageSetup: A4_PORTRAIT });
  ids.getCell("A1").value = SHEET_MARKER;
  ids.getCell("B1").value = SHEET_VERSION;
  ids.getCell("A2").value = "Anmeldung";
  ids.getCell("B2").value = d.registrationId;
  ids.getCell("A3").value = "Prüfungsort";
  ids.getCell("B3").value = d.locationId;
  ids.getCell("A4").value = "Prüfcode";
  ids.getCell("B4").value = d.checkCode;
  ids.getCell("A5").value = "Bitte dieses Blatt nicht ändern: es ordnet den Bogen der Anmeldung zu.";
  ids.eachRow((row) => row.eachCell((cell) => (cell.font = font({ size: 11 }))));
  return workbookBuffer(wb);
}

export type ReadSheet = {
  registrationId: number;
  locationId: number;
  checkCode: string;
  /** null: no value; NaN: not a number */
  points: number | null;
};

/** Reads the ids and the points of a practice sheet; null when the workbook is not one of ours. */
export function readPracticeSheet(wb: ExcelJS.Workbook): ReadSheet | null {
  const ids = wb.getWorksheet(ID_SHEET);
  if (!ids || cellText(ids.getCell("A1").value) !== SHEET_MARKER) return null;
  const registrationId = cellNumber(ids.getCell("B2").value);
  const locationId = cellNumber(ids.getCell("B3").value);
  const checkCode = cellText(ids.getCell("B4").value);
  if (!Number.isSafeInteger(registrationId) || !Number.isSafeInteger(locationId) || !checkCode) return null;
  // the points field by its defined name (it moves with inserted rows), else its place
  let sheetName = MAIN_SHEET;
  let address = POINTS_CELL;
  const range = wb.definedNames.getRanges(POINTS_NAME)?.ranges?.[0];
  const m = range ? /^'?(.+?)'?!\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(range) : null;
  if (m) {
    sheetName = m[1].replace(/''/g, "'");
    address = `${m[2]}${m[3]}`;
  }
  const ws = wb.getWorksheet(sheetName);
  if (!ws) return null;
  return { registrationId: registrationId as number, locationId: locationId as number, checkCode, points: cellNumber(ws.getCell(address).value) };
}

/**
 * What is stored of an uploaded practice sheet and served to staff and members: its values in a
 * clean workbook with the "Praxispunkte" name (it uploads again), never the uploaded bytes, which
 * may carry links, formulas or macros (xlsx.ts valuesOnlyCopy).
 */
export const storedPracticeSheet = (wb: ExcelJS.Workbook) => valuesOnlyCopy(wb, [POINTS_NAME]);
