import { describe, expect, it } from "vitest";
import { districtErrors } from "./districtSchema.ts";
import { MSG, tooLong, WIRE_MSG } from "./messages.ts";
import { TEXT_LIMITS } from "./validation.ts";

const filled = { name: "KV", iamRef: "org-1", gdprLink: "https://kv.example/datenschutz", impressLink: "https://kv.example/impressum" };

describe("the district association schema (server rules and the district association form)", () => {
  it("[R-VA017] name, IamRef, privacy URL and imprint URL are required: absent, null, empty and blank", () => {
    expect(districtErrors({})).toEqual({ name: MSG.required, iamRef: MSG.required, gdprLink: MSG.required, impressLink: MSG.required });
    expect(districtErrors({ name: null, iamRef: "", gdprLink: " ", impressLink: undefined })).toEqual({
      name: MSG.required,
      iamRef: MSG.required,
      gdprLink: MSG.required,
      impressLink: MSG.required,
    });
    for (const field of Object.keys(filled)) expect(districtErrors({ ...filled, [field]: "" }), field).toEqual({ [field]: MSG.required });
    expect(districtErrors(filled)).toEqual({});
  });

  it("[R-VA017] the privacy and imprint URLs are web addresses (http or https)", () => {
    expect(districtErrors({ ...filled, gdprLink: "kv.example/datenschutz", impressLink: "ftp://kv.example" })).toEqual({
      gdprLink: MSG.webAddress,
      impressLink: MSG.webAddress,
    });
    expect(districtErrors({ ...filled, gdprLink: "http://kv.example/ds", impressLink: "HTTPS://kv.example/i" })).toEqual({});
  });

  it("[R-VA001] every text at most its TEXT_LIMITS length; a wrong web address says so before its length", () => {
    const long = (n: number, field: string) => (field.endsWith("Link") ? `https://example.org/${"a".repeat(n - 20)}` : "ä".repeat(n));
    for (const [field, max] of Object.entries(TEXT_LIMITS.DistrictAssociation)) {
      expect(districtErrors({ ...filled, [field]: long(max, field) }), field).toEqual({});
      expect(districtErrors({ ...filled, [field]: long(max + 1, field) }), field).toEqual({ [field]: tooLong(max) });
    }
    expect(districtErrors({ ...filled, gdprLink: "x".repeat(3000) })).toEqual({ gdprLink: MSG.webAddress });
  });

  it("the signature image is a text (its bytes are the server's business); other types are refused", () => {
    for (const signatureImage of [null, "", "data:image/png;base64,AAAA"]) expect(districtErrors({ ...filled, signatureImage })).toEqual({});
    expect(districtErrors({ ...filled, signatureImage: 1 })).toEqual({ signatureImage: WIRE_MSG.text });
  });
});
