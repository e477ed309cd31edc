// The treasurer's exports (docs/decisions.md "Invoices"): the open items and the issued invoices
// (cancellations and credit notes included) of the caller's view, as CSV for a bookkeeping import
// (semicolons, UTF-8 with BOM, CRLF, German dates "31.12.2026" and amounts "1234,56" without
// thousands separators, text quoted where needed and a leading = + - @ defused) or as .xlsx (the
// list workbook of the other exports: date and amount cells, an "Angaben" sheet). Same rows, same
// columns; the rows are the ones GraphQL's openItems and invoices answer the caller.

import { berlinDay } from "../../shared/time.ts";
import { asBuffer, spreadsheetPool } from "../../workers/pool.ts";
import type { ServiceCtx } from "../context.ts";
import { XLSX_MIME } from "../files/zip.ts";
import { berlinWallClock, fileNamePart } from "../results/rules.ts";
import type { Cell, ColumnFormats } from "../results/xlsx.ts";
import { KIND_LABEL } from "./einvoice.ts";
import { listOpenItems, type OpenItemFilter } from "./payments.ts";
import { reminderLabel } from "./rules.ts";
import { type InvoiceFilter, listInvoices } from "./service.ts";

export type ExportFormat = "csv" | "xlsx";
export type ExportFile = { fileName: string; mimeType: string; data: Buffer };

/** The most rows an export holds (the lists on screen stop earlier). */
export const EXPORT_MAX_ROWS = 50_000;

export const CSV_MIME = "text/csv; charset=utf-8";

const STATUS = { OPEN: "offen", PARTIAL: "teilweise bezahlt", PAID: "bezahlt", OVERPAID: "überzahlt" } as const;

/** A table: its headers, rows and which columns are dates and amounts (in euros). */
type Table = { name: string; headers: string[]; rows: Cell[][]; formats: ColumnFormats };

const euros = (cents: number) => cents / 100;
const day = (d: Date | null) => (d ? new Date(`${d.toISOString().slice(0, 10)}T00:00:00Z`) : null);

function openItemsTable(items: Awaited<ReturnType<typeof listOpenItems>>): Table {
  return {
    name: "Offene Posten",
    headers: [
      "Rechnungsnummer",
      "Verein",
      "Veranstaltung",
      "Rechnungsdatum",
      "Fällig am",
      "Rechnungsbetrag",
      "Gefordert",
      "Bezahlt",
      "Offen",
      "Überzahlt",
      "Zuletzt bezahlt am",
      "Status",
      "Mahnstufe",
      "Zuletzt gemahnt am",
    ],
    rows: items.map((i) => [
      i.number,
      i.clubName,
      i.eventName,
      day(i.issueDate),
      day(i.dueDate),
      euros(i.totalCents),
      euros(i.dueCents),
      euros(i.paidCents),
      euros(i.openCents),
      euros(i.overpaidCents),
      day(i.lastPaidOn),
      STATUS[i.status],
      i.reminderLevel ? reminderLabel(i.reminderLevel) : "",
      day(i.lastReminderOn),
    ]),
    formats: {
      Rechnungsdatum: "date",
      "Fällig am": "date",
      Rechnungsbetrag: "euro",
      Gefordert: "euro",
      Bezahlt: "euro",
      Offen: "euro",
      Überzahlt: "euro",
      "Zuletzt bezahlt am": "date",
      "Zuletzt gemahnt am": "date",
    },
  };
}

