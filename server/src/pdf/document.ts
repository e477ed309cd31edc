// The document frame of every printed document of the product (docs/decisions.md "Printed
// documents"): A4 portrait, pdfkit, the DejaVu Sans fonts embedded from the npm package
// dejavu-fonts-ttf (never the operating system's), on every page a header (title; event, location,
// room and date where given) and a footer ("Seite x von y" and the print date). Callers draw the
// body with `text` and `table`; `page` starts a page with another header (a timetable's next room);
// `doc` is pdfkit's document for free-form drawing (an invoice's address blocks), in the fonts
// "body" and "bold". `pdfA` makes it PDF/A-3b (an e-invoice embeds its XML into it).
//
//   const pdf = await renderPdf({ title: "Zeitplan", event: "D-Prüfungen", printedAt: now }, (f) => {
//     f.table([{ header: "Zeit", width: 80 }, { header: "Name", width: 200 }], [["09:00", "Anna Muster"]]);
//   });
//
// The print date is passed in (no clock here); times are written in Europe/Berlin.
import { createRequire } from "node:module";
import { berlinOffsetMinutes } from "../shared/time.ts";

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/** What the header of a page names; all but the title are optional. */
export type PageHeader = { title: string; event?: string; location?: string; room?: string; date?: string };

/** The document as a whole: the first page's header, the print date (an instant, or a day "2026-11-28" printed without a time), PDF/A-3b, the author. */
export type DocumentInfo = PageHeader & { printedAt: Date | string; pdfA?: boolean; author?: string };

export type Column = { header: string; width: number; align?: "left" | "right" | "center" };

/** The drawing surface of a document: the body area between header and footer. */
export type PdfFrame = {
  /** starts a new page; its header is the document's with these values replaced */
  page(header?: Partial<PageHeader>): void;
  /** a paragraph (bold: a heading) in the body, on a new page when the current one is full */
  text(s: string, opts?: { bold?: boolean; size?: number; gap?: number }): void;
  /** a table; its header row repeats on every page it runs over; `rowHeight`: at least (a signature field) */
  table(columns: Column[], rows: string[][], opts?: { rowHeight?: number }): void;
  /** the width of the body in points */
  readonly width: number;
  /** the left edge of the body */
  readonly left: number;
  /** pdfkit's document, for drawing what `text` and `table` do not */
  readonly doc: PDFKit.PDFDocument;
};

const MARGIN = 42;
const HEADER_HEIGHT = 62;
const FOOTER_HEIGHT = 28;
const A4 = { width: 595.28, height: 841.89 };

/** "28.11.2026, 13:05 Uhr" of an instant, in Berlin; "28.11.2026" of a day "2026-11-28". */
export function printDate(at: Date | string): string {
  if (typeof at === "string") return at.split("-").reverse().join(".");
  const local = new Date(at.getTime() + berlinOffsetMinutes(at) * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())} Uhr`;
}

/** Renders a document: `header` is the first page's (and the default of every later one), `draw` writes the body. */
export async function renderPdf(header: DocumentInfo, draw: (frame: PdfFrame) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: header.title,
      Producer: "Anmeldesystem",
      Creator: "Anmeldesystem",
      ...(header.author ? { Author: header.author } : {}),
      ...(header.printedAt instanceof Date ? { CreationDate: header.printedAt } : {}),
    },
    lang: "de-DE",
    displayTitle: true,
    ...(header.pdfA ? { pdfVersion: "1.7" as const, subset: "PDF/A-3b" as const, tagged: true } : {}),
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = A4.width - 2 * MARGIN;
  const bodyBottom = A4.height - MARGIN - FOOTER_HEIGHT;
  const bodyTop = MARGIN + HEADER_HEIGHT;

  const writeHeader = (h: PageHeader) => {
    doc.font("bold").fontSize(14).text(h.title, MARGIN, MARGIN, { width, lineBreak: false, ellipsis: true });
    const line1 = [h.event, h.location].filter(Boolean).join(" · ");
    const line2 = [h.room, h.date].filter(Boolean).join(" · ");
    doc.font("body").fontSize(9);
    if (line1) doc.text(line1, MARGIN, MARGIN + 20, { width, lineBreak: false, ellipsis: true });
    if (line2) doc.text(line2, MARGIN, MARGIN + 32, { width, lineBreak: false, ellipsis: true });
    const y = MARGIN + HEADER_HEIGHT - 10;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = bodyTop;
  };
  let current: PageHeader = header;
  const page = (h?: Partial<PageHeader>) => {
    current = { ...header, ...h };
    doc.addPage();
    writeHeader(current);
  };
  const ensure = (height: number) => {
    if (doc.y + height > bodyBottom) page(current);
  };

  const frame: PdfFrame = {
    width,
    left: MARGIN,
    doc,
    page,
    text(s, opts = {}) {
      doc.font(opts.bold ? "bold" : "body").fontSize(opts.size ?? 10);
      ensure(doc.heightOfString(s, { width }) + (opts.gap ?? 4));
      doc.text(s, MARGIN, doc.y, { width });
      doc.y += opts.gap ?? 4;
    },
    table(columns, rows, opts = {}) {
      const pad = 3;
      const heightOf = (cells: string[], font: string) => {
        doc.font(font).fontSize(9);
        return Math.max(opts.rowHeight ?? 0, ...cells.map((c, i) => doc.heightOfString(c || " ", { width: columns[i].width - 2 * pad }) + 2 * pad));
      };
      const drawRow = (cells: string[], font: string, fill: boolean) => {
        const h = heightOf(cells, font);
        const y = doc.y;
        let x = MARGIN;
        if (fill)
          doc
            .rect(
              MARGIN,
              y,
              columns.reduce((s, c) => s + c.width, 0),
              h,
            )
            .fillColor("#e8e8e8")
            .fill()
            .fillColor("black");
        doc.font(font).fontSize(9);
        columns.forEach((c, i) => {
          doc.rect(x, y, c.width, h).lineWidth(0.4).stroke();
          doc.text(cells[i] ?? "", x + pad, y + pad, { width: c.width - 2 * pad, align: c.align ?? "left" });
          x += c.width;
        });
        doc.x = MARGIN;
        doc.y = y + h;
      };
      const head = columns.map((c) => c.header);
      ensure(heightOf(head, "bold") + (rows[0] ? heightOf(rows[0], "body") : 0));
      drawRow(head, "bold", true);
      for (const r of rows) {
        if (doc.y + heightOf(r, "body") > bodyBottom) {
          page(current);
          drawRow(head, "bold", true);
        }
        drawRow(r, "body", false);
      }
      doc.y += 8;
    },
  };

  page();
  draw(frame);
  // the footer of every page, now that the page count is known
  const { start, count } = doc.bufferedPageRange();
  const printed = `Gedruckt am ${printDate(header.printedAt)}`;
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // writing below the bottom margin must not start a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = A4.height - MARGIN - FOOTER_HEIGHT + 10;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .lineWidth(0.5)
      .stroke();
    doc.font("body").fontSize(8);
    doc.text(printed, MARGIN, y, { width: width / 2, lineBreak: false });
    doc.text(`Seite ${i - start + 1} von ${count}`, MARGIN + width / 2, y, { width: width / 2, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
