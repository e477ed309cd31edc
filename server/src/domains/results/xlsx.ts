// Workbooks in and out: uploaded files pass the zip guard (files/zip.ts), the XML shape guard
// (depth and element count, rows and cells, read while the parts are inflated) and the
// content-type check before exceljs parses a clean copy without any macro part; cell values are
// read as stored (a formula's cached result, never evaluated). All of this runs in a spreadsheet
// thread (workers/pool.ts), never on the request thread.
import { createRequire } from "node:module";
import { PassThrough } from "node:stream";
import type ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { type EntryReader, readZip, WORKBOOK_LIMITS, workbookKind, ZipRejected } from "../files/zip.ts";
import { parseNumberText } from "./rules.ts";

export type { ExcelJS };

let loaded: typeof ExcelJS | undefined;
/**
 * exceljs, loaded on its first use: a spreadsheet thread that only refuses crafted uploads (the
 * guards below need no exceljs) never loads it, about 28 MB less per thread (bench figure 9).
 */
export const excel = (): typeof ExcelJS => {
  loaded ??= createRequire(import.meta.url)("exceljs") as typeof ExcelJS;
  return loaded;
};

/** A new, empty exceljs workbook. */
export const newWorkbook = (): ExcelJS.Workbook => new (excel().Workbook)();

export class UploadRejected extends Error {}

/** The parts of a package exceljs gets to read: XML and relationships, nothing else (no VBA project). */
const EXCELJS_PARTS = /\.(xml|rels)$/i;

/**
 * Loads an uploaded workbook after the zip guard. `expected` is what the extension promises: an
 * .xlsx must be a plain workbook, an .xlsm a macro-enabled one. The VBA project (and anything else
 * that is not spreadsheet XML) is dropped before exceljs sees the package; nothing is executed.
 */
export async function loadUploadedWorkbook(data: Uint8Array, expected: "xlsx" | "xlsm"): Promise<ExcelJS.Workbook> {
  let entries: Map<string, Uint8Array>;
  // the XML parts exceljs reads are counted while they are inflated (XmlShape), before it parses them
  const shape = new XmlShape();
  try {
    entries = await readZip(data, WORKBOOK_LIMITS, (name) => (EXCELJS_PARTS.test(name) ? shape.part(WORKSHEET_PART.test(name)) : null));
  } catch (e) {
    if (e instanceof ZipRejected) throw new UploadRejected(e.message);
    throw e;
  }
  const kind = workbookKind(entries);
  if (kind === null) throw new UploadRejected("Die Datei ist keine gültige Excel-Datei");
  if (kind !== expected) throw new UploadRejected("Der Inhalt der Datei passt nicht zu ihrer Endung");
  checkSheetSizes(entries);
  const clean: Record<string, Uint8Array> = {};
  for (const [name, bytes] of entries) if (EXCELJS_PARTS.test(name)) clean[name] = bytes;
  const wb = newWorkbook();
  try {
    await wb.xlsx.load(zipSync(clean, { level: 0 }) as unknown as ArrayBuffer);
  } catch {
    throw new UploadRejected("Die Datei ist beschädigt oder keine gültige Excel-Datei");
  }
  if (wb.worksheets.length === 0) throw new UploadRejected("Die Datei enthält kein Tabellenblatt");
  return wb;
}

const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

/** Nesting of XML elements a workbook part may have: Excel writes about 10 (drawings, rich text). */
export const MAX_XML_DEPTH = 64;
/**
 * XML elements all parts of one workbook may hold together: 100,000 rows of three cells are about
 * 700,000 and cost exceljs 1.5 s; each further element costs it about 0.4 µs and some memory.
 */
export const MAX_XML_ELEMENTS = 1_000_000;
const TOO_COMPLEX = "Die Datei ist zu verschachtelt oder enthält zu viele Elemente";
/**
 * Rows and cells all worksheets of one workbook may hold together, counted while they are
 * inflated: a practice sheet has about 40 rows, a PC Juror list one row per ensemble of about 40
 * cells. 90,000 rows of three cells take a spreadsheet thread 5 to 15 s and less than 200 MB of
 * heap; more is refused after its first megabytes instead of parsed (cells with a value are two
 * elements: below MAX_XML_ELEMENTS, this budget comes first).
 */
