import { describe, expect, it } from "vitest";
import { MSG } from "./messages.ts";
import { email, emergencyPhone, file, isProfileComplete, MAX_UPLOAD_BYTES, postcode, profilePhone, required, validate } from "./validation.ts";

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
