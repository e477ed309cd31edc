// Payments of invoices (docs/decisions.md "Invoices"): invoice_manage reads in bank statements
// (camt.053) and notifications (camt.054); each credit is matched to the district's invoice whose
// number its reference names (the remittance text, the structured reference or the end-to-end id of a
// direct debit), else kept as not matched. One transaction per file: a refused file (not camt, an
// incomplete entry, read before) writes nothing. A booking is read once (its bank reference), so a
// camt.054 and the day's camt.053 naming the same credit count it once. A payment by other means is
// recorded by hand ("bezahlt" with its date). Open items: what an invoice still asks for (its total
// less credit notes and payments; a cancelled invoice asks for nothing), partial and over-payments shown.
import crypto from "node:crypto";
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, actsOnWhere, authorize } from "../../auth/permissions.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { berlinDay } from "../../shared/time.ts";
import { isCalendarDay as isDay } from "../../shared/validation.ts";
import { audit } from "../audit/service.ts";
import { districtInScope, type ServiceCtx } from "../context.ts";
import { BankFileError, invoiceNumbersIn, readBankFile } from "./camt.ts";

/** The largest bank file read (characters). */
export const BANK_FILE_MAX = 5_000_000;

/** What an invoice asks for: its total less credit notes, nothing once cancelled. */
export const dueOf = (i: { totalCents: number; corrections: { kind: string; totalCents: number }[] }) =>
  i.corrections.some((c) => c.kind === "CANCELLATION")
    ? 0
    : i.totalCents - i.corrections.filter((c) => c.kind === "CREDIT_NOTE").reduce((s, c) => s + c.totalCents, 0);

export const paidOf = (i: { payments: { amountCents: number }[] }) => i.payments.reduce((s, p) => s + p.amountCents, 0);

