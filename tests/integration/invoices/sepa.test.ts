// SEPA direct debit through GraphQL on a real database: the due invoices of clubs with a mandate in a
// pain.008.001.08 file (valid against the ISO 20022 schema and the German banks' subset GBIC_4),
// FRST for a mandate's first collection and RCUR after, amounts less credit notes, cancelled and
// collected invoices left out, who may, German errors that change nothing, the audit entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, berlinDay } from "../../../server/src/shared/time.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { pain008Problems } from "../../support/pain008.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, SELLER } from "./world.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let club3: number;
let manage: string;

const CREATE =
  "mutation($input: CreateSepaDebitInput!) { createSepaDebit(input: $input) { databaseId messageId collectionDate count totalCents xml items { invoiceNumber mandateReference sequence amountCents } } }";
/** The Berlin day `n` days from today. */
const day = (n: number) => addDays(berlinDay(new Date()), n);

async function ok<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}
const error = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body.errors?.[0];

/** Issues the invoices of a fresh event with a D1 registration of club 1 and club 3; answers them by club. */
async function issue(name: string) {
  const event = await pastDexamEvent(app.db.prisma, world.district1, name);
  await dexamRegistration(app.db.prisma, event, world.club1);
  await dexamRegistration(app.db.prisma, event, club3);
  const d = await ok("mutation($e: ID!) { issueInvoices(event: $e) { databaseId number totalCents association } }", { e: gid("Event", event) }, manage);
  const of = (club: number) => d.issueInvoices.find((i: { association: string }) => i.association === gid("Association", club));
  return { club1: of(world.club1), club3: of(club3) };
}

const counts = async () => ({
  debits: await app.db.prisma.sepaDebit.count(),
  items: await app.db.prisma.sepaDebitItem.count(),
  first: (await app.db.prisma.sepaMandate.findMany({ select: { firstCollectedAt: true } })).map((m) => m.firstCollectedAt?.toISOString() ?? null),
});

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  manage = t["role:invoice_manage"] as string;
  club3 = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } })).id;
  // payment term 0 days: invoices are due on the day they are issued
  await ok(
    "mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name } }",
    { input: { ...SELLER, creditorId: null, paymentDays: 0 } },
    manage,
  );
  await ok(
    "mutation($input: ClubBillingInput!) { setClubBilling(input: $input) { billingName } }",
    {
      input: {
        association: gid("Association", world.club1),
        mandate: { reference: "MV-EINS-0001", signedOn: "2026-01-15", iban: "DE89 3704 0044 0532 0130 00", holder: "Musikverein Eins e. V." },
      },
    },
    manage,
  );
}, 120_000);
afterAll(() => app.stop());

