// The one global id parser: exactly the ids the server encodes, nothing that merely
// decodes to something similar.
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../auth/errors.ts";
import { decimalId } from "../shared/validation.ts";
import { numericId, parseGlobalId, registerGlobalIdTypes } from "./ids.ts";

const TYPES = ["Event", "User", "DexamRegistration"];
registerGlobalIdTypes(TYPES);
const INT4_MAX = 2147483647;

function refused(raw: unknown) {
  try {
    parseGlobalId(raw);
  } catch (e) {
    return e instanceof AppError && e.code === "INVALID_ID" && /^Ungültige ID/.test(e.message);
  }
  return false;
}

describe("parseGlobalId", () => {
  it("[R-API006] reads every id the server encodes: a Node type and a decimal id in the int4 range", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.integer({ min: 0, max: INT4_MAX }), (type, n) => {
        expect(parseGlobalId(encodeGlobalID(type, String(n)))).toEqual({ typename: type, id: String(n) });
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it("[R-API006] refuses the lax ids the relay plugin's decoder and Number() accepted", () => {
    for (const text of [
      "User:1e3",
      "User:1.0",
      "User:0x1",
      "User: 1",
      "User:1 ",
      "User:+1",
      "User:-1",
      "User:01",
      "Event:1 OR 1=1",
      "Event:abc",
      "Event:99999999999",
    ])
      expect(refused(encodeGlobalID(text.split(":")[0], text.slice(text.indexOf(":") + 1))), text).toBe(true);
    expect(refused(encodeGlobalID("Event", String(INT4_MAX + 1)))).toBe(true);
    expect(refused(encodeGlobalID("Event", "1:2"))).toBe(true);
    // a type that is no Node of the schema, base64 garbage, other encodings, not a string at all
    for (const raw of [encodeGlobalID("PageInfo", "1"), encodeGlobalID("Foo", "1"), "!!!garbage", "YWJj", "", "RXZlbnQ6MQ", "RXZlbnQ6MQ==\n", 1, null])
      expect(refused(raw), String(raw)).toBe(true);
    expect(parseGlobalId("RXZlbnQ6MQ==")).toEqual({ typename: "Event", id: "1" });
  });

  it("[R-API006] any string is either refused with INVALID_ID or the canonical encoding of a Node id", () => {
    const idText = fc.oneof(fc.string(), fc.stringMatching(/^-?\d{1,12}(\.\d)?(e\d)?$/), fc.integer().map(String));
    const candidate = fc.oneof(
      fc.string(),
      fc.base64String(),
      fc.tuple(fc.constantFrom(...TYPES, "Foo", "PageInfo"), idText).map(([t, id]) => encodeGlobalID(t, id)),
    );
    fc.assert(
      fc.property(candidate, (raw) => {
        if (refused(raw)) return;
        const { typename, id } = parseGlobalId(raw);
        expect(TYPES).toContain(typename);
        expect(encodeGlobalID(typename, id)).toBe(raw);
        expect(String(decimalId(id))).toBe(id);
      }),
      { seed: 2929, numRuns: 2000 },
    );
  });

  it("[R-API006] numericId: another type is NOT_FOUND, the own type its number", () => {
    expect(numericId(parseGlobalId(encodeGlobalID("Event", "7")), "Event", "Veranstaltung")).toBe(7);
    expect(() => numericId(parseGlobalId(encodeGlobalID("User", "7")), "Event", "Veranstaltung")).toThrow("Veranstaltung nicht gefunden");
  });
});