export async function importBankFile(ctx: ServiceCtx, districtAssociationId: number | null, xml: string) {
  const p = authorize(ctx.principal, "invoicePayment.import");
  const id = districtInScope(p, districtAssociationId);
  if (!xml.trim()) throw validationFailed({ xml: "Die Datei ist leer" });
  if (xml.length > BANK_FILE_MAX) throw validationFailed({ xml: "Die Datei ist größer als 5 MB" });
  let file: ReturnType<typeof readBankFile>;
  try {
    file = readBankFile(xml);
  } catch (e) {
    if (e instanceof BankFileError) throw validationFailed({ xml: e.message });
    throw e;
  }
  const sha256 = crypto.createHash("sha256").update(xml).digest("hex");
  return ctx.prisma.$transaction(
    async (tx) => {
      if (await tx.bankImport.findUnique({ where: { districtAssociationId_sha256: { districtAssociationId: id, sha256 } } }))
        throw new AppError("CONFLICT", "Diese Datei wurde schon eingelesen");
      const known = new Set(
        (
          await tx.payment.findMany({
            where: { districtAssociationId: id, bankRef: { in: file.credits.map((c) => c.bankRef) } },
            select: { bankRef: true },
          })
        ).map((r) => r.bankRef),
      );
      const fresh = file.credits.filter((c) => !known.has(c.bankRef));
      const numbers = [...new Set(fresh.flatMap((c) => invoiceNumbersIn(c.reference)))];
      const invoices = await tx.invoice.findMany({
        where: { districtAssociationId: id, kind: "INVOICE", number: { in: numbers } },
        select: { id: true, number: true },
      });
      const byNumber = new Map(invoices.map((i) => [i.number, i.id]));
      const imp = await tx.bankImport.create({
        data: {
          districtAssociationId: id,
          kind: file.kind,
          messageId: file.messageId.slice(0, 35),
          sha256,
          credits: fresh.length,
          matched: 0,
          createdBy: p.subject,
        },
      });
      let matched = 0;
      for (const c of fresh) {
        const invoiceId =
          invoiceNumbersIn(c.reference)
            .map((n) => byNumber.get(n))
            .find((v) => v !== undefined) ?? null;
        if (invoiceId) matched++;
        await tx.payment.create({
          data: {
            districtAssociationId: id,
            invoiceId,
            importId: imp.id,
            bankRef: c.bankRef,
            amountCents: c.amountCents,
            paidOn: new Date(`${c.bookedOn}T00:00:00Z`),
            reference: c.reference || "-",
            payerName: c.payerName?.slice(0, 140) ?? null,
            createdBy: p.subject,
          },
        });
      }
      const done = await tx.bankImport.update({
        where: { id: imp.id },
        data: { matched },
        include: { payments: { include: { invoice: { select: { number: true } } }, orderBy: { id: "asc" } } },
      });
      await audit(tx, p, {
        action: "create",
        entity: "BankImport",
        entityId: imp.id,
        districtAssociationId: id,
        details: {
          kind: file.kind,
          messageId: file.messageId,
          credits: fresh.length,
          matched,
          alreadyRead: file.credits.length - fresh.length,
          skipped: file.skipped,
        },
      });
      return { ...done, alreadyRead: file.credits.length - fresh.length, skipped: file.skipped };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/** Records by hand that an invoice is paid ("bezahlt") on a day: a payment over what it still asks for. */
export async function markInvoicePaid(ctx: ServiceCtx, invoiceId: number, paidOn: string) {
  const p = authorize(ctx.principal, "invoicePayment.record");
  const today = berlinDay(ctx.services.now());
  if (!isDay(paidOn)) throw validationFailed({ paidOn: "Zahltag als Datum (JJJJ-MM-TT)" });
  if (paidOn > today) throw validationFailed({ paidOn: "Der Zahltag liegt nicht in der Zukunft" });
  return ctx.prisma.$transaction(async (tx) => {
    const i = await tx.invoice.findUnique({ where: { id: invoiceId }, select: itemSelect });
    if (!i || !actsOn(p, "invoicePayment.record", { districtAssociationId: i.districtAssociationId, associationId: i.associationId }))
      throw notFound("Rechnung");
    if (i.kind !== "INVOICE") throw new AppError("CONFLICT", "Nur eine Rechnung wird bezahlt, keine Stornorechnung oder Gutschrift");
    if (paidOn < i.issueDate.toISOString().slice(0, 10)) throw validationFailed({ paidOn: "Der Zahltag liegt nicht vor dem Rechnungsdatum" });
    const open = dueOf(i) - paidOf(i);
    if (open <= 0) throw new AppError("CONFLICT", "Diese Rechnung ist schon bezahlt oder storniert");
    await tx.payment.create({
      data: {
        districtAssociationId: i.districtAssociationId,
        invoiceId: i.id,
        amountCents: open,
        paidOn: new Date(`${paidOn}T00:00:00Z`),
        reference: "bezahlt (von Hand eingetragen)",
        createdBy: p.subject,
      },
    });
    await audit(tx, p, {
      action: "update",
      entity: "Invoice",
      entityId: i.id,
      districtAssociationId: i.districtAssociationId,
      details: { paid: { number: i.number, amountCents: open, paidOn } },
    });
    return openItemOf(await tx.invoice.findUniqueOrThrow({ where: { id: i.id }, select: itemSelect }));
  });
}

/** What an open item reads of an invoice: not its XML, seller or lines (the list reads hundreds at once). */
const itemSelect = {
  id: true,
  districtAssociationId: true,
  associationId: true,
  eventId: true,
  kind: true,
  number: true,
  eventName: true,
  buyer: true,
  issueDate: true,
  dueDate: true,
  totalCents: true,
  corrections: { select: { kind: true, totalCents: true } },
  payments: { select: { amountCents: true, paidOn: true }, orderBy: { paidOn: "asc" } },
  reminders: { select: { level: true, sentOn: true }, orderBy: { level: "asc" } },
} as const satisfies Prisma.InvoiceSelect;
type ItemRow = Prisma.InvoiceGetPayload<{ select: typeof itemSelect }>;

export type OpenItem = ReturnType<typeof openItemOf>;

function openItemOf(i: ItemRow) {
  const dueCents = dueOf(i);
  const paidCents = paidOf(i);
  const openCents = dueCents - paidCents;
  return {
    invoiceId: i.id,
    number: i.number,
    associationId: i.associationId,
    clubName: (i.buyer as { name: string }).name,
    eventId: i.eventId,
    eventName: i.eventName,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    totalCents: i.totalCents,
    dueCents,
    paidCents,
    openCents: Math.max(openCents, 0),
    overpaidCents: Math.max(-openCents, 0),
    lastPaidOn: i.payments.at(-1)?.paidOn ?? null,
    /** the last reminder sent (reminders.ts): its level (0: none) and day */
    reminderLevel: i.reminders.at(-1)?.level ?? 0,
    lastReminderOn: i.reminders.at(-1)?.sentOn ?? null,
    status: openCents === 0 ? "PAID" : openCents < 0 ? "OVERPAID" : paidCents > 0 ? "PARTIAL" : "OPEN",
  } as const;
}

export type OpenItemFilter = { eventId?: number | null; associationId?: number | null; all?: boolean | null };

/**
 * Open items: the invoices of the principal's view (district staff all of it, a club's accounts their
 * club's) that still ask for money or were paid too much; `all` adds the settled ones. Oldest due first.
 */
export async function listOpenItems(ctx: ServiceCtx, filter: OpenItemFilter = {}, limit = 5000) {
  const p = authorize(ctx.principal, "invoiceOpenItem.list");
  const scope = actsOnWhere<Prisma.InvoiceWhereInput>(p, "invoiceOpenItem.list", {
    district: (districtAssociationId) => ({ districtAssociationId }),
    clubs: (ids) => ({ associationId: { in: ids } }),
  });
  const rows = await ctx.prisma.invoice.findMany({
    where: {
      AND: [
        scope,
        { kind: "INVOICE" },
        filter.eventId != null ? { eventId: filter.eventId } : {},
        filter.associationId != null ? { associationId: filter.associationId } : {},
      ],
    },
    select: itemSelect,
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    take: limit,
  });
  const items = rows.map(openItemOf);
  return filter.all ? items : items.filter((i) => i.status !== "PAID" && !(i.dueCents === 0 && i.paidCents === 0));
}