export const MAX_WORKBOOK_ROWS = 100_000;
export const MAX_WORKBOOK_CELLS = 300_000;
export const TOO_MANY_CELLS = "Die Datei enthält zu viele Zeilen oder Zellen (höchstens 100.000 Zeilen und 300.000 Zellen)";
const COMMENT = Buffer.from("<!--");
const CDATA = Buffer.from("<![CDATA[");

/**
 * Counts the elements and their nesting in a workbook's XML parts while they are inflated, before
 * anything parses them, and stops at the first limit: a 21 KB upload of 2,000,000 nested elements
 * (under the zip guard's 50 MB) cost exceljs 19 s and 600 MB; here it is refused after
 * its first kilobytes. A DOCTYPE (which OOXML never has; entity definitions) is refused too. Only
 * markup is looked at: text is skipped, a quoted ">" does not end a tag, comments, CDATA and
 * processing instructions are passed over. One XmlShape per workbook (the element budget spans
 * all its parts); `part()` reads one part, its bytes fed in chunks as they come.
 */
export class XmlShape {
  private elements = 0;
  private rows = 0;
  private cells = 0;
  /** a <row> began and no <c> in it yet: a row without cells counts for nothing (LibreOffice writes such rows) */
  private openRow = false;

  /** A start tag whose name begins at `at` in `b`: a <c>, and the <row> it is the first cell of, count against the row and cell budget. */
  private countCell(b: Buffer, at: number) {
    const end = (c: number | undefined) => c === 0x20 || c === 0x3e || c === 0x2f || c === 0x09 || c === 0x0a || c === 0x0d;
    if (b[at] === 0x63 && end(b[at + 1])) {
      if (++this.cells > MAX_WORKBOOK_CELLS) throw new UploadRejected(TOO_MANY_CELLS); // <c
      if (this.openRow && ++this.rows > MAX_WORKBOOK_ROWS) throw new UploadRejected(TOO_MANY_CELLS);
      this.openRow = false;
    } else if (b[at] === 0x72 && b[at + 1] === 0x6f && b[at + 2] === 0x77 && end(b[at + 3])) {
      this.openRow = true; // <row
    }
  }

  /** `worksheet`: the part is a worksheet, whose <row> and <c> elements count against the row and cell budget. */
  part(worksheet = false): EntryReader {
    let depth = 0;
    let tail: Buffer | null = null; // markup cut by the end of a chunk, read again with the next one
    const corrupt = () => new UploadRejected("Die Datei ist beschädigt oder keine gültige Excel-Datei");
    /** Reads `b` from its start; answers where unfinished markup begins (b.length when none). */
    const scan = (b: Buffer, last: boolean): number => {
      /** the index of the last byte of `close` after `from`, or -1 when it is not in `b` yet */
      const through = (close: string, from: number) => {
        const at = b.indexOf(close, from);
        return at < 0 ? -1 : at + close.length - 1;
      };
      let i = b.indexOf(0x3c); // <
      while (i >= 0) {
        // a "<!" construct is told by up to 9 bytes ("<![CDATA["): wait for them unless this is the end
        if (!last && b.length - i < 9) return i;
        const next = b[i + 1];
        let end: number;
        if (next === 0x2f) {
          end = through(">", i); // </name>
          if (end >= 0) depth--;
        } else if (next === 0x3f) {
          end = through("?>", i + 2); // <?xml ...?>
        } else if (next === 0x21) {
          if (b.subarray(i, i + 4).equals(COMMENT)) end = through("-->", i + 4);
          else if (b.subarray(i, i + 9).equals(CDATA)) end = through("]]>", i + 9);
          else throw corrupt(); // <!DOCTYPE, <!ENTITY
        } else {
          // the tag's end: the first ">" outside a quoted attribute value
          let quote = 0;
          for (end = i + 1; end < b.length; end++) {
            const c = b[end];
            if (quote) {
              if (c === quote) quote = 0;
            } else if (c === 0x22 || c === 0x27) quote = c;
            else if (c === 0x3e) break;
          }
          if (end >= b.length) end = -1;
          else {
            if (++this.elements > MAX_XML_ELEMENTS) throw new UploadRejected(TOO_COMPLEX);
            if (worksheet) this.countCell(b, i + 1);
            if (b[end - 1] !== 0x2f && ++depth > MAX_XML_DEPTH) throw new UploadRejected(TOO_COMPLEX); // not <name/>
          }
        }
        if (end < 0) {
          if (last) throw corrupt(); // unterminated markup
          return i;
        }
        i = b.indexOf(0x3c, end + 1);
      }
      return b.length;
    };
    const read = (chunk: Uint8Array, last: boolean) => {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const b = tail ? Buffer.concat([tail, bytes]) : bytes;
      const rest = scan(b, last);
      tail = rest < b.length ? Buffer.from(b.subarray(rest)) : null;
      // one tag, comment or CDATA section longer than this is no workbook's (and would be read again and again)
      if (tail && tail.length > MAX_XML_MARKUP_BYTES) throw new UploadRejected(TOO_COMPLEX);
    };
    return {
      feed: (chunk) => read(chunk, false),
      end: () => {
        if (tail) read(new Uint8Array(0), true);
      },
    };
  }
}

