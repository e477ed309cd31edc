// Reminders of open invoices on a real database (PGlite, and PostgreSQL in its pass) with a fixed
// clock: the Zahlungserinnerung and the Mahnung on the days the district's levels name after the due
// date, one per level and invoice (two rounds at once, as two replicas run them, send it once), none
// for paid, cancelled or debited invoices, an audit entry and an outbox mail to the invoice e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendReminders } from "../../../server/src/domains/invoices/reminders.ts";
import { addDays, berlinDay, berlinTime } from "../../../server/src/shared/time.ts";
import type { TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import type { World } from "../../support/principals.ts";
import { dexamRegistration, pastDexamEvent, SELLER, sellerWorld } from "./world.ts";

let app: TestApp;
let world: World;
let t: Record<string, string> = {};
let manage: string;
/** invoice id per club name */
const inv: Record<string, number> = {};
let due: string;

const POLICY = "query { invoiceReminders { levels { level label days } isDefault version } }";
const SET = "mutation($input: InvoiceRemindersInput!) { setInvoiceReminders(input: $input) { levels { level label days } isDefault version } }";
const ITEMS = "query { openItems(all: true) { number clubName reminderLevel reminderLabel lastReminderOn } }";

async function ok<T = any>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}
const error = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body.errors?.[0];
/** 10:00 Berlin time, `n` days after the due date */
const dueAnd = (n: number) => berlinTime(addDays(due, n), 10, 0, 0);
const reminders = () => app.db.prisma.invoiceReminder.findMany({ orderBy: [{ invoiceId: "asc" }, { level: "asc" }] });
const mails = () => app.db.prisma.mailOutbox.findMany({ where: { kind: "invoiceReminder" }, orderBy: { id: "asc" } });

beforeAll(async () => {
  ({ app, world, t, manage } = await sellerWorld());
  const event = await pastDexamEvent(app.db.prisma, world.district1, "D-Prüfungen Mahnlauf");
  const clubs: Record<string, number> = {};
  for (const [name, email] of [
    ["MV Offen", "kasse@mv-offen.example"],
    ["MV Bezahlt", "kasse@mv-bezahlt.example"],
    ["MV Storniert", "kasse@mv-storniert.example"],
    ["MV Ohne Adresse", null],
  ] as const) {
    clubs[name] = (await app.db.prisma.association.create({ data: { name, districtAssociationId: world.district1, invoiceEmail: email } })).id;
    await dexamRegistration(app.db.prisma, event, clubs[name]);
  }
  const issued = await ok<{ issueInvoices: { databaseId: number; clubName: string; dueDate: string }[] }>(
    "mutation($e: ID!) { issueInvoices(event: $e) { databaseId clubName dueDate } }",
    { e: gid("Event", event) },
    manage,
  );
  for (const i of issued.issueInvoices) inv[i.clubName] = i.databaseId;
  due = issued.issueInvoices[0].dueDate;
  await ok(
    "mutation($id: ID!, $d: String!) { markInvoicePaid(id: $id, paidOn: $d) { status } }",
    { id: gid("Invoice", inv["MV Bezahlt"]), d: berlinDay(new Date()) },
    manage,
  );
  await ok("mutation($id: ID!) { cancelInvoice(id: $id) { number } }", { id: gid("Invoice", inv["MV Storniert"]) }, manage);
}, 120_000);
afterAll(() => app.stop());

describe("reminder levels", () => {
  it("without the district's own: the defaults, a Zahlungserinnerung after 14 days and the 1. Mahnung after 28", async () => {
    expect((await ok(POLICY, {}, manage)).invoiceReminders).toEqual({
      levels: [
        { level: 1, label: "Zahlungserinnerung", days: 14 },
        { level: 2, label: "1. Mahnung", days: 28 },
      ],
      isDefault: true,
      version: 0,
    });
    expect((await ok(POLICY, {}, t["role:invoice_read"] as string)).invoiceReminders.isDefault).toBe(true);
  });

  it("refuses levels out of order, out of range or too many, in German; invoice_read and clubs may not set them", async () => {
    for (const [days, text] of [
      [[0], "Zahlungserinnerung: 1 bis 365 Tage nach der Fälligkeit"],
      [[10, 400], "1. Mahnung: 1 bis 365 Tage nach der Fälligkeit"],
      [[14, 14], "1. Mahnung: später als die Zahlungserinnerung"],
      [[7, 14, 10], "2. Mahnung: später als die 1. Mahnung"],
      [[7, 14, 21, 28, 35], "Höchstens 4 Stufen"],
    ] as const) {
      const e = await error(SET, { input: { days } }, manage);
      expect(e?.extensions?.code, text).toBe("VALIDATION");
      expect(JSON.stringify(e), text).toContain(text);
      expect(JSON.stringify(e), text).toContain(`"days"`);
    }
    for (const who of ["role:invoice_read", "member"])
      expect((await error(SET, { input: { days: [7] } }, t[who] as string))?.extensions?.code, who).toBe("FORBIDDEN");
    expect(await app.db.prisma.invoiceReminderPolicy.count()).toBe(0);
  });
});

