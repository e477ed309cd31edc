// Reminders of open invoices (docs/decisions.md "Invoices"): a Zahlungserinnerung, then Mahnungen,
// by mail (outbox) to the club's invoice e-mail once the days of a level after the due date have
// passed. The levels and their days are set per district association (setInvoiceReminders; without
// them REMINDER_DEFAULT_DAYS). The running server schedules the round (app.ts, every six hours);
// every replica may run it at once: the round is one transaction that first takes the lease
// REMINDER_LEASE (a transaction-scoped advisory lock, as the automatic deletion's), and the unique
// key (invoice, level) holds a level to one reminder per invoice whatever happens. The clock is a
// parameter (`now`): tests pass a fixed one. Not reminded: cancellations and credit notes, cancelled
// or settled invoices, invoices in a SEPA direct debit file (the bank collects them; a returned debit
// is the treasurer's call), clubs without an invoice e-mail (the open items show them).

import { validationFailed } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { enqueueAddressMail } from "../../mail/outbox.ts";
import type { ReminderFacts } from "../../mail/registrationMail.ts";
import { addDays, berlinDay } from "../../shared/time.ts";
import { audit } from "../audit/service.ts";
import { checkVersion, districtInScope, type ServiceCtx } from "../context.ts";
import type { BuyerSnapshot, SellerSnapshot } from "./einvoice.ts";
import { dueOf, paidOf } from "./payments.ts";
import { euro, germanDate } from "./pdf.ts";
import { REMINDER_DEFAULT_DAYS, reminderDaysErrors, reminderDue, reminderLabel } from "./rules.ts";

/** advisory lock key of the reminder round (any bigint unique to this job) */
export const REMINDER_LEASE = 7_300_641;
/** Days a reminder gives to pay. */
export const REMINDER_PAY_DAYS = 7;

export type ReminderPolicy = { districtAssociationId: number; days: number[]; version: number; own: boolean };

const policyOf = (districtAssociationId: number, row: { days: number[]; version: number } | null): ReminderPolicy =>
  row
    ? { districtAssociationId, days: row.days, version: row.version, own: true }
    : { districtAssociationId, days: [...REMINDER_DEFAULT_DAYS], version: 0, own: false };

/** The reminder levels of the own district association (admin: any). */
export async function getReminderPolicy(ctx: ServiceCtx, districtAssociationId: number | null): Promise<ReminderPolicy> {
  const p = authorize(ctx.principal, "invoiceSeller.read");
  const id = districtInScope(p, districtAssociationId);
  return policyOf(id, await ctx.prisma.invoiceReminderPolicy.findUnique({ where: { districtAssociationId: id } }));
}

/** Sets the reminder levels: the days after the due date of each (an empty list: no reminders). */
export async function setReminderPolicy(ctx: ServiceCtx, districtAssociationId: number | null, input: { days: number[]; version?: number | null }) {
  const p = authorize(ctx.principal, "invoiceSeller.update");
  const id = districtInScope(p, districtAssociationId);
  const errors = reminderDaysErrors(input.days);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.invoiceReminderPolicy.findUnique({ where: { districtAssociationId: id } });
    checkVersion({ version: before?.version ?? 0 }, input.version);
    const row = await tx.invoiceReminderPolicy.upsert({
      where: { districtAssociationId: id },
      create: { districtAssociationId: id, days: input.days },
      update: { days: input.days, version: { increment: 1 } },
    });
    await audit(tx, p, {
      action: before ? "update" : "create",
      entity: "InvoiceReminderPolicy",
      entityId: id,
      districtAssociationId: id,
      details: { days: { before: before?.days ?? [...REMINDER_DEFAULT_DAYS], after: input.days } },
    });
    return policyOf(id, row);
  });
}

export type ReminderReport = { sent: number; withoutEmail: number };

/**
 * One round: each open invoice due for its next level gets it (a row in InvoiceReminder, a mail, an
 * audit entry). Returns the counts, or null when another server holds the lease right now.
 */
