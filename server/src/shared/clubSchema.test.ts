import { describe, expect, it } from "vitest";
import { clubErrors } from "./clubSchema.ts";
import { MSG, tooLong, WIRE_MSG } from "./messages.ts";

describe("the club schema (server rules and the club form)", () => {
  it("[R-VA015] the name is required in both modes: absent, null, empty and blank", () => {
    for (const mode of ["management", "ownClub"] as const) {
      for (const name of [undefined, null, "", "  "]) expect(clubErrors({ name }, mode), `${mode} ${name}`).toEqual({ name: MSG.required });
      expect(clubErrors({}, mode)).toEqual({ name: MSG.required });
      expect(clubErrors({ name: "MV Musterstadt" }, mode)).toEqual({});
    }
  });

  it("[R-VA016] editing the own club checks a filled invoice e-mail with the e-mail rule", () => {
    expect(clubErrors({ name: "MV", invoiceEmail: "kasse" }, "ownClub")).toEqual({ invoiceEmail: MSG.email });
    expect(clubErrors({ name: "MV", invoiceEmail: "kasse@mv" }, "ownClub")).toEqual({ invoiceEmail: MSG.email });
    for (const invoiceEmail of ["kasse@mv.de", "", null, undefined]) expect(clubErrors({ name: "MV", invoiceEmail }, "ownClub")).toEqual({});
  });

  it("[R-CM008] club management does not check the invoice e-mail", () => {
    expect(clubErrors({ name: "MV", invoiceEmail: "kasse" }, "management")).toEqual({});
  });

  it("[R-VA001] name at most 100, invoice e-mail at most 254 characters; the required message comes before nothing else", () => {
    const mail = (n: number) => `${"a".repeat(n - 7)}@mv.de1`;
    expect(clubErrors({ name: "x".repeat(100), invoiceEmail: mail(254) }, "ownClub")).toEqual({});
    expect(clubErrors({ name: "x".repeat(101), invoiceEmail: mail(255) }, "management")).toEqual({ name: tooLong(100), invoiceEmail: tooLong(254) });
    // a long invalid address: the e-mail message first, the length message only where nothing else is wrong
    expect(clubErrors({ name: "MV", invoiceEmail: "a".repeat(255) }, "ownClub")).toEqual({ invoiceEmail: MSG.email });
    // one field's length message does not hide another field's required message
    expect(clubErrors({ name: " ", invoiceEmail: mail(255) }, "ownClub")).toEqual({ name: MSG.required, invoiceEmail: tooLong(254) });
  });

  it("values of the wrong type are refused with the wire message", () => {
    expect(clubErrors({ name: 5 }, "management")).toEqual({ name: WIRE_MSG.text });
  });
});
