// Fees and invoices to clubs (docs/decisions.md "Invoices"): invoice_manage sets an event's fees and
// the district's seller data, records a club's billing data and SEPA mandate, issues invoices per
// club and event, cancels them (Stornorechnung) or credits part of one (Gutschrift); invoice_read sees
// every invoice of its district, a club's accounts their own club's. Numbers are gapless per district
// association and year: the issuing transaction locks the counter row first and moves it on by the
// invoices it writes, so a rolled-back issue leaves no gap and two issuers wait for each other. An
// issued invoice never changes (the database refuses updates of its content, see the migration).
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, actsOnWhere, authorize } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import { decrypt, encrypt } from "../../crypto/aead.ts";
import { type InvoiceKind, Prisma } from "../../generated/prisma/client.ts";
import { listOrder } from "../../graphql/cursor.ts";
import { addDays, berlinDay } from "../../shared/time.ts";
import { audit, auditMany } from "../audit/service.ts";
import { checkVersion, clean, districtInScope, type ServiceCtx } from "../context.ts";
import type { ListRead } from "../lists.ts";
import { type BuyerSnapshot, ciiXml, type InvoiceDocument, type SellerSnapshot } from "./einvoice.ts";
import { computeFees, type FeeLine, feeTableErrors, vatOf } from "./fees.ts";
import { mailInvoices } from "./mail.ts";
import { billableRegistrations } from "./reader.ts";
import { type BillingInput, billingErrors, type CreditLineInput, compact, creditErrors, type SellerInput, sellerErrors } from "./rules.ts";

type Tx = Prisma.TransactionClient;

/** What an invoice is read with: its lines and the invoice it corrects. */
export const invoiceInclude = { lines: { orderBy: { position: "asc" } }, corrects: { select: { number: true, issueDate: true } } } as const;
export type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof invoiceInclude }>;

// ---- fees per event

