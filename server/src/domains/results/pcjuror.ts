// PC Juror, the jury program of the competitions (R-RE016..R-RE018, docs/decisions.md):
// - out: "PC Juror Importliste", one row per active competition registration of an event with
//   everything the jury program needs, keyed by our registration id ("Anmelde-ID"), and the two
//   empty result columns "Punkte" and "Prädikat";
// - in: pcjuror.xlsm, the program's macro workbook. The header row is found by name (case,
//   umlauts, spaces and punctuation do not matter; extra and reordered columns are fine): the
//   columns "Anmelde-ID", "Punkte" and "Prädikat" (or one of their aliases below) are required.
import { normalizeHeader, parseNumberText, pointsError, round2 } from "./rules.ts";
import { cellNumber, cellText, type ExcelJS } from "./xlsx.ts";

/** Accepted header names per column, most specific first (compared after normalizeHeader). */
export const PC_JUROR_COLUMNS = {
  id: ["Anmelde-ID", "Anmeldung-ID", "Anmeldungs-ID", "Anmelde-Nr", "Anmeldenummer", "Anmeldungsnummer", "Registration ID", "ID"],
  points: ["Gesamtpunkte", "Gesamtpunktzahl", "Punkte gesamt", "Endpunkte", "Endpunktzahl", "Ergebnispunkte", "Punktzahl", "Punkte", "Points"],
  mark: ["Prädikat", "Gesamtprädikat", "Ergebnisprädikat", "Pradikat", "Bewertung", "Note", "Mark"],
} as const;

export type ColumnKey = keyof typeof PC_JUROR_COLUMNS;

/** Column numbers (1-based) of the header row, or null when a required column is missing. */
export function matchHeaders(headers: (string | null)[]): Record<ColumnKey, number> | null {
  const normalized = headers.map((h) => (h ? normalizeHeader(h) : ""));
  const out: Partial<Record<ColumnKey, number>> = {};
  for (const key of Object.keys(PC_JUROR_COLUMNS) as ColumnKey[]) {
    for (const alias of PC_JUROR_COLUMNS[key]) {
      const i = normalized.indexOf(normalizeHeader(alias));
      if (i >= 0) {
        out[key] = i + 1;
        break;
      }
    }
  }
  return out.id && out.points && out.mark ? (out as Record<ColumnKey, number>) : null;
}

export type JurorResult = { row: number; registrationId: number; points: number | null; mark: string | null };

const HEADER_SEARCH_ROWS = 30;
const MAX_MARK_LENGTH = 100;

/**
 * The results of a PC Juror workbook: the first sheet with a header row naming the id, points and
 * mark columns (within its first 30 rows). Rows without id, points and mark are skipped; a row with
 * neither points nor mark leaves its registration unchanged. Errors name the row ("Zeile 7: ...").
 */
export function readPcJurorResults(wb: ExcelJS.Workbook): { results: JurorResult[]; errors: string[] } {
  for (const ws of wb.worksheets) {
    for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, ws.rowCount); r++) {
      const row = ws.getRow(r);
      const headers = Array.from({ length: row.cellCount }, (_, i) => cellText(row.getCell(i + 1).value));
      const cols = matchHeaders(headers);
      if (cols) return readRows(ws, r, cols);
    }
  }
  return {
    results: [],
    errors: ["Keine Kopfzeile mit den Spalten „Anmelde-ID“, „Punkte“ und „Prädikat“ gefunden (Groß-/Kleinschreibung und Reihenfolge sind egal)"],
  };
}

function readRows(ws: ExcelJS.Worksheet, headerRow: number, cols: Record<ColumnKey, number>) {
  const results: JurorResult[] = [];
  const errors: string[] = [];
  const seen = new Map<number, number>();
  for (let r = headerRow + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const idText = cellText(row.getCell(cols.id).value);
    const pointsCell = row.getCell(cols.points).value;
    const points = cellNumber(pointsCell);
    const mark = cellText(row.getCell(cols.mark).value);
    if (idText === null && points === null && mark === null) continue;
    const at = `Zeile ${r}`;
    if (idText === null) {
      errors.push(`${at}: Die Anmelde-ID fehlt`);
      continue;
    }
    const id = parseNumberText(idText);
    if (id === null || !Number.isSafeInteger(id) || id <= 0) {
      errors.push(`${at}: „${idText}“ ist keine Anmelde-ID`);
      continue;
    }
    const who = `${at} (Anmeldung ${id})`;
    if (seen.has(id)) {
      errors.push(`${who}: Die Anmeldung steht mehrfach in der Datei (auch Zeile ${seen.get(id)})`);
      continue;
    }
    seen.set(id, r);
    if (points === null && mark === null) continue;
    if (points !== null) {
      if (Number.isNaN(points)) {
        errors.push(`${who}: Die Punkte „${cellText(pointsCell) ?? ""}“ sind keine Zahl`);
        continue;
      }
      // PC Juror may compute averages: any number 0..100, stored with two decimals
      const bad = pointsError(round2(points));
      if (bad || points < 0 || points > 100) {
        errors.push(`${who}: Die Punkte müssen zwischen 0 und 100 liegen`);
        continue;
      }
    }
    if (mark && mark.length > MAX_MARK_LENGTH) {
      errors.push(`${who}: Das Prädikat ist zu lang (höchstens ${MAX_MARK_LENGTH} Zeichen)`);
      continue;
    }
    results.push({ row: r, registrationId: id, points: points === null ? null : round2(points), mark });
  }
  return { results, errors };
}
