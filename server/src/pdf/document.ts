// The frame of every printed document (docs/decisions.md "Printed documents"): pdfkit, A4, the
// DejaVu fonts of the npm package dejavu-fonts-ttf embedded, a header with title and subtitle, and
// on every page a footer "Seite x von y" with the print date. PDF/A-3b when asked (invoices: the
// e-invoice library embeds the XML into it). `renderDocument` answers the finished bytes.
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const FONTS = { regular: path.join(FONT_DIR, "DejaVuSans.ttf"), bold: path.join(FONT_DIR, "DejaVuSans-Bold.ttf") } as const;

export const MARGIN = 56;

export type DocumentFrame = {
  title: string;
  subtitle?: string;
  /** the print date shown in the footer, e.g. "28.11.2026" */
  printedOn: string;
  /** PDF/A-3b (for documents that carry an embedded file) */
  pdfA?: boolean;
  author?: string;
};

/**
 * Draws a document with `draw` inside the frame and answers the PDF. Page numbers are written once
 * all pages exist (bufferPages).
 */
export async function renderDocument(frame: DocumentFrame, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: "de-DE",
    displayTitle: true,
    info: { Title: frame.title, ...(frame.author ? { Author: frame.author } : {}), Creator: "Anmeldesystem" },
    ...(frame.pdfA ? { pdfVersion: "1.7" as const, subset: "PDF/A-3b" as const, tagged: true } : {}),
    autoFirstPage: true,
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("bold").fontSize(16).text(frame.title);
  if (frame.subtitle) doc.font("regular").fontSize(11).text(frame.subtitle);
  doc.moveDown();
  doc.font("regular").fontSize(10);
  draw(doc);
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc.font("regular").fontSize(8).fillColor("#444444");
    doc.text(`Gedruckt am ${frame.printedOn}`, MARGIN, y, { lineBreak: false });
    const label = `Seite ${i - start + 1} von ${count}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), y, { lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.fillColor("black");
  }
  doc.end();
  return done;
}