/** One markup construct (a tag with its attributes, a comment, a CDATA section) at most this long. */
const MAX_XML_MARKUP_BYTES = 1024 * 1024;

/** XmlShape over whole parts. */
export function checkXmlShape(parts: Iterable<Uint8Array>) {
  const shape = new XmlShape();
  for (const bytes of parts) {
    const part = shape.part();
    part.feed(bytes);
    part.end();
  }
}

/** Rows and columns an uploaded sheet may name: a practice sheet has a few dozen rows, a PC Juror list one per ensemble. */
export const MAX_SHEET_ROWS = 100_000;
const MAX_SHEET_COLUMNS = 16_384; // XFD, Excel's last column
/** Cells one merged range or one data validation may cover: exceljs makes an object for each of them. */
const MAX_EXPANDED_CELLS = 100_000;
const TOO_BIG = "Die Datei enthält zu viele Zeilen, Spalten oder verbundene Zellen";

const columnNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** Cells in a range like "A2:XFD1048576", "B3", "A:A" or "1:5" (a whole column or row counts in full). */
export function cellsInRange(range: string): number {
  const ends = range.replace(/\$/g, "").split(":");
  const parse = (ref: string) => {
    const m = /^([A-Za-z]*)(\d*)$/.exec(ref);
    return m ? { col: m[1] ? columnNumber(m[1]) : null, row: m[2] ? Number(m[2]) : null } : { col: null, row: null };
  };
  const a = parse(ends[0]);
  const b = parse(ends[1] ?? ends[0]);
  const span = (x: number | null, y: number | null, all: number) => (x === null || y === null ? all : Math.abs(y - x) + 1);
  return span(a.col, b.col, MAX_SHEET_COLUMNS) * span(a.row, b.row, 1_048_576);
}

/** A <row> element, empty or with its content (rows do not nest). */
const ROW_ELEMENT = /<row\b[^>]*?(?:\/>|>[\s\S]*?<\/row>)/g;
/** What makes a cell hold something: a value, a formula or an inline string. */
const HOLDS_VALUE = /<(?:v|f|is)\b/;

/**
 * A worksheet's XML without the rows that hold no value (no cells, or only formatted empty ones).
 * LibreOffice writes an empty <row r="1048576"> (its last row) once a row was deleted or inserted;
 * such rows count for nothing, and exceljs never sees them (it would walk every row up to them).
 * The XML is handled as latin1 text: one character per byte, so the bytes round-trip unchanged.
 */
export function withoutEmptyRows(xml: string): string {
  return xml.replace(ROW_ELEMENT, (row) => (HOLDS_VALUE.test(row) ? row : ""));
}

