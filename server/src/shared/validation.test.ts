import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEXAM_MSG, MSG, tooLong } from "./messages.ts";
import {
  addLengthErrors,
  birthdateError,
  email,
  emergencyPhone,
  file,
  isProfileComplete,
  MAX_UPLOAD_BYTES,
  maxLength,
  postcode,
  profilePhone,
  required,
  TEXT_LIMITS,
  validate,
} from "./validation.ts";

describe("generic validation rules (spec section 5)", () => {
  it("[R-VA001] required: truthy values pass, empty values and empty lists fail with the German message", () => {
    for (const v of ["x", 1, true, ["a"], { a: 1 }]) expect(required(v)).toBeNull();
    for (const v of [null, undefined, "", "   ", false, [], Number.NaN]) expect(required(v)).toBe("Dieses Feld ist ein Pflichtfeld");
  });

  it("[R-VA002] required: the number 0 counts as given (0 points can be entered)", () => {
    expect(required(0)).toBeNull();
  });

  it("[R-VA003] email must contain @ and a dot", () => {
    expect(email("a@b.de")).toBeNull();
    expect(email("ab.de")).toBe("Bitte eine gültige E-Mail Adresse eingeben");
    expect(email("a@bde")).toBe(MSG.email);
    expect(email("")).toBeNull(); // emptiness is the required rule's job
  });

  it("[R-VA004] postcode must end in digits", () => {
    expect(postcode("70173")).toBeNull();
    expect(postcode("A-6020")).toBeNull();
    expect(postcode("70173x")).toBe("Bitte eine gültige Postleitzahl eingeben");
  });

  it("[R-VA005][R-BC002] a file of 5242880 bytes is accepted, one byte more is rejected", () => {
    expect(MAX_UPLOAD_BYTES).toBe(5242880);
    expect(file({ name: "a.pdf", size: 5242880 })).toBeNull();
    expect(file({ name: "a.pdf", size: 5242881 })).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
  });

  it("[R-VA006] a missing file gives 'Bitte eine Datei auswählen'", () => {
    expect(file(null)).toBe("Bitte eine Datei auswählen");
  });

  it("[R-VA007][R-BC003] accepted types are jpeg, jpg, png, pdf and heic", () => {
    for (const n of ["a.jpeg", "a.JPG", "a.png", "a.pdf", "a.heic"]) expect(file({ name: n, size: 1 })).toBeNull();
    for (const n of ["a.exe", "a.xlsx", "pdf", "a.pdf.zip"]) expect(file({ name: n, size: 1 })).toBe(MSG.fileType);
  });

  it("[R-VA008] emergency-contact phone: optional + or 00, a non-zero digit and up to 14 digits, or plain digits", () => {
    for (const v of ["+491701234567", "00491701234567", "01701234567", "4917012345678901"]) expect(emergencyPhone(v)).toBeNull();
    for (const v of ["+0123", "+4917012345678901", "abc", "+49 170 abc"]) expect(emergencyPhone(v)).toBe("Bitte eine gültige Telefonnummer eingeben");
  });

  it("[R-VA009] profile phone must start with + and a country code, 1 to 15 digits", () => {
    expect(profilePhone("+49123456")).toBeNull();
    expect(profilePhone("+1")).toBeNull();
    for (const v of ["0049123456", "49123456", "+0123", "+1234567890123456"]) {
      expect(profilePhone(v)).toBe("Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)");
    }
  });

  it("[R-VA001] validate() reports the first failing rule per field", () => {
    expect(validate({ name: "", mail: "x" }, { name: [required], mail: [required, email] })).toEqual({ name: MSG.required, mail: MSG.email });
  });

  it("[R-EN004] a profile is complete only with city, street, postcode and phone (country not checked)", () => {
    const full = { city: "C", street: "S", postcode: "1", phone: "+491" };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, country: null } as never)).toBe(true);
    for (const k of Object.keys(full)) expect(isProfileComplete({ ...full, [k]: " " })).toBe(false);
    expect(isProfileComplete({ ...full, phone: null })).toBe(false);
  });
});

