// The generic validation rules of spec section 5 as pure functions: each returns the German
// message when the value is invalid, or null. Shared by server (enforces) and client (shows).
import { DEXAM_MSG, MSG, tooLong } from "./messages.ts";

export type Check = (value: unknown) => string | null;

/** Maximum upload size: 5 MB = 5242880 bytes (spec section 9). */
export const MAX_UPLOAD_BYTES = 5_242_880;
/** Extensions of image and document uploads (consent forms, signature images). */
export const UPLOAD_EXTENSIONS = ["jpeg", "jpg", "png", "pdf", "heic"] as const;

/**
 * Required: the value is truthy, lists are non-empty. Decision (R-VA002): a number 0 counts as
 * given, so 0 points can be entered; only null, undefined, NaN, "" (after trim), false and [] fail.
 */
export const required: Check = (v) => {
  if (v === null || v === undefined || v === false) return MSG.required;
  if (typeof v === "number") return Number.isNaN(v) ? MSG.required : null;
  if (typeof v === "string") return v.trim() === "" ? MSG.required : null;
  if (Array.isArray(v)) return v.length === 0 ? MSG.required : null;
  return null;
};

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** E-mail: contains "@" and a dot (spec wording; format checks only apply to a filled value). */
export const email: Check = (v) => (isEmpty(v) ? null : /@/.test(String(v)) && /\./.test(String(v)) ? null : MSG.email);

/** Postcode: must end in digits. */
/** not from the spec: the district association's privacy and imprint links are web addresses (http or https) */
export const webAddress: Check = (v) => (isEmpty(v) ? null : /^https?:\/\/\S+$/i.test(String(v).trim()) ? null : MSG.webAddress);

export const postcode: Check = (v) => (isEmpty(v) ? null : /\d$/.test(String(v).trim()) ? null : MSG.postcode);

/** Profile phone: "+" and a country code, 1 to 15 digits in all. */
export const profilePhone: Check = (v) => (isEmpty(v) ? null : /^\+[1-9]\d{0,14}$/.test(String(v).replace(/[\s/-]/g, "")) ? null : MSG.profilePhone);

/** Emergency-contact phone: optional "+" or "00", a non-zero digit and up to 14 digits; or plain digits. */
export const emergencyPhone: Check = (v) => {
  if (isEmpty(v)) return null;
  const s = String(v).replace(/[\s/-]/g, "");
  return /^(?:(?:\+|00)?[1-9]\d{0,14}|\d+)$/.test(s) ? null : MSG.emergencyPhone;
};

/**
 * A calendar day "yyyy-mm-dd" that exists, from 1900 on: "2031-02-30" matches the pattern but would
 * silently become 2 March (Date.UTC rolls over), and Date.UTC reads the years 0 to 99 as 1900 to 1999.
 */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s < "1900-01-01") return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * The birthdate rule of a D-exam registration (the form and the server check it alike): a real
 * calendar day from 1900 on, not after `now`; otherwise DEXAM_MSG.birthdate.
 */
export const birthdateError = (s: string, now: Date): string | null => (isCalendarDay(s) && new Date(`${s}T00:00:00Z`) <= now ? null : DEXAM_MSG.birthdate);

/** A Date that holds a time (not the Invalid Date of an unparsable text). */
export const isValidDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

const INT4_MAX = 2_147_483_647;
/** Every id of the schema is an int4: a number outside that range names nothing (and must not reach PostgreSQL as an int4 parameter). */
export const isInt4 = (n: number | null | undefined): n is number => n != null && Number.isSafeInteger(n) && n >= -INT4_MAX - 1 && n <= INT4_MAX;

const DECIMAL = /^(?:0|[1-9]\d{0,9})$/;
/**
 * The number a decimal id text names, or null when it is not one: no sign, no leading zero, int4.
 * The one reader of ids written as text (global ids, /v1 path and query ids).
 */
export function decimalId(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return n <= INT4_MAX ? n : null;
}

/**
 * The maximum length in characters of every text a form or /v1 can store: ONE table for the
 * validation (server rules and the client forms, with tooLong's message) and the database (each
 * column of the first block is @db.VarChar(n) with the same n in prisma/schema.prisma; the unit
 * test validation.test.ts compares them). Names 100, remarks 2000, long texts 10000: every value
 * stays below Excel's 32,767 characters per cell, so exports never hold a cell Excel cuts. Before,
 * remarks of 3,000,000 characters were stored; a 3000-character club name answered 500 (an index
 * entry above about 2700 bytes, found by tests/integration/api/fuzz.test.ts).
 */
