// Invoice input rules (pure): IBAN and SEPA identifiers, the seller of a district association, a
// club's billing data and mandate. German messages; the service adds what needs the database.

import { MSG } from "../../shared/messages.ts";
import { daysBetween } from "../../shared/time.ts";
import { addLengthErrors, email, TEXT_LIMITS } from "../../shared/validation.ts";

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
/** The values with their texts trimmed, as they are stored. */
const trimmed = (values: object) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
const REQUIRED = MSG.required;

export function sellerErrors(s: SellerInput): Record<string, string> {
  const e: Record<string, string> = {};
  for (const k of ["name", "street", "postcode", "city", "email", "iban"] as const) if (blank(s[k])) e[k] = REQUIRED;
  const { iban: _iban, bic: _bic, creditorId: _creditorId, country: _country, ...texts } = TEXT_LIMITS.InvoiceSeller; // checked by their formats
  addLengthErrors(e, trimmed(s), texts);
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
  const { name: _name, invoiceEmail: _invoiceEmail, billingCountry: _country, ...texts } = TEXT_LIMITS.Association; // the country by its format
  addLengthErrors(e, trimmed(b), texts);
  if (b.billingCountry && !/^[A-Z]{2}$/.test(b.billingCountry.trim().toUpperCase())) e.billingCountry = "Ländercode aus zwei Buchstaben (z. B. DE)";
  const m = b.mandate;
  if (m) {
    if (!isMandateReference(m.reference)) e["mandate.reference"] = "Die Mandatsreferenz hat 1 bis 35 Zeichen (Buchstaben, Ziffern, + ? / : ( ) . , ' -)";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(m.signedOn) || Number.isNaN(Date.parse(`${m.signedOn}T00:00:00Z`)) || m.signedOn > today)
      e["mandate.signedOn"] = "Datum der Unterschrift (nicht in der Zukunft)";
    if (!isIban(m.iban)) e["mandate.iban"] = "Keine gültige IBAN";
    if (m.bic && !blank(m.bic) && !isBic(m.bic)) e["mandate.bic"] = "Keine gültige BIC";
    const holderMax = TEXT_LIMITS.sepaMandate.holder;
    if (blank(m.holder) || m.holder.trim().length > holderMax) e["mandate.holder"] = `Kontoinhaber (höchstens ${holderMax} Zeichen)`;
  }
  return e;
}

export type CreditLineInput = { description: string; quantity: number; unitCents: number };

export function creditErrors(lines: readonly CreditLineInput[], reason: string): Record<string, string> {
  const e: Record<string, string> = {};
  const reasonMax = TEXT_LIMITS.creditNote.reason;
  const lineMax = TEXT_LIMITS.InvoiceLine.description;
  if (blank(reason) || reason.trim().length > reasonMax) e.reason = `Grund angeben (höchstens ${reasonMax} Zeichen)`;
  if (!lines.length) e.lines = "Mindestens eine Position";
  lines.forEach((l, i) => {
    if (blank(l.description) || l.description.trim().length > lineMax) e[`lines.${i}.description`] = `Bezeichnung angeben (höchstens ${lineMax} Zeichen)`;
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > 10_000) e[`lines.${i}.quantity`] = "Menge zwischen 1 und 10.000";
    if (!Number.isInteger(l.unitCents) || l.unitCents < 1 || l.unitCents > 100_000_000) e[`lines.${i}.unitCents`] = "Betrag größer als 0";
  });
  return e;
}

// ---- reminders (reminders.ts)

/** The most reminder levels a district sets: a Zahlungserinnerung and up to three Mahnungen. */
export const REMINDER_MAX_LEVELS = 4;
/** The most days after the due date a level may wait. */
export const REMINDER_MAX_DAYS = 365;
/** The levels without a district's own: a Zahlungserinnerung 14 days after the due date, the Mahnung 14 days later. */
export const REMINDER_DEFAULT_DAYS: readonly number[] = [14, 28];

/** What a reminder level is called: level 1 the Zahlungserinnerung, level n the (n-1). Mahnung. */
export const reminderLabel = (level: number) => (level <= 1 ? "Zahlungserinnerung" : `${level - 1}. Mahnung`);

/** The days of the levels: at most four, each 1 to 365 days after the due date, each later than the one before. */
export function reminderDaysErrors(days: readonly number[]): Record<string, string> {
  if (days.length > REMINDER_MAX_LEVELS) return { days: `Höchstens ${REMINDER_MAX_LEVELS} Stufen (eine Zahlungserinnerung und drei Mahnungen)` };
  for (const [i, d] of days.entries()) {
    if (!Number.isInteger(d) || d < 1 || d > REMINDER_MAX_DAYS) return { days: `${reminderLabel(i + 1)}: 1 bis ${REMINDER_MAX_DAYS} Tage nach der Fälligkeit` };
    if (i > 0 && d <= days[i - 1]) return { days: `${reminderLabel(i + 1)}: später als die ${reminderLabel(i)} (mehr Tage nach der Fälligkeit)` };
  }
  return {};
}

/**
 * The reminder level an open invoice is due for on `today` (YYYY-MM-DD), or null: the level after the
 * last one sent, once its days after the due date have passed and, after an earlier reminder, as
 * many days as lie between the two levels have passed since that one (a round missed does not send
 * two levels at once, nor one right after the other).
 */
export function reminderDue(
  days: readonly number[],
  invoice: { dueDate: string; reminders: readonly { level: number; sentOn: string }[] },
  today: string,
): number | null {
  const last = invoice.reminders.reduce<{ level: number; sentOn: string } | null>((m, r) => (!m || r.level > m.level ? r : m), null);
  const level = (last?.level ?? 0) + 1;
  if (level > days.length) return null;
  if (daysBetween(invoice.dueDate, today) < days[level - 1]) return null;
  if (last && daysBetween(last.sentOn, today) < days[level - 1] - (days[level - 2] ?? 0)) return null;
  return level;
}
