// GraphQL: fees per event, the seller of a district association, a club's billing data and SEPA
// mandate, invoices (read, issue, cancel, credit) and their documents (XML, Factur-X PDF as base64).
import { mayActOn } from "../../auth/permissions.ts";
import { builder } from "../../graphql/builder.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { berlinDay } from "../../shared/time.ts";
import { itemLabel } from "./fees.ts";
import { invoicePdf } from "./pdf.ts";
import {
  cancelInvoice,
  creditInvoice,
  documentOf,
  getClubBilling,
  getEventFees,
  getInvoice,
  getSeller,
  issueInvoices,
  listInvoices,
  setClubBilling,
  setEventFees,
  setSeller,
} from "./service.ts";

const InvoiceKindEnum = builder.enumType("InvoiceKind", {
  description: "What an invoice is.",
  values: {
    INVOICE: { description: "Rechnung (type code 380)." },
    CANCELLATION: { description: "Stornorechnung: cancels an invoice as a whole, negative amounts (type code 384)." },
    CREDIT_NOTE: { description: "Gutschrift: credits part of an invoice (type code 381)." },
  },
});

type FeeTable = Awaited<ReturnType<typeof getEventFees>>;

const FeeType = builder.objectRef<{ item: string; amountCents: number }>("EventFee").implement({
  description: "One fee of an event's fee table.",
  fields: (t) => ({
    item: t.exposeString("item", {
      description: 'The item key: "dexam:D1:theory" (course D1-D3, part theory/practice/camp), "competition:T" or "competition:T:CAT_2".',
    }),
    label: t.string({ description: "The item as the invoice names it (German).", resolve: (f) => itemLabel(f.item) }),
    amountCents: t.exposeInt("amountCents", { description: "Amount in cents per registration." }),
  }),
});

const FeeTableType = builder.objectRef<FeeTable>("EventFeeTable").implement({
  description: "The fees of an event; they apply to its live registrations when invoices are issued.",
  fields: (t) => ({
    event: t.id({ description: "Global id of the event.", resolve: (f) => encodeId("Event", f.eventId) }),
    fees: t.field({ type: [FeeType], description: "The fees set (items without a fee cost nothing).", resolve: (f) => f.fees }),
    lateFrom: t.field({
      type: "DateTime",
      nullable: true,
      description: "Registrations made after this instant pay the late fee too.",
      resolve: (f) => f.lateFrom,
    }),
    lateFeeCents: t.exposeInt("lateFeeCents", { description: "The late fee in cents (0: none)." }),
    version: t.exposeInt("version", { description: "Send it back with setEventFees (optimistic concurrency); 0 before the first save." }),
  }),
});

builder.queryField("eventFees", (t) =>
  t.field({
    type: FeeTableType,
    description: "The fee table of an event of the own district (invoice_read, invoice_manage).",
    authScopes: { operation: "invoiceFees.read" },
    args: { event: t.arg.globalID({ required: true, description: "Global id of the event." }) },
    resolve: (_root, { event }, ctx) => getEventFees(ctx, numericId(event, "Event", "Veranstaltung")),
  }),
);

const FeeInput = builder.inputType("EventFeeInput", {
  description: "One fee.",
  fields: (t) => ({
    item: t.string({ required: true, description: "The item key (EventFee.item)." }),
    amountCents: t.int({ required: true, description: "Amount in cents (0 removes the fee)." }),
  }),
});

const SetEventFeesInput = builder.inputType("SetEventFeesInput", {
  description: "The whole fee table of an event (replaces the one before).",
  fields: (t) => ({
    event: t.globalID({ required: true, description: "Global id of the event." }),
    fees: t.field({ type: [FeeInput], required: true, description: "The fees." }),
    lateFrom: t.field({ type: "DateTime", required: false, description: "The late fee applies to registrations made after this instant." }),
    lateFeeCents: t.int({ required: true, description: "The late fee in cents (0: none)." }),
    version: t.int({ required: false, description: "EventFeeTable.version the change is based on." }),
  }),
});

builder.mutationField("setEventFees", (t) =>
  t.field({
    type: FeeTableType,
    description: "Sets the fee table of an event of the own district (invoice_manage). Issued invoices keep what they billed.",
    authScopes: { operation: "invoiceFees.update" },
    args: { input: t.arg({ type: SetEventFeesInput, required: true, description: "The fee table." }) },
    resolve: (_root, { input }, ctx) =>
      setEventFees(ctx, numericId(input.event, "Event", "Veranstaltung"), {
        fees: input.fees.map((f) => ({ item: f.item, amountCents: f.amountCents })),
        lateFrom: input.lateFrom ?? null,
        lateFeeCents: input.lateFeeCents,
        version: input.version,
      }),
  }),
);

