import { MSG, tooLong } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { updateVersion } from "../forms/version";
import { adminUserInput, EMPTY_USER_FORM, profileInput, requiredUserFields, userFormValues, validateUserForm, visibleUserFields } from "./userForm";

const names = { ...EMPTY_USER_FORM, firstname: "Erika", lastname: "Muster", email: "erika@example.org" };
const complete = { ...names, phone: "+49711123456", street: "Hauptstraße 1", postcode: "70173", city: "Stuttgart", country: "Deutschland" };

describe("user form", () => {
  it("[R-VA010] first name, last name and email are required in every mode, the email with the email rule", () => {
    for (const mode of ["create", "staff", "self"] as const) {
      expect(validateUserForm({ ...complete, firstname: "", lastname: " ", email: "" }, mode)).toMatchObject({
        firstname: MSG.required,
        lastname: MSG.required,
        email: MSG.required,
      });
      expect(validateUserForm({ ...complete, email: "erika.example.org" }, mode)).toEqual({ email: "Bitte eine gültige E-Mail Adresse eingeben" });
    }
  });

  it("[R-VA011][R-PR004] editing the own profile requires phone, street, postcode, city and country", () => {
    expect(validateUserForm(names, "self")).toEqual({
      phone: MSG.required,
      street: MSG.required,
      postcode: MSG.required,
      city: MSG.required,
      country: MSG.required,
    });
    expect(validateUserForm(complete, "self")).toEqual({});
  });

  it("[R-VA011][R-VA009][R-VA004] the own profile checks the phone with the international prefix and the postcode", () => {
    expect(validateUserForm({ ...complete, phone: "0171", postcode: "abc" }, "self")).toEqual({
      phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)",
      postcode: "Bitte eine gültige Postleitzahl eingeben",
    });
  });

  it("[R-VA001] names have at most 100 characters, the e-mail 254, like the server (TEXT_LIMITS)", () => {
    const long = "x".repeat(101);
    expect(validateUserForm({ ...names, firstname: long, lastname: long, email: `${"a".repeat(243)}@example.org` }, "staff")).toEqual({
      firstname: tooLong(100),
      lastname: tooLong(100),
      email: tooLong(254),
    });
    expect(validateUserForm({ ...names, firstname: "x".repeat(100), email: `${"a".repeat(242)}@example.org` }, "staff")).toEqual({});
  });

  it("[R-VA012] in admin mode phone and address are optional", () => {
    expect(validateUserForm(names, "staff")).toEqual({});
  });

  it("[R-VA013] in admin mode the phone is validated only if filled", () => {
    expect(validateUserForm({ ...names, phone: "0171" }, "staff")).toEqual({ phone: MSG.profilePhone });
    expect(validateUserForm({ ...names, phone: "+49171" }, "staff")).toEqual({});
    expect(validateUserForm({ ...names, postcode: "abc" }, "staff")).toEqual({ postcode: MSG.postcode });
  });

  it("[R-VA014][R-UM008] create mode shows only first name, last name and email; phone and address are hidden", () => {
    expect(visibleUserFields("create")).toEqual(["firstname", "lastname", "email"]);
    expect(visibleUserFields("staff")).toEqual(["firstname", "lastname", "email", "phone", "street", "postcode", "city", "country"]);
    expect(visibleUserFields("self")).toEqual(visibleUserFields("staff"));
    expect(validateUserForm({ ...names, phone: "0171" }, "create")).toEqual({});
  });

  it("[R-PR001] the profile form marks all eight fields as required; admin mode only the names", () => {
    expect(requiredUserFields("self")).toHaveLength(8);
    expect(requiredUserFields("staff")).toEqual(["firstname", "lastname", "email"]);
  });

  it("loaded users fill the form; inputs are trimmed and empty optional fields sent as null in admin mode", () => {
    expect(userFormValues({ firstname: "A", lastname: "B", email: "a@b.de", phone: null })).toEqual({
      ...EMPTY_USER_FORM,
      firstname: "A",
      lastname: "B",
      email: "a@b.de",
    });
    expect(adminUserInput({ ...names, firstname: " Erika ", street: "  " })).toEqual({
      firstname: "Erika",
      lastname: "Muster",
      email: "erika@example.org",
      phone: null,
      street: null,
      postcode: null,
      city: null,
      country: null,
    });
    expect(profileInput({ ...complete, city: " Stuttgart " }).city).toBe("Stuttgart");
  });

  it("[R-UM011][R-PR003] no lost updates: user and profile edits send the version the form was filled from", () => {
    expect({ ...adminUserInput(names), ...updateVersion(5) }.version).toBe(5);
    expect({ ...profileInput(complete), ...updateVersion(6) }.version).toBe(6);
    expect("version" in adminUserInput(names)).toBe(false);
    expect("version" in profileInput(complete)).toBe(false);
    // every GraphQL update requires it: an edit without a known version is not sent
    expect(() => updateVersion(null)).toThrow("Die Version des bearbeiteten Eintrags ist unbekannt");
    expect(() => updateVersion(undefined)).toThrow();
  });
});
