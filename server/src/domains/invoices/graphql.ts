// GraphQL: fees per event, the seller of a district association, a club's billing data and SEPA
// mandate, invoices (read, issue, cancel, credit) and their documents (XML, Factur-X PDF as base64).
import { mayActOn } from "../../auth/permissions.ts";
import { builder } from "../../graphql/builder.ts";
import { encodeId, numericId } from "../../graphql/ids.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { berlinDay } from "../../shared/time.ts";
import { type ExportFile, invoicesExport, openItemsExport } from "./exports.ts";
import { itemLabel } from "./fees.ts";
import { importBankFile, listOpenItems, markInvoicePaid, type OpenItem } from "./payments.ts";
import { invoicePdf } from "./pdf.ts";
import { getReminderPolicy, type ReminderPolicy, setReminderPolicy } from "./reminders.ts";
import { reminderLabel } from "./rules.ts";
import { createSepaDebit, debitXml, listSepaDebits, type SepaDebitRow } from "./sepa.ts";
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

type GlobalIdArg = Parameters<typeof numericId>[0] | null | undefined;
/** The event and club filters of the lists and exports, as numeric ids. */
const eventAndClub = (event: GlobalIdArg, association: GlobalIdArg) => ({
  eventId: event ? numericId(event, "Event", "Veranstaltung") : null,
  associationId: association ? numericId(association, "Association", "Verein") : null,
});

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
      const ids = (await listInvoices(ctx, eventAndClub(event, association))).map((i) => i.id);
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

// ---- SEPA direct debit files

const SepaDebitItemType = builder.objectRef<SepaDebitRow["items"][number]>("SepaDebitItem").implement({
  description: "One collection of a direct debit file: an invoice, the mandate used and its sequence.",
  fields: (t) => ({
    invoice: t.id({ description: "Global id of the invoice collected.", resolve: (i) => encodeId("Invoice", i.invoiceId) }),
    invoiceNumber: t.string({ description: "Its number (end-to-end id and remittance reference).", resolve: (i) => i.invoice.number }),
    mandateReference: t.exposeString("mandateReference", { description: "The mandate reference used." }),
    sequence: t.exposeString("sequence", { description: "FRST (the mandate's first collection) or RCUR." }),
    amountCents: t.exposeInt("amountCents", { description: "Amount collected in cents (the invoice less its credit notes)." }),
  }),
});

const SepaDebitType = builder.objectRef<SepaDebitRow>("SepaDebit").implement({
  description: "A SEPA core direct debit file (pain.008.001.08) of a district's due invoices, to hand to the bank.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id." }),
    messageId: t.exposeString("messageId", { description: "The file's message id (GrpHdr/MsgId)." }),
    collectionDate: t.field({ type: "Date", description: "The requested collection date.", resolve: (d) => d.collectionDate }),
    count: t.exposeInt("count", { description: "Number of collections." }),
    totalCents: t.exposeInt("totalCents", { description: "Sum of the collections in cents." }),
    createdAt: t.field({ type: "DateTime", description: "When the file was made.", resolve: (d) => d.createdAt }),
    items: t.field({ type: [SepaDebitItemType], description: "The collections.", resolve: (d) => d.items }),
    xml: t.string({ description: "The pain.008.001.08 XML (holds the clubs' IBANs).", resolve: (d, _args, ctx) => debitXml(ctx, d.xmlEncrypted) }),
  }),
});

builder.queryField("sepaDebits", (t) =>
  t.field({
    type: [SepaDebitType],
    description: "The SEPA direct debit files of the own district association (admin: any), newest first (invoice_manage).",
    authScopes: { operation: "invoiceDebit.list" },
    args: { districtAssociation: t.arg.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }) },
    resolve: (_root, { districtAssociation }, ctx) =>
      listSepaDebits(ctx, districtAssociation ? numericId(districtAssociation, "DistrictAssociation", "Kreisverband") : null),
  }),
);

const CreateSepaDebitInput = builder.inputType("CreateSepaDebitInput", {
  description: "What to collect: the invoices due by the collection date of clubs with a SEPA mandate.",
  fields: (t) => ({
    districtAssociation: t.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }),
    collectionDate: t.string({ required: true, description: "Requested collection date, YYYY-MM-DD (from tomorrow to a year ahead)." }),
  }),
});