export async function getEventFees(ctx: ServiceCtx, eventId: number) {
  const p = authorize(ctx.principal, "invoiceFees.read");
  const e = await ctx.prisma.event.findUnique({ where: { id: eventId }, include: { fees: { orderBy: { item: "asc" } }, feeSchedule: true } });
  if (!e || !actsOn(p, "invoiceFees.read", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
  return feeTableOf(e);
}

function feeTableOf(e: {
  id: number;
  fees: { item: string; amountCents: number }[];
  feeSchedule: { lateFrom: Date | null; lateFeeCents: number; version: number } | null;
}) {
  return {
    eventId: e.id,
    fees: e.fees.map((f) => ({ item: f.item, amountCents: f.amountCents })),
    lateFrom: e.feeSchedule?.lateFrom ?? null,
    lateFeeCents: e.feeSchedule?.lateFeeCents ?? 0,
    version: e.feeSchedule?.version ?? 0,
  };
}

export type FeeTableInput = { fees: { item: string; amountCents: number }[]; lateFrom: Date | null; lateFeeCents: number; version?: number | null };

/** Replaces an event's fee table (items of amount 0 are dropped). Issued invoices keep what they billed. */
export async function setEventFees(ctx: ServiceCtx, eventId: number, input: FeeTableInput) {
  const p = authorize(ctx.principal, "invoiceFees.update");
  const errors = feeTableErrors(input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ctx.prisma.$transaction(async (tx) => {
    const e = await tx.event.findUnique({ where: { id: eventId }, include: { feeSchedule: true } });
    if (!e || !actsOn(p, "invoiceFees.update", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
    checkVersion({ version: e.feeSchedule?.version ?? 0 }, input.version);
    await tx.eventFee.deleteMany({ where: { eventId } });
    await tx.eventFee.createMany({ data: input.fees.filter((f) => f.amountCents > 0).map((f) => ({ eventId, item: f.item, amountCents: f.amountCents })) });
    const schedule = { lateFrom: input.lateFeeCents > 0 ? input.lateFrom : null, lateFeeCents: input.lateFeeCents };
    await tx.eventFeeSchedule.upsert({ where: { eventId }, create: { eventId, ...schedule }, update: { ...schedule, version: { increment: 1 } } });
    await audit(tx, p, {
      action: "update",
      entity: "Event",
      entityId: eventId,
      districtAssociationId: e.districtAssociationId,
      details: { changed: ["fees"] },
    });
    const after = await tx.event.findUniqueOrThrow({ where: { id: eventId }, include: { fees: { orderBy: { item: "asc" } }, feeSchedule: true } });
    return feeTableOf(after);
  });
}

// ---- the seller of a district association

export async function getSeller(ctx: ServiceCtx, districtAssociationId: number | null) {
  const p = authorize(ctx.principal, "invoiceSeller.read");
  const id = districtInScope(p, districtAssociationId);
  return ctx.prisma.invoiceSeller.findUnique({ where: { districtAssociationId: id } });
}

export async function setSeller(ctx: ServiceCtx, districtAssociationId: number | null, input: SellerInput & { version?: number | null }) {
  const p = authorize(ctx.principal, "invoiceSeller.update");
  const id = districtInScope(p, districtAssociationId);
  const errors = sellerErrors(input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const data = {
    name: input.name.trim(),
    street: input.street.trim(),
    postcode: input.postcode.trim(),
    city: input.city.trim(),
    country: (clean(input.country) ?? "DE").toUpperCase(),
    email: input.email.trim(),
    phone: clean(input.phone),
    taxNumber: clean(input.taxNumber),
    vatId: input.vatId?.trim() ? compact(input.vatId) : null,
    registrationId: clean(input.registrationId),
    exemptionNote: clean(input.exemptionNote),
    vatRateBasisPoints: input.vatRateBasisPoints ?? 1900,
    iban: compact(input.iban),
    bic: input.bic?.trim() ? compact(input.bic) : null,
    bankName: clean(input.bankName),
    creditorId: input.creditorId?.trim() ? compact(input.creditorId) : null,
    paymentDays: input.paymentDays ?? 14,
  };
  return ctx.prisma.$transaction(async (tx) => {
    const before = await tx.invoiceSeller.findUnique({ where: { districtAssociationId: id } });
    checkVersion({ version: before?.version ?? 0 }, input.version);
    const s = await tx.invoiceSeller.upsert({
      where: { districtAssociationId: id },
      create: { districtAssociationId: id, ...data },
      update: { ...data, version: { increment: 1 } },
    });
    await audit(tx, p, { action: before ? "update" : "create", entity: "InvoiceSeller", entityId: id, districtAssociationId: id });
    return s;
  });
}

// ---- a club's billing data and SEPA mandate

export type MandateView = { reference: string; signedOn: Date; ibanMasked: string; firstCollectedAt: Date | null };
export type MandateAccount = { iban: string; bic: string | null; holder: string };

export const maskIban = (last4: string) => `•••• ${last4}`;

/** The sealed account of a mandate (for the debit file and the invoice): never shown in lists. */
export const openMandate = (ctx: Pick<ServiceCtx, "services">, sealed: Uint8Array): MandateAccount =>
  JSON.parse(decrypt(ctx.services.dataKey, sealed).toString("utf8"));

export async function getClubBilling(ctx: ServiceCtx, associationId: number) {
  const p = authorize(ctx.principal, "invoiceBilling.read");
  const a = await ctx.prisma.association.findUnique({ where: { id: associationId }, include: { sepaMandate: true } });
  if (!a || !actsOn(p, "invoiceBilling.read", { districtAssociationId: a.districtAssociationId, associationId: a.id })) throw notFound("Verein");
  return billingView(a);
}

function billingView(a: Prisma.AssociationGetPayload<{ include: { sepaMandate: true } }>) {
  const m = a.sepaMandate;
  return {
    associationId: a.id,
    billingName: a.billingName,
    billingStreet: a.billingStreet,
    billingPostcode: a.billingPostcode,
    billingCity: a.billingCity,
    billingCountry: a.billingCountry,
    buyerReference: a.buyerReference,
    invoiceEmail: a.invoiceEmail,
    mandate: m
      ? ({ reference: m.reference, signedOn: m.signedOn, ibanMasked: maskIban(m.ibanLast4), firstCollectedAt: m.firstCollectedAt } satisfies MandateView)
      : null,
  };
}

export async function setClubBilling(ctx: ServiceCtx, associationId: number, input: BillingInput) {
  const p = authorize(ctx.principal, "invoiceBilling.update");
  const errors = billingErrors(input, berlinDay(ctx.services.now()));
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ctx.prisma.$transaction(async (tx) => {
    const a = await tx.association.findUnique({ where: { id: associationId } });
    if (!a || !actsOn(p, "invoiceBilling.update", { districtAssociationId: a.districtAssociationId, associationId: a.id })) throw notFound("Verein");
    const data = {
      billingName: clean(input.billingName),
      billingStreet: clean(input.billingStreet),
      billingPostcode: clean(input.billingPostcode),
      billingCity: clean(input.billingCity),
      billingCountry: clean(input.billingCountry)?.toUpperCase() ?? null,
      buyerReference: clean(input.buyerReference),
    };
    await tx.association.update({ where: { id: associationId }, data: { ...data, version: { increment: 1 } } });
    const changed = Object.keys(data).filter((k) => data[k as keyof typeof data] !== a[k as keyof typeof data]);
    if (input.mandate === null) {
      await tx.sepaMandate.deleteMany({ where: { associationId } });
      changed.push("mandate");
    } else if (input.mandate) {
      const m = input.mandate;
      const iban = compact(m.iban);
      const account: MandateAccount = { iban, bic: m.bic?.trim() ? compact(m.bic) : null, holder: m.holder.trim() };
      const sealed = {
        reference: m.reference.trim(),
        signedOn: new Date(`${m.signedOn}T00:00:00Z`),
        accountEncrypted: new Uint8Array(encrypt(ctx.services.dataKey, JSON.stringify(account))),
        ibanLast4: iban.slice(-4),
      };
      // a new mandate (another reference) starts with a first collection again
      const old = await tx.sepaMandate.findUnique({ where: { associationId } });
      const restart = old && old.reference !== sealed.reference ? { firstCollectedAt: null } : {};
      await tx.sepaMandate.upsert({
        where: { associationId },
        create: { associationId, ...sealed },
        update: { ...sealed, ...restart, version: { increment: 1 } },
      });
      changed.push("mandate");
    }
    // the account data are named, never their values (sealed)
    await audit(tx, p, {
      action: "update",
      entity: "Association",
      entityId: associationId,
      districtAssociationId: a.districtAssociationId,
      details: { changed },
    });
    return billingView(await tx.association.findUniqueOrThrow({ where: { id: associationId }, include: { sepaMandate: true } }));
  });
}

// ---- reading invoices

export type InvoiceFilter = { districtAssociationId?: number | null; eventId?: number | null; associationId?: number | null };

/** The invoices the principal sees (invoice_read/invoice_manage of the district all of it, a club's accounts their clubs'), filtered. */
function invoiceWhere(ctx: ServiceCtx, filter: InvoiceFilter & { updatedSince?: Date | null }): Prisma.InvoiceWhereInput {
  const p = authorize(ctx.principal, "invoice.list");
  const scope = actsOnWhere<Prisma.InvoiceWhereInput>(p, "invoice.list", {
    district: (districtAssociationId) => ({ districtAssociationId }),
    clubs: (ids) => ({ associationId: { in: ids } }),
  });
  return {
    AND: [
      scope,
      filter.districtAssociationId != null ? { districtAssociationId: filter.districtAssociationId } : {},
      filter.eventId != null ? { eventId: filter.eventId } : {},
      filter.associationId != null ? { associationId: filter.associationId } : {},
      // an issued invoice never changes: it is "changed" when it was issued
      filter.updatedSince ? { createdAt: { gte: filter.updatedSince } } : {},
    ],
  };
}

/** The invoice order: newest first (issue date, then number order). */
const INVOICE_ORDER = [{ issueDate: "desc" }, { id: "desc" }] as const;

/** Invoices the principal sees, newest first (GraphQL's invoices, the exports). */
export async function listInvoices(ctx: ServiceCtx, filter: InvoiceFilter = {}, limit = 2000) {
  return ctx.prisma.invoice.findMany({ where: invoiceWhere(ctx, filter), include: invoiceInclude, orderBy: [...INVOICE_ORDER], take: limit });
}

/** The same list paged by keyset (GET /v1/invoices, domains/lists.ts). */
export function invoiceList(ctx: ServiceCtx, filter: InvoiceFilter & { updatedSince?: Date | null }): ListRead {
  return { where: invoiceWhere(ctx, filter) as Record<string, unknown>, order: listOrder("Invoice", INVOICE_ORDER) };
}

const ownerOf = (i: { districtAssociationId: number; associationId: number | null }) => ({
  districtAssociationId: i.districtAssociationId,
  associationId: i.associationId,
});

export async function getInvoice(ctx: ServiceCtx, id: number): Promise<InvoiceRow> {
  const p = authorize(ctx.principal, "invoice.read");
  const i = await ctx.prisma.invoice.findUnique({ where: { id }, include: invoiceInclude });
  if (!i || !actsOn(p, "invoice.read", ownerOf(i))) throw notFound("Rechnung");
  return i;
}

/** Whether an invoice is cancelled (a cancellation invoice names it). */
export async function cancellationOf(ctx: ServiceCtx, id: number) {
  return ctx.prisma.invoice.findFirst({ where: { correctsId: id, kind: "CANCELLATION" }, select: { id: true, number: true } });
}

/** The document data of a stored invoice (XML, PDF). */
export function documentOf(i: InvoiceRow): InvoiceDocument {
  return {
    kind: i.kind,
    number: i.number,
    issueDate: day(i.issueDate),
    dueDate: day(i.dueDate),
    serviceDate: day(i.serviceDate),
    eventName: i.eventName,
    corrects: i.corrects ? { number: i.corrects.number, issueDate: day(i.corrects.issueDate) } : null,
    seller: i.seller as SellerSnapshot,
    buyer: i.buyer as BuyerSnapshot,
    lines: i.lines.map((l) => ({
      position: l.position,
      item: l.item,
      description: l.description,
      quantity: l.quantity,
      unitCents: l.unitCents,
      netCents: l.netCents,
    })),
    netCents: i.netCents,
    vatCents: i.vatCents,
    totalCents: i.totalCents,
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

// ---- issuing

/**
 * Locks the district's counter of the year for this transaction (creating it at 0) and answers its
 * last number: every issuing of the district waits here for the one before to commit or roll back.
 */
async function lockCounter(tx: Tx, districtAssociationId: number, year: number): Promise<number> {
  await tx.$executeRaw`INSERT INTO "InvoiceCounter" ("districtAssociationId", "year", "last") VALUES (${districtAssociationId}::int, ${year}::int, 0) ON CONFLICT DO NOTHING`;
  const rows = await tx.$queryRaw<
    { last: number }[]
  >`SELECT "last" FROM "InvoiceCounter" WHERE "districtAssociationId" = ${districtAssociationId}::int AND "year" = ${year}::int FOR UPDATE`;
  return Number(rows[0]?.last ?? 0);
}

const numberOf = (year: number, n: number) => `${year}-${String(n).padStart(5, "0")}`;

function sellerSnapshot(s: Prisma.InvoiceSellerGetPayload<object>): SellerSnapshot {
  return {
    name: s.name,
    street: s.street,
    postcode: s.postcode,
    city: s.city,
    country: s.country,
    email: s.email,
    phone: s.phone,
    taxNumber: s.taxNumber,
    vatId: s.vatId,
    registrationId: s.registrationId,
    exemptionNote: s.exemptionNote,
    vatRateBasisPoints: s.vatRateBasisPoints,
    iban: s.iban,
    bic: s.bic,
    bankName: s.bankName,
    creditorId: s.creditorId,
  };
}

function buyerSnapshot(ctx: ServiceCtx, a: Prisma.AssociationGetPayload<{ include: { sepaMandate: true } }>): BuyerSnapshot {
  const m = a.sepaMandate;
  return {
    name: a.billingName ?? a.name,
    street: a.billingStreet,
    postcode: a.billingPostcode,
    city: a.billingCity,
    country: a.billingCountry ?? "DE",
    email: a.invoiceEmail,
    buyerReference: a.buyerReference,
    mandate: m ? { reference: m.reference, iban: openMandate(ctx, m.accountEncrypted).iban } : null,
  };
}

type Draft = {
  associationId: number | null;
  kind: InvoiceKind;
  correctsId: number | null;
  corrects: { number: string; issueDate: string } | null;
  buyer: BuyerSnapshot;
  lines: FeeLine[];
  /** 1, or -1 for a cancellation: amounts negated */
  sign: 1 | -1;
};

/** Writes invoices with consecutive numbers after the locked counter; answers them. */
async function writeInvoices(
  ctx: ServiceCtx,
  tx: Tx,
  p: Principal,
  at: { districtAssociationId: number; eventId: number | null; eventName: string; serviceDate: string; seller: SellerSnapshot; paymentDays: number },
  drafts: Draft[],
): Promise<InvoiceRow[]> {
  if (!drafts.length) return [];
  const today = berlinDay(ctx.services.now());
  const year = Number(today.slice(0, 4));
  const last = await lockCounter(tx, at.districtAssociationId, year);
  const exempt = at.seller.exemptionNote != null;
  const written: { doc: InvoiceDocument; draft: Draft; xml: string }[] = [];
  let n = last;
  for (const d of drafts) {
    n++;
    const lines = d.lines.map((l, i) => ({
      position: i + 1,
      item: l.item,
      description: l.description,
      quantity: l.quantity,
      unitCents: l.unitCents,
      netCents: d.sign * l.netCents,
    }));
    const netCents = lines.reduce((s, l) => s + l.netCents, 0);
    const vatCents = vatOf(netCents, at.seller.vatRateBasisPoints, exempt);
    const doc: InvoiceDocument = {
      kind: d.kind,
      number: numberOf(year, n),
      issueDate: today,
      dueDate: addDays(today, d.kind === "INVOICE" ? at.paymentDays : 0),
      serviceDate: at.serviceDate,
      eventName: at.eventName,
      corrects: d.corrects,
      seller: at.seller,
      buyer: d.buyer,
      lines,
      netCents,
      vatCents,
      totalCents: netCents + vatCents,
    };
    written.push({ doc, draft: d, xml: await ciiXml(doc) });
  }
  // one statement each for the invoices, their lines and their audit entries (an issuing run writes hundreds)
  const made = await tx.invoice.createManyAndReturn({
    data: written.map(({ doc, draft, xml }) => ({
      districtAssociationId: at.districtAssociationId,
      associationId: draft.associationId,
      eventId: at.eventId,
      kind: doc.kind,
      number: doc.number,
      correctsId: draft.correctsId,
      issueDate: new Date(`${doc.issueDate}T00:00:00Z`),
      dueDate: new Date(`${doc.dueDate}T00:00:00Z`),
      serviceDate: new Date(`${doc.serviceDate}T00:00:00Z`),
      eventName: at.eventName,
      seller: doc.seller as unknown as Prisma.InputJsonValue,
      buyer: doc.buyer as unknown as Prisma.InputJsonValue,
      netCents: doc.netCents,
      vatCents: doc.vatCents,
      totalCents: doc.totalCents,
      xml,
      createdBy: p.subject,
    })),
    select: { id: true, number: true, kind: true, totalCents: true },
  });
  const idOf = new Map(made.map((m) => [m.number, m.id]));
  await tx.invoiceLine.createMany({
    data: written.flatMap(({ doc }) => doc.lines.map((l) => ({ ...l, invoiceId: idOf.get(doc.number) as number }))),
  });
  await auditMany(
    tx,
    p,
    made.map((row) => ({
      action: "create",
      entity: "Invoice",
      entityId: row.id,
      districtAssociationId: at.districtAssociationId,
      details: { number: row.number, kind: row.kind, totalCents: row.totalCents },
    })),
  );
  const out = await tx.invoice.findMany({ where: { id: { in: made.map((m) => m.id) } }, include: invoiceInclude, orderBy: { id: "asc" } });
  await tx.$executeRaw`UPDATE "InvoiceCounter" SET "last" = ${n}::int WHERE "districtAssociationId" = ${at.districtAssociationId}::int AND "year" = ${year}::int`;
  return out;
}

async function sellerFor(tx: Tx, districtAssociationId: number) {
  const s = await tx.invoiceSeller.findUnique({ where: { districtAssociationId } });
  if (!s) throw new AppError("CONFLICT", "Zuerst die Rechnungsangaben des Kreisverbands (Rechnungssteller) eintragen");
  return s;
}

/**
 * Issues the invoices of an event after its registration deadline: one per club (all, or those named)
 * with live registrations that cost something and no invoice of the event in force (one not
 * cancelled). Clubs billed already are left out; answers the invoices written.
 */
export async function issueInvoices(ctx: ServiceCtx, eventId: number, associationIds?: readonly number[] | null): Promise<InvoiceRow[]> {
  const p = authorize(ctx.principal, "invoice.issue");
  return mailed(
    ctx,
    ctx.prisma.$transaction(
      async (tx) => {
        const e = await tx.event.findUnique({ where: { id: eventId }, include: { fees: true, feeSchedule: true } });
        if (!e || !actsOn(p, "invoice.issue", { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
        if (e.registrationDeadline.getTime() > ctx.services.now().getTime())
          throw new AppError("CONFLICT", "Rechnungen werden erst nach dem Anmeldeschluss gestellt");
        const seller = await sellerFor(tx, e.districtAssociationId);
        // the counter first: a second issuing of this district waits here, then sees what this one wrote
        const today = berlinDay(ctx.services.now());
        await lockCounter(tx, e.districtAssociationId, Number(today.slice(0, 4)));
        const table = {
          fees: Object.fromEntries(e.fees.map((f) => [f.item, f.amountCents])),
          lateFrom: e.feeSchedule?.lateFrom ?? null,
          lateFeeCents: e.feeSchedule?.lateFeeCents ?? 0,
        };
        const regs = await billableRegistrations(tx, e, associationIds ?? undefined);
        const inForce = await tx.invoice.findMany({
          where: { eventId, kind: "INVOICE", corrections: { none: { kind: "CANCELLATION" } } },
          select: { associationId: true },
        });
        const billed = new Set(inForce.map((i) => i.associationId));
        const clubIds = [...regs.keys()].filter((id) => !billed.has(id)).sort((a, b) => a - b);
        const clubs = await tx.association.findMany({
          where: { id: { in: clubIds }, districtAssociationId: e.districtAssociationId },
          include: { sepaMandate: true },
        });
        const byId = new Map(clubs.map((c) => [c.id, c]));
        const drafts: Draft[] = [];
        for (const id of clubIds) {
          const club = byId.get(id);
          if (!club) continue;
          const { lines, netCents } = computeFees(table, regs.get(id) ?? []);
          if (netCents <= 0) continue;
          drafts.push({ associationId: id, kind: "INVOICE", correctsId: null, corrects: null, buyer: buyerSnapshot(ctx, club), lines, sign: 1 });
        }
        const written = await writeInvoices(
          ctx,
          tx,
          p,
          {
            districtAssociationId: e.districtAssociationId,
            eventId,
            eventName: e.name,
            serviceDate: berlinDay(e.start ?? e.registrationDeadline),
            seller: sellerSnapshot(seller),
            paymentDays: seller.paymentDays,
          },
          drafts,
        );
        return { rows: written, mails: await mailInvoices(tx, written) };
      },
      { timeout: 120_000, maxWait: 30_000 },
    ),
  );
}

/** The invoices a transaction wrote; the mail sender woken when it wrote mails (after the commit). */
async function mailed(ctx: ServiceCtx, done: Promise<{ rows: InvoiceRow[]; mails: number }>): Promise<InvoiceRow[]> {
  const { rows, mails } = await done;
  if (mails) ctx.services.mail.wake();
  return rows;
}

/** Writes the cancellation invoice or credit note of `i` (the original's seller, buyer and service date) and its mail. */
async function writeCorrection(ctx: ServiceCtx, tx: Tx, p: Principal, i: InvoiceRow, kind: "CANCELLATION" | "CREDIT_NOTE", lines: FeeLine[]) {
  const at = {
    districtAssociationId: i.districtAssociationId,
    eventId: i.eventId,
    eventName: i.eventName,
    serviceDate: day(i.serviceDate),
    seller: i.seller as SellerSnapshot,
    paymentDays: 0,
  };
  const draft: Draft = {
    associationId: i.associationId,
    kind,
    correctsId: i.id,
    corrects: { number: i.number, issueDate: day(i.issueDate) },
    buyer: i.buyer as BuyerSnapshot,
    lines,
    sign: kind === "CANCELLATION" ? -1 : 1,
  };
  const rows = await writeInvoices(ctx, tx, p, at, [draft]);
  return { rows, mails: await mailInvoices(tx, rows) };
}

async function correctable(tx: Tx, p: Principal, id: number, op: "invoice.cancel" | "invoice.credit") {
  const i = await tx.invoice.findUnique({ where: { id }, include: { ...invoiceInclude, corrections: { select: { kind: true, totalCents: true } } } });
  if (!i || !actsOn(p, op, ownerOf(i))) throw notFound("Rechnung");
  if (i.kind !== "INVOICE") throw new AppError("CONFLICT", "Nur eine Rechnung kann storniert oder gutgeschrieben werden, keine Stornorechnung oder Gutschrift");
  if (i.corrections.some((c) => c.kind === "CANCELLATION")) throw new AppError("CONFLICT", "Diese Rechnung ist schon storniert");
  return i;
}

/**
 * Cancels an invoice as a whole: a cancellation invoice (Stornorechnung, type 384) with the
 * original's lines and negative amounts and its own number; the original stays as issued. Credit
 * notes written before are subtracted (the cancellation nets the rest).
 */
export async function cancelInvoice(ctx: ServiceCtx, id: number): Promise<InvoiceRow> {
  const p = authorize(ctx.principal, "invoice.cancel");
  const [row] = await mailed(
    ctx,
    ctx.prisma.$transaction(async (tx) => {
      const i = await correctable(tx, p, id, "invoice.cancel");
      if (i.corrections.some((c) => c.kind === "CREDIT_NOTE"))
        throw new AppError("CONFLICT", "Zu dieser Rechnung gibt es eine Gutschrift: den Rest ebenfalls gutschreiben statt stornieren");
      const lines: FeeLine[] = i.lines.map((l) => ({
        item: l.item,
        description: l.description,
        quantity: l.quantity,
        unitCents: l.unitCents,
        netCents: l.netCents,
      }));
      return writeCorrection(ctx, tx, p, i, "CANCELLATION", lines);
    }),
  );
  return row as InvoiceRow;
}

/**
 * Credits part of an invoice (Gutschrift, type 381): lines with positive amounts that are paid back
 * or set off; all credit notes of an invoice together at most its total.
 */
export async function creditInvoice(ctx: ServiceCtx, id: number, input: { reason: string; lines: CreditLineInput[] }): Promise<InvoiceRow> {
  const p = authorize(ctx.principal, "invoice.credit");
  const errors = creditErrors(input.lines, input.reason);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const [row] = await mailed(
    ctx,
    ctx.prisma.$transaction(async (tx) => {
      const i = await correctable(tx, p, id, "invoice.credit");
      const seller = i.seller as SellerSnapshot;
      const lines: FeeLine[] = input.lines.map((l) => ({
        item: "credit",
        description: `${l.description.trim()} (${input.reason.trim()})`.slice(0, 300),
        quantity: l.quantity,
        unitCents: l.unitCents,
        netCents: l.quantity * l.unitCents,
      }));
      const net = lines.reduce((s, l) => s + l.netCents, 0);
      const credited = i.corrections.filter((c) => c.kind === "CREDIT_NOTE").reduce((s, c) => s + c.totalCents, 0);
      const total = net + vatOf(net, seller.vatRateBasisPoints, seller.exemptionNote != null);
      if (credited + total > i.totalCents)
        throw validationFailed({
          lines: `Gutschriften höchstens bis zum Rechnungsbetrag (noch ${((i.totalCents - credited) / 100).toFixed(2).replace(".", ",")} €)`,
        });
      return writeCorrection(ctx, tx, p, i, "CREDIT_NOTE", lines);
    }),
  );
  return row as InvoiceRow;
}

export { Prisma };
