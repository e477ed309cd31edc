// /v1 routes of invoices (docs/decisions.md "Invoices"): the list in pages, one invoice, its
// documents (the ZUGFeRD / Factur-X PDF and the XRechnung CII XML as issued), the open items and the
// treasurer's exports (CSV, .xlsx). Read-only: issuing, cancelling and payments stay in GraphQL.
// Who sees what: the permission table (invoice.list, invoice.read, invoiceOpenItem.list).
import { z } from "zod";
import { download, idParam, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { berlinDay } from "../../shared/time.ts";
import { KIND_LABEL } from "./einvoice.ts";
import { invoicesExport, openItemsExport } from "./exports.ts";
import { listOpenItems, type OpenItem } from "./payments.ts";
import { invoicePdf } from "./pdf.ts";
import { reminderLabel } from "./rules.ts";
import { documentOf, getInvoice, type InvoiceRow, invoiceInclude, invoiceList } from "./service.ts";

const dayWire = (description: string) => z.string().meta({ format: "date", description });
const day = (d: Date) => d.toISOString().slice(0, 10);

export const InvoiceWire = z.object({
  id: z.int(),
  number: z.string().meta({ description: "Rechnungsnummer, lückenlos je Kreisverband und Jahr (2026-00001)" }),
  kind: z.enum(["INVOICE", "CANCELLATION", "CREDIT_NOTE"]).meta({ description: "Rechnung, Stornorechnung oder Gutschrift" }),
  kind_label: z.string().meta({ description: "Die Art auf Deutsch" }),
  corrects_id: z.int().nullable().meta({ description: "Die Rechnung, die eine Stornorechnung oder Gutschrift berichtigt" }),
  district_association_id: z.int(),
  association_id: z.int().nullable().meta({ description: "Der Verein (null, wenn er inzwischen gelöscht ist)" }),
  club_name: z.string().meta({ description: "Der Rechnungsempfänger, wie bei der Ausstellung" }),
  event_id: z.int().nullable().meta({ description: "Die Veranstaltung (null, wenn sie inzwischen gelöscht ist)" }),
  event_name: z.string(),
  issue_date: dayWire("Rechnungsdatum"),
  due_date: dayWire("Fälligkeit"),
  service_date: dayWire("Leistungsdatum"),
  net_cents: z.int(),
  vat_cents: z.int(),
  total_cents: z.int().meta({ description: "Betrag in Cent (bei einer Stornorechnung negativ)" }),
  lines: z.array(
    z.object({
      position: z.int(),
      item: z.string(),
      description: z.string(),
      quantity: z.int(),
      unit_cents: z.int(),
      net_cents: z.int(),
    }),
  ),
  updated_at: w.updatedAt().meta({ description: "Zeitpunkt der Ausstellung: eine Rechnung ändert sich danach nie (updatedSince vergleicht mit ihm)" }),
});

export const toInvoiceWire = (i: InvoiceRow): z.infer<typeof InvoiceWire> => ({
  id: i.id,
  number: i.number,
  kind: i.kind,
  kind_label: KIND_LABEL[i.kind],
  corrects_id: i.correctsId,
  district_association_id: i.districtAssociationId,
  association_id: i.associationId,
  club_name: (i.buyer as { name: string }).name,
  event_id: i.eventId,
  event_name: i.eventName,
  issue_date: day(i.issueDate),
  due_date: day(i.dueDate),
  service_date: day(i.serviceDate),
  net_cents: i.netCents,
  vat_cents: i.vatCents,
  total_cents: i.totalCents,
  lines: i.lines.map((l) => ({
    position: l.position,
    item: l.item,
    description: l.description,
    quantity: l.quantity,
    unit_cents: l.unitCents,
    net_cents: l.netCents,
  })),
  updated_at: i.createdAt.toISOString(),
});

export const OpenItemWire = z.object({
  invoice_id: z.int(),
  number: z.string(),
  association_id: z.int().nullable(),
  club_name: z.string(),
  event_id: z.int().nullable(),
  event_name: z.string(),
  issue_date: dayWire("Rechnungsdatum"),
  due_date: dayWire("Fälligkeit"),
  total_cents: z.int(),
  due_cents: z.int().meta({ description: "Gefordert: der Rechnungsbetrag abzüglich Gutschriften, 0 nach einer Stornierung" }),
  paid_cents: z.int(),
  open_cents: z.int(),
  overpaid_cents: z.int(),
  last_paid_on: dayWire("Tag der letzten Zahlung").nullable(),
  status: z.enum(["OPEN", "PARTIAL", "PAID", "OVERPAID"]),
  reminder_level: z.int().meta({ description: "Die zuletzt versandte Mahnstufe: 0 keine, 1 Zahlungserinnerung, 2 die 1. Mahnung …" }),
  reminder_label: z.string().nullable(),
  last_reminder_on: dayWire("Tag der letzten Erinnerung oder Mahnung").nullable(),
});

const toOpenItemWire = (i: OpenItem): z.infer<typeof OpenItemWire> => ({
  invoice_id: i.invoiceId,
  number: i.number,
  association_id: i.associationId,
  club_name: i.clubName,
  event_id: i.eventId,
  event_name: i.eventName,
  issue_date: day(i.issueDate),
  due_date: day(i.dueDate),
  total_cents: i.totalCents,
  due_cents: i.dueCents,
  paid_cents: i.paidCents,
  open_cents: i.openCents,
  overpaid_cents: i.overpaidCents,
  last_paid_on: i.lastPaidOn ? day(i.lastPaidOn) : null,
  status: i.status,
  reminder_level: i.reminderLevel,
  reminder_label: i.reminderLevel ? reminderLabel(i.reminderLevel) : null,
  last_reminder_on: i.lastReminderOn ? day(i.lastReminderOn) : null,
});

const InvoiceQuery = w.listQuery({ eventId: w.queryId(), associationId: w.queryId() });
const OpenItemQuery = w.query({ eventId: w.queryId(), associationId: w.queryId(), all: w.queryOneOf(["true", "false"]) });
const FORMATS = ["csv", "xlsx"] as const;
const InvoiceExportQuery = w.query({ format: w.queryOneOf(FORMATS), eventId: w.queryId(), associationId: w.queryId() });
const OpenItemExportQuery = w.query({ format: w.queryOneOf(FORMATS), eventId: w.queryId(), associationId: w.queryId(), all: w.queryOneOf(["true", "false"]) });
const FILE_TYPES = ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"];
const WHO = "Rechnungspersonal (invoice_read, invoice_manage) des Kreisverbands sieht alle seine Rechnungen, die Konten eines Vereins die ihres Vereins.";
const CSV_NOTE = "CSV: Semikolon, UTF-8 mit BOM, Datum 31.12.2026, Beträge 1234,56; .xlsx: Datums- und Betragszellen, Blatt „Angaben“.";

export function invoiceRoutes(r: RestRouter) {
  r.list(
    "/v1/invoices",
    {
      tag: "Rechnungen",
      summary: "Rechnungen auflisten",
      description: `Rechnungen, Stornorechnungen und Gutschriften, neueste zuerst; \`eventId\` und \`associationId\` grenzen ein. ${WHO}`,
      query: InvoiceQuery,
      response: z.array(InvoiceWire),
      example: { query: { eventId: "2", limit: "20" } },
    },
    {
      read: (ctx, q) => invoiceList(ctx, { eventId: q.eventId, associationId: q.associationId, updatedSince: q.updatedSince }),
      delegate: (prisma) => prisma.invoice,
      connection: "InvoiceConnection",
      include: invoiceInclude,
      wire: (row: InvoiceRow) => toInvoiceWire(row),
    },
  );
  r.get(
    "/v1/invoice/:id",
    { tag: "Rechnungen", summary: "Eine Rechnung lesen", description: WHO, response: InvoiceWire, example: { params: { id: 1 } } },
    async (ctx, req) => toInvoiceWire(await getInvoice(ctx, idParam(req))),
  );
  r.get(
    "/v1/invoice/:id/pdf",
    {
      tag: "Rechnungen",
      summary: "Rechnung als PDF herunterladen",
      description: `Die druckfertige Rechnung als ZUGFeRD-/Factur-X-PDF/A-3 mit eingebettetem EN-16931-XML. ${WHO}`,
      file: ["application/pdf"],
      example: { params: { id: 1 } },
    },
    async (ctx, req, reply) => {
      const i = await getInvoice(ctx, idParam(req));
      const pdf = await invoicePdf(documentOf(i), berlinDay(ctx.services.now()));
      return download(reply, `${KIND_LABEL[i.kind]}_${i.number}.pdf`, "application/pdf", pdf);
    },
  );
  r.get(
    "/v1/invoice/:id/xml",
    {
      tag: "Rechnungen",
      summary: "Rechnung als XRechnung-XML herunterladen",
      description: `Die E-Rechnung als XML (UN/CEFACT CII, EN 16931), wie ausgestellt. ${WHO}`,
      file: ["application/xml"],
      example: { params: { id: 1 } },
    },
    async (ctx, req, reply) => {
      const i = await getInvoice(ctx, idParam(req));
      return download(reply, `${KIND_LABEL[i.kind]}_${i.number}.xml`, "application/xml", Buffer.from(i.xml, "utf8"));
    },
  );
  r.get(
    "/v1/invoices/open_items",
    {
      tag: "Rechnungen",
      summary: "Offene Posten",
      description:
        "Was jede Rechnung noch fordert: gefordert, bezahlt, offen, überzahlt, Status und Mahnstufe; älteste Fälligkeit zuerst. " +
        `Ohne \`all=true\` nur die noch offenen und überzahlten. ${WHO}`,
      query: OpenItemQuery,
      response: z.array(OpenItemWire),
      example: { query: { all: "true" } },
    },
    async (ctx, req) => {
      const q = w.readQuery(OpenItemQuery, req.query);
      const items = await listOpenItems(ctx, { eventId: q.eventId, associationId: q.associationId, all: q.all === "true" });
      return items.map(toOpenItemWire);
    },
  );
  for (const path of ["open_items", "open-items"]) {
    r.get(
      `/v1/export/invoices/${path}`,
      {
        tag: "Exporte",
        summary: "Offene Posten herunterladen (CSV oder .xlsx)",
        description: `Die offenen Posten (mit \`all=true\` auch die bezahlten) für die Buchhaltung (auch unter …/open_items und …/open-items). ${CSV_NOTE} ${WHO}`,
        query: OpenItemExportQuery,
        file: FILE_TYPES,
        example: { query: { format: "csv", all: "true" } },
      },
      async (ctx, req, reply) => {
        const q = w.readQuery(OpenItemExportQuery, req.query);
        const f = await openItemsExport(ctx, { eventId: q.eventId, associationId: q.associationId, all: q.all === "true" }, q.format ?? "xlsx");
        return download(reply, f.fileName, f.mimeType, f.data);
      },
    );
  }
  r.get(
    "/v1/export/invoices",
    {
      tag: "Exporte",
      summary: "Ausgestellte Rechnungen herunterladen (CSV oder .xlsx)",
      description: `Die Rechnungen, Stornorechnungen und Gutschriften als Rechnungsausgangsbuch, älteste zuerst. ${CSV_NOTE} ${WHO}`,
      query: InvoiceExportQuery,
      file: FILE_TYPES,
      example: { query: { format: "xlsx" } },
    },
    async (ctx, req, reply) => {
      const q = w.readQuery(InvoiceExportQuery, req.query);
      const f = await invoicesExport(ctx, { eventId: q.eventId, associationId: q.associationId }, q.format ?? "xlsx");
      return download(reply, f.fileName, f.mimeType, f.data);
    },
  );
}