builder.mutationField("createSepaDebit", (t) =>
  t.field({
    type: SepaDebitType,
    description:
      "Makes a SEPA direct debit file (pain.008.001.08, SEPA core) of the district's invoices due by the collection date of clubs with a mandate; each invoice is collected once (invoice_manage).",
    authScopes: { operation: "invoiceDebit.create" },
    args: { input: t.arg({ type: CreateSepaDebitInput, required: true, description: "The collection date." }) },
    resolve: (_root, { input }, ctx) =>
      createSepaDebit(
        ctx,
        input.districtAssociation ? numericId(input.districtAssociation, "DistrictAssociation", "Kreisverband") : null,
        input.collectionDate,
      ),
  }),
);

// ---- payments and open items

const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  description: "Where an invoice's payment stands.",
  values: {
    OPEN: { description: "Nothing paid yet (offen)." },
    PARTIAL: { description: "Paid in part (teilweise bezahlt)." },
    PAID: { description: "Paid (bezahlt)." },
    OVERPAID: { description: "Paid more than asked (überzahlt)." },
  },
});
const STATUS_LABEL = { OPEN: "offen", PARTIAL: "teilweise bezahlt", PAID: "bezahlt", OVERPAID: "überzahlt" } as const;

const OpenItemType = builder.objectRef<OpenItem>("OpenItem").implement({
  description: "What an invoice asks for and what was paid of it.",
  fields: (t) => ({
    invoice: t.id({ description: "Global id of the invoice.", resolve: (i) => encodeId("Invoice", i.invoiceId) }),
    number: t.exposeString("number", { description: "Invoice number." }),
    association: t.id({
      nullable: true,
      description: "Global id of the club.",
      resolve: (i) => (i.associationId ? encodeId("Association", i.associationId) : null),
    }),
    clubName: t.exposeString("clubName", { description: "The buyer's name as issued." }),
    event: t.id({ nullable: true, description: "Global id of the event.", resolve: (i) => (i.eventId ? encodeId("Event", i.eventId) : null) }),
    eventName: t.exposeString("eventName", { description: "The event billed." }),
    issueDate: t.field({ type: "Date", description: "Date of issue.", resolve: (i) => i.issueDate }),
    dueDate: t.field({ type: "Date", description: "Due date.", resolve: (i) => i.dueDate }),
    totalCents: t.exposeInt("totalCents", { description: "The invoice's total in cents." }),
    dueCents: t.exposeInt("dueCents", { description: "What it asks for: the total less credit notes; 0 once cancelled." }),
    paidCents: t.exposeInt("paidCents", { description: "Paid so far (bank credits matched and payments recorded by hand)." }),
    openCents: t.exposeInt("openCents", { description: "Still open (0 when paid or overpaid)." }),
    overpaidCents: t.exposeInt("overpaidCents", { description: "Paid beyond what it asks for." }),
    lastPaidOn: t.field({ type: "Date", nullable: true, description: "Day of the last payment.", resolve: (i) => i.lastPaidOn }),
    status: t.field({ type: PaymentStatusEnum, description: "Open, partial, paid or overpaid.", resolve: (i) => i.status }),
    statusLabel: t.string({ description: "The status in German.", resolve: (i) => STATUS_LABEL[i.status] }),
    reminderLevel: t.exposeInt("reminderLevel", { description: "The last reminder level sent: 0 none, 1 Zahlungserinnerung, 2 the 1. Mahnung, ..." }),
    reminderLabel: t.string({
      nullable: true,
      description: "The last reminder sent, in German (Zahlungserinnerung, 1. Mahnung, ...); null: none.",
      resolve: (i) => (i.reminderLevel ? reminderLabel(i.reminderLevel) : null),
    }),
    lastReminderOn: t.field({ type: "Date", nullable: true, description: "Day of the last reminder.", resolve: (i) => i.lastReminderOn }),
  }),
});

builder.queryField("openItems", (t) =>
  t.field({
    type: [OpenItemType],
    description:
      "Open items (offene Posten): invoices that still ask for money or were paid too much, oldest due first; invoice staff of the district all of it, a club's accounts their club's.",
    authScopes: { operation: "invoiceOpenItem.list" },
    args: {
      event: t.arg.globalID({ required: false, description: "Only this event's." }),
      association: t.arg.globalID({ required: false, description: "Only this club's." }),
      all: t.arg.boolean({ required: false, description: "true: the paid invoices too." }),
    },
    resolve: (_root, { event, association, all }, ctx) => listOpenItems(ctx, { ...eventAndClub(event, association), all }),
  }),
);

