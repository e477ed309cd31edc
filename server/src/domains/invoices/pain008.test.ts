// The pain.008 file: its content (sums, sequences, references) and its validity against the ISO
// 20022 schema and the German banks' subset (GBIC_4), for files with first and recurring
// collections, without BICs and with texts outside the SEPA character set.
import { describe, expect, it } from "vitest";
import { pain008Problems } from "../../../../tests/support/pain008.ts";
import { type DebitCollection, type DebitFile, pain008, sepaText } from "./pain008.ts";

const creditor = { name: "Kreisverband Eins e. V.", iban: "DE02120300000000202051", bic: "BYLADEM1001", creditorId: "DE98ZZZ09999999999" };
const collection = (over: Partial<DebitCollection> = {}): DebitCollection => ({
  invoiceNumber: "2026-00001",
  remittance: "Rechnung 2026-00001 D-Prüfungen Herbst",
  amountCents: 5050,
  sequence: "FRST",
  mandateReference: "MV-EINS-001",
  mandateSignedOn: "2026-01-15",
  debtorName: "Musikverein Eins e. V.",
  debtorIban: "DE89370400440532013000",
  debtorBic: "COBADEFFXXX",
  ...over,
});
const file = (collections: DebitCollection[], over: Partial<DebitFile> = {}): DebitFile => ({
  messageId: "SEPA-1-20261201-1",
  createdAt: new Date("2026-12-01T10:00:00Z"),
  collectionDate: "2026-12-15",
  creditor,
  collections,
  ...over,
});

describe("pain.008.001.08", () => {
  it("first and recurring collections: one block each, sums, references; valid against ISO and GBIC_4", async () => {
    const xml = pain008(
      file([
        collection(),
        collection({ invoiceNumber: "2026-00002", remittance: "Rechnung 2026-00002", amountCents: 1999, sequence: "RCUR", mandateReference: "MV-ZWEI" }),
        collection({ invoiceNumber: "2026-00003", remittance: "Rechnung 2026-00003", amountCents: 1, sequence: "RCUR", mandateReference: "MV-DREI" }),
      ]),
    );
    expect(await pain008Problems(xml)).toEqual([]);
    expect(xml).toContain("<NbOfTxs>3</NbOfTxs>");
    expect(xml).toContain("<CtrlSum>70.50</CtrlSum>");
    expect(xml).toContain("<CtrlSum>20.00</CtrlSum>");
    expect(xml.match(/<PmtInf>/g)).toHaveLength(2);
    expect(xml).toContain("<SeqTp>FRST</SeqTp>");
    expect(xml).toContain("<SeqTp>RCUR</SeqTp>");
    expect(xml).toContain("<EndToEndId>2026-00002</EndToEndId>");
    expect(xml).toContain('<InstdAmt Ccy="EUR">19.99</InstdAmt>');
    expect(xml).toContain("<Ustrd>Rechnung 2026-00001 D-Pruefungen Herbst</Ustrd>");
    expect(xml).toContain("<Id>DE98ZZZ09999999999</Id>");
    expect(xml).toContain("<ReqdColltnDt>2026-12-15</ReqdColltnDt>");
  });

  it("without BICs (NOTPROVIDED), only recurring, long and foreign texts: still valid", async () => {
    const xml = pain008(
      file(
        [
          collection({
            sequence: "RCUR",
            debtorBic: null,
            debtorName: "Musikverein „Harmonie“ Großöhringen & Umgebung – Abteilung Blasorchester und Jugendkapelle e. V.",
            remittance: `Rechnung 2026-00001 ${"Wertungsspiele ".repeat(20)}`,
          }),
        ],
        { creditor: { ...creditor, bic: null } },
      ),
    );
    expect(await pain008Problems(xml)).toEqual([]);
    expect(xml).toContain("<Id>NOTPROVIDED</Id>");
    expect(xml).not.toContain("<SeqTp>FRST</SeqTp>");
    expect(xml).toContain("Grossoehringen + Umgebung - Abteilung");
  });

  it("sepaText keeps the SEPA characters, transliterates umlauts, cuts and never answers empty", () => {
    expect(sepaText("Ärger über Süß & Co. (2026)", 140)).toBe("Aerger ueber Suess + Co. (2026)");
    expect(sepaText("Café Noël", 140)).toBe("Cafe Noel");
    expect(sepaText("a".repeat(80), 70)).toHaveLength(70);
    expect(sepaText("€€€", 10)).toBe("-");
  });
});
