// Reading camt.053 and camt.054 files (the samples in tests/fixtures/camt) and finding invoice
// numbers in remittance texts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BankFileError, invoiceNumbersIn, readBankFile } from "./camt.ts";

const sample = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, "../../../../tests/fixtures/camt", name), "utf8");

describe("camt files", () => {
  it("a day's statement: credits with their bank references, the debit skipped", () => {
    const f = readBankFile(sample("camt053-statement.xml"));
    expect(f.kind).toBe("camt.053");
    expect(f.skipped).toBe(1);
    expect(f.credits.map((c) => [c.bankRef, c.amountCents, c.bookedOn])).toEqual([
      ["2026112012345678001/1", 2000, "2026-11-20"],
      ["2026112012345678002/MV4-2026-11-19-1", 6000, "2026-11-20"],
      ["2026112012345678003/2026-00001", 5050, "2026-11-20"],
      ["2026112012345678004/1", 1500, "2026-11-20"],
    ]);
    expect(f.credits[0]?.payerName).toBe("Musikverein Drei e.V.");
  });

  it("the notification of the same batch names the same booking", () => {
    const f = readBankFile(sample("camt054-direct-debit.xml"));
    expect(f.kind).toBe("camt.054");
    expect(f.credits.map((c) => c.bankRef)).toEqual(["2026112012345678003/2026-00001"]);
  });

  it("refuses other files with German reasons", () => {
    expect(() => readBankFile("<a/>")).toThrow(BankFileError);
    expect(() => readBankFile('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"/>')).toThrow("camt.053 oder camt.054");
  });

  it("finds invoice numbers written with a hyphen or a space, each once, not inside longer numbers", () => {
    expect(invoiceNumbersIn("RE 2026-00012 und 2026 00013, 2026-00012")).toEqual(["2026-00012", "2026-00013"]);
    expect(invoiceNumbersIn("IBAN DE02120300000000202051 Kunde 123456789")).toEqual([]);
  });
});
