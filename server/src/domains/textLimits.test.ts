// The text limits of TEXT_LIMITS that only GraphQL writes (billing, seller, mandate, credit notes,
// fee items, webhooks, timetable rooms): each limit is accepted and one more character is refused
// under the field's key, by the rule the service calls. The /v1 fields are proven end to end in
// tests/integration/api/strict-input.test.ts.
import { describe, expect, it } from "vitest";
import { messageErrors } from "../shared/registrantMessage.ts";
import { TEXT_LIMITS } from "../shared/validation.ts";
import { FEE_ITEMS, LATE_ITEM } from "./invoices/fees.ts";
import { billingErrors, creditErrors, isMandateReference, type SellerInput, sellerErrors } from "./invoices/rules.ts";
import { defaultRules, validateRules } from "./timetable/rules.ts";
import { checkEndpoint } from "./webhooks/service.ts";

const seller: SellerInput = {
  name: "Kreisverband Musterstadt",
  street: "Hauptstraße 1",
  postcode: "70173",
  city: "Stuttgart",
  country: "DE",
  email: "kasse@kv.example",
  phone: "+49 711 1",
  taxNumber: "99/123/45678",
  vatId: null,
  registrationId: "VR 1234",
  exemptionNote: "Steuerfrei nach § 4 Nr. 22 UStG",
  iban: "DE89370400440532013000",
  bankName: "Bank",
};
const text = (n: number) => "ä".repeat(n);

describe("text limits written only through GraphQL", () => {
  const sellerTexts = ["name", "street", "postcode", "city", "phone", "taxNumber", "registrationId", "exemptionNote", "bankName"] as const;
  it.each(sellerTexts)("[R-VA001] the seller's %s: its limit is accepted, one more character refused", (field) => {
    const max = TEXT_LIMITS.InvoiceSeller[field];
    expect(sellerErrors({ ...seller, [field]: text(max) })[field]).toBeUndefined();
    expect(sellerErrors({ ...seller, [field]: text(max + 1) })[field]).toBe(`Bitte höchstens ${max} Zeichen eingeben`);
  });

  it("[R-VA001] the seller's e-mail, VAT id, IBAN, BIC, creditor id and country fit their columns by their formats", () => {
    const longest = { email: 254, vatId: 15, iban: 34, bic: 11, creditorId: 35, country: 2 };
    for (const [field, n] of Object.entries(longest)) expect(n).toBeLessThanOrEqual(TEXT_LIMITS.InvoiceSeller[field as keyof typeof longest]);
    expect(sellerErrors({ ...seller, email: `${"a".repeat(30)}@${"b".repeat(216)}.example` }).email).toBeDefined(); // 255 characters
  });

  const billingTexts = ["billingName", "billingStreet", "billingPostcode", "billingCity", "buyerReference"] as const;
  it.each(billingTexts)("[R-VA001] a club's %s: its limit is accepted, one more character refused", (field) => {
    const max = TEXT_LIMITS.Association[field];
    expect(billingErrors({ [field]: text(max) }, "2026-11-28")[field]).toBeUndefined();
    expect(billingErrors({ [field]: text(max + 1) }, "2026-11-28")[field]).toBe(`Bitte höchstens ${max} Zeichen eingeben`);
  });

  it("[R-VA001] the mandate's holder and reference, the credit note's reason and line", () => {
    const mandate = { reference: "M-1", signedOn: "2026-01-02", iban: "DE89370400440532013000", holder: text(TEXT_LIMITS.sepaMandate.holder) };
    expect(billingErrors({ mandate }, "2026-11-28")["mandate.holder"]).toBeUndefined();
    expect(billingErrors({ mandate: { ...mandate, holder: `${mandate.holder}x` } }, "2026-11-28")["mandate.holder"]).toBeDefined();
    expect(isMandateReference("A".repeat(TEXT_LIMITS.SepaMandate.reference))).toBe(true);
    expect(isMandateReference("A".repeat(TEXT_LIMITS.SepaMandate.reference + 1))).toBe(false);
    const line = (n: number) => [{ description: text(n), quantity: 1, unitCents: 100 }];
    expect(creditErrors(line(TEXT_LIMITS.InvoiceLine.description), text(TEXT_LIMITS.creditNote.reason))).toEqual({});
    expect(Object.keys(creditErrors(line(TEXT_LIMITS.InvoiceLine.description + 1), text(TEXT_LIMITS.creditNote.reason + 1))).sort()).toEqual([
      "lines.0.description",
      "reason",
    ]);
  });

  it("[R-VA001] every fee item key fits its column", () => {
    for (const item of [...FEE_ITEMS, LATE_ITEM]) expect(item.length).toBeLessThanOrEqual(Math.min(TEXT_LIMITS.EventFee.item, TEXT_LIMITS.InvoiceLine.item));
  });

  it("[R-VA001] a webhook endpoint's URL and description", () => {
    const url = (n: number) => `https://hooks.example.org/${"x".repeat(n - 26)}`;
    const max = TEXT_LIMITS.WebhookEndpoint;
    expect(checkEndpoint({ url: url(max.url), description: text(max.description), eventTypes: ["event.created"] }, false, true)).toEqual({});
    expect(
      Object.keys(checkEndpoint({ url: url(max.url + 1), description: text(max.description + 1), eventTypes: ["event.created"] }, false, true)).sort(),
    ).toEqual(["description", "url"]);
  });

  it("[R-VA001] a timetable room's name", () => {
    const rules = defaultRules({ type: "DEXAM_PRACTICE", start: new Date("2027-03-01T08:00:00Z"), end: new Date("2027-03-01T16:00:00Z") }, "PRACTICE");
    expect(validateRules({ ...rules, rooms: [text(TEXT_LIMITS.TimetableSlot.room)] }).rooms).toBeUndefined();
    expect(validateRules({ ...rules, rooms: [text(TEXT_LIMITS.TimetableSlot.room + 1)] }).rooms).toBeDefined();
  });

  it("[R-VA001] a message to the registrants: subject and text", () => {
    const max = TEXT_LIMITS.registrantMessage;
    expect(messageErrors({ subject: text(max.subject), body: text(max.body) })).toEqual({});
    expect(messageErrors({ subject: text(max.subject + 1), body: text(max.body + 1) })).toEqual({
      subject: `Bitte höchstens ${max.subject} Zeichen eingeben`,
      body: `Bitte höchstens ${max.body} Zeichen eingeben`,
    });
  });
});