function invoicesTable(invoices: Awaited<ReturnType<typeof listInvoices>>): Table {
  // a cancellation is listed with the invoice it cancels (same club and event)
  const cancelled = new Set(invoices.filter((i) => i.kind === "CANCELLATION").map((i) => i.correctsId));
  return {
    name: "Rechnungen",
    headers: [
      "Rechnungsnummer",
      "Art",
      "Zu Rechnung",
      "Verein",
      "Käuferreferenz",
      "Veranstaltung",
      "Rechnungsdatum",
      "Leistungsdatum",
      "Fällig am",
      "Netto",
      "Umsatzsteuer",
      "Brutto",
      "Storniert",
    ],
    rows: invoices.map((i) => {
      const buyer = i.buyer as { name: string; buyerReference?: string | null };
      return [
        i.number,
        KIND_LABEL[i.kind],
        i.corrects?.number ?? "",
        buyer.name,
        buyer.buyerReference ?? "",
        i.eventName,
        day(i.issueDate),
        day(i.serviceDate),
        i.kind === "INVOICE" ? day(i.dueDate) : null,
        euros(i.netCents),
        euros(i.vatCents),
        euros(i.totalCents),
        i.kind === "INVOICE" ? (cancelled.has(i.id) ? "ja" : "nein") : "",
      ];
    }),
    formats: { Rechnungsdatum: "date", Leistungsdatum: "date", "Fällig am": "date", Netto: "euro", Umsatzsteuer: "euro", Brutto: "euro" },
  };
}

/** A CSV field: dates as 31.12.2026, amounts as 1234,56, text quoted when it holds ; " or a line break, a formula's lead defused. */
function csvField(v: Cell, format: string | undefined): string {
  if (v === null) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10).split("-").reverse().join(".");
  if (typeof v === "number") return format === "euro" ? v.toFixed(2).replace(".", ",") : String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table as CSV: UTF-8 with BOM (spreadsheet programs read umlauts right), semicolons, CRLF. */
export function toCsv(t: Pick<Table, "headers" | "rows" | "formats">): Buffer {
  const lines = [t.headers.map((h) => csvField(h, undefined)), ...t.rows.map((r) => r.map((v, i) => csvField(v, t.formats[t.headers[i]])))];
  return Buffer.from(`\uFEFF${lines.map((l) => l.join(";")).join("\r\n")}\r\n`, "utf8");
}

async function fileOf(ctx: ServiceCtx, t: Table, base: string, format: ExportFormat, scope: string): Promise<ExportFile> {
  const stamp = berlinDay(ctx.services.now());
  const fileName = `${base}_${fileNamePart(scope)}_${stamp}.${format}`;
  if (format === "csv") return { fileName, mimeType: CSV_MIME, data: toCsv(t) };
  const data = asBuffer(
    await spreadsheetPool.build({
      kind: "listWorkbook",
      list: { name: t.name, headers: t.headers, rows: t.rows, formats: t.formats },
      info: {
        name: "Angaben",
        lines: [
          ["Liste", t.name],
          ["Auswahl", scope],
          ["Zeilen", t.rows.length],
          ["Erstellt am", berlinWallClock(ctx.services.now()), "dateTime"],
        ],
      },
    }),
  );
  return { fileName, mimeType: XLSX_MIME, data };
}

const scopeOf = (filter: { eventId?: number | null; associationId?: number | null }) =>
  [filter.eventId != null ? `Veranstaltung ${filter.eventId}` : null, filter.associationId != null ? `Verein ${filter.associationId}` : null]
    .filter(Boolean)
    .join(", ") || "alle";

/** The open items (with `all` the settled ones too) as CSV or .xlsx. */
export async function openItemsExport(ctx: ServiceCtx, filter: OpenItemFilter, format: ExportFormat): Promise<ExportFile> {
  return fileOf(ctx, openItemsTable(await listOpenItems(ctx, filter, EXPORT_MAX_ROWS)), "Offene_Posten", format, scopeOf(filter));
}

/** The issued invoices, cancellation invoices and credit notes as CSV or .xlsx, oldest first (a journal). */
export async function invoicesExport(ctx: ServiceCtx, filter: InvoiceFilter, format: ExportFormat): Promise<ExportFile> {
  const rows = (await listInvoices(ctx, filter, EXPORT_MAX_ROWS)).reverse();
  return fileOf(ctx, invoicesTable(rows), "Rechnungen", format, scopeOf(filter));
}
