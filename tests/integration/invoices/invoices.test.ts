// Fees and invoices through GraphQL on a real database: fee table and seller data, issuing per club
// with gapless numbers, who sees which invoice, immutability, cancellation and credit note, the
// documents (every XML through the CII schema and the EN 16931 rules; the PDF read back).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { einvoiceProblems } from "../../support/einvoice.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, SELLER } from "./world.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let club3: number;
const year = new Date().getFullYear();

const INVOICE =
  "databaseId number kind totalCents netCents vatCents clubName cancelled lines { position item quantity unitCents netCents } corrects { number }";

async function ok<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}
const code = async (query: string, variables: Record<string, unknown>, token: string) =>
  (await app.gql(query, variables, token)).body.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  event = await pastDexamEvent(app.db.prisma, world.district1);
  club3 = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1, invoiceEmail: "kasse@mv-drei.example" } }))
    .id;
  // club 1: two D1 (one with a verified theory result: practice only), one cancelled; club 3: one D2 made before the late date
  await dexamRegistration(app.db.prisma, event, world.club1);
  await dexamRegistration(app.db.prisma, event, world.club1, { partialResultType: "THEORY" });
  await dexamRegistration(app.db.prisma, event, world.club1, { cancelled: true });
  await dexamRegistration(app.db.prisma, event, club3, { type: "D2", createdAt: new Date(Date.now() - 20 * 86_400_000) });
}, 120_000);
afterAll(() => app.stop());