// ---- the seller

type Seller = NonNullable<Awaited<ReturnType<typeof getSeller>>>;
const sellerText = ["name", "street", "postcode", "city", "country", "email"] as const;
const sellerOptional = ["phone", "taxNumber", "vatId", "registrationId", "exemptionNote", "bic", "bankName", "creditorId"] as const;

const SellerType = builder.objectRef<Seller>("InvoiceSeller").implement({
  description: "The seller of a district association's invoices (Rechnungssteller).",
  fields: (t) => ({
    ...Object.fromEntries(sellerText.map((k) => [k, t.exposeString(k, { description: `Seller ${k}.` })])),
    ...Object.fromEntries(sellerOptional.map((k) => [k, t.exposeString(k, { nullable: true, description: `Seller ${k} (optional).` })])),
    iban: t.exposeString("iban", { description: "The account invoices are paid to." }),
    vatRateBasisPoints: t.exposeInt("vatRateBasisPoints", {
      description: "VAT rate in hundredths of a percent (1900 = 19 %); not applied when exemptionNote is set.",
    }),
    paymentDays: t.exposeInt("paymentDays", { description: "Days from the issue date to the due date." }),
    version: t.exposeInt("version", { description: "Send it back with setInvoiceSeller." }),
  }),
});

builder.queryField("invoiceSeller", (t) =>
  t.field({
    type: SellerType,
    nullable: true,
    description: "The seller data of the own district association (admin: any); null until set.",
    authScopes: { operation: "invoiceSeller.read" },
    args: { districtAssociation: t.arg.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }) },
    resolve: (_root, { districtAssociation }, ctx) =>
      getSeller(ctx, districtAssociation ? numericId(districtAssociation, "DistrictAssociation", "Kreisverband") : null),
  }),
);

const SellerInput = builder.inputType("InvoiceSellerInput", {
  description: "The seller data: name, address, e-mail, IBAN; tax number, VAT id or the exemption note; VAT id or register entry.",
  fields: (t) => ({
    districtAssociation: t.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }),
    ...Object.fromEntries(sellerText.map((k) => [k, t.string({ required: k !== "country", description: `Seller ${k}.` })])),
    ...Object.fromEntries(sellerOptional.map((k) => [k, t.string({ required: false, description: `Seller ${k} (optional).` })])),
    iban: t.string({ required: true, description: "IBAN (checked)." }),
    vatRateBasisPoints: t.int({ required: false, description: "VAT rate in hundredths of a percent (default 1900)." }),
    paymentDays: t.int({ required: false, description: "Payment term in days (default 14)." }),
    version: t.int({ required: false, description: "InvoiceSeller.version the change is based on." }),
  }),
});

builder.mutationField("setInvoiceSeller", (t) =>
  t.field({
    type: SellerType,
    description: "Sets the seller data of the own district association (invoice_manage; admin any).",
    authScopes: { operation: "invoiceSeller.update" },
    args: { input: t.arg({ type: SellerInput, required: true, description: "The seller data." }) },
    resolve: (_root, { input }, ctx) => {
      const { districtAssociation, ...rest } = input as typeof input & Record<string, string>;
      return setSeller(ctx, districtAssociation ? numericId(districtAssociation, "DistrictAssociation", "Kreisverband") : null, rest as never);
    },
  }),
);

// ---- a club's billing data

type Billing = Awaited<ReturnType<typeof getClubBilling>>;
const billingText = ["billingName", "billingStreet", "billingPostcode", "billingCity", "billingCountry", "buyerReference", "invoiceEmail"] as const;

const MandateType = builder.objectRef<NonNullable<Billing["mandate"]>>("SepaMandate").implement({
  description: "A club's SEPA direct debit mandate; the account is stored encrypted and shown masked.",
  fields: (t) => ({
    reference: t.exposeString("reference", { description: "Mandate reference." }),
    signedOn: t.field({ type: "Date", description: "Date of signature.", resolve: (m) => m.signedOn }),
    ibanMasked: t.exposeString("ibanMasked", { description: "The IBAN's last four characters." }),
    firstCollectedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "The first collection under the mandate (later ones are recurring).",
      resolve: (m) => m.firstCollectedAt,
    }),
  }),
});

const BillingType = builder.objectRef<Billing>("ClubBilling").implement({
  description: "A club's billing data (buyer of its invoices).",
  fields: (t) => ({
    association: t.id({ description: "Global id of the club.", resolve: (b) => encodeId("Association", b.associationId) }),
    ...Object.fromEntries(billingText.map((k) => [k, t.exposeString(k, { nullable: true, description: `${k} (optional).` })])),
    mandate: t.field({ type: MandateType, nullable: true, description: "The SEPA mandate, if any.", resolve: (b) => b.mandate }),
  }),
});

