// The printed invoice: the document frame (server/src/pdf/document.ts) with seller, buyer, lines and
// totals, PDF/A-3b; facturX (einvoice.ts) embeds the XML and the Factur-X metadata.
import { printDate, renderPdf } from "../../pdf/document.ts";
import { facturX, type InvoiceDocument, KIND_LABEL } from "./einvoice.ts";

/** 1234 -> "12,34 €" (German, thousands with a point). */
export const euro = (cents: number) => `${(cents / 100).toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
/** "2026-11-28" -> "28.11.2026" */
export const germanDate = (day: string): string => printDate(day);

/** The printed invoice alone (PDF/A-3b, no XML yet). */
export function printedInvoice(d: InvoiceDocument, printedOn: string): Promise<Buffer> {
  const title = `${KIND_LABEL[d.kind]} ${d.number}`;
  return renderPdf({ title, event: d.eventName, printedAt: printedOn, pdfA: true, author: d.seller.name }, (frame) => {
    const { doc, left: MARGIN } = frame;
    doc.font("body").fontSize(10);
    const s = d.seller;
    const b = d.buyer;
    const top = doc.y;
    doc.font("bold").text("Rechnungssteller", MARGIN, top).font("body");
    doc.text([s.name, s.street, `${s.postcode} ${s.city}`, s.email, s.phone].filter(Boolean).join("\n"));
    const left = doc.page.width / 2;
    doc.font("bold").text("Rechnungsempfänger", left, top).font("body");
    doc.text([b.name, b.street, [b.postcode, b.city].filter(Boolean).join(" ")].filter(Boolean).join("\n"), left);
    doc.x = MARGIN;
    doc.moveDown(2);
    const facts = [
      ["Rechnungsnummer", d.number],
      ["Rechnungsdatum", germanDate(d.issueDate)],
      ...(d.kind === "INVOICE" ? [["Fällig am", germanDate(d.dueDate)]] : []),
      ...(d.corrects
        ? [[d.kind === "CANCELLATION" ? "Storno zur Rechnung" : "Gutschrift zur Rechnung", `${d.corrects.number} vom ${germanDate(d.corrects.issueDate)}`]]
        : []),
      ...(b.buyerReference ? [["Ihre Referenz", b.buyerReference]] : []),
      ...(s.taxNumber ? [["Steuernummer", s.taxNumber]] : []),
      ...(s.vatId ? [["USt-IdNr.", s.vatId]] : []),
    ];
    for (const [k, v] of facts) doc.text(`${k}: ${v}`, MARGIN);
    doc.moveDown();
    const cols = [MARGIN, MARGIN + 30, MARGIN + 290, MARGIN + 340, MARGIN + 420];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? "bold" : "body");
      doc.text(cells[0] as string, cols[0], y, { width: 28 });
      doc.text(cells[1] as string, cols[1], y, { width: 255 });
      const h = doc.y;
      doc.text(cells[2] as string, cols[2], y, { width: 45, align: "right" });
      doc.text(cells[3] as string, cols[3], y, { width: 75, align: "right" });
      doc.text(cells[4] as string, cols[4], y, { width: 63, align: "right" });
      doc.y = Math.max(h, doc.y) + 2;
      doc.x = MARGIN;
    };
    row(["Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Betrag"], true);
    const sign = d.kind === "CANCELLATION" ? -1 : 1;
    for (const l of d.lines) row([String(l.position), l.description, String(sign * l.quantity), euro(l.unitCents), euro(l.netCents)]);
    doc.moveDown();
    const exempt = s.exemptionNote != null;
    row(["", "Summe netto", "", "", euro(d.netCents)]);
    row(["", exempt ? "Umsatzsteuer 0 %" : `Umsatzsteuer ${(s.vatRateBasisPoints / 100).toLocaleString("de-DE")} %`, "", "", euro(d.vatCents)]);
    row(["", KIND_LABEL[d.kind] === "Rechnung" ? "Rechnungsbetrag" : "Betrag", "", "", euro(d.totalCents)], true);
    doc.moveDown();
    if (exempt) doc.text(s.exemptionNote as string, MARGIN);
    if (d.kind === "INVOICE") {
      if (b.mandate)
        doc.text(
          `Der Betrag wird per SEPA-Lastschrift zum Fälligkeitstag vom Konto ${b.mandate.iban.slice(0, 4)} •••• ${b.mandate.iban.slice(-4)} eingezogen (Mandatsreferenz ${b.mandate.reference}${s.creditorId ? `, Gläubiger-ID ${s.creditorId}` : ""}).`,
          MARGIN,
        );
      else
        doc.text(
          `Bitte überweisen Sie den Betrag bis ${germanDate(d.dueDate)} unter Angabe der Rechnungsnummer ${d.number} auf das Konto IBAN ${s.iban}${s.bic ? `, BIC ${s.bic}` : ""}${s.bankName ? ` (${s.bankName})` : ""}.`,
          MARGIN,
        );
    } else doc.text("Der Betrag wird erstattet oder mit offenen Rechnungen verrechnet.", MARGIN);
  });
}

/** The invoice as ZUGFeRD / Factur-X PDF/A-3: the printed invoice with the EN 16931 XML embedded. */
export async function invoicePdf(d: InvoiceDocument, printedOn: string): Promise<Uint8Array> {
  return facturX(d, await printedInvoice(d, printedOn));
}
