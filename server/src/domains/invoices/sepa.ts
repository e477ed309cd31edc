// SEPA direct debit (docs/decisions.md "Invoices"): invoice_manage makes a pain.008 file of the
// district's invoices due by the collection date whose club has a mandate. One collection per
// invoice over what is still open of it (the total less its credit notes), the invoice number as
// end-to-end id and remittance reference; a mandate's first collection is FRST, every later one RCUR
// (SepaMandate.firstCollectedAt remembers it; a new mandate reference starts again with FRST). An
// invoice is collected once: the file records which (SepaDebitItem), and cancelled invoices are left
// out. The file holds the clubs' IBANs and is kept sealed, to be downloaded again.
import crypto from "node:crypto";
import { AppError, validationFailed } from "../../auth/errors.ts";
import { authorize } from "../../auth/permissions.ts";
import { decrypt, encrypt } from "../../crypto/aead.ts";
import { addDays, berlinDay } from "../../shared/time.ts";
import { isCalendarDay as isDay } from "../../shared/validation.ts";
import { audit } from "../audit/service.ts";
import { districtInScope, type ServiceCtx } from "../context.ts";
import { type DebitCollection, pain008 } from "./pain008.ts";
import { openMandate } from "./service.ts";

const itemsInclude = { items: { orderBy: { id: "asc" }, include: { invoice: { select: { number: true } } } } } as const;

/** The collection date's errors: a day from tomorrow (SEPA core: one banking day ahead) to a year ahead. */
export function collectionDateError(day: string, today: string): string | null {
  if (!isDay(day)) return "Fälligkeitstag als Datum (JJJJ-MM-TT)";
  if (day <= today) return "Der Fälligkeitstag der Lastschrift liegt frühestens morgen";
  if (day > addDays(today, 365)) return "Der Fälligkeitstag der Lastschrift liegt höchstens ein Jahr voraus";
  return null;
}

export async function listSepaDebits(ctx: ServiceCtx, districtAssociationId: number | null) {
  const p = authorize(ctx.principal, "invoiceDebit.list");
  const id = districtInScope(p, districtAssociationId);
  return ctx.prisma.sepaDebit.findMany({ where: { districtAssociationId: id }, include: itemsInclude, orderBy: { id: "desc" }, take: 500 });
}

/** The XML of a debit file the principal may list (the caller has checked the row is of its district). */
export const debitXml = (ctx: ServiceCtx, sealed: Uint8Array) => decrypt(ctx.services.dataKey, sealed).toString("utf8");

/**
 * Makes the direct debit file of the district's invoices due by `collectionDate` (YYYY-MM-DD) of
 * clubs with a mandate, in one transaction: the file, its collections, the mandates' first
 * collection and the audit entry, or nothing.
 */
export async function createSepaDebit(ctx: ServiceCtx, districtAssociationId: number | null, collectionDate: string) {
  const p = authorize(ctx.principal, "invoiceDebit.create");
  const id = districtInScope(p, districtAssociationId);
  const now = ctx.services.now();
  const today = berlinDay(now);
  const dateError = collectionDateError(collectionDate, today);
  if (dateError) throw validationFailed({ collectionDate: dateError });
  return ctx.prisma.$transaction(
    async (tx) => {
      const seller = await tx.invoiceSeller.findUnique({ where: { districtAssociationId: id } });
      if (!seller) throw new AppError("CONFLICT", "Zuerst die Rechnungsangaben des Kreisverbands (Rechnungssteller) eintragen");
      if (!seller.creditorId) throw new AppError("CONFLICT", "Für Lastschriften die Gläubiger-Identifikationsnummer in den Rechnungsangaben eintragen");
      const due = await tx.invoice.findMany({
        where: {
          districtAssociationId: id,
          kind: "INVOICE",
          dueDate: { lte: new Date(`${collectionDate}T00:00:00Z`) },
          debit: null,
          corrections: { none: { kind: "CANCELLATION" } },
          association: { sepaMandate: { isNot: null } },
        },
        include: { corrections: { select: { kind: true, totalCents: true } }, association: { include: { sepaMandate: true } } },
        orderBy: { id: "asc" },
      });
      const collections: (DebitCollection & { invoiceId: number; associationId: number })[] = [];
      for (const i of due) {
        const m = i.association?.sepaMandate;
        if (!m || !i.association) continue;
        const credited = i.corrections.filter((c) => c.kind === "CREDIT_NOTE").reduce((s, c) => s + c.totalCents, 0);
        const open = i.totalCents - credited;
        if (open <= 0) continue;
        const account = openMandate(ctx, m.accountEncrypted);
        collections.push({
          invoiceId: i.id,
          associationId: i.association.id,
          invoiceNumber: i.number,
          remittance: `Rechnung ${i.number} ${i.eventName}`,
          amountCents: open,
          sequence: m.firstCollectedAt ? "RCUR" : "FRST",
          mandateReference: m.reference,
          mandateSignedOn: m.signedOn.toISOString().slice(0, 10),
          debtorName: account.holder,
          debtorIban: account.iban,
          debtorBic: account.bic,
        });
      }
      if (!collections.length) throw new AppError("CONFLICT", "Keine fälligen Rechnungen von Vereinen mit SEPA-Mandat, die noch nicht eingezogen wurden");
      const messageId = `SDD-${id}-${today.replaceAll("-", "")}-${crypto.randomBytes(4).toString("hex")}`;
      const xml = pain008({
        messageId,
        createdAt: now,
        collectionDate,
        creditor: { name: seller.name, iban: seller.iban, bic: seller.bic, creditorId: seller.creditorId },
        collections,
      });
      const totalCents = collections.reduce((s, c) => s + c.amountCents, 0);
      const debit = await tx.sepaDebit.create({
        data: {
          districtAssociationId: id,
          messageId,
          collectionDate: new Date(`${collectionDate}T00:00:00Z`),
          count: collections.length,
          totalCents,
          xmlEncrypted: new Uint8Array(encrypt(ctx.services.dataKey, xml)),
          createdBy: p.subject,
          items: {
            create: collections.map((c) => ({
              invoiceId: c.invoiceId,
              mandateReference: c.mandateReference,
              sequence: c.sequence,
              amountCents: c.amountCents,
            })),
          },
        },
        include: itemsInclude,
      });
      const first = [...new Set(collections.filter((c) => c.sequence === "FRST").map((c) => c.associationId))];
      if (first.length) await tx.sepaMandate.updateMany({ where: { associationId: { in: first }, firstCollectedAt: null }, data: { firstCollectedAt: now } });
      await audit(tx, p, {
        action: "create",
        entity: "SepaDebit",
        entityId: debit.id,
        districtAssociationId: id,
        details: { messageId, count: debit.count, totalCents, invoices: collections.map((c) => c.invoiceNumber) },
      });
      return debit;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

export type SepaDebitRow = Awaited<ReturnType<typeof listSepaDebits>>[number];