type ImportRow = Awaited<ReturnType<typeof importBankFile>>;

const PaymentType = builder.objectRef<ImportRow["payments"][number]>("Payment").implement({
  description: "A credit read from a bank file: matched to an invoice or not.",
  fields: (t) => ({
    invoice: t.id({
      nullable: true,
      description: "Global id of the invoice matched (null: not matched).",
      resolve: (p) => (p.invoiceId ? encodeId("Invoice", p.invoiceId) : null),
    }),
    invoiceNumber: t.string({ nullable: true, description: "Its number.", resolve: (p) => p.invoice?.number ?? null }),
    amountCents: t.exposeInt("amountCents", { description: "Amount credited in cents." }),
    paidOn: t.field({ type: "Date", description: "Booking day.", resolve: (p) => p.paidOn }),
    reference: t.exposeString("reference", { description: "The payer's reference." }),
    payerName: t.exposeString("payerName", { nullable: true, description: "The payer's name, as the bank gave it." }),
  }),
});

const BankImportType = builder.objectRef<ImportRow>("BankImport").implement({
  description: "A bank file read in.",
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id." }),
    kind: t.exposeString("kind", { description: '"camt.053" or "camt.054".' }),
    messageId: t.exposeString("messageId", { description: "The file's message id." }),
    credits: t.exposeInt("credits", { description: "Credits read (new bookings)." }),
    matched: t.exposeInt("matched", { description: "Of them matched to an invoice." }),
    alreadyRead: t.exposeInt("alreadyRead", { description: "Credits read before (by another file) and left out." }),
    skipped: t.exposeInt("skipped", { description: "Debits, reversals, pending and foreign-currency entries left out." }),
    payments: t.field({ type: [PaymentType], description: "The credits read.", resolve: (i) => i.payments }),
  }),
});

builder.mutationField("importBankStatement", (t) =>
  t.field({
    type: BankImportType,
    description:
      "Reads a bank statement (camt.053) or notification (camt.054) into payments of the own district, matched by the invoice number in the reference (invoice_manage). One transaction; a refused file writes nothing.",
    authScopes: { operation: "invoicePayment.import" },
    args: {
      districtAssociation: t.arg.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }),
      xml: t.arg.string({ required: true, description: "The file's XML (up to 5 MB)." }),
    },
    resolve: (_root, { districtAssociation, xml }, ctx) =>
      importBankFile(ctx, districtAssociation ? numericId(districtAssociation, "DistrictAssociation", "Kreisverband") : null, xml),
  }),
);

builder.mutationField("markInvoicePaid", (t) =>
  t.field({
    type: OpenItemType,
    description: 'Records by hand that an invoice is paid ("bezahlt") on a day: a payment over what it still asks for (invoice_manage).',
    authScopes: { operation: "invoicePayment.record" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the invoice." }),
      paidOn: t.arg.string({ required: true, description: "Day of payment, YYYY-MM-DD (not in the future)." }),
    },
    resolve: (_root, { id, paidOn }, ctx) => markInvoicePaid(ctx, numericId(id, "Invoice", "Rechnung"), paidOn),
  }),
);

// ---- reminders (Zahlungserinnerung, Mahnung)

const ReminderLevelType = builder.objectRef<{ level: number; days: number }>("InvoiceReminderLevel").implement({
  description: "One reminder level.",
  fields: (t) => ({
    level: t.exposeInt("level", { description: "1 Zahlungserinnerung, 2 the 1. Mahnung, 3 the 2. Mahnung, 4 the 3. Mahnung." }),
    label: t.string({ description: "The level in German.", resolve: (l) => reminderLabel(l.level) }),
    days: t.exposeInt("days", { description: "Days after the due date (and, after an earlier level, at least the days between the two since it)." }),
  }),
});