builder.queryField("clubBilling", (t) =>
  t.field({
    type: BillingType,
    description: "A club's billing data: invoice staff of its district, and the club's accounts.",
    authScopes: { operation: "invoiceBilling.read" },
    args: { association: t.arg.globalID({ required: true, description: "Global id of the club." }) },
    resolve: (_root, { association }, ctx) => getClubBilling(ctx, numericId(association, "Association", "Verein")),
  }),
);

const MandateInput = builder.inputType("SepaMandateInput", {
  description: "A SEPA direct debit mandate.",
  fields: (t) => ({
    reference: t.string({ required: true, description: "Mandate reference (up to 35 characters)." }),
    signedOn: t.string({ required: true, description: "Date of signature, YYYY-MM-DD." }),
    iban: t.string({ required: true, description: "IBAN of the club (checked)." }),
    bic: t.string({ required: false, description: "BIC (optional within SEPA)." }),
    holder: t.string({ required: true, description: "Account holder." }),
  }),
});

const BillingInput = builder.inputType("ClubBillingInput", {
  description: "A club's billing address, buyer reference and SEPA mandate.",
  fields: (t) => ({
    association: t.globalID({ required: true, description: "Global id of the club." }),
    ...Object.fromEntries(billingText.filter((k) => k !== "invoiceEmail").map((k) => [k, t.string({ required: false, description: `${k} (optional).` })])),
    mandate: t.field({ type: MandateInput, required: false, description: "A new or changed mandate; absent: unchanged." }),
    removeMandate: t.boolean({ required: false, description: "true: the mandate is removed." }),
  }),
});

builder.mutationField("setClubBilling", (t) =>
  t.field({
    type: BillingType,
    description: "Sets a club's billing data and SEPA mandate (invoice_manage of the club's district).",
    authScopes: { operation: "invoiceBilling.update" },
    args: { input: t.arg({ type: BillingInput, required: true, description: "The billing data." }) },
    resolve: (_root, { input }, ctx) => {
      const { association, mandate, removeMandate, ...rest } = input as typeof input & Record<string, string | null>;
      return setClubBilling(ctx, numericId(association, "Association", "Verein"), {
        ...rest,
        ...(removeMandate ? { mandate: null } : mandate ? { mandate } : {}),
      });
    },
  }),
);

// ---- invoices

const InvoiceLineType = builder.prismaObject("InvoiceLine", {
  description: "One line of an invoice.",
  fields: (t) => ({
    position: t.exposeInt("position", { description: "Line number." }),
    item: t.exposeString("item", { description: "The fee item key (or late, credit)." }),
    description: t.exposeString("description", { description: "What is billed." }),
    quantity: t.exposeInt("quantity", { description: "How many." }),
    unitCents: t.exposeInt("unitCents", { description: "Price per unit in cents." }),
    netCents: t.exposeInt("netCents", { description: "Line amount in cents (negative on a cancellation)." }),
  }),
});

const canRead = (ctx: Parameters<typeof mayActOn>[0], i: { districtAssociationId: number; associationId: number | null }) =>
  mayActOn(ctx, "invoice.read", { districtAssociationId: i.districtAssociationId, associationId: i.associationId });

export const InvoiceType = builder.prismaNode("Invoice", {
  description: "An issued invoice, cancellation invoice or credit note: never changed after issuing.",
  id: { field: "id" },
  authScopes: (i, ctx) => canRead(ctx.principal, i),
  runScopesOnType: true,
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    number: t.exposeString("number", { description: "Invoice number, gapless per district association and year." }),
    kind: t.field({ type: InvoiceKindEnum, description: "Invoice, cancellation or credit note.", resolve: (i) => i.kind }),
    issueDate: t.expose("issueDate", { type: "Date", description: "Date of issue." }),
    dueDate: t.expose("dueDate", { type: "Date", description: "Due date." }),
    serviceDate: t.expose("serviceDate", { type: "Date", description: "Day of the service (event)." }),
    eventName: t.exposeString("eventName", { description: "The event billed (as at issuing)." }),
    event: t.id({
      nullable: true,
      description: "Global id of the event (null once deleted).",
      resolve: (i) => (i.eventId ? encodeId("Event", i.eventId) : null),
    }),
    association: t.id({
      nullable: true,
      description: "Global id of the club (null once deleted).",
      resolve: (i) => (i.associationId ? encodeId("Association", i.associationId) : null),
    }),
    clubName: t.string({ description: "The buyer's name as issued.", resolve: (i) => (i.buyer as { name: string }).name }),
    netCents: t.exposeInt("netCents", { description: "Net amount in cents." }),
    vatCents: t.exposeInt("vatCents", { description: "VAT in cents." }),
    totalCents: t.exposeInt("totalCents", { description: "Amount due in cents (negative on a cancellation)." }),
    lines: t.relation("lines", { description: "The lines.", query: { orderBy: { position: "asc" } } }),
    corrects: t.relation("corrects", { nullable: true, description: "The invoice a cancellation or credit note corrects." }),
    cancelled: t.boolean({
      description: "Whether a cancellation invoice cancels this invoice.",
      select: { corrections: { select: { kind: true } } },
      resolve: (i) => i.corrections.some((c) => c.kind === "CANCELLATION"),
    }),
    xml: t.exposeString("xml", { description: "The EN 16931 CII XML as issued." }),
    pdfBase64: t.string({
      description: "The ZUGFeRD / Factur-X PDF/A-3 (the XML embedded), base64.",
      resolve: async (i, _args, ctx) =>
        Buffer.from(await invoicePdf(documentOf(await getInvoice(ctx, i.id)), berlinDay(ctx.services.now()))).toString("base64"),
    }),
  }),
});
void InvoiceLineType;
registerNodeAccess("Invoice", (ctx, i) => canRead(ctx.principal, i));

