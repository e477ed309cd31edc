import { describe, expect, it } from "vitest";
import { MSG, tooLong, WIRE_MSG } from "./messages.ts";
import { userErrors } from "./userSchema.ts";
import { TEXT_LIMITS } from "./validation.ts";

const names = { firstname: "Erika", lastname: "Muster", email: "erika@example.org" };
const complete = { ...names, phone: "+49 711 123456", street: "Hauptstraße 1", postcode: "70173", city: "Stuttgart", country: "Deutschland" };
const MODES = ["profile", "staff", "create"] as const;

describe("the user schema (server rules and the user form)", () => {
  it("[R-VA010] first name, last name and e-mail are required in every mode, the e-mail with the e-mail rule", () => {
    for (const mode of MODES) {
      expect(userErrors({ ...complete, firstname: "", lastname: " ", email: null }, mode), mode).toEqual({
        firstname: MSG.required,
        lastname: MSG.required,
        email: MSG.required,
      });
      expect(userErrors({}, mode), mode).toMatchObject({ firstname: MSG.required, lastname: MSG.required, email: MSG.required });
      for (const email of ["erika.example.org", "erika@example"])
        expect(userErrors({ ...complete, email }, mode), `${mode} ${email}`).toEqual({ email: MSG.email });
      expect(userErrors(complete, mode), mode).toEqual({});
    }
  });

  it("[R-VA011] the own profile requires phone, street, postcode, city and country", () => {
    const required = { phone: MSG.required, street: MSG.required, postcode: MSG.required, city: MSG.required, country: MSG.required };
    expect(userErrors(names, "profile")).toEqual(required);
    expect(userErrors({ ...names, phone: " ", street: "", postcode: null, city: "  ", country: "" }, "profile")).toEqual(required);
    for (const field of Object.keys(required)) expect(userErrors({ ...complete, [field]: "" }, "profile"), field).toEqual({ [field]: MSG.required });
  });

  it("[R-VA012] staff and a new user may leave phone and address empty", () => {
    for (const mode of ["staff", "create"] as const) {
      expect(userErrors(names, mode), mode).toEqual({});
      expect(userErrors({ ...names, phone: "", street: null, postcode: " ", city: "", country: null }, mode), mode).toEqual({});
    }
  });

  it("[R-VA013][R-VA009][R-VA004] a filled phone needs the international prefix and a filled postcode ends in digits, in every mode", () => {
    for (const mode of MODES) {
      expect(userErrors({ ...complete, phone: "0171 123456", postcode: "abc" }, mode), mode).toEqual({ phone: MSG.profilePhone, postcode: MSG.postcode });
      expect(userErrors({ ...complete, phone: "+49/171-123456", postcode: "D-70173" }, mode), mode).toEqual({});
    }
  });

  it("[R-VA001] every text at most its TEXT_LIMITS length, in every mode; a length message only where nothing else is wrong", () => {
    const valid = (field: string, n: number) =>
      field === "email" ? `${"a".repeat(n - 12)}@example.org` : field === "phone" ? `+49${"1".repeat(n - 3)}` : `${"ä".repeat(n - 1)}1`;
    for (const mode of MODES) {
      for (const [field, max] of Object.entries(TEXT_LIMITS.User)) {
        expect(userErrors({ ...complete, [field]: valid(field, max) }, mode)[field], `${mode} ${field}`).toBe(field === "phone" ? MSG.profilePhone : undefined);
        expect(userErrors({ ...complete, [field]: valid(field, max + 1) }, mode)[field], `${mode} ${field}`).toBe(
          field === "phone" ? MSG.profilePhone : tooLong(max),
        );
      }
    }
    // the phone's own rule (at most 15 digits) is stricter than its column: a long text says the rule first
    expect(userErrors({ ...complete, phone: "1".repeat(51) }, "staff")).toEqual({ phone: MSG.profilePhone });
    expect(userErrors({ ...complete, phone: `+49 ${" ".repeat(46)}171` }, "staff")).toEqual({ phone: tooLong(50) });
  });

  it("the own account's result mails are true or false; values of the wrong type are refused with the wire message", () => {
    for (const resultMails of [true, false, null, undefined]) expect(userErrors({ ...complete, resultMails }, "profile")).toEqual({});
    expect(userErrors({ ...complete, resultMails: "ja", firstname: 1 }, "profile")).toEqual({ resultMails: WIRE_MSG.boolean, firstname: WIRE_MSG.text });
  });
});