describe("SEPA direct debit files", () => {
  let first: Awaited<ReturnType<typeof issue>>;

  it("needs the creditor id, a collection date from tomorrow and invoice_manage; a refused call changes nothing", async () => {
    first = await issue("D-Prüfungen Herbst");
    const before = await counts();
    const noCreditor = await error(CREATE, { input: { collectionDate: day(1) } }, manage);
    expect(noCreditor?.extensions?.code).toBe("CONFLICT");
    expect(noCreditor?.message).toContain("Gläubiger-Identifikationsnummer");
    await ok(
      "mutation($input: InvoiceSellerInput!) { setInvoiceSeller(input: $input) { name } }",
      { input: { ...SELLER, paymentDays: 0, version: 1 } },
      manage,
    );
    for (const [date, text] of [
      [day(0), "frühestens morgen"],
      ["2026-02-30", "JJJJ-MM-TT"],
      ["morgen", "JJJJ-MM-TT"],
      [day(400), "höchstens ein Jahr"],
    ] as const) {
      const e = await error(CREATE, { input: { collectionDate: date } }, manage);
      expect(e?.extensions?.code, date).toBe("VALIDATION");
      expect(JSON.stringify(e), date).toContain(text);
    }
    expect((await error(CREATE, { input: { collectionDate: day(1) } }, t["role:invoice_read"] as string))?.extensions?.code).toBe("FORBIDDEN");
    expect((await error(CREATE, { input: { collectionDate: day(1) } }, t.member as string))?.extensions?.code).toBe("FORBIDDEN");
    expect(
      (await error(CREATE, { input: { collectionDate: day(1), districtAssociation: gid("DistrictAssociation", world.district1) } }, t.staff2 as string))
        ?.extensions?.code,
    ).toBe("FORBIDDEN");
    expect(await counts()).toEqual(before);
  });

  it("collects the due invoice of the club with a mandate (FRST), valid pain.008; the mandate remembers its first collection", async () => {
    const d = (await ok(CREATE, { input: { collectionDate: day(2) } }, manage)).createSepaDebit;
    expect(d).toMatchObject({ count: 1, totalCents: first.club1.totalCents, collectionDate: day(2) });
    expect(d.items).toEqual([{ invoiceNumber: first.club1.number, mandateReference: "MV-EINS-0001", sequence: "FRST", amountCents: first.club1.totalCents }]);
    expect(await pain008Problems(d.xml)).toEqual([]);
    expect(d.xml).toContain(`<EndToEndId>${first.club1.number}</EndToEndId>`);
    expect(d.xml).toContain(`<Ustrd>Rechnung ${first.club1.number} D-Pruefungen Herbst</Ustrd>`);
    expect(d.xml).toContain(`<InstdAmt Ccy="EUR">${(first.club1.totalCents / 100).toFixed(2)}</InstdAmt>`);
    expect(d.xml).toContain("<IBAN>DE89370400440532013000</IBAN>");
    expect(d.xml).toContain("<MndtId>MV-EINS-0001</MndtId>");
    expect(d.xml).toContain("<DtOfSgntr>2026-01-15</DtOfSgntr>");
    expect(d.xml).toContain("<Id>DE98ZZZ09999999999</Id>");
    expect(d.xml).not.toContain(first.club3.number);
    const m = await app.db.prisma.sepaMandate.findUniqueOrThrow({ where: { associationId: world.club1 } });
    expect(m.firstCollectedAt).not.toBeNull();
    // the file is kept sealed: the IBAN is not in the row's bytes
    const row = await app.db.prisma.sepaDebit.findUniqueOrThrow({ where: { id: d.databaseId } });
    expect(Buffer.from(row.xmlEncrypted).toString("latin1")).not.toContain("DE89370400440532013000");
    const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "SepaDebit", entityId: d.databaseId } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.details)).not.toContain("DE89");
  });

  it("an invoice is collected once: nothing due answers a German conflict and changes nothing", async () => {
    const before = await counts();
    const e = await error(CREATE, { input: { collectionDate: day(3) } }, manage);
    expect(e?.extensions?.code).toBe("CONFLICT");
    expect(e?.message).toContain("Keine fälligen Rechnungen");
    expect(await counts()).toEqual(before);
  });

  it("later collections are RCUR; a credit note lowers the amount; a cancelled invoice and one not yet due are left out", async () => {
    const a = await issue("Wertungsspiele");
    const b = await issue("D-Prüfungen Frühjahr");
    const c = await issue("D-Prüfungen Sommer");
    await ok(
      'mutation($id: ID!) { creditInvoice(id: $id, reason: "Abmeldung", lines: [{ description: "D1", quantity: 1, unitCents: 500 }]) { totalCents } }',
      { id: gid("Invoice", a.club1.databaseId) },
      manage,
    );
    await ok("mutation($id: ID!) { cancelInvoice(id: $id) { number } }", { id: gid("Invoice", b.club1.databaseId) }, manage);
    // c is due only later
    await app.db.prisma.$executeRaw`ALTER TABLE "Invoice" DISABLE TRIGGER "Invoice_immutable"`;
    await app.db.prisma.invoice.update({ where: { id: c.club1.databaseId }, data: { dueDate: new Date(`${day(30)}T00:00:00Z`) } });
    await app.db.prisma.$executeRaw`ALTER TABLE "Invoice" ENABLE TRIGGER "Invoice_immutable"`;
    const d = (await ok(CREATE, { input: { collectionDate: day(5) } }, manage)).createSepaDebit;
    expect(d.items).toEqual([{ invoiceNumber: a.club1.number, mandateReference: "MV-EINS-0001", sequence: "RCUR", amountCents: a.club1.totalCents - 500 }]);
    expect(await pain008Problems(d.xml)).toEqual([]);
    expect(d.xml).toContain("<SeqTp>RCUR</SeqTp>");
    expect(d.xml).not.toContain("<SeqTp>FRST</SeqTp>");
    // by its due date, c is collected
    const later = (await ok(CREATE, { input: { collectionDate: day(30) } }, manage)).createSepaDebit;
    expect(later.items.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([c.club1.number]);
    expect(await pain008Problems(later.xml)).toEqual([]);
  });

  it("a new mandate reference starts with FRST again; the files are listed newest first for invoice_manage only", async () => {
    await ok(
      "mutation($input: ClubBillingInput!) { setClubBilling(input: $input) { billingName } }",
      {
        input: {
          association: gid("Association", world.club1),
          mandate: { reference: "MV-EINS-0002", signedOn: "2026-03-01", iban: "DE02120300000000202051", holder: "Musikverein Eins e. V." },
        },
      },
      manage,
    );
    await issue("Konzertwertung");
    const d = (await ok(CREATE, { input: { collectionDate: day(1) } }, manage)).createSepaDebit;
    expect(d.items).toMatchObject([{ mandateReference: "MV-EINS-0002", sequence: "FRST" }]);
    expect(await pain008Problems(d.xml)).toEqual([]);
    const list = (await ok("query { sepaDebits { databaseId count items { sequence } xml } }", {}, manage)).sepaDebits;
    expect(list).toHaveLength(4);
    expect(list[0].databaseId).toBe(d.databaseId);
    expect(list[0].xml).toBe(d.xml);
    expect((await error("query { sepaDebits { messageId } }", {}, t["role:invoice_read"] as string))?.extensions?.code).toBe("FORBIDDEN");
    expect((await ok("query { sepaDebits { messageId } }", {}, t.staff2 as string)).sepaDebits).toEqual([]);
  });
});
