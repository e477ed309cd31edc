// Bank statements (camt.053, Kontoauszug) and debit/credit notifications (camt.054, e.g. the booking
// of a direct debit batch) of ISO 20022, versions 001.02 to 001.13, read into the credits they book:
// a pure function. A batch entry with transaction details gives one credit per transaction (the
// collections of a pain.008 file come back so, each with its end-to-end id); debits, reversals and
// pending entries are counted, not read. A file that is not one of these, or an entry without
// amount, currency, direction or date, is refused as a whole with German reasons.
import { create } from "xmlbuilder2";

export type BankCredit = {
  /** the bank's reference of the booking and the transaction's place in it: the same booking in a camt.054 and a camt.053 is read once */
  bankRef: string;
  amountCents: number;
  /** YYYY-MM-DD */
  bookedOn: string;
  /** remittance texts, structured creditor reference and end-to-end id, joined */
  reference: string;
  payerName: string | null;
};

export type BankFile = { kind: "camt.053" | "camt.054"; messageId: string; credits: BankCredit[]; skipped: number };

export class BankFileError extends Error {}

type El = {
  localName: string;
  namespaceURI: string | null;
  childNodes: ArrayLike<unknown>;
  textContent: string | null;
  getAttribute(n: string): string | null;
};

const isEl = (n: unknown): n is El => (n as { nodeType?: number }).nodeType === 1;
const kids = (n: El, name: string): El[] => Array.from(n.childNodes).filter((c): c is El => isEl(c) && c.localName === name);
const kid = (n: El | undefined, ...path: string[]): El | undefined => {
  let at = n;
  for (const p of path) at = at ? kids(at, p)[0] : undefined;
  return at;
};
const text = (n: El | undefined, ...path: string[]) => kid(n, ...path)?.textContent?.trim() || null;

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.(0[2-9]|1[0-3])$/;

/** Amount text ("125.5", "1250.00") in cents; null unless a positive amount with at most two decimals. */
function cents(s: string | null): number | null {
  if (!s || !/^\d{1,12}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  const v = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return v > 0 ? v : null;
}

/** Reads a camt.053 or camt.054 file; throws BankFileError (German) when it is not one or an entry is incomplete. */
export function readBankFile(xml: string): BankFile {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new BankFileError("Die Datei enthält eine DTD; Kontoauszüge (camt) haben keine");
  let root: El;
  try {
    root = create(xml).root().node as unknown as El;
  } catch {
    throw new BankFileError("Die Datei ist kein lesbares XML");
  }
  const ns = NAMESPACE.exec(root.namespaceURI ?? "");
  if (root.localName !== "Document" || !ns) throw new BankFileError("Keine Kontoauszugsdatei im Format camt.053 oder camt.054 (ISO 20022)");
  const kind = ns[1] === "053" ? "camt.053" : "camt.054";
  const message = kid(root, kind === "camt.053" ? "BkToCstmrStmt" : "BkToCstmrDbtCdtNtfctn");
  const messageId = text(message, "GrpHdr", "MsgId");
  if (!message || !messageId) throw new BankFileError("Die Datei hat keinen Nachrichtenkopf (GrpHdr/MsgId)");
  const reports = kids(message, kind === "camt.053" ? "Stmt" : "Ntfctn");
  if (!reports.length)
    throw new BankFileError(kind === "camt.053" ? "Die Datei enthält keinen Kontoauszug (Stmt)" : "Die Datei enthält keine Benachrichtigung (Ntfctn)");
  const credits: BankCredit[] = [];
  // a reference repeated within the file (two transactions with the same end-to-end id) stays two credits
  const seen = new Set<string>();
  const unique = (ref: string) => {
    let r = ref;
    for (let k = 2; seen.has(r); k++) r = `${ref}#${k}`;
    seen.add(r);
    return r;
  };
  const problems: string[] = [];
  let skipped = 0;
  let n = 0;
  for (const report of reports) {
    for (const entry of kids(report, "Ntry")) {
      n++;
      const amt = kid(entry, "Amt");
      const amount = cents(amt?.textContent?.trim() ?? null);
      const currency = amt?.getAttribute("Ccy");
      const direction = text(entry, "CdtDbtInd");
      const booked = text(entry, "BookgDt", "Dt") ?? text(entry, "BookgDt", "DtTm")?.slice(0, 10) ?? null;
      const status = text(entry, "Sts", "Cd") ?? text(entry, "Sts");
      if (amount == null || !currency || (direction !== "CRDT" && direction !== "DBIT") || !booked || !/^\d{4}-\d{2}-\d{2}$/.test(booked)) {
        problems.push(`Buchung ${n}: Betrag, Währung, Soll/Haben oder Buchungstag fehlt`);
        continue;
      }
      const reversal = text(entry, "RvslInd") === "true";
      if (direction !== "CRDT" || reversal || currency !== "EUR" || (status !== null && status !== "BOOK")) {
        skipped++;
        continue;
      }
      const entryRef = text(entry, "AcctSvcrRef") ?? text(entry, "NtryRef") ?? `${messageId}/${n}`;
      const details = kids(entry, "NtryDtls").flatMap((d) => kids(d, "TxDtls"));
      if (!details.length) {
        credits.push({ bankRef: unique(entryRef.slice(0, 130)), amountCents: amount, bookedOn: booked, reference: remittance(entry, entry), payerName: null });
        continue;
      }
      details.forEach((tx, i) => {
        const txAmount = details.length === 1 ? amount : (cents(text(tx, "Amt")) ?? cents(text(tx, "AmtDtls", "TxAmt", "Amt")));
        if (txAmount == null) {
          problems.push(`Buchung ${n}, Umsatz ${i + 1}: Betrag fehlt`);
          return;
        }
        const e2e = text(tx, "Refs", "EndToEndId");
        const ref = text(tx, "Refs", "AcctSvcrRef") ?? (e2e && e2e !== "NOTPROVIDED" ? e2e : String(i + 1));
        credits.push({
          bankRef: unique(`${entryRef}/${ref}`.slice(0, 130)),
          amountCents: txAmount,
          bookedOn: booked,
          reference: remittance(tx, entry),
          payerName: text(tx, "RltdPties", "Dbtr", "Nm") ?? text(tx, "RltdPties", "Dbtr", "Pty", "Nm"),
        });
      });
    }
  }
  if (problems.length) throw new BankFileError(problems.slice(0, 5).join("; "));
  return { kind, messageId, credits, skipped };
}

/** The texts a payer gave: unstructured remittance lines, the structured creditor reference, the end-to-end id. */
function remittance(tx: El, entry: El): string {
  const rmt = kid(tx, "RmtInf");
  const parts = [
    ...(rmt ? kids(rmt, "Ustrd").map((u) => u.textContent?.trim() ?? "") : []),
    ...(rmt ? kids(rmt, "Strd").map((s) => text(s, "CdtrRefInf", "Ref") ?? "") : []),
    text(tx, "Refs", "EndToEndId") ?? "",
    text(entry, "AddtlNtryInf") ?? "",
  ].filter((p) => p && p !== "NOTPROVIDED");
  return parts.join(" ").replace(/\s+/g, " ").slice(0, 500);
}

/** The invoice numbers ("2026-00012") a text names, in order, each once. */
export function invoiceNumbersIn(reference: string): string[] {
  return [...new Set([...reference.matchAll(/(?<!\d)(20\d{2})[- ](\d{5})(?!\d)/g)].map((m) => `${m[1]}-${m[2]}`))];
}