builder.queryField("invoices", (t) =>
  t.prismaField({
    type: [InvoiceType],
    description: "Invoices: invoice_read/invoice_manage of the district all of it, a club's accounts their clubs'. Newest first.",
    authScopes: { operation: "invoice.list" },
    args: {
      event: t.arg.globalID({ required: false, description: "Only this event's." }),
      association: t.arg.globalID({ required: false, description: "Only this club's." }),
    },
    resolve: async (query, _root, { event, association }, ctx) => {
      const ids = (
        await listInvoices(ctx, {
          eventId: event ? numericId(event, "Event", "Veranstaltung") : null,
          associationId: association ? numericId(association, "Association", "Verein") : null,
        })
      ).map((i) => i.id);
      const rows = await ctx.prisma.invoice.findMany({ ...query, where: { id: { in: ids } } });
      return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
    },
  }),
);

builder.mutationField("issueInvoices", (t) =>
  t.prismaField({
    type: [InvoiceType],
    description:
      "Issues the invoices of an event after its registration deadline (invoice_manage): one per club with live registrations that cost something and no invoice of the event in force; answers those written.",
    authScopes: { operation: "invoice.issue" },
    args: {
      event: t.arg.globalID({ required: true, description: "Global id of the event." }),
      associations: t.arg.globalIDList({ required: false, description: "Only these clubs (default: all)." }),
    },
    resolve: async (query, _root, { event, associations }, ctx) => {
      const written = await issueInvoices(
        ctx,
        numericId(event, "Event", "Veranstaltung"),
        associations?.map((a) => numericId(a, "Association", "Verein")),
      );
      const rows = await ctx.prisma.invoice.findMany({ ...query, where: { id: { in: written.map((i) => i.id) } }, orderBy: { id: "asc" } });
      return rows;
    },
  }),
);

builder.mutationField("cancelInvoice", (t) =>
  t.prismaField({
    type: InvoiceType,
    description: "Cancels an invoice by a cancellation invoice (Stornorechnung) with its own number; the invoice stays as issued (invoice_manage).",
    authScopes: { operation: "invoice.cancel" },
    args: { id: t.arg.globalID({ required: true, description: "Global id of the invoice." }) },
    resolve: async (query, _root, { id }, ctx) =>
      ctx.prisma.invoice.findUniqueOrThrow({ ...query, where: { id: (await cancelInvoice(ctx, numericId(id, "Invoice", "Rechnung"))).id } }),
  }),
);

const CreditLineInput = builder.inputType("CreditLineInput", {
  description: "One line of a credit note.",
  fields: (t) => ({
    description: t.string({ required: true, description: "What is credited." }),
    quantity: t.int({ required: true, description: "How many (1..10000)." }),
    unitCents: t.int({ required: true, description: "Net amount per unit in cents." }),
  }),
});

builder.mutationField("creditInvoice", (t) =>
  t.prismaField({
    type: InvoiceType,
    description: "Credits part of an invoice by a credit note (Gutschrift); all credit notes together at most the invoice's total (invoice_manage).",
    authScopes: { operation: "invoice.credit" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the invoice." }),
      reason: t.arg.string({ required: true, description: "Why (shown on the credit note)." }),
      lines: t.arg({ type: [CreditLineInput], required: true, description: "The lines credited." }),
    },
    resolve: async (query, _root, { id, reason, lines }, ctx) =>
      ctx.prisma.invoice.findUniqueOrThrow({ ...query, where: { id: (await creditInvoice(ctx, numericId(id, "Invoice", "Rechnung"), { reason, lines })).id } }),
  }),
);
