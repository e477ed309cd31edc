import { CATEGORIES, COMPETITION_TYPES } from "@shared/competition";
import { parseDecimal } from "@shared/decimal";
import { CATEGORY_LABELS, COMPETITION_TYPE_LABELS } from "@shared/labels";
import { t } from "../i18n/translate";

// The invoice screens' pure parts (docs/decisions.md "Invoices"): amounts in cents shown and typed
// as euros, the fee items an event's form offers, an invoice's status in words, open items per club.

const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** 1250 -> "12,50 €" (negative on a cancellation: "-12,50 €"). */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}

/** The highest amount a fee may have (the server's rule: up to 1.000.000 €). */
const MAX_CENTS = 100_000_000;

/**
 * A typed euro amount as cents: "12,5" -> 1250, "" -> 0 (no fee). A German message for anything
 * else: no number, more than two decimals, negative or over 1.000.000 €.
 */
export function parseEuro(text: string): { ok: true; cents: number } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: true, cents: 0 };
  const read = parseDecimal(text);
  if (!read.ok) return { ok: false, error: read.error };
  if (read.decimals > 2) return { ok: false, error: t("invoice.amount.decimals") };
  const cents = Math.round(read.value * 100);
  if (cents < 0 || cents > MAX_CENTS) return { ok: false, error: t("invoice.amount.range") };
  return { ok: true, cents };
}

/** Cents as the text of an amount field: 1250 -> "12,50", 0 -> "" (no fee). */
export function centsText(cents: number | null | undefined): string {
  return cents ? (cents / 100).toFixed(2).replace(".", ",") : "";
}

/** One row of the fee grid: its name and the item key of each column (null: no such fee). */
export interface FeeGridRow {
  label: string;
  items: (string | null)[];
}

export interface FeeGrid {
  columns: string[];
  rows: FeeGridRow[];
}

const DEXAM_COURSES = ["D1", "D2", "D3"] as const;

/**
 * The fees an event's form bills, as the server's item keys: D-exams per course (D1-D3) and part
 * (theory, practice; camp only for a camp event), competitions per type, for all categories and per
 * category (a category's fee, when set, replaces the type's).
 */
export function feeGrid(formType: string): FeeGrid {
  if (formType === "COMPETITION") {
    return {
      columns: [t("invoice.fees.allCategories"), ...CATEGORIES.map((c) => t("invoice.fees.category", { category: CATEGORY_LABELS[c].split(" ")[0] ?? c }))],
      rows: COMPETITION_TYPES.map((type) => ({
        label: COMPETITION_TYPE_LABELS[type],
        items: [`competition:${type}`, ...CATEGORIES.map((c) => `competition:${type}:${c}`)],
      })),
    };
  }
  const parts = formType === "DEXAM_CAMP" ? (["theory", "practice", "camp"] as const) : (["theory", "practice"] as const);
  return {
    columns: parts.map((part) => t(`invoice.fees.part.${part}`)),
    rows: DEXAM_COURSES.map((course) => ({ label: course, items: parts.map((part) => `dexam:${course}:${part}`) })),
  };
}

export type InvoiceKind = "INVOICE" | "CANCELLATION" | "CREDIT_NOTE" | "%future added value";
export type PaymentStatus = "OPEN" | "PARTIAL" | "PAID" | "OVERPAID" | "%future added value";

/**
 * The status column of an invoice: a cancellation invoice or credit note is named as such; an
 * invoice is "storniert" once cancelled, else its payment status (offen, teilweise bezahlt,
 * bezahlt, überzahlt).
 */
export function invoiceStatus(invoice: { kind: InvoiceKind; cancelled: boolean }, payment: PaymentStatus | null | undefined): string {
  if (invoice.kind === "CANCELLATION") return t("invoice.kind.cancellation");
  if (invoice.kind === "CREDIT_NOTE") return t("invoice.kind.creditNote");
  if (invoice.cancelled) return t("invoice.status.cancelled");
  switch (payment) {
    case "PAID":
      return t("invoice.status.paid");
    case "PARTIAL":
      return t("invoice.status.partial");
    case "OVERPAID":
      return t("invoice.status.overpaid");
    default:
      return t("invoice.status.open");
  }
}

/** Whether an invoice still takes a cancellation, credit note or payment by hand. */
export function isLiveInvoice(invoice: { kind: InvoiceKind; cancelled: boolean }): boolean {
  return invoice.kind === "INVOICE" && !invoice.cancelled;
}

export interface ClubOpenItems {
  clubName: string;
  count: number;
  openCents: number;
  overpaidCents: number;
}

/** Open items summed per club (by name, as issued), the clubs in German alphabetical order. */
export function openItemsPerClub(items: readonly { clubName: string; openCents: number; overpaidCents: number }[]): ClubOpenItems[] {
  const clubs = new Map<string, ClubOpenItems>();
  for (const item of items) {
    const club = clubs.get(item.clubName) ?? { clubName: item.clubName, count: 0, openCents: 0, overpaidCents: 0 };
    club.count++;
    club.openCents += item.openCents;
    club.overpaidCents += item.overpaidCents;
    clubs.set(item.clubName, club);
  }
  return [...clubs.values()].sort((a, b) => a.clubName.localeCompare(b.clubName, "de"));
}

/** A download's bytes from the base64 GraphQL answers with. */
export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** "Rechnung-KV1-2026-0001.pdf": the file name of an invoice's document (no path characters). */
export function invoiceFileName(number: string, extension: "pdf" | "xml"): string {
  return `Rechnung-${number.replace(/[^A-Za-z0-9_-]+/g, "-")}.${extension}`;
}

export interface FeeFormValues {
  /** the typed amount per item key */
  amounts: Record<string, string>;
  late: string;
  /** "YYYY-MM-DDTHH:MM" (Berlin) or "" */
  lateFrom: string;
}

/** The form of a fee table as read: amounts as euro texts. */
export function feeFormValues(table: { fees: readonly { item: string; amountCents: number }[]; lateFeeCents: number }, lateFrom: string): FeeFormValues {
  return {
    amounts: Object.fromEntries(table.fees.map((fee) => [fee.item, centsText(fee.amountCents)])),
    late: centsText(table.lateFeeCents),
    lateFrom,
  };
}

/**
 * The fee table to send, or the German message per field ("fees.<item>", "lateFeeCents",
 * "lateFrom", the server's field names): empty amounts cost nothing and are left out; a late fee
 * needs its date.
 */
export function feeTableInput(
  values: FeeFormValues,
): { ok: true; fees: { item: string; amountCents: number }[]; lateFeeCents: number } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const fees: { item: string; amountCents: number }[] = [];
  for (const [item, text] of Object.entries(values.amounts)) {
    const read = parseEuro(text);
    if (!read.ok) errors[`fees.${item}`] = read.error;
    else if (read.cents > 0) fees.push({ item, amountCents: read.cents });
  }
  const late = parseEuro(values.late);
  if (!late.ok) errors.lateFeeCents = late.error;
  else if (late.cents > 0 && values.lateFrom.trim() === "") errors.lateFrom = t("invoice.fees.lateFromMissing");
  if (Object.keys(errors).length > 0 || !late.ok) return { ok: false, errors };
  return { ok: true, fees, lateFeeCents: late.cents };
}
