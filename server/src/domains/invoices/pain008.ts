// The SEPA core direct debit file (pain.008.001.08, the version German banks take under DFÜ-Abkommen
// Anlage 3 V 3.7, Technical Validation Subset GBIC_4): a pure function of the creditor and the
// collections. One payment information block per sequence type (FRST, RCUR), one transaction per
// invoice with the invoice number as end-to-end id and remittance text. Texts are cut to the SEPA
// lengths and written in the SEPA basic Latin character set (umlauts transliterated), so every bank
// takes them. Validated against the ISO and the GBIC schemas in pain008.test.ts.
import { create } from "xmlbuilder2";

export const PAIN008_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.08";

export type DebitCreditor = { name: string; iban: string; bic: string | null; creditorId: string };
export type DebitCollection = {
  /** the invoice number: end-to-end id and remittance reference */
  invoiceNumber: string;
  remittance: string;
  amountCents: number;
  sequence: "FRST" | "RCUR";
  mandateReference: string;
  /** YYYY-MM-DD */
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
};
export type DebitFile = {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  collectionDate: string;
  creditor: DebitCreditor;
  collections: readonly DebitCollection[];
};

const TRANSLIT: Record<string, string> = { Ä: "Ae", Ö: "Oe", Ü: "Ue", ä: "ae", ö: "oe", ü: "ue", ß: "ss", "&": "+", "–": "-", "—": "-" };

/** A text in the SEPA basic Latin character set, cut to `max` characters; never empty. */
export function sepaText(s: string, max: number): string {
  const t = s
    .normalize("NFC")
    .replace(/[ÄÖÜäöüß&–—]/g, (c) => TRANSLIT[c] ?? c)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
  return t || "-";
}

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The pain.008.001.08 XML of the collections (at least one, amounts positive). */
export function pain008(file: DebitFile): string {
  const total = file.collections.reduce((s, c) => s + c.amountCents, 0);
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ele(PAIN008_NAMESPACE, "Document");
  const root = doc.ele("CstmrDrctDbtInitn");
  const hdr = root.ele("GrpHdr");
  hdr.ele("MsgId").txt(file.messageId);
  hdr.ele("CreDtTm").txt(file.createdAt.toISOString().slice(0, 19));
  hdr.ele("NbOfTxs").txt(String(file.collections.length));
  hdr.ele("CtrlSum").txt(amount(total));
  hdr.ele("InitgPty").ele("Nm").txt(sepaText(file.creditor.name, 70));
  for (const seq of ["FRST", "RCUR"] as const) {
    const list = file.collections.filter((c) => c.sequence === seq);
    if (!list.length) continue;
    const pmt = root.ele("PmtInf");
    pmt.ele("PmtInfId").txt(`${file.messageId}-${seq}`.slice(0, 35));
    pmt.ele("PmtMtd").txt("DD");
    pmt.ele("BtchBookg").txt("true");
    pmt.ele("NbOfTxs").txt(String(list.length));
    pmt.ele("CtrlSum").txt(amount(list.reduce((s, c) => s + c.amountCents, 0)));
    const tp = pmt.ele("PmtTpInf");
    tp.ele("SvcLvl").ele("Cd").txt("SEPA");
    tp.ele("LclInstrm").ele("Cd").txt("CORE");
    tp.ele("SeqTp").txt(seq);
    pmt.ele("ReqdColltnDt").txt(file.collectionDate);
    pmt.ele("Cdtr").ele("Nm").txt(sepaText(file.creditor.name, 70));
    pmt.ele("CdtrAcct").ele("Id").ele("IBAN").txt(file.creditor.iban);
    agent(pmt.ele("CdtrAgt"), file.creditor.bic);
    pmt.ele("ChrgBr").txt("SLEV");
    const scheme = pmt.ele("CdtrSchmeId").ele("Id").ele("PrvtId").ele("Othr");
    scheme.ele("Id").txt(file.creditor.creditorId);
    scheme.ele("SchmeNm").ele("Prtry").txt("SEPA");
    for (const c of list) {
      const tx = pmt.ele("DrctDbtTxInf");
      tx.ele("PmtId").ele("EndToEndId").txt(sepaText(c.invoiceNumber, 35));
      tx.ele("InstdAmt", { Ccy: "EUR" }).txt(amount(c.amountCents));
      const m = tx.ele("DrctDbtTx").ele("MndtRltdInf");
      m.ele("MndtId").txt(c.mandateReference);
      m.ele("DtOfSgntr").txt(c.mandateSignedOn);
      agent(tx.ele("DbtrAgt"), c.debtorBic);
      tx.ele("Dbtr").ele("Nm").txt(sepaText(c.debtorName, 70));
      tx.ele("DbtrAcct").ele("Id").ele("IBAN").txt(c.debtorIban);
      tx.ele("RmtInf").ele("Ustrd").txt(sepaText(c.remittance, 140));
    }
  }
  return doc.end({ prettyPrint: true });
}

/** A bank by BIC, or NOTPROVIDED (IBAN-only, allowed within SEPA). */
function agent(at: ReturnType<ReturnType<typeof create>["ele"]>, bic: string | null) {
  const fin = at.ele("FinInstnId");
  if (bic) fin.ele("BICFI").txt(bic);
  else fin.ele("Othr").ele("Id").txt("NOTPROVIDED");
}