export async function sendReminders(prisma: PrismaClient, now: Date): Promise<ReminderReport | null> {
  const today = berlinDay(now);
  return prisma.$transaction(
    async (tx) => {
      const [{ leased }] = await tx.$queryRaw<{ leased: boolean }[]>`SELECT pg_try_advisory_xact_lock(${REMINDER_LEASE}::bigint) AS leased`;
      if (!leased) return null;
      const report: ReminderReport = { sent: 0, withoutEmail: 0 };
      const policies = new Map((await tx.invoiceReminderPolicy.findMany()).map((r) => [r.districtAssociationId, r.days]));
      const firstDays = Math.min(REMINDER_DEFAULT_DAYS[0], ...[...policies.values()].map((d) => d[0] ?? Number.POSITIVE_INFINITY));
      if (!Number.isFinite(firstDays)) return report;
      const candidates = await tx.invoice.findMany({
        where: {
          kind: "INVOICE",
          dueDate: { lte: new Date(`${addDays(today, -firstDays)}T00:00:00Z`) },
          debit: null,
          corrections: { none: { kind: "CANCELLATION" } },
        },
        include: {
          corrections: { select: { kind: true, totalCents: true } },
          payments: { select: { amountCents: true } },
          reminders: { select: { level: true, sentOn: true } },
          association: { select: { invoiceEmail: true } },
          districtAssociation: { select: { name: true, impressLink: true, gdprLink: true } },
        },
        orderBy: { id: "asc" },
      });
      for (const i of candidates) {
        const days = policies.get(i.districtAssociationId) ?? REMINDER_DEFAULT_DAYS;
        const open = dueOf(i) - paidOf(i);
        if (open <= 0) continue;
        const day = (d: Date) => d.toISOString().slice(0, 10);
        const level = reminderDue(days, { dueDate: day(i.dueDate), reminders: i.reminders.map((r) => ({ level: r.level, sentOn: day(r.sentOn) })) }, today);
        if (level === null) continue;
        const buyer = i.buyer as BuyerSnapshot;
        const email = i.association?.invoiceEmail ?? buyer.email;
        if (!email) {
          report.withoutEmail++;
          continue;
        }
        const made = await tx.invoiceReminder.createManyAndReturn({
          data: [{ invoiceId: i.id, level, sentOn: new Date(`${today}T00:00:00Z`), openCents: open }],
          skipDuplicates: true,
        });
        if (!made.length) continue;
        const d = i.districtAssociation;
        const facts: ReminderFacts = {
          label: reminderLabel(level),
          level,
          number: i.number,
          club: buyer.name,
          event: i.eventName,
          total: euro(i.totalCents),
          open: euro(open),
          due: germanDate(day(i.dueDate)),
          payBy: germanDate(addDays(today, REMINDER_PAY_DAYS)),
          iban: (i.seller as SellerSnapshot).iban,
          district: { name: d.name, imprint: d.impressLink, privacy: d.gdprLink },
        };
        await enqueueAddressMail(tx, email, "invoiceReminder", facts, i.id);
        await tx.auditEntry.create({
          data: {
            actorLabel: "system",
            action: "remind",
            entity: "Invoice",
            entityId: i.id,
            districtAssociationId: i.districtAssociationId,
            details: { number: i.number, level, label: facts.label, openCents: open, sentOn: today },
          },
        });
        report.sent++;
      }
      return report;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** One scheduled round: sends the reminders due and logs how many (or that another server had the lease). */
export async function runReminderJob(prisma: PrismaClient, now: Date, log: (line: string) => void = console.log): Promise<ReminderReport | null> {
  const report = await sendReminders(prisma, now);
  if (report === null) log("Zahlungserinnerungen: ein anderer Server versendet sie gerade");
  else if (report.sent > 0) log(`Zahlungserinnerungen: ${report.sent} Erinnerung(en)/Mahnung(en) versendet`);
  return report;
}
