// Workbooks in and out: uploaded files pass the zip guard (files/zip.ts), the XML shape guard
// (depth and element count, read while the parts are inflated) and the content-type check before
// exceljs parses a clean copy without any macro part, one of a few at a time (workbookParsing);
// cell values are read as stored (a formula's cached result, never evaluated).
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { zipSync } from "fflate";
import { AppError } from "../../auth/errors.ts";
import { type EntryReader, readZip, WORKBOOK_LIMITS, workbookKind, ZipRejected } from "../files/zip.ts";
import { parseNumberText } from "./rules.ts";

export { ExcelJS };

export class UploadRejected extends Error {}

/** The parts of a package exceljs gets to read: XML and relationships, nothing else (no VBA project). */
const EXCELJS_PARTS = /\.(xml|rels)$/i;

/**
 * Loads an uploaded workbook after the zip guard. `expected` is what the extension promises: an
 * .xlsx must be a plain workbook, an .xlsm a macro-enabled one. The VBA project (and anything else
 * that is not spreadsheet XML) is dropped before exceljs sees the package; nothing is executed.
 */
export async function loadUploadedWorkbook(data: Uint8Array, expected: "xlsx" | "xlsm"): Promise<ExcelJS.Workbook> {
  return workbookParsing.run(() => parseWorkbook(data, expected));
}

async function parseWorkbook(data: Uint8Array, expected: "xlsx" | "xlsm"): Promise<ExcelJS.Workbook> {
  let entries: Map<string, Uint8Array>;
  // the XML parts exceljs reads are counted while they are inflated (XmlShape), before it parses them
  const shape = new XmlShape();
  try {
    entries = await readZip(data, WORKBOOK_LIMITS, (name) => (EXCELJS_PARTS.test(name) ? shape.part() : null));
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
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(zipSync(clean, { level: 0 }) as unknown as ArrayBuffer);
  } catch {
    throw new UploadRejected("Die Datei ist beschädigt oder keine gültige Excel-Datei");
  }
  if (wb.worksheets.length === 0) throw new UploadRejected("Die Datei enthält kein Tabellenblatt");
  return wb;
}

/**
 * Workbooks parsed at once in this process, and uploads that may wait for one of those places;
 * beyond that an upload is answered 503 with Retry-After (workbooksBusy). exceljs parses on the
 * one JavaScript thread and holds each workbook's model until it is read, so more parses at once
 * only multiply the memory: 4 parallel requests of 3 crafted files took 266 s and 2.47 GB and the
 * server stopped answering (issue 29). One request's files (up to 300 practice sheets) take a place
 * one after the other, so other uploads and other users get their turn between them.
 */
export const WORKBOOK_PARSE_SLOTS = 2;
export const WORKBOOK_PARSE_QUEUE = 8;
export const WORKBOOKS_BUSY = "Es werden gerade zu viele Excel-Dateien verarbeitet. Bitte in einigen Sekunden erneut hochladen.";
const workbooksBusy = () => Object.assign(new AppError("UNAVAILABLE", WORKBOOKS_BUSY), { retryAfter: 5 });

/** A counting semaphore with a bounded queue: `run` waits for a place, or throws `busy()` when the queue is full too. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(
    readonly slots: number,
    readonly queue: number,
    private readonly busy: () => Error,
  ) {
    this.free = slots;
  }
  /** A place, once one is free: call the answer to give it back (once). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else if (this.waiting.length >= this.queue) throw this.busy();
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** The places for parsing uploaded workbooks (practice sheets, PC Juror lists) in this process. */
export const workbookParsing = new Slots(WORKBOOK_PARSE_SLOTS, WORKBOOK_PARSE_QUEUE, workbooksBusy);

/** Nesting of XML elements a workbook part may have: Excel writes about 10 (drawings, rich text). */
export const MAX_XML_DEPTH = 64;
/**
 * XML elements all parts of one workbook may hold together: 100,000 rows of three cells are about
 * 700,000 and cost exceljs 1.5 s; each further element costs it about 0.4 µs and some memory.
 */
export const MAX_XML_ELEMENTS = 1_000_000;
const TOO_COMPLEX = "Die Datei ist zu verschachtelt oder enthält zu viele Elemente";
const COMMENT = Buffer.from("<!--");
const CDATA = Buffer.from("<![CDATA[");

