import { describe, expect, it } from "vitest";
import { changeDetails, changedFields } from "./service.ts";

describe("changedFields", () => {
  it("names the changed keys only, ignoring bookkeeping and equal values of other representations", () => {
    const before = {
      firstname: "Clara",
      birthdate: new Date("2012-01-01"),
      points: { constructor: { name: "Decimal" }, valueOf: () => 31.5, toString: () => "31.5" },
      version: 3,
      songs: [{ n: 1 }],
    };
    const next = { firstname: "Klara", birthdate: new Date("2012-01-01"), points: 31.5, version: { increment: 1 }, songs: [{ n: 2 }], remarks: undefined };
    expect(changedFields(before, next)).toEqual(["firstname", "songs"]);
    // jsonb reorders keys: the same object in another key order is unchanged
    expect(changedFields({ songs: [{ name: "a", number: "1" }] }, { songs: [{ number: "1", name: "a" }] })).toEqual([]);
  });

  it("compares sealed fields decrypted and names them without the Encrypted suffix, never with a value", () => {
    const open = (v: unknown) =>
      v
        ? JSON.parse(
            Buffer.from(v as Uint8Array)
              .toString()
              .slice(5),
          )
        : null;
    const seal = (o: object, nonce: string) => new Uint8Array(Buffer.from(nonce + JSON.stringify(o)));
    const before = { campDataEncrypted: seal({ allergies: "Nüsse" }, "aaaaa") };
    expect(changedFields(before, { campDataEncrypted: seal({ allergies: "Nüsse" }, "bbbbb") }, { campDataEncrypted: open })).toEqual([]);
    const changed = changedFields(before, { campDataEncrypted: seal({ allergies: "keine" }, "ccccc") }, { campDataEncrypted: open });
    expect(changed).toEqual(["campData"]);
    expect(JSON.stringify(changed)).not.toMatch(/keine|Nüsse/);
  });
});

describe("changeDetails", () => {
  it("keeps old and new values of the changed fields, but never of sealed fields, remarks or the meal request", () => {
    const before = { firstname: "Lena", start: new Date("2027-03-13T08:00:00Z"), remarks: "Asthma", mealRequest: "STANDARD", campDataEncrypted: "a" };
    const next = { firstname: "Lene", start: new Date("2027-03-13T09:00:00Z"), remarks: "Asthma, Spray", mealRequest: "VEGAN", campDataEncrypted: "b" };
    const d = changeDetails(before, next, { campDataEncrypted: (v) => v });
    expect(d.changed).toEqual(["campData", "firstname", "mealRequest", "remarks", "start"]);
    expect(d.values).toEqual({ firstname: ["Lena", "Lene"], start: ["2027-03-13T08:00:00.000Z", "2027-03-13T09:00:00.000Z"] });
    expect(JSON.stringify(d)).not.toMatch(/Asthma|VEGAN/);
  });
});