describe("fees and seller data", () => {
  it("invoice_manage sets an event's fees; invoice_read reads them; others are refused; unknown items are refused", async () => {
    const SET = "mutation($input: SetEventFeesInput!) { setEventFees(input: $input) { fees { item label amountCents } lateFeeCents version } }";
    const input = {
      event: gid("Event", event),
      fees: [
        { item: "dexam:D1:theory", amountCents: 1500 },
        { item: "dexam:D1:practice", amountCents: 2550 },
        { item: "dexam:D2:theory", amountCents: 2000 },
      ],
      lateFrom: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      lateFeeCents: 1000,
    };
    const set = await ok(SET, { input }, t["role:invoice_manage"]);
    expect(set.setEventFees.fees).toContainEqual({ item: "dexam:D1:theory", label: "D-Prüfung D1 – Theorie", amountCents: 1500 });
    expect(await code(SET, { input }, t["role:invoice_read"])).toBe("FORBIDDEN");
    expect(await code(SET, { input }, t["role:registration_manage"])).toBe("FORBIDDEN");
    expect(await code(SET, { input }, t.staff2)).toBe("NOT_FOUND");
    expect(await code(SET, { input: { ...input, fees: [{ item: "dexam:D9:theory", amountCents: 1 }] } }, t["role:invoice_manage"])).toBe("VALIDATION");
    const read = await ok(
      "query($e: ID!) { eventFees(event: $e) { fees { item amountCents } lateFeeCents } }",
      { e: gid("Event", event) },
      t["role:invoice_read"],
    );
    expect(read.eventFees.fees).toHaveLength(3);
    expect(read.eventFees.lateFeeCents).toBe(1000);
  });

  it("issuing needs the seller data; the seller's IBAN and tax data are checked", async () => {
    expect(await code("mutation($e: ID!) { issueInvoices(event: $e) { number } }", { e: gid("Event", event) }, t["role:invoice_manage"])).toBe("CONFLICT");
    const SET = "mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name iban exemptionNote version } }";
    const bad = await app.gql(
      SET,
      { input: { ...SELLER, iban: "DE02120300000000202052", registrationId: null, taxNumber: null, exemptionNote: null } },
      t["role:invoice_manage"],
    );
    expect(bad.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(JSON.stringify(bad.body.errors)).toContain("Keine gültige IBAN");
    expect(await code(SET, { input: SELLER }, t["role:invoice_read"])).toBe("FORBIDDEN");
    const s = await ok(SET, { input: { ...SELLER, iban: "DE02 1203 0000 0000 2020 51" } }, t["role:invoice_manage"]);
    expect(s.setInvoiceSeller).toMatchObject({ iban: "DE02120300000000202051", version: 1 });
  });

  it("a club's SEPA mandate: IBAN checked, stored sealed, shown masked; the club's accounts read their billing data", async () => {
    const SET = "mutation($input: ClubBillingInput!) { setClubBilling(input: $input) { billingName billingCity mandate { reference ibanMasked signedOn } } }";
    const mandate = { reference: "MV-EINS-0001", signedOn: "2026-01-15", iban: "DE89 3704 0044 0532 0130 00", holder: "Musikverein Eins e. V." };
    expect(
      await code(
        SET,
        { input: { association: gid("Association", world.club1), mandate: { ...mandate, iban: "DE89370400440532013001" } } },
        t["role:invoice_manage"],
      ),
    ).toBe("VALIDATION");
    const b = await ok(
      SET,
      {
        input: {
          association: gid("Association", world.club1),
          billingName: "Musikverein Eins e. V.",
          billingStreet: "Am Markt 1",
          billingPostcode: "12345",
          billingCity: "Eins",
          mandate,
        },
      },
      t["role:invoice_manage"],
    );
    expect(b.setClubBilling).toEqual({
      billingName: "Musikverein Eins e. V.",
      billingCity: "Eins",
      mandate: { reference: "MV-EINS-0001", ibanMasked: "•••• 3000", signedOn: "2026-01-15" },
    });
    const row = await app.db.prisma.sepaMandate.findUniqueOrThrow({ where: { associationId: world.club1 } });
    expect(Buffer.from(row.accountEncrypted).toString("latin1")).not.toContain("DE89370400440532013000");
    expect(await code(SET, { input: { association: gid("Association", world.club1) } }, t.member)).toBe("FORBIDDEN");
    const READ = "query($a: ID!) { clubBilling(association: $a) { billingName mandate { ibanMasked } } }";
    expect((await ok(READ, { a: gid("Association", world.club1) }, t.member)).clubBilling.mandate.ibanMasked).toBe("•••• 3000");
    expect(await code(READ, { a: gid("Association", world.club1) }, t.member2)).toBe("NOT_FOUND");
  });
});

describe("invoices", () => {
  let first: any;
  let second: any;

  it("staff issue one invoice per club with live registrations, numbered without gaps; issuing again writes none", async () => {
    const ISSUE = `mutation($e: ID!) { issueInvoices(event: $e) { ${INVOICE} } }`;
    expect(await code(ISSUE, { e: gid("Event", event) }, t["role:invoice_read"])).toBe("FORBIDDEN");
    const issued = (await ok(ISSUE, { e: gid("Event", event) }, t["role:invoice_manage"])).issueInvoices;
    expect(issued.map((i: any) => i.number)).toEqual([`${year}-00001`, `${year}-00002`]);
    [first, second] = issued;
    // club 1: D1 theory + practice, D1 practice only (theory covered), both late; the cancelled one not at all; exempt: no VAT
    expect(first).toMatchObject({ clubName: "Musikverein Eins e. V.", kind: "INVOICE", netCents: 1500 + 2550 * 2 + 1000 * 2, vatCents: 0, cancelled: false });
    expect(first.lines.map((l: any) => [l.item, l.quantity, l.netCents])).toEqual([
      ["dexam:D1:theory", 1, 1500],
      ["dexam:D1:practice", 2, 5100],
      ["late", 2, 2000],
    ]);
    // club 3 registered before the late date
    expect(second).toMatchObject({ clubName: "MV Drei", totalCents: 2000 });
    expect((await ok(ISSUE, { e: gid("Event", event) }, t["role:invoice_manage"])).issueInvoices).toEqual([]);
  });

  it("the invoice goes through the mail outbox to the club's invoice e-mail, with its Factur-X PDF and XML attached", async () => {
    await app.services.mail.flush();
    const mails = app.outbox.sent.filter((m) => m.subject.startsWith("Rechnung "));
    // club 1 has no invoice e-mail: no mail; club 3 gets its invoice
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["kasse@mv-drei.example", `Rechnung ${second.number}: D-Prüfungen Herbst`]]);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.text).toContain("über 20,00 €");
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`Rechnung_${second.number}.pdf`, "application/pdf"],
      [`Rechnung_${second.number}.xml`, "application/xml"],
    ]);
    const xml = (await app.db.prisma.invoice.findUniqueOrThrow({ where: { id: second.databaseId } })).xml;
    expect(mail.attachments?.[1]?.content.toString("utf8")).toBe(xml);
    expect(mail.attachments?.[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("invoice_read sees the district's invoices, a club's account its own club's, others none", async () => {
    const LIST = "query($e: ID) { invoices(event: $e) { number } }";
    const numbers = async (who: string) => (await ok(LIST, { e: gid("Event", event) }, t[who])).invoices.map((i: any) => i.number).sort();
    expect(await numbers("role:invoice_read")).toEqual([first.number, second.number]);
    expect(await numbers("admin")).toEqual([first.number, second.number]);
    expect(await numbers("member")).toEqual([first.number]);
    expect(await numbers("member2")).toEqual([]);
    expect(await numbers("staff2")).toEqual([]);
    expect(await numbers("role:registration_manage")).toEqual([]);
    const NODE = "query($id: ID!) { node(id: $id) { ... on Invoice { number } } }";
    expect((await ok(NODE, { id: gid("Invoice", second.databaseId) }, t.member)).node).toBeNull();
    expect((await ok(NODE, { id: gid("Invoice", first.databaseId) }, t.member)).node.number).toBe(first.number);
  });

  it("the club's account downloads its invoice: the XML passes the CII schema and the EN 16931 rules, the PDF reads back with it embedded", {
    timeout: 300_000,
  }, async () => {
    const NODE = "query($id: ID!) { node(id: $id) { ... on Invoice { xml pdfBase64 } } }";
    const { node } = await ok(NODE, { id: gid("Invoice", first.databaseId) }, t.member);
    expect(await einvoiceProblems(node.xml)).toEqual([]);
    expect(node.xml).toContain("<ram:DirectDebitMandateID>MV-EINS-0001</ram:DirectDebitMandateID>");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-"));
    try {
      const file = path.join(dir, "r.pdf");
      fs.writeFileSync(file, Buffer.from(node.pdfBase64, "base64"));
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      for (const s of [
        `Rechnung ${first.number}`,
        "Musikverein Eins e. V.",
        "Verspätungsgebühr",
        "86,00 €",
        "SEPA-Lastschrift",
        "Umsatzsteuerfrei nach § 4 Nr. 22",
      ])
        expect(text).toContain(s);
      execFileSync("pdfdetach", ["-save", "1", "-o", path.join(dir, "x.xml"), file]);
      expect(fs.readFileSync(path.join(dir, "x.xml"), "utf8")).toBe(node.xml);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an issued invoice never changes: the database refuses it, whoever asks", async () => {
    await expect(app.db.prisma.invoice.update({ where: { id: first.databaseId }, data: { totalCents: 1 } })).rejects.toThrow(/immutable/);
    await expect(app.db.prisma.invoiceLine.updateMany({ where: { invoiceId: first.databaseId }, data: { unitCents: 1 } })).rejects.toThrow(/immutable/);
    const row = await app.db.prisma.invoice.findUniqueOrThrow({ where: { id: first.databaseId } });
    expect(row.totalCents).toBe(first.totalCents);
  });

  it("a credit note credits part of an invoice, at most its total; its XML passes the rules", { timeout: 300_000 }, async () => {
    const CREDIT = `mutation($id: ID!, $reason: String!, $lines: [CreditLineInput!]!) { creditInvoice(id: $id, reason: $reason, lines: $lines) { ${INVOICE} xml } }`;
    const vars = { id: gid("Invoice", second.databaseId), reason: "Teilnahme abgesagt" };
    expect(await code(CREDIT, { ...vars, lines: [{ description: "Theorie", quantity: 2, unitCents: 2000 }] }, t["role:invoice_manage"])).toBe("VALIDATION");
    expect(await code(CREDIT, { ...vars, lines: [{ description: "Theorie", quantity: 1, unitCents: 500 }] }, t["role:invoice_read"])).toBe("FORBIDDEN");
    const c = (await ok(CREDIT, { ...vars, lines: [{ description: "D-Prüfung D2 – Theorie", quantity: 1, unitCents: 500 }] }, t["role:invoice_manage"]))
      .creditInvoice;
    expect(c).toMatchObject({ number: `${year}-00003`, kind: "CREDIT_NOTE", totalCents: 500, corrects: { number: second.number } });
    expect(await einvoiceProblems(c.xml)).toEqual([]);
  });

  it("a cancellation invoice cancels an invoice with its own number; then the club can be billed anew", { timeout: 300_000 }, async () => {
    const CANCEL = `mutation($id: ID!) { cancelInvoice(id: $id) { ${INVOICE} xml } }`;
    expect(await code(CANCEL, { id: gid("Invoice", first.databaseId) }, t.member)).toBe("FORBIDDEN");
    const c = (await ok(CANCEL, { id: gid("Invoice", first.databaseId) }, t["role:invoice_manage"])).cancelInvoice;
    expect(c).toMatchObject({ number: `${year}-00004`, kind: "CANCELLATION", totalCents: -first.totalCents, corrects: { number: first.number } });
    expect(c.lines.map((l: any) => l.netCents)).toEqual(first.lines.map((l: any) => -l.netCents));
    expect(await einvoiceProblems(c.xml)).toEqual([]);
    expect(await code(CANCEL, { id: gid("Invoice", first.databaseId) }, t["role:invoice_manage"])).toBe("CONFLICT");
    expect(await code(CANCEL, { id: gid("Invoice", c.databaseId) }, t["role:invoice_manage"])).toBe("CONFLICT");
    // the original stays as issued, now marked cancelled
    const NODE = `query($id: ID!) { node(id: $id) { ... on Invoice { ${INVOICE} } } }`;
    expect((await ok(NODE, { id: gid("Invoice", first.databaseId) }, t["role:invoice_read"])).node).toEqual({ ...first, cancelled: true });
    // a registration cancelled since: the new invoice bills what is live now
    const reg = await app.db.prisma.dexamRegistration.findFirstOrThrow({ where: { eventId: event, associationId: world.club1, partialResultType: "THEORY" } });
    await app.db.prisma.dexamRegistration.update({ where: { id: reg.id }, data: { cancelledAt: new Date() } });
    const again = (await ok(`mutation($e: ID!) { issueInvoices(event: $e) { ${INVOICE} } }`, { e: gid("Event", event) }, t["role:invoice_manage"]))
      .issueInvoices;
    expect(again.map((i: any) => [i.number, i.clubName, i.totalCents])).toEqual([[`${year}-00005`, "Musikverein Eins e. V.", 1500 + 2550 + 1000]]);
  });

  it("the numbers of a district have no gaps and no repeats; the audit log records each issue", async () => {
    const rows = await app.db.prisma.invoice.findMany({ where: { districtAssociationId: world.district1 }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5].map((n) => `${year}-0000${n}`));
    const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "Invoice" } });
    expect(audit.map((a) => a.entityId).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it("issuing before the registration deadline is refused", async () => {
    const future = await pastDexamEvent(app.db.prisma, world.district1, "Künftig");
    await app.db.prisma.event.update({ where: { id: future }, data: { registrationDeadline: new Date(Date.now() + 86_400_000) } });
    expect(await code("mutation($e: ID!) { issueInvoices(event: $e) { number } }", { e: gid("Event", future) }, t["role:invoice_manage"])).toBe("CONFLICT");
  });
});