/**
 * Counts the elements and their nesting in a workbook's XML parts while they are inflated, before
 * anything parses them, and stops at the first limit: a 21 KB upload of 2,000,000 nested elements
 * (under the zip guard's 50 MB) cost exceljs 19 s and 600 MB (issue 29); here it is refused after
 * its first kilobytes. A DOCTYPE (which OOXML never has; entity definitions) is refused too. Only
 * markup is looked at: text is skipped, a quoted ">" does not end a tag, comments, CDATA and
 * processing instructions are passed over. One XmlShape per workbook (the element budget spans
 * all its parts); `part()` reads one part, its bytes fed in chunks as they come.
 */
export class XmlShape {
  private elements = 0;

  part(): EntryReader {
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

/**
 * Refuses a worksheet whose XML names more rows, columns or merged/validated cells than any real
 * upload has, before exceljs parses it: exceljs builds an object per column of a <col> range, per
 * cell of a merged range or a data validation, and the readers walk every row up to the last one
 * named, so a 7 KB file with "A2:XFD1048576" merged or a row numbered 100,000,000 ran the server out
 * of memory (found by a review, 2026-11-25). The zip guard limits bytes, not what they describe.
 */
export function checkSheetSizes(entries: Map<string, Uint8Array>) {
  for (const [name, bytes] of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    const xml = Buffer.from(bytes).toString("latin1");
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

export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
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

/** A4 portrait, fitted to one page wide (print setup of every generated sheet). */
export const A4_PORTRAIT: Partial<ExcelJS.PageSetup> = {
  paperSize: 9,
  orientation: "portrait",
  fitToPage: true,
  fitToWidth: 1,
  fitToHeight: 0,
  margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
};
export const A4_LANDSCAPE: Partial<ExcelJS.PageSetup> = { ...A4_PORTRAIT, orientation: "landscape" };

const columnWidths = (headers: string[], rows: (string | number | null)[][]) =>
  headers.map((h, i) => {
    let longest = h.length;
    for (const r of rows) longest = Math.max(longest, String(r[i] ?? "").length);
    return Math.min(Math.max(longest + 2, 6), 50);
  });

export type ListSpec = { name: string; headers: string[]; rows: (string | number | null)[][]; landscape?: boolean };

/**
 * A list workbook (list sheet as listSheet below, plus a two-column info sheet) written with
 * exceljs' streaming writer: each row is serialised when added and then dropped, so the large
 * exports (overview lists of thousands of registrations) never hold exceljs' model of the whole
 * workbook next to the rows (issue 9, figure 4). Strings are inline (no shared-string table).
 */
export async function streamedListWorkbook(list: ListSpec, info: { name: string; lines: [string, string | number][] }): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = "Anmeldesystem";
  const ws = wb.addWorksheet(list.name, { pageSetup: list.landscape === false ? A4_PORTRAIT : A4_LANDSCAPE, views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columnWidths(list.headers, list.rows).map((width) => ({ width }));
  if (list.headers.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: list.headers.length } };
  ws.pageSetup.printTitlesRow = "1:1";
  const head = ws.addRow(list.headers);
  head.font = { bold: true };
  head.commit();
  for (const r of list.rows) ws.addRow(r.map((c) => (c === null ? "" : c))).commit();
  ws.commit();
  const is = wb.addWorksheet(info.name);
  is.columns = [{ width: 24 }, { width: 60 }];
  for (const line of info.lines) {
    const row = is.addRow(line);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  is.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** A plain list sheet: bold header row, frozen, autofilter, column widths from the content. */
export function listSheet(wb: ExcelJS.Workbook, name: string, headers: string[], rows: (string | number | null)[][], landscape = true) {
  const ws = wb.addWorksheet(name, { pageSetup: landscape ? A4_LANDSCAPE : A4_PORTRAIT, views: [{ state: "frozen", ySplit: 1 }] });
  ws.addRow(headers).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((c) => (c === null ? "" : c)));
  ws.columns.forEach((col, i) => {
    const longest = Math.max(headers[i].length, ...rows.map((r) => String(r[i] ?? "").length));
    col.width = Math.min(Math.max(longest + 2, 6), 50);
  });
  if (headers.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  ws.pageSetup.printTitlesRow = "1:1";
  return ws;
}