const ReminderPolicyType = builder.objectRef<ReminderPolicy>("InvoiceReminders").implement({
  description: "The reminder levels of a district association's invoices: sent by mail to the club's invoice e-mail while an invoice is open.",
  fields: (t) => ({
    levels: t.field({
      type: [ReminderLevelType],
      description: "The levels in order (empty: no reminders).",
      resolve: (p) => p.days.map((days, i) => ({ level: i + 1, days })),
    }),
    isDefault: t.boolean({ description: "true: the district has set none, the defaults apply (14 and 28 days).", resolve: (p) => !p.own }),
    version: t.exposeInt("version", { description: "Send it back with setInvoiceReminders; 0 before the first save." }),
  }),
});

builder.queryField("invoiceReminders", (t) =>
  t.field({
    type: ReminderPolicyType,
    description: "The reminder levels of the own district association (admin: any).",
    authScopes: { operation: "invoiceSeller.read" },
    args: { districtAssociation: t.arg.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }) },
    resolve: (_root, { districtAssociation }, ctx) =>
      getReminderPolicy(ctx, districtAssociation ? numericId(districtAssociation, "DistrictAssociation", "Kreisverband") : null),
  }),
);

const ReminderPolicyInput = builder.inputType("InvoiceRemindersInput", {
  description: "The reminder levels: the days after the due date of each, ascending (at most 4; empty: none).",
  fields: (t) => ({
    districtAssociation: t.globalID({ required: false, description: "Global id of the district association (admin only; default the own)." }),
    days: t.intList({ required: true, description: "Days after the due date per level (1-365, each later than the one before)." }),
    version: t.int({ required: false, description: "InvoiceReminders.version the change is based on." }),
  }),
});

builder.mutationField("setInvoiceReminders", (t) =>
  t.field({
    type: ReminderPolicyType,
    description: "Sets the reminder levels of the own district association (invoice_manage; admin any).",
    authScopes: { operation: "invoiceSeller.update" },
    args: { input: t.arg({ type: ReminderPolicyInput, required: true, description: "The levels." }) },
    resolve: (_root, { input }, ctx) =>
      setReminderPolicy(ctx, input.districtAssociation ? numericId(input.districtAssociation, "DistrictAssociation", "Kreisverband") : null, {
        days: input.days,
        version: input.version,
      }),
  }),
);

// ---- the treasurer's exports (exports.ts)

const ExportFormatEnum = builder.enumType("InvoiceExportFormat", {
  description: "The file format of an invoice export.",
  values: {
    CSV: { value: "csv", description: "CSV: semicolons, UTF-8 with BOM, German dates and amounts." },
    XLSX: { value: "xlsx", description: "Excel workbook (.xlsx) with date and amount cells." },
  },
});

const ExportFileType = builder.objectRef<ExportFile>("InvoiceExportFile").implement({
  description: "An export file to save.",
  fields: (t) => ({
    fileName: t.exposeString("fileName", { description: "The file name to save it under." }),
    mimeType: t.exposeString("mimeType", { description: "Its content type." }),
    base64: t.string({ description: "The file, base64.", resolve: (f) => f.data.toString("base64") }),
  }),
});

builder.queryField("openItemsExport", (t) =>
  t.field({
    type: ExportFileType,
    description: "The open items (with all: the paid ones too) as CSV or .xlsx, under the visibility of openItems.",
    authScopes: { operation: "invoiceOpenItem.list" },
    args: {
      format: t.arg({ type: ExportFormatEnum, required: true, description: "CSV or XLSX." }),
      event: t.arg.globalID({ required: false, description: "Only this event's." }),
      association: t.arg.globalID({ required: false, description: "Only this club's." }),
      all: t.arg.boolean({ required: false, description: "true: the paid invoices too." }),
    },
    resolve: (_root, { format, event, association, all }, ctx) => openItemsExport(ctx, { ...eventAndClub(event, association), all }, format),
  }),
);

builder.queryField("invoicesExport", (t) =>
  t.field({
    type: ExportFileType,
    description: "The issued invoices, cancellation invoices and credit notes as CSV or .xlsx (oldest first), under the visibility of invoices.",
    authScopes: { operation: "invoice.list" },
    args: {
      format: t.arg({ type: ExportFormatEnum, required: true, description: "CSV or XLSX." }),
      event: t.arg.globalID({ required: false, description: "Only this event's." }),
      association: t.arg.globalID({ required: false, description: "Only this club's." }),
    },
    resolve: (_root, { format, event, association }, ctx) => invoicesExport(ctx, eventAndClub(event, association), format),
  }),
);
