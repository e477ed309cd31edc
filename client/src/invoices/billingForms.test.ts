import { describe, expect, it } from "vitest";
import { billingInput, billingValues, sellerInput, sellerValues } from "./billingForms";

const seller = {
  ...sellerValues(null),
  name: "Kreisverband Musterstadt e. V.",
  street: "Hauptstraße 1",
  postcode: "70173",
  city: "Musterstadt",
  email: "kasse@kv.example",
  iban: "DE02120300000000202051",
  exemptionNote: "Steuerbefreit nach § 4 Nr. 22 UStG",
  registrationId: "VR 1234",
};

describe("seller form", () => {
  it("starts with DE, 19 % and 14 days before the first save", () => {
    expect(sellerValues(null)).toMatchObject({ country: "DE", vatRate: "19", paymentDays: "14", name: "" });
  });

  it("sends optional texts left empty as null, the rate in basis points", () => {
    const checked = sellerInput({ ...seller, vatRate: "7,5" });
    expect(checked).toMatchObject({ ok: true, input: { name: "Kreisverband Musterstadt e. V.", phone: null, vatRateBasisPoints: 750, paymentDays: 14 } });
  });

  it("names the missing required fields, a wrong e-mail, rate and term in German", () => {
    const checked = sellerInput({ ...seller, name: " ", email: "kasse", vatRate: "60", paymentDays: "400" });
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: "Dieses Feld ist ein Pflichtfeld",
        email: expect.any(String),
        vatRateBasisPoints: "Steuersatz zwischen 0 und 50 %",
        paymentDays: "Zahlungsziel zwischen 0 und 365 Tagen",
      },
    });
  });

  it("refuses a text over its column's limit (shared TEXT_LIMITS)", () => {
    const checked = sellerInput({ ...seller, postcode: "1".repeat(21) });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(["postcode"]);
  });
});

describe("club billing form", () => {
  it("keeps a stored mandate unless replaced or removed", () => {
    const values = billingValues({ billingName: "MV Musterstadt", mandate: { reference: "M1" } });
    expect(values.mandateChange).toBe("keep");
    expect(billingInput(values)).toEqual({
      ok: true,
      input: { billingName: "MV Musterstadt", billingStreet: null, billingPostcode: null, billingCity: null, billingCountry: null, buyerReference: null },
    });
    expect(billingInput({ ...values, mandateChange: "remove" })).toMatchObject({ ok: true, input: { removeMandate: true } });
  });

  it("without a mandate, empty mandate fields add none; a typed one needs reference, date, IBAN and holder", () => {
    const values = billingValues({});
    expect(values.mandateChange).toBe("set");
    expect(billingInput(values)).toMatchObject({ ok: true });
    expect(billingInput(values).ok && "mandate" in (billingInput(values) as { input: object }).input).toBe(false);
    const typed = { ...values, mandate: { ...values.mandate, iban: "DE12500105170648489890" } };
    expect(billingInput(typed)).toEqual({
      ok: false,
      errors: {
        "mandate.reference": "Dieses Feld ist ein Pflichtfeld",
        "mandate.signedOn": "Dieses Feld ist ein Pflichtfeld",
        "mandate.holder": "Dieses Feld ist ein Pflichtfeld",
      },
    });
    const full = { ...typed, mandate: { reference: "MV-1", signedOn: "2026-01-15", iban: "DE12500105170648489890", bic: "", holder: "Musikverein" } };
    expect(billingInput(full)).toMatchObject({ ok: true, input: { mandate: { reference: "MV-1", signedOn: "2026-01-15", bic: null, holder: "Musikverein" } } });
  });
});
