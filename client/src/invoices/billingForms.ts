import { MSG } from "@shared/messages";
import { email, lengthErrors, TEXT_LIMITS } from "@shared/validation";
import type { MessageKey } from "../i18n/de";
import { t } from "../i18n/translate";

// The seller's (district association) and buyer's (club) billing forms: which fields, their texts,
// and the checks the browser makes before sending (required, lengths and the e-mail by the shared
// rules); the formats of IBAN, BIC, creditor id and VAT id are the server's (its messages are shown
// under the fields).

export const SELLER_FIELDS = [
  "name",
  "street",
  "postcode",
  "city",
  "country",
  "email",
  "phone",
  "taxNumber",
  "vatId",
  "registrationId",
  "exemptionNote",
  "iban",
  "bic",
  "bankName",
  "creditorId",
] as const;
export type SellerField = (typeof SELLER_FIELDS)[number];
export const SELLER_REQUIRED: readonly SellerField[] = ["name", "street", "postcode", "city", "email", "iban"];

export const sellerLabel = (field: SellerField): MessageKey => `invoice.seller.${field}`;

export type SellerValues = Record<SellerField, string> & { vatRate: string; paymentDays: string };

type SellerRead = Partial<Record<SellerField, string | null>> & { vatRateBasisPoints: number; paymentDays: number };

/** The form of the seller as read (null: not set yet, with the defaults DE, 19 %, 14 days). */
export function sellerValues(seller: SellerRead | null | undefined): SellerValues {
  const values = Object.fromEntries(SELLER_FIELDS.map((field) => [field, seller?.[field] ?? ""])) as Record<SellerField, string>;
  return {
    ...values,
    country: values.country || "DE",
    vatRate: String((seller?.vatRateBasisPoints ?? 1900) / 100).replace(".", ","),
    paymentDays: String(seller?.paymentDays ?? 14),
  };
}

const wholeNumber = (text: string): number | null => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The seller input (optional texts empty -> null) or the German message per field. */
export function sellerInput(values: SellerValues): { ok: true; input: Record<string, string | number | null> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = lengthErrors(values, TEXT_LIMITS.InvoiceSeller);
  for (const field of SELLER_REQUIRED) if (!values[field].trim()) errors[field] = MSG.required;
  const mail = values.email.trim() ? email(values.email) : null;
  if (mail) errors.email = mail;
  const rate = /^\d{1,2}([.,]\d{1,2})?$/.test(values.vatRate.trim()) ? Math.round(Number(values.vatRate.trim().replace(",", ".")) * 100) : null;
  if (rate === null || rate > 5000) errors.vatRateBasisPoints = t("invoice.seller.vatRateRange");
  const days = wholeNumber(values.paymentDays);
  if (days === null || days > 365) errors.paymentDays = t("invoice.seller.paymentDaysRange");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const input: Record<string, string | number | null> = {};
  for (const field of SELLER_FIELDS) input[field] = values[field].trim() || (SELLER_REQUIRED.includes(field) ? "" : null);
  input.vatRateBasisPoints = rate;
  input.paymentDays = days;
  return { ok: true, input };
}

export const BILLING_FIELDS = ["billingName", "billingStreet", "billingPostcode", "billingCity", "billingCountry", "buyerReference"] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];
export const billingLabel = (field: BillingField): MessageKey => `invoice.billing.${field}`;

export const MANDATE_FIELDS = ["reference", "signedOn", "iban", "bic", "holder"] as const;
export type MandateField = (typeof MANDATE_FIELDS)[number];

export type BillingValues = Record<BillingField, string> & { mandate: Record<MandateField, string>; mandateChange: "keep" | "set" | "remove" };

/** The club's billing form as read; the stored mandate is kept unless a new one is entered or it is removed. */
export function billingValues(billing: Partial<Record<BillingField, string | null>> & { mandate?: unknown }): BillingValues {
  return {
    ...(Object.fromEntries(BILLING_FIELDS.map((field) => [field, billing[field] ?? ""])) as Record<BillingField, string>),
    mandate: { reference: "", signedOn: "", iban: "", bic: "", holder: "" },
    mandateChange: billing.mandate ? "keep" : "set",
  };
}

/** Whether the form holds a new mandate (any of its fields typed). */
const mandateTyped = (values: BillingValues) => MANDATE_FIELDS.some((field) => values.mandate[field].trim() !== "");

/** The billing input for setClubBilling (without the club) or the German message per field ("mandate.iban", ...). */
export function billingInput(values: BillingValues): { ok: true; input: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = lengthErrors(values, TEXT_LIMITS.Association);
  const input: Record<string, unknown> = Object.fromEntries(BILLING_FIELDS.map((field) => [field, values[field].trim() || null]));
  if (values.mandateChange === "remove") input.removeMandate = true;
  else if (values.mandateChange === "set" && mandateTyped(values)) {
    const m = values.mandate;
    for (const field of ["reference", "signedOn", "iban", "holder"] as const) if (!m[field].trim()) errors[`mandate.${field}`] = MSG.required;
    Object.assign(errors, lengthErrors(m, TEXT_LIMITS.sepaMandate, "mandate."));
    input.mandate = { reference: m.reference.trim(), signedOn: m.signedOn, iban: m.iban.trim(), bic: m.bic.trim() || null, holder: m.holder.trim() };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}
