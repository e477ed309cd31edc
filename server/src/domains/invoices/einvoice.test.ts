// Every kind of invoice the product writes passes the CII schema and the official EN 16931 rules;
// the PDF is a Factur-X PDF/A-3 carrying that XML, and reads back as the printed invoice.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { einvoiceProblems, en16931Failures } from "../../../../tests/support/einvoice.ts";
import { ciiXml, type InvoiceDocument } from "./einvoice.ts";
import { invoicePdf } from "./pdf.ts";

const seller = {
  name: "Kreisverband Musterkreis e. V.",
  street: "Hauptstraße 1",
  postcode: "12345",
  city: "Musterstadt",
  country: "DE",
  email: "kasse@kv-muster.example",
  phone: "+49 123 4567",
  taxNumber: "123/456/78901",
  vatId: "DE123456789",
  registrationId: null,
  exemptionNote: null,
  vatRateBasisPoints: 1900,
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  bankName: "Musterbank",
  creditorId: "DE98ZZZ09999999999",
};
const buyer = {
  name: "Musikverein Neudorf",
  street: "Dorfstraße 2",
  postcode: "12346",
  city: "Neudorf",
  country: "DE",
  email: "kasse@mv-neudorf.example",
  buyerReference: null,
  mandate: null,
};
const lines = [
  { position: 1, item: "dexam:D1:theory", description: "D-Prüfung D1 – Theorie", quantity: 3, unitCents: 1500, netCents: 4500 },
  { position: 2, item: "dexam:D1:practice", description: "D-Prüfung D1 – Praxis", quantity: 2, unitCents: 2550, netCents: 5100 },
  { position: 3, item: "late", description: "Verspätungsgebühr (Anmeldung nach dem Stichtag)", quantity: 1, unitCents: 1000, netCents: 1000 },
];
const standard: InvoiceDocument = {
  kind: "INVOICE",
  number: "2026-00001",
  issueDate: "2026-11-28",
  dueDate: "2026-12-12",
  serviceDate: "2026-11-14",
  eventName: "D-Prüfungen Herbst",
  corrects: null,
  seller,
  buyer,
  lines,
  netCents: 10_600,
  vatCents: 2014,
  totalCents: 12_614,
};
const exempt: InvoiceDocument = {
  ...standard,
  number: "2026-00002",
  seller: { ...seller, vatId: null, registrationId: "VR 1234, Amtsgericht Musterstadt", exemptionNote: "Umsatzsteuerfrei nach § 4 Nr. 22 Buchst. a UStG" },
  buyer: { ...buyer, buyerReference: "04011000-1234512345-06", mandate: { reference: "MV-NEUDORF-1", iban: "DE89370400440532013000" } },
  vatCents: 0,
  totalCents: 10_600,
};
/** What a cancellation and a credit note of the standard invoice share: due at once, naming the invoice they correct. */
const correction = { ...standard, dueDate: "2026-11-28", corrects: { number: "2026-00001", issueDate: "2026-11-28" } };
const cancellation: InvoiceDocument = {
  ...correction,
  kind: "CANCELLATION",
  number: "2026-00003",
  lines: lines.map((l) => ({ ...l, netCents: -l.netCents })),
  netCents: -10_600,
  vatCents: -2014,
  totalCents: -12_614,
};
const creditNote: InvoiceDocument = {
  ...correction,
  kind: "CREDIT_NOTE",
  number: "2026-00004",
  lines: [{ position: 1, item: "credit", description: "D-Prüfung D1 – Praxis (Teilnahme abgesagt)", quantity: 1, unitCents: 2550, netCents: 2550 }],
  netCents: 2550,
  vatCents: 485,
  totalCents: 3035,
};

/** The PDF's objects as text, its compressed streams inflated (where the file specifications live). */
function inflatedObjects(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let out = raw;
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      out += zlib.inflateSync(Buffer.from(m[1] as string, "latin1")).toString("latin1");
    } catch {
      // not deflated (or not a whole stream): left as it is
    }
  }
  return out;
}

describe("e-invoices", { timeout: 300_000 }, () => {
  it.each([
    ["a standard invoice (19 %)", standard],
    ["an exempt invoice of a non-profit seller, paid by direct debit, with a buyer reference", exempt],
    ["a cancellation invoice", cancellation],
    ["a credit note", creditNote],
  ])("%s passes the CII schema and the EN 16931 rules", async (_name, doc) => {
    const xml = await ciiXml(doc);
    expect(await einvoiceProblems(xml)).toEqual([]);
    expect(xml).toContain(`<ram:ID>${doc.number}</ram:ID>`);
  });

  it("the rules do run: a changed total breaks them", async () => {
    const xml = (await ciiXml(standard)).replace("<ram:GrandTotalAmount>126.14</ram:GrandTotalAmount>", "<ram:GrandTotalAmount>126.15</ram:GrandTotalAmount>");
    expect((await en16931Failures(xml)).map((f) => f.split(":")[0])).toContain("BR-CO-15");
  });

  it("the PDF is a Factur-X PDF/A-3 with the XML as factur-x.xml, and reads back as the invoice", async () => {
    const pdf = Buffer.from(await invoicePdf(standard, "2026-11-28"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-"));
    try {
      const file = path.join(dir, "r.pdf");
      fs.writeFileSync(file, pdf);
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      for (const s of [
        "Rechnung 2026-00001",
        "Musikverein Neudorf",
        "D-Prüfung D1 – Theorie",
        "126,14 €",
        "Seite 1 von 1",
        "Gedruckt am 28.11.2026",
        "DE02120300000000202051",
      ])
        expect(text).toContain(s);
      expect(execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" })).toContain("factur-x.xml");
      execFileSync("pdfdetach", ["-save", "1", "-o", path.join(dir, "x.xml"), file]);
      expect(fs.readFileSync(path.join(dir, "x.xml"), "utf8")).toBe(await ciiXml(standard));
      // the PDF/A-3 identification and the Factur-X extension schema in the XMP metadata
      const meta = execFileSync("pdfinfo", ["-meta", file], { encoding: "utf8" });
      expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(meta).toContain("urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#");
      expect(meta).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
      // the XML is an associated file (its file specification names the relationship)
      expect(inflatedObjects(pdf)).toMatch(/\/F \(factur-x\.xml\)[\s\S]*?\/AFRelationship \/Alternative/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