/**
 * Refuses a worksheet whose XML names more rows, columns or merged/validated cells than any real
 * upload has, before exceljs parses it: exceljs builds an object per column of a <col> range, per
 * cell of a merged range or a data validation, and the readers walk every row up to the last one
 * named, so a 7 KB file with "A2:XFD1048576" merged or a row numbered 100,000,000 ran the server out
 * of memory (found by a review, 2026-11-25). The zip guard limits bytes, not what they describe.
 * Rows without a value are dropped first (withoutEmptyRows): `entries` then holds the sheet without them.
 */
export function checkSheetSizes(entries: Map<string, Uint8Array>) {
  for (const [name, bytes] of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    const read = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
    const xml = withoutEmptyRows(read);
    if (xml.length !== read.length) entries.set(name, new Uint8Array(Buffer.from(xml, "latin1")));
    let rows = 0;
    for (const m of xml.matchAll(/<row\b([^>]*)>/g)) {
      rows++;
      const r = /\sr="(\d+)"/.exec(m[1]);
      if (rows > MAX_SHEET_ROWS || (r && Number(r[1]) > MAX_SHEET_ROWS)) throw new UploadRejected(TOO_BIG);
    }
    for (const m of xml.matchAll(/<c\b[^>]*?\sr="([A-Za-z]+)(\d+)"/g))
      if (Number(m[2]) > MAX_SHEET_ROWS || columnNumber(m[1]) > MAX_SHEET_COLUMNS) throw new UploadRejected(TOO_BIG);
    for (const m of xml.matchAll(/<col\b[^>]*?\smax="(\d+)"/g)) if (Number(m[1]) > MAX_SHEET_COLUMNS) throw new UploadRejected(TOO_BIG);
    for (const m of xml.matchAll(/<(?:mergeCell|dataValidation)\b[^>]*?\s(?:ref|sqref)="([^"]*)"/g))
      for (const range of m[1].trim().split(/\s+/)) if (range && cellsInRange(range) > MAX_EXPANDED_CELLS) throw new UploadRejected(TOO_BIG);
  }
}

/**
 * A generated workbook's bytes, its default font (font 0 of styles.xml, which sizes the columns'
 * character unit and fills empty cells) set to the list font: exceljs always writes Calibri 11,
 * which LibreOffice without Carlito replaces by a wider font, so every column printed wider than set.
 */
export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  const entries = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(entries)) if (!name.endsWith("/")) files[name] = data;
  const styles = files["xl/styles.xml"];
  if (styles) files["xl/styles.xml"] = strToU8(strFromU8(styles).replace(/(<fonts\b[^>]*>)<font>[\s\S]*?<\/font>/, `$1${DEFAULT_FONT_XML}`));
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** The stored value behind a cell: a formula's cached result, rich text joined, hyperlink text. */
function stored(v: ExcelJS.CellValue): ExcelJS.CellValue {
  if (v && typeof v === "object" && !(v instanceof Date)) {
    if ("formula" in v || "sharedFormula" in v) return ((v as ExcelJS.CellFormulaValue).result ?? null) as ExcelJS.CellValue;
    if ("richText" in v) return v.richText.map((r) => r.text).join("");
    if ("hyperlink" in v) return (v as ExcelJS.CellHyperlinkValue).text;
    if ("error" in v) return null;
  }
  return v;
}

/**
 * A numeric cell: the number, null when empty (also a formula without a cached value), or NaN when
 * the cell holds something that is not a number. Text like "72,5" counts as a number.
 */
export function cellNumber(v: ExcelJS.CellValue): number | null {
  const s = stored(v);
  if (s === null || s === undefined) return null;
  if (typeof s === "number") return s;
  if (typeof s === "string") return s.trim() === "" ? null : (parseNumberText(s) ?? Number.NaN);
  return Number.NaN;
}

/** A text cell as trimmed text; numbers as written; empty -> null. */
export function cellText(v: ExcelJS.CellValue): string | null {
  const s = stored(v);
  if (s === null || s === undefined) return null;
  if (s instanceof Date) return s.toISOString().slice(0, 10);
  if (typeof s === "object") return null;
  const t = String(s).trim();
  return t === "" ? null : t;
}