export const TEXT_LIMITS = {
  DistrictAssociation: { name: 100, iamRef: 200, gdprLink: 2000, impressLink: 2000 },
  Association: {
    name: 100,
    invoiceEmail: 254,
    billingName: 100,
    billingStreet: 200,
    billingPostcode: 20,
    billingCity: 100,
    billingCountry: 2,
    buyerReference: 100,
  },
  User: { firstname: 100, lastname: 100, email: 254, phone: 50, street: 200, postcode: 20, city: 100, country: 100 },
  Event: { name: 100, description: 10000, address: 1000, cancellationConditions: 10000, privacyPolicy: 10000 },
  EventLocation: { name: 100, street: 200, postcode: 20, city: 100, country: 100 },
  DexamRegistration: { firstname: 100, lastname: 100, partialResultDistrict: 100, partialResultLocation: 100, remarks: 2000 },
  CompetitionRegistration: { name: 100, conductorName: 100, members: 10000, remarks: 2000 },
  WebhookEndpoint: { url: 2000, description: 200 },
  EventFee: { item: 40 },
  InvoiceSeller: {
    name: 100,
    street: 200,
    postcode: 20,
    city: 100,
    country: 2,
    email: 254,
    phone: 50,
    taxNumber: 30,
    vatId: 20,
    registrationId: 100,
    exemptionNote: 300,
    iban: 34,
    bic: 11,
    bankName: 100,
    creditorId: 35,
  },
  SepaMandate: { reference: 35 },
  InvoiceLine: { item: 40, description: 300 },
  TimetableSlot: { room: 100 },
  // texts inside JSON or encrypted columns: the validation only
  dexamSong: { number: 20, name: 200 },
  competitionSong: { name: 200, composer: 200, publisher: 200, arranger: 200 },
  camp: { diseases: 2000, intolerances: 2000, allergies: 2000 },
  emergencyContact: { name: 100, phone: 50 },
  sepaMandate: { holder: 70 },
  creditNote: { reason: 300 },
  /** a message to the registrants (registrantMessage.ts): written into the mail outbox only */
  registrantMessage: { subject: 200, body: 5000 },
} as const satisfies Record<string, Record<string, number>>;

/** At most `max` characters (code points, as PostgreSQL counts them); a huge text is refused before it is split. */
export const maxLength =
  (max: number): Check =>
  (v) => {
    if (typeof v !== "string" || v.length <= max) return null;
    return v.length > 2 * max || [...v].length > max ? tooLong(max) : null;
  };

/** The length check of each field of `limits` that `values` holds; messages under `prefix` + field. */
export function lengthErrors(values: object | null | undefined, limits: Record<string, number>, prefix = ""): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values) return errors;
  for (const [field, max] of Object.entries(limits)) {
    const message = maxLength(max)((values as Record<string, unknown>)[field]);
    if (message) errors[prefix + field] = message;
  }
  return errors;
}

/** Adds the length errors of `values` to `errors` where a field has no message yet (a required message stays first). */
export function addLengthErrors(errors: Record<string, string>, values: object | null | undefined, limits: Record<string, number>, prefix = "") {
  for (const [field, message] of Object.entries(lengthErrors(values, limits, prefix))) errors[field] ??= message;
  return errors;
}

/**
 * The longest list search (and /v1 query parameter) taken: about the longest name or e-mail
 * address a search looks in, so a longer one could find nothing anyway. The server refuses a
 * longer one (db/search.ts) with tooLong's message; the client's search field takes no more.
 */
export const MAX_SEARCH_LENGTH = 200;

export type FileLike = { name: string; size: number };

/** A file: present, at most 5 MB, one of the accepted extensions. */
export function file(f: FileLike | null | undefined, extensions: readonly string[] = UPLOAD_EXTENSIONS): string | null {
  if (!f) return MSG.fileMissing;
  if (f.size > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  const ext = f.name.toLowerCase().split(".").pop() ?? "";
  if (!f.name.includes(".") || !extensions.includes(ext)) return MSG.fileType;
  return null;
}

/** Runs the checks per field and returns the first message of each failing field. */
export function validate<T extends Record<string, unknown>>(values: T, rules: Partial<Record<keyof T & string, Check[]>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, checks] of Object.entries(rules) as [string, Check[]][]) {
    for (const check of checks) {
      const message = check(values[field]);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

/** A user has complete data only if city, street, postcode and phone are all set (country is not checked). */
export function isProfileComplete(u: { city?: string | null; street?: string | null; postcode?: string | null; phone?: string | null }): boolean {
  return [u.city, u.street, u.postcode, u.phone].every((v) => typeof v === "string" && v.trim() !== "");
}
