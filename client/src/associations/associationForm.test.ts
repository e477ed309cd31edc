import { MSG, tooLong } from "@shared/messages";
import { describe, expect, it } from "vitest";
import { updateVersion } from "../forms/version";
import { associationFormValues, associationInput, canSaveOwnAssociation, preselectedAssociation, validateAssociationForm } from "./associationForm";

describe("club form", () => {
  it("[R-VA015][R-MC006] the club name is required in both modes", () => {
    expect(validateAssociationForm({ name: " ", invoiceEmail: "" }, "member")).toEqual({ name: MSG.required });
    expect(validateAssociationForm({ name: "", invoiceEmail: "" }, "manage")).toEqual({ name: MSG.required });
    expect(validateAssociationForm({ name: "x".repeat(101), invoiceEmail: "" }, "manage")).toEqual({ name: tooLong(100) });
  });

  it("[R-VA016][R-MC006] editing the own club checks the invoice email with the email rule", () => {
    expect(validateAssociationForm({ name: "MV", invoiceEmail: "kasse" }, "member")).toEqual({ invoiceEmail: "Bitte eine gültige E-Mail Adresse eingeben" });
    expect(validateAssociationForm({ name: "MV", invoiceEmail: "kasse@mv.de" }, "member")).toEqual({});
    expect(validateAssociationForm({ name: "MV", invoiceEmail: "" }, "member")).toEqual({});
  });

  it("[R-CM008][R-VA016] club management does not check the invoice email", () => {
    expect(validateAssociationForm({ name: "MV", invoiceEmail: "kasse" }, "manage")).toEqual({});
  });

  it("[R-MC004] Save needs a selected club", () => {
    expect(canSaveOwnAssociation(null)).toBe(false);
    expect(canSaveOwnAssociation("")).toBe(false);
    expect(canSaveOwnAssociation("QXNzb2NpYXRpb246MQ==")).toBe(true);
  });

  it("[R-MC002] the first of the user's clubs is preselected; a still valid choice is kept", () => {
    expect(preselectedAssociation(["a", "b"], null)).toBe("a");
    expect(preselectedAssociation(["a", "b"], "b")).toBe("b");
    expect(preselectedAssociation(["a", "b"], "gone")).toBe("a");
    expect(preselectedAssociation([], null)).toBeNull();
  });

  it("[R-MC003] the form edits name and invoice email; an empty invoice email is sent as null", () => {
    expect(associationFormValues({ name: "MV", invoiceEmail: null })).toEqual({ name: "MV", invoiceEmail: "" });
    expect(associationInput({ name: " MV ", invoiceEmail: " " })).toEqual({ name: "MV", invoiceEmail: null });
  });

  it("[R-CM006][R-MC005] no lost updates: an edit sends the fields and the version the form was filled from", () => {
    expect({ ...associationInput({ name: "MV", invoiceEmail: "" }), ...updateVersion(4) }).toEqual({ name: "MV", invoiceEmail: null, version: 4 });
    expect("version" in associationInput({ name: "MV", invoiceEmail: "" })).toBe(false);
  });
});
