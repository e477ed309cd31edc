// Payments through GraphQL on a real database: bank files (camt.054 notification, camt.053 statement,
// samples in tests/fixtures/camt) matched by the invoice number in the reference; partial and
// over-payments; a booking read once; refused files write nothing; "bezahlt" by hand; open items per
// club and event and who sees them.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { berlinDay } from "../../../server/src/shared/time.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, SELLER } from "./world.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let manage: string;
let event: number;
const clubs: number[] = [];
const year = berlinDay(new Date()).slice(0, 4);
const number = (n: number) => `${year}-${String(n).padStart(5, "0")}`;

/** A sample file with the current year in its invoice numbers. */
const sample = (name: string) =>
  fs
    .readFileSync(path.resolve(import.meta.dirname, "../../fixtures/camt", name), "utf8")
    .replaceAll("2026-000", `${year}-000`)
    .replaceAll("2026 000", `${year} 000`);

const IMPORT =
  "mutation($xml: String!) { importBankStatement(xml: $xml) { kind credits matched alreadyRead skipped payments { invoiceNumber amountCents paidOn reference payerName } } }";
const ITEMS =
  "query($e: ID, $a: ID, $all: Boolean) { openItems(event: $e, association: $a, all: $all) { number clubName dueCents paidCents openCents overpaidCents status statusLabel lastPaidOn } }";

async function ok<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}
const error = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body.errors?.[0];
const counts = async () => ({ imports: await app.db.prisma.bankImport.count(), payments: await app.db.prisma.payment.count() });
const byNumber = async (all = true) =>
  Object.fromEntries(((await ok(ITEMS, { all }, manage)).openItems as { number: string }[]).map((i) => [i.number, i])) as Record<string, any>;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  manage = t["role:invoice_manage"] as string;
  await ok("mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name } }", { input: SELLER }, manage);
  event = await pastDexamEvent(app.db.prisma, world.district1);
  clubs.push(world.club1);
  for (const name of ["MV Drei", "MV Vier", "MV Fünf"])
    clubs.push((await app.db.prisma.association.create({ data: { name, districtAssociationId: world.district1 } })).id);
  // one D1 registration each: 15.00 + 25.50 + 10.00 late fee = 50.50, exempt seller
  for (const c of clubs) await dexamRegistration(app.db.prisma, event, c);
  const issued = await ok("mutation($e: ID!) { issueInvoices(event: $e) { number totalCents } }", { e: gid("Event", event) }, manage);
  expect(issued.issueInvoices).toEqual([1, 2, 3, 4].map((n) => ({ number: number(n), totalCents: 5050 })));
}, 120_000);
afterAll(() => app.stop());

describe("bank files", () => {
  it("refuses what is not a complete camt file, in German, and writes nothing", async () => {
    const before = await counts();
    const statement = sample("camt053-statement.xml");
    for (const [xml, text] of [
      ["", "leer"],
      ["kein xml", "kein lesbares XML"],
      ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"/>', "camt.053 oder camt.054"],
      ['<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', "DTD"],
      [statement.replace('<Amt Ccy="EUR">60.00</Amt>\n        <CdtDbtInd>', '<Amt Ccy="EUR">60,00</Amt>\n        <CdtDbtInd>'), "Buchung 2"],
      [statement.replace("<BookgDt><Dt>2026-11-20</Dt></BookgDt>", ""), "Buchung 1"],
      [statement.replace(/<MsgId>[^<]*<\/MsgId>/, ""), "GrpHdr/MsgId"],
    ] as const) {
      const e = await error(IMPORT, { xml }, manage);
      expect(e?.extensions?.code, text).toBe("VALIDATION");
      expect(JSON.stringify(e), text).toContain(text);
    }
    expect((await error(IMPORT, { xml: statement }, t["role:invoice_read"] as string))?.extensions?.code).toBe("FORBIDDEN");
    expect((await error(IMPORT, { xml: statement }, t.member as string))?.extensions?.code).toBe("FORBIDDEN");
    expect(await counts()).toEqual(before);
  });

  it("a camt.054 notification of a direct debit batch: the collection pays its invoice (end-to-end id)", async () => {
    const r = (await ok(IMPORT, { xml: sample("camt054-direct-debit.xml") }, manage)).importBankStatement;
    expect(r).toMatchObject({ kind: "camt.054", credits: 1, matched: 1, alreadyRead: 0, skipped: 0 });
    expect(r.payments).toEqual([
      {
        invoiceNumber: number(1),
        amountCents: 5050,
        paidOn: "2026-11-20",
        reference: `Rechnung ${number(1)} D-Pruefungen Herbst ${number(1)} SEPA-LASTSCHRIFT EINREICHUNG`,
        payerName: "Musikverein Eins e. V.",
      },
    ]);
    expect((await byNumber())[number(1)]).toMatchObject({ status: "PAID", statusLabel: "bezahlt", paidCents: 5050, openCents: 0, lastPaidOn: "2026-11-20" });
  });

  it("the day's camt.053 statement: partial and over-payment matched, the batch read before left out, a donation not matched, the fee skipped", async () => {
    const r = (await ok(IMPORT, { xml: sample("camt053-statement.xml") }, manage)).importBankStatement;
    expect(r).toMatchObject({ kind: "camt.053", credits: 3, matched: 2, alreadyRead: 1, skipped: 1 });
    expect(r.payments.map((p: { invoiceNumber: string | null; amountCents: number }) => [p.invoiceNumber, p.amountCents])).toEqual([
      [number(2), 2000],
      [number(3), 6000],
      [null, 1500],
    ]);
    const items = await byNumber();
    expect(items[number(1)]).toMatchObject({ status: "PAID", paidCents: 5050 });
    expect(items[number(2)]).toMatchObject({ status: "PARTIAL", statusLabel: "teilweise bezahlt", paidCents: 2000, openCents: 3050, overpaidCents: 0 });
    expect(items[number(3)]).toMatchObject({ status: "OVERPAID", statusLabel: "überzahlt", paidCents: 6000, openCents: 0, overpaidCents: 950 });
    expect(items[number(4)]).toMatchObject({ status: "OPEN", statusLabel: "offen", paidCents: 0, openCents: 5050 });
    // the same file again: a conflict that writes nothing
    const before = await counts();
    const again = await error(IMPORT, { xml: sample("camt053-statement.xml") }, manage);
    expect(again?.extensions?.code).toBe("CONFLICT");
    expect(again?.message).toBe("Diese Datei wurde schon eingelesen");
    expect(await counts()).toEqual(before);
    const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "BankImport" } });
    expect(audit).toHaveLength(2);
  });
});

