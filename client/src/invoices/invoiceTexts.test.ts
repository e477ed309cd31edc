import { describe, expect, it } from "vitest";
import { feeGrid, feeTableInput, formatCents, invoiceFileName, invoiceStatus, isLiveInvoice, openItemsPerClub, parseEuro } from "./invoiceTexts";

describe("invoice amounts", () => {
  it("shows cents as euros the German way", () => {
    expect(formatCents(1250).replace(/\s/g, " ")).toBe("12,50 €");
    expect(formatCents(-1250).replace(/\s/g, " ")).toBe("-12,50 €");
  });

  it("reads typed euros as cents: comma or point, empty is no fee", () => {
    expect(parseEuro("12,5")).toEqual({ ok: true, cents: 1250 });
    expect(parseEuro("0.10")).toEqual({ ok: true, cents: 10 });
    expect(parseEuro("")).toEqual({ ok: true, cents: 0 });
    expect(parseEuro("1000000")).toEqual({ ok: true, cents: 100_000_000 });
  });

  it("refuses three decimals, negative amounts, more than 1.000.000 € and text, in German", () => {
    expect(parseEuro("1,234")).toEqual({ ok: false, error: "Höchstens zwei Nachkommastellen" });
    expect(parseEuro("-1")).toEqual({ ok: false, error: "Betrag zwischen 0 und 1.000.000 € angeben" });
    expect(parseEuro("1000000,01")).toEqual({ ok: false, error: "Betrag zwischen 0 und 1.000.000 € angeben" });
    expect(parseEuro("zehn").ok).toBe(false);
  });
});

describe("fee grid", () => {
  it("offers D-exam theory and practice per course; camp only for a camp event", () => {
    expect(feeGrid("DEXAM").rows.map((row) => row.items)).toEqual([
      ["dexam:D1:theory", "dexam:D1:practice"],
      ["dexam:D2:theory", "dexam:D2:practice"],
      ["dexam:D3:theory", "dexam:D3:practice"],
    ]);
    expect(feeGrid("DEXAM_CAMP").rows[0]?.items).toEqual(["dexam:D1:theory", "dexam:D1:practice", "dexam:D1:camp"]);
    expect(feeGrid("DEXAM_CAMP").columns).toEqual(["Theorie", "Praxis", "Lehrgang/Freizeit"]);
  });

  it("offers a competition fee per type and per type and category (the server's item keys)", () => {
    const grid = feeGrid("COMPETITION");
    expect(grid.columns).toEqual(["Alle Kategorien", "Kategorie 1", "Kategorie 2", "Kategorie 3", "Kategorie 4", "Kategorie 5", "Kategorie 6"]);
    expect(grid.rows.map((row) => row.items[0])).toEqual([
      "competition:T",
      "competition:K",
      "competition:U",
      "competition:G",
      "competition:M",
      "competition:B",
    ]);
    expect(grid.rows[0]?.items[2]).toBe("competition:T:CAT_2");
  });
});

describe("fee table input", () => {
  it("sends the amounts set, leaves empty ones out", () => {
    expect(feeTableInput({ amounts: { "dexam:D1:theory": "15", "dexam:D1:practice": "" }, late: "", lateFrom: "" })).toEqual({
      ok: true,
      fees: [{ item: "dexam:D1:theory", amountCents: 1500 }],
      lateFeeCents: 0,
    });
  });

  it("names each wrong field by the server's field name; a late fee needs its date", () => {
    expect(feeTableInput({ amounts: { "dexam:D1:theory": "1,234" }, late: "5", lateFrom: "" })).toEqual({
      ok: false,
      errors: { "fees.dexam:D1:theory": "Höchstens zwei Nachkommastellen", lateFrom: "Ab wann gilt die Verspätungsgebühr?" },
    });
  });
});

describe("invoice status", () => {
  it("names the payment status of an invoice, storniert once cancelled, and the kind of a correction", () => {
    const invoice = { kind: "INVOICE" as const, cancelled: false };
    expect(invoiceStatus(invoice, "OPEN")).toBe("offen");
    expect(invoiceStatus(invoice, undefined)).toBe("offen");
    expect(invoiceStatus(invoice, "PARTIAL")).toBe("teilweise bezahlt");
    expect(invoiceStatus(invoice, "PAID")).toBe("bezahlt");
    expect(invoiceStatus(invoice, "OVERPAID")).toBe("überzahlt");
    expect(invoiceStatus({ ...invoice, cancelled: true }, "OPEN")).toBe("storniert");
    expect(invoiceStatus({ kind: "CANCELLATION", cancelled: false }, null)).toBe("Stornorechnung");
    expect(invoiceStatus({ kind: "CREDIT_NOTE", cancelled: false }, null)).toBe("Gutschrift");
  });

  it("only a live invoice takes a cancellation, credit note or payment by hand", () => {
    expect(isLiveInvoice({ kind: "INVOICE", cancelled: false })).toBe(true);
    expect(isLiveInvoice({ kind: "INVOICE", cancelled: true })).toBe(false);
    expect(isLiveInvoice({ kind: "CREDIT_NOTE", cancelled: false })).toBe(false);
  });
});

describe("open items per club", () => {
  it("sums what each club still owes and overpaid, clubs in German order", () => {
    expect(
      openItemsPerClub([
        { clubName: "Musikverein Zell", openCents: 1000, overpaidCents: 0 },
        { clubName: "Musikverein Ärlingen", openCents: 500, overpaidCents: 0 },
        { clubName: "Musikverein Zell", openCents: 0, overpaidCents: 200 },
      ]),
    ).toEqual([
      { clubName: "Musikverein Ärlingen", count: 1, openCents: 500, overpaidCents: 0 },
      { clubName: "Musikverein Zell", count: 2, openCents: 1000, overpaidCents: 200 },
    ]);
  });
});

describe("document file names", () => {
  it("keeps the number without path characters", () => {
    expect(invoiceFileName("KV1/2026/0001", "pdf")).toBe("Rechnung-KV1-2026-0001.pdf");
  });
});