describe("reminder rounds (fixed clock)", () => {
  it("sends the Zahlungserinnerung 14 days after the due date to the open invoice's club only, once", async () => {
    expect(await sendReminders(app.db.prisma, dueAnd(13))).toEqual({ sent: 0, withoutEmail: 0 });
    expect(await reminders()).toEqual([]);
    // a round on the day: the open invoice with an e-mail; the one without is counted, not mailed
    expect(await sendReminders(app.db.prisma, dueAnd(14))).toEqual({ sent: 1, withoutEmail: 1 });
    expect(await reminders()).toMatchObject([{ invoiceId: inv["MV Offen"], level: 1, openCents: 5050 }]);
    const [mail] = await mails();
    expect(mail).toMatchObject({ email: "kasse@mv-offen.example", invoiceId: inv["MV Offen"] });
    expect(mail.payload).toMatchObject({ label: "Zahlungserinnerung", level: 1, club: "MV Offen", open: "50,50 €", iban: SELLER.iban });
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: "remind", entityId: inv["MV Offen"] } });
    expect(entry).toMatchObject({ actorLabel: "system", entity: "Invoice", districtAssociationId: world.district1 });
    expect(entry?.details).toMatchObject({ level: 1, label: "Zahlungserinnerung", openCents: 5050 });
    // the same day again, and two rounds at once (two replicas): nothing more
    expect(await sendReminders(app.db.prisma, dueAnd(14))).toMatchObject({ sent: 0 });
    const both = await Promise.all([sendReminders(app.db.prisma, dueAnd(15)), sendReminders(app.db.prisma, dueAnd(15))]);
    expect(both.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(0);
    expect(await mails()).toHaveLength(1);
    const item = (await ok(ITEMS, {}, manage)).openItems.find((i: { clubName: string }) => i.clubName === "MV Offen");
    expect(item).toMatchObject({ reminderLevel: 1, reminderLabel: "Zahlungserinnerung", lastReminderOn: addDays(due, 14) });
  });

  it("sends the 1. Mahnung 28 days after the due date, once even when two replicas run the round together; then no further level", async () => {
    expect(await sendReminders(app.db.prisma, dueAnd(27))).toMatchObject({ sent: 0 });
    const both = await Promise.all([sendReminders(app.db.prisma, dueAnd(28)), sendReminders(app.db.prisma, dueAnd(28))]);
    // one replica held the lease (the other answered null) or both ran one after the other: one Mahnung
    expect(both.reduce((n, r) => n + (r?.sent ?? 0), 0)).toBe(1);
    expect((await reminders()).map((r) => [r.invoiceId, r.level])).toEqual([
      [inv["MV Offen"], 1],
      [inv["MV Offen"], 2],
    ]);
    expect((await mails()).at(-1)?.payload).toMatchObject({ label: "1. Mahnung", level: 2 });
    expect(await sendReminders(app.db.prisma, dueAnd(400))).toMatchObject({ sent: 0 });
  });

  it("the district's own levels: a missed round sends one level, the next only after the days between the levels", async () => {
    const set = await ok(SET, { input: { days: [7, 14, 21] } }, manage);
    expect(set.setInvoiceReminders).toMatchObject({ isDefault: false, version: 1 });
    expect(set.setInvoiceReminders.levels.map((l: { label: string }) => l.label)).toEqual(["Zahlungserinnerung", "1. Mahnung", "2. Mahnung"]);
    expect((await error(SET, { input: { days: [7], version: 0 } }, manage))?.extensions?.code).toBe("CONFLICT");
    expect(await app.db.prisma.auditEntry.count({ where: { entity: "InvoiceReminderPolicy", action: "create" } })).toBe(1);
    // a new invoice of the district, first seen by a round 30 days after its due date
    await app.db.prisma.invoiceReminder.deleteMany({ where: { invoiceId: inv["MV Offen"] } });
    expect(await sendReminders(app.db.prisma, dueAnd(30))).toMatchObject({ sent: 1 });
    expect((await reminders()).map((r) => r.level)).toEqual([1]);
    expect(await sendReminders(app.db.prisma, dueAnd(36))).toMatchObject({ sent: 0 });
    expect(await sendReminders(app.db.prisma, dueAnd(37))).toMatchObject({ sent: 1 });
    expect(await sendReminders(app.db.prisma, dueAnd(44))).toMatchObject({ sent: 1 });
    expect((await reminders()).map((r) => r.level)).toEqual([1, 2, 3]);
    expect((await mails()).at(-1)?.payload).toMatchObject({ label: "2. Mahnung" });
    // an empty list: no reminders at all
    await ok(SET, { input: { days: [], version: 1 } }, manage);
    await app.db.prisma.invoiceReminder.deleteMany({});
    expect(await sendReminders(app.db.prisma, dueAnd(60))).toMatchObject({ sent: 0 });
  });
});