describe("text limits: one table for the validation and the database", () => {
  const schema = readFileSync(new URL("../../../prisma/schema.prisma", import.meta.url), "utf8");
  /** model -> field -> n of every `@db.VarChar(n)` column of prisma/schema.prisma */
  const varchars = new Map<string, Map<string, number>>();
  for (const m of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm))
    for (const f of m[2].matchAll(/^\s+(\w+)\s+String\??\s.*@db\.VarChar\((\d+)\)/gm)) {
      if (!varchars.has(m[1])) varchars.set(m[1], new Map());
      varchars.get(m[1])?.set(f[1], Number(f[2]));
    }

  it("[R-VA001] every column limit of TEXT_LIMITS is the @db.VarChar(n) of schema.prisma, and no VarChar column lacks its table entry", () => {
    for (const [model, fields] of Object.entries(TEXT_LIMITS)) {
      if (/^[a-z]/.test(model)) continue; // texts inside JSON or encrypted columns
      for (const [field, max] of Object.entries(fields)) expect(varchars.get(model)?.get(field), `${model}.${field}`).toBe(max);
    }
    // columns only the server writes (no input reaches them): bounded where they are written
    const SERVER_WRITTEN = new Set([
      "MailOutbox.kind",
      "MailOutbox.lastError",
      "MailOutbox.email", // a club's invoice e-mail (Association.invoiceEmail)
      "Change.entity",
      "Change.operation",
      "WebhookEndpoint.disabledReason",
      "WebhookDelivery.eventType",
      "WebhookDelivery.lastError",
      "SepaMandate.ibanLast4",
      "Invoice.number",
      "Invoice.eventName", // the event's name (Event.name)
      "Invoice.createdBy",
      // SEPA direct debits and bank statements (invoices/sepa.ts, camt.ts, payments.ts): generated or read from the bank's file, cut to the column
      "SepaDebit.messageId",
      "SepaDebit.createdBy",
      "SepaDebitItem.mandateReference",
      "SepaDebitItem.sequence",
      "BankImport.kind",
      "BankImport.messageId",
      "BankImport.sha256",
      "BankImport.createdBy",
      "Payment.bankRef",
      "Payment.reference",
      "Payment.payerName",
      "Payment.createdBy",
    ]);
    for (const [model, fields] of varchars)
      for (const [field, n] of fields) {
        if (SERVER_WRITTEN.has(`${model}.${field}`)) continue;
        expect((TEXT_LIMITS as Record<string, Record<string, number>>)[model]?.[field], `${model}.${field}`).toBe(n);
      }
  });

  it("[R-VA001] every limit stays below Excel's 32,767 characters per cell", () => {
    for (const fields of Object.values(TEXT_LIMITS)) for (const max of Object.values(fields)) expect(max).toBeLessThan(32_767);
  });

  it("[R-VA001] maxLength: max characters pass, one more fails with the German message naming the limit; characters, not UTF-16 units", () => {
    expect(maxLength(100)("x".repeat(100))).toBeNull();
    expect(maxLength(100)("x".repeat(101))).toBe("Bitte höchstens 100 Zeichen eingeben");
    expect(maxLength(100)("𝄞".repeat(100))).toBeNull();
    expect(maxLength(100)("𝄞".repeat(101))).toBe(tooLong(100));
    expect(maxLength(2000)("x".repeat(3_000_001))).toBe(tooLong(2000));
    expect(maxLength(5)(null)).toBeNull();
  });

  it("[R-VA001] addLengthErrors keeps a field's first message and names nested fields with their prefix", () => {
    const errors = addLengthErrors({ name: MSG.required }, { name: "x".repeat(101), city: "y".repeat(101) }, { name: 100, city: 100 }, "a.");
    expect(errors).toEqual({ name: MSG.required, "a.name": tooLong(100), "a.city": tooLong(100) });
  });
});

describe("the birthdate rule (one function for the form and the server)", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  it("[R-DF001] accepts a real calendar day from 1900 up to today", () => {
    for (const day of ["1900-01-01", "2012-02-29", "2026-11-26"]) expect(birthdateError(day, now), day).toBeNull();
  });
  it("[R-DF001] refuses days that do not exist, days before 1900, the future and other spellings", () => {
    for (const day of ["2012-13-45", "2023-02-30", "1899-12-31", "0000-01-01", "2026-11-27", "05.04.2012", "2012-4-5", ""])
      expect(birthdateError(day, now), day).toBe(DEXAM_MSG.birthdate);
  });
});