// ---- generated workbooks: page setup, fonts and cell formats (docs/decisions.md "Spreadsheets")

/** The font of every generated cell: LibreOffice prints it as Liberation Sans (same metrics), Excel has it. */
export const FONT_NAME = "Arial";
/** Text size of the lists; printed at 100 % or fitted down to at most MIN_FIT_SCALE. */
const LIST_FONT_SIZE = 10;
export const font = (f: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({ name: FONT_NAME, size: LIST_FONT_SIZE, ...f });
const DEFAULT_FONT_XML = `<font><sz val="${LIST_FONT_SIZE}"/><name val="${FONT_NAME}"/><family val="2"/></font>`;

const MARGINS = { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 };
/** A4 portrait, fitted to one page wide (the practice sheet and the "Angaben" sheets). */
export const A4_PORTRAIT: Partial<ExcelJS.PageSetup> = {
  paperSize: 9,
  orientation: "portrait",
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  margins: MARGINS,
};

/** Number formats of list columns (Excel codes; a German LibreOffice shows TT.MM.JJJJ and a decimal comma). */
export type ColumnFormat = "date" | "dateTime" | "points" | "euro";
const NUM_FMT: Record<ColumnFormat, string> = { date: "DD.MM.YYYY", dateTime: "DD.MM.YYYY hh:mm", points: "0.00", euro: "#,##0.00" };
const SHOWN_LENGTH: Record<ColumnFormat, number> = { date: 10, dateTime: 16, points: 6, euro: 12 };

export type Cell = string | number | Date | null;
/** Formats by header name: the columns not named hold text or plain numbers. */
export type ColumnFormats = Record<string, ColumnFormat>;

// A4 in points, less the left and right margins
const PRINTABLE_WIDTH = { landscape: 842 - 72 * (MARGINS.left + MARGINS.right), portrait: 595 - 72 * (MARGINS.left + MARGINS.right) };
/**
 * Below this scale a fitted list prints smaller than 9 pt (10 pt text): it is printed at 100 %
 * instead, across pages, with the key columns repeated. LibreOffice measures columns a little
 * differently from columnPoints, hence the margin above the required 8 pt.
 */
const MIN_FIT_SCALE = 0.9;
/** Columns repeated on every printed page of a wide list: id and name (and the club where it is third). */
const KEY_COLUMNS = 3;

/** Printed width of a column of `width` characters (Excel: 7 px per character plus 5 px padding, 96 dpi). */
const columnPoints = (width: number) => Math.trunc(width * 7 + 5) * 0.75;

/**
 * The page setup of a list: A4 landscape, header row on every page. Fitted to one page wide only
 * while the scale keeps the text readable (>= MIN_FIT_SCALE); otherwise 100 %, the first columns
 * (id, name) repeated on every page and the pages ordered across first, so the continuation of a
 * row comes right after it.
 */
export function listPageSetup(widths: number[], landscape = true): Partial<ExcelJS.PageSetup> {
  const printable = landscape ? PRINTABLE_WIDTH.landscape : PRINTABLE_WIDTH.portrait;
  const total = widths.reduce((s, w) => s + columnPoints(w), 0);
  const base = { paperSize: 9, orientation: landscape ? "landscape" : "portrait", margins: MARGINS, printTitlesRow: "1:1" } as const;
  if (total * MIN_FIT_SCALE <= printable) return { ...base, fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  return {
    ...base,
    fitToPage: false,
    scale: 100,
    pageOrder: "overThenDown",
    printTitlesColumn: `A:${String.fromCharCode(64 + Math.min(KEY_COLUMNS, widths.length))}`,
  };
}

const shownLength = (c: Cell, format: ColumnFormat | undefined) =>
  c === null ? 0 : format ? SHOWN_LENGTH[format] : c instanceof Date ? SHOWN_LENGTH.dateTime : String(c).length;

/**
 * Column widths in characters: the header plus the autofilter button, or the content (Arial's
 * letters average 0.85 of the digit width the unit is based on), 6 to 50.
 */
const columnWidths = (headers: string[], rows: Cell[][], formats: ColumnFormats) =>
  headers.map((h, i) => {
    let longest = h.length + 3;
    for (const r of rows) {
      const c = r[i];
      longest = Math.max(longest, typeof c === "string" ? Math.ceil(c.length * 0.85) : shownLength(c, formats[h]));
    }
    return Math.min(Math.max(longest + 1, 6), 50);
  });

type AnyRow = { getCell(i: number): ExcelJS.Cell; height: number; commit?: () => void };
type AnySheet = { addRow(values: unknown[]): AnyRow };

/** One list row: empty cells stay empty (no empty strings), formats per column, the list font. */
/**
 * One list row: empty cells stay empty (no empty strings), formats per column. Data cells carry no
 * font of their own (the default font is the list font, see workbookBuffer): a style per cell
 * made the 5,000-row overview export 60 % slower.
 */
function writeRow(ws: AnySheet, values: Cell[], numFmts: (string | undefined)[], bold = false) {
  const row = ws.addRow(values.map((c) => (c === "" ? null : c)));
  values.forEach((_, i) => {
    if (bold) row.getCell(i + 1).font = BOLD;
    else if (numFmts[i]) row.getCell(i + 1).numFmt = numFmts[i] as string;
  });
  row.commit?.();
  return row;
}
const BOLD = font({ bold: true });

export type InfoLine = [label: string, value: Cell, format?: ColumnFormat];

/** The "Angaben" sheet: labels and values, A4 portrait one page wide, long values wrapped. */
function writeInfo(ws: AnySheet, lines: InfoLine[]) {
  for (const [label, value, format] of lines) {
    const row = ws.addRow([label, value === "" ? null : value]);
    row.getCell(1).font = font({ bold: true });
    row.getCell(1).alignment = { vertical: "top" };
    row.getCell(2).font = font();
    row.getCell(2).alignment = { vertical: "top", horizontal: "left", wrapText: true };
    if (format) row.getCell(2).numFmt = NUM_FMT[format];
    // spreadsheet programs do not grow a row for wrapped text on opening: as high as its lines
    if (typeof value === "string" && value.length > INFO_LINE_CHARACTERS) row.height = Math.ceil(value.length / INFO_LINE_CHARACTERS) * 13 + 2;
    row.commit?.();
  }
}
const INFO_COLUMNS = [{ width: 24 }, { width: 60 }];
/** Characters of a 10 pt line in the value column (60 units), counted low so no line is cut. */
const INFO_LINE_CHARACTERS = 55;

export type ListSpec = { name: string; headers: string[]; rows: Cell[][]; formats?: ColumnFormats; landscape?: boolean };

/**
 * A list workbook (list sheet as listSheet below, plus the "Angaben" sheet) written with
 * exceljs' streaming writer: each row is serialised when added and then dropped, so the large
 * exports (overview lists of thousands of registrations) never hold exceljs' model of the whole
 * workbook next to the rows (figure 4). Strings are inline (no shared-string table).
 */
export function streamedListWorkbook(list: ListSpec, info: { name: string; lines: InfoLine[] }): Promise<Buffer> {
  return streamedWorkbook((wb) => {
    const formats = list.formats ?? {};
    const widths = columnWidths(list.headers, list.rows, formats);
    const ws = wb.addWorksheet(list.name, { pageSetup: listPageSetup(widths, list.landscape !== false), views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = widths.map((width) => ({ width }));
    if (list.headers.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: list.headers.length } };
    const numFmts = list.headers.map((h) => (formats[h] ? NUM_FMT[formats[h]] : undefined));
    writeRow(ws, list.headers, [], true);
    for (const r of list.rows) writeRow(ws, r, numFmts);
    ws.commit();
    const is = wb.addWorksheet(info.name, { pageSetup: A4_PORTRAIT });
    is.columns = INFO_COLUMNS;
    writeInfo(is, info.lines);
    is.commit();
  });
}

/**
 * A workbook written by exceljs' streaming writer (rows serialised as they are committed; strings
 * inline, no shared-string table), its default font the list font. `fill` adds and commits the sheets.
 */
async function streamedWorkbook(fill: (wb: ExcelJS.stream.xlsx.WorkbookWriter) => void): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  const wb = new (excel().stream.xlsx.WorkbookWriter)({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = "Anmeldesystem";
  // the first font added becomes the default font (font 0; see workbookBuffer): the list font
  (wb as unknown as { styles: { _addFont(f: Partial<ExcelJS.Font>): number } }).styles._addFont(font());
  fill(wb);
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** A reference to cells of this workbook ("Praxisbogen!$D$21", "'A b'!A1:B2"), not to another file ("[1]Blatt!A1"). */
const LOCAL_REFERENCE = /^(?:'(?:[^'[\]]|'')+'|[^'![\]\s]+)!\$?[A-Z]{1,3}\$?\d{1,7}(?::\$?[A-Z]{1,3}\$?\d{1,7})?$/;

/**
 * What an uploaded workbook shows, rewritten into a clean one: per sheet its
 * cell values as stored (a formula's cached result, a link's text, rich text as plain text),
 * styles, merged cells, column widths, row heights, views, page setup and visibility, and the
 * defined names in `keep` where they point into the workbook. Nothing else is carried over:
 * no formula (WEBSERVICE, DDE), hyperlink (file:///...), external link, macro, data validation,
 * conditional format, image, comment or any part exceljs does not model. Written row by row.
 */
export function valuesOnlyCopy(source: ExcelJS.Workbook, keep: readonly string[]): Promise<Buffer> {
  return streamedWorkbook((wb) => {
    for (const ws of source.worksheets) {
      const { printArea: _area, printTitlesRow: _rows, printTitlesColumn: _columns, ...pageSetup } = ws.pageSetup;
      const copy = wb.addWorksheet(ws.name, {
        state: ws.state === "visible" ? "visible" : "hidden",
        pageSetup,
        views: ws.views,
        headerFooter: ws.headerFooter,
      });
      copy.columns = Array.from({ length: ws.columnCount }, (_, i) => {
        const c = ws.getColumn(i + 1);
        return { width: c.width, hidden: c.hidden };
      });
      // merged first: the writer marks the other cells of a range in rows not committed yet
      const merges = (ws as unknown as { _merges: Record<string, { range: string }> })._merges;
      for (const m of Object.values(merges)) copy.mergeCells(m.range);
      ws.eachRow((row, r) => {
        const out = copy.getRow(r);
        if (row.height) out.height = row.height;
        if (row.hidden) out.hidden = true;
        row.eachCell({ includeEmpty: true }, (cell, c) => {
          const target = out.getCell(c);
          // a merged range's other cells show the first one's value: only the first keeps it
          if (cell.type !== excel().ValueType.Merge) {
            const v = stored(cell.value);
            target.value = v !== null && typeof v === "object" && !(v instanceof Date) ? null : v;
          }
          target.style = cell.style;
        });
        out.commit();
      });
      copy.commit();
    }
    for (const name of keep)
      for (const range of source.definedNames.getRanges(name)?.ranges ?? []) if (LOCAL_REFERENCE.test(range)) wb.definedNames.add(range, name);
  });
}

/** A list sheet: bold header row, frozen, autofilter, column widths from the content, formats per column. */
export function listSheet(wb: ExcelJS.Workbook, name: string, headers: string[], rows: Cell[][], formats: ColumnFormats = {}, landscape = true) {
  const widths = columnWidths(headers, rows, formats);
  const ws = wb.addWorksheet(name, { pageSetup: listPageSetup(widths, landscape), views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = widths.map((width) => ({ width }));
  const numFmts = headers.map((h) => (formats[h] ? NUM_FMT[formats[h]] : undefined));
  writeRow(ws, headers, [], true);
  for (const r of rows) writeRow(ws, r, numFmts);
  if (headers.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return ws;
}

/** The "Angaben" sheet of a list workbook (see writeInfo). */
export function infoSheet(wb: ExcelJS.Workbook, lines: InfoLine[]) {
  const ws = wb.addWorksheet("Angaben", { pageSetup: A4_PORTRAIT });
  ws.columns = INFO_COLUMNS;
  writeInfo(ws, lines);
  return ws;
}