describe("open items and bezahlt by hand", () => {
  it("lists what is open or overpaid per club and event; settled ones with all; a club sees its own only", async () => {
    const open = (await ok(ITEMS, {}, manage)).openItems.map((i: { number: string }) => i.number);
    expect(open).toEqual([number(2), number(3), number(4)]);
    const ofClub = (await ok(ITEMS, { a: gid("Association", clubs[1] as number) }, t["role:invoice_read"] as string)).openItems;
    expect(ofClub).toMatchObject([{ number: number(2), clubName: "MV Drei", openCents: 3050 }]);
    expect((await ok(ITEMS, { e: gid("Event", event), all: true }, manage)).openItems).toHaveLength(4);
    // club 1's member sees club 1's invoice only (paid: with all)
    expect((await ok(ITEMS, { all: true }, t.member as string)).openItems.map((i: { number: string }) => i.number)).toEqual([number(1)]);
    expect((await ok(ITEMS, {}, t.member as string)).openItems).toEqual([]);
    expect((await ok(ITEMS, { all: true }, t.staff2 as string)).openItems).toEqual([]);
  });

  it('records "bezahlt" with its date over what is open; refuses a future day, a paid invoice and other roles', async () => {
    const PAID = "mutation($id: ID!, $d: String!) { markInvoicePaid(id: $id, paidOn: $d) { number status paidCents openCents lastPaidOn } }";
    const inv4 = await app.db.prisma.invoice.findFirstOrThrow({ where: { number: number(4) } });
    const inv1 = await app.db.prisma.invoice.findFirstOrThrow({ where: { number: number(1) } });
    const today = berlinDay(new Date());
    const before = await counts();
    expect((await error(PAID, { id: gid("Invoice", inv4.id), d: "2099-01-01" }, manage))?.extensions?.code).toBe("VALIDATION");
    expect(JSON.stringify(await error(PAID, { id: gid("Invoice", inv4.id), d: "31.12.2026" }, manage))).toContain("JJJJ-MM-TT");
    expect((await error(PAID, { id: gid("Invoice", inv4.id), d: "2000-01-01" }, manage))?.message).toBeDefined();
    expect((await error(PAID, { id: gid("Invoice", inv1.id), d: today }, manage))?.message).toBe("Diese Rechnung ist schon bezahlt oder storniert");
    expect((await error(PAID, { id: gid("Invoice", inv4.id), d: today }, t["role:invoice_read"] as string))?.extensions?.code).toBe("FORBIDDEN");
    expect((await error(PAID, { id: gid("Invoice", inv4.id), d: today }, t.staff2 as string))?.extensions?.code).toBe("NOT_FOUND");
    expect(await counts()).toEqual(before);
    const r = (await ok(PAID, { id: gid("Invoice", inv4.id), d: today }, manage)).markInvoicePaid;
    expect(r).toEqual({ number: number(4), status: "PAID", paidCents: 5050, openCents: 0, lastPaidOn: today });
    expect((await ok(ITEMS, {}, manage)).openItems.map((i: { number: string }) => i.number)).toEqual([number(2), number(3)]);
  });

  it("a cancelled invoice asks for nothing: what was paid on it shows as overpaid", async () => {
    const inv2 = await app.db.prisma.invoice.findFirstOrThrow({ where: { number: number(2) } });
    await ok("mutation($id: ID!) { cancelInvoice(id: $id) { number } }", { id: gid("Invoice", inv2.id) }, manage);
    expect((await byNumber())[number(2)]).toMatchObject({ dueCents: 0, paidCents: 2000, overpaidCents: 2000, status: "OVERPAID" });
  });
});
