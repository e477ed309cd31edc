// The forms show the server's text limits with its message (TEXT_LIMITS and tooLong from @shared).
import { tooLong } from "@shared/messages";
import { TEXT_LIMITS } from "@shared/validation";
import { describe, expect, it } from "vitest";
import { EMPTY_DISTRICT_ASSOCIATION_FORM, validateDistrictAssociationForm } from "../screens/DistrictAssociationManage/districtAssociationForm";
import { locationFormValues, validateLocationForm } from "../screens/EventLocationManage/locationForm";
import { EMPTY_EVENT_FORM, validateEventForm } from "../screens/EventManage/eventForm";
import { EMPTY_TAKEOVER, validateTakeover } from "../screens/RegistrationOverview/takeover";

/** a text of n characters that ends in a digit (a valid postcode); for the web addresses (…Link) a valid https address */
const text = (n: number, field = "") => (field.endsWith("Link") ? `https://example.org/${"a".repeat(n - 20)}` : `${"ä".repeat(n - 1)}1`);
/** each field of `limits` at its limit (no length message) and one character more (the message) */
function checkLimits(limits: Record<string, number>, validateWith: (values: Record<string, string>) => Record<string, string>) {
  for (const [field, max] of Object.entries(limits)) {
    expect(validateWith({ [field]: text(max, field) })[field], field).toBeUndefined();
    expect(validateWith({ [field]: text(max + 1, field) })[field], field).toBe(tooLong(max));
  }
}

describe("text limits in the forms", () => {
  it("[R-VA001] event, location and district association forms: every text at most its TEXT_LIMITS length", () => {
    checkLimits(TEXT_LIMITS.Event, (v) => validateEventForm({ ...EMPTY_EVENT_FORM, ...v }));
    checkLimits(TEXT_LIMITS.EventLocation, (v) => validateLocationForm({ ...locationFormValues(null, "DEXAM"), ...v }));
    checkLimits(TEXT_LIMITS.DistrictAssociation, (v) => validateDistrictAssociationForm({ ...EMPTY_DISTRICT_ASSOCIATION_FORM, ...v }));
  });

  it("[R-VA001] the takeover's remarks have the registration's limit", () => {
    checkLimits({ remarks: TEXT_LIMITS.DexamRegistration.remarks }, (v) => validateTakeover({ ...EMPTY_TAKEOVER, ...v }, false));
  });
});
