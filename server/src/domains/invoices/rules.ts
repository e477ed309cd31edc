// Invoice input rules (pure): IBAN and SEPA identifiers, the seller of a district association, a
// club's billing data and mandate. German messages; the service adds what needs the database.

import { MSG } from "../../shared/messages.ts";
import { email } from "../../shared/validation.ts";

/** Whether a text is a calendar day YYYY-MM-DD. */
export const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Letters and digits of an IBAN or identifier, upper case, without spaces. */
export const compact = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** ISO 7064 MOD 97-10 over an identifier rearranged as IBANs and creditor ids are (letters as 10..35). */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** IBAN lengths of the SEPA countries most clubs bank in; others: 15..34 characters. */
const IBAN_LENGTH: Record<string, number> = { DE: 22, AT: 20, CH: 21, LU: 20, NL: 18, BE: 16, FR: 27, IT: 27, DK: 18, PL: 28, CZ: 24 };

/** Whether an IBAN is well-formed: country, length and check digits (MOD 97). */
export function isIban(raw: string): boolean {
  const iban = compact(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const len = IBAN_LENGTH[iban.slice(0, 2)];
  if (len && iban.length !== len) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** BIC: 8 or 11 characters (bank, country, location, branch). */
export const isBic = (raw: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(raw));

/** SEPA creditor id (Gläubiger-ID): country, check digits, 3-character business code, national id; MOD 97 without the business code. */
export function isCreditorId(raw: string): boolean {
  const id = compact(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  return mod97(id.slice(7) + id.slice(0, 4)) === 1;
}

/** Mandate reference: up to 35 of the SEPA characters. */
export const isMandateReference = (s: string) => /^[A-Za-z0-9+?/:().,' -]{1,35}$/.test(s.trim());

export type SellerInput = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country?: string | null;
  email: string;
  phone?: string | null;
  taxNumber?: string | null;
  vatId?: string | null;
  registrationId?: string | null;
  exemptionNote?: string | null;
  vatRateBasisPoints?: number | null;
  iban: string;
  bic?: string | null;
  bankName?: string | null;
  creditorId?: string | null;
  paymentDays?: number | null;
};

const blank = (s: string | null | undefined) => !s || !s.trim();
const REQUIRED = MSG.required;

export function sellerErrors(s: SellerInput): Record<string, string> {
  const e: Record<string, string> = {};
  for (const k of ["name", "street", "postcode", "city", "email", "iban"] as const) if (blank(s[k])) e[k] = REQUIRED;
  const limits = {
    name: 100,
    street: 200,
    postcode: 20,
    city: 100,
    email: 254,
    phone: 50,
    taxNumber: 30,
    vatId: 20,
    registrationId: 100,
    exemptionNote: 300,
    bankName: 100,
  } as const;
  for (const [k, max] of Object.entries(limits)) {
    const v = s[k as keyof typeof limits];
    if (v && v.trim().length > max) e[k] = `Höchstens ${max} Zeichen`;
  }
  if (!e.email && email(s.email)) e.email = email(s.email) as string;
  if (!e.iban && !isIban(s.iban)) e.iban = "Keine gültige IBAN";
  if (s.bic && !blank(s.bic) && !isBic(s.bic)) e.bic = "Keine gültige BIC";
  if (s.creditorId && !blank(s.creditorId) && !isCreditorId(s.creditorId)) e.creditorId = "Keine gültige Gläubiger-Identifikationsnummer";
  if (s.country && !/^[A-Z]{2}$/.test(s.country.trim().toUpperCase())) e.country = "Ländercode aus zwei Buchstaben (z. B. DE)";
  if (s.vatId && !blank(s.vatId) && !/^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact(s.vatId))) e.vatId = "Keine gültige USt-IdNr.";
  if (blank(s.exemptionNote) && blank(s.taxNumber) && blank(s.vatId))
    e.taxNumber = "Steuernummer, USt-IdNr. oder der Hinweis auf die Steuerbefreiung ist anzugeben";
  // an e-invoice names its seller by an identifier (EN 16931 BR-CO-26): the VAT id or the register entry
  if (blank(s.vatId) && blank(s.registrationId))
    e.registrationId = "USt-IdNr. oder Vereinsregistereintrag angeben (Kennung des Rechnungsstellers in der E-Rechnung)";
  const rate = s.vatRateBasisPoints ?? 1900;
  if (!Number.isInteger(rate) || rate < 0 || rate > 5000) e.vatRateBasisPoints = "Steuersatz zwischen 0 und 50 %";
  const days = s.paymentDays ?? 14;
  if (!Number.isInteger(days) || days < 0 || days > 365) e.paymentDays = "Zahlungsziel zwischen 0 und 365 Tagen";
  return e;
}

export type MandateInput = { reference: string; signedOn: string; iban: string; bic?: string | null; holder: string };

export type BillingInput = {
  billingName?: string | null;
  billingStreet?: string | null;
  billingPostcode?: string | null;
  billingCity?: string | null;
  billingCountry?: string | null;
  buyerReference?: string | null;
  /** null: the mandate is removed; absent: unchanged */
  mandate?: MandateInput | null;
};

export function billingErrors(b: BillingInput, today: string): Record<string, string> {
  const e: Record<string, string> = {};
  const limits = { billingName: 100, billingStreet: 200, billingPostcode: 20, billingCity: 100, buyerReference: 100 } as const;
  for (const [k, max] of Object.entries(limits)) {
    const v = b[k as keyof typeof limits];
    if (v && v.trim().length > max) e[k] = `Höchstens ${max} Zeichen`;
  }
  if (b.billingCountry && !/^[A-Z]{2}$/.test(b.billingCountry.trim().toUpperCase())) e.billingCountry = "Ländercode aus zwei Buchstaben (z. B. DE)";
  const m = b.mandate;
  if (m) {
    if (!isMandateReference(m.reference)) e["mandate.reference"] = "Die Mandatsreferenz hat 1 bis 35 Zeichen (Buchstaben, Ziffern, + ? / : ( ) . , ' -)";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(m.signedOn) || Number.isNaN(Date.parse(`${m.signedOn}T00:00:00Z`)) || m.signedOn > today)
      e["mandate.signedOn"] = "Datum der Unterschrift (nicht in der Zukunft)";
    if (!isIban(m.iban)) e["mandate.iban"] = "Keine gültige IBAN";
    if (m.bic && !blank(m.bic) && !isBic(m.bic)) e["mandate.bic"] = "Keine gültige BIC";
    if (blank(m.holder) || m.holder.trim().length > 70) e["mandate.holder"] = "Kontoinhaber (höchstens 70 Zeichen)";
  }
  return e;
}

export type CreditLineInput = { description: string; quantity: number; unitCents: number };

export function creditErrors(lines: readonly CreditLineInput[], reason: string): Record<string, string> {
  const e: Record<string, string> = {};
  if (blank(reason) || reason.trim().length > 300) e.reason = "Grund angeben (höchstens 300 Zeichen)";
  if (!lines.length) e.lines = "Mindestens eine Position";
  lines.forEach((l, i) => {
    if (blank(l.description) || l.description.trim().length > 300) e[`lines.${i}.description`] = "Bezeichnung angeben (höchstens 300 Zeichen)";
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > 10_000) e[`lines.${i}.quantity`] = "Menge zwischen 1 und 10.000";
    if (!Number.isInteger(l.unitCents) || l.unitCents < 1 || l.unitCents > 100_000_000) e[`lines.${i}.unitCents`] = "Betrag größer als 0";
  });
  return e;
}
