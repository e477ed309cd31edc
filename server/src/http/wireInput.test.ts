import { describe, expect, it } from "vitest";
import { AppError } from "../auth/errors.ts";
import { MSG, WIRE_MSG } from "../shared/messages.ts";
import { queryId, WireReader } from "./wireInput.ts";

/** the field errors a read throws, or {} */
function errorsOf(read: () => void): Record<string, string> {
  try {
    read();
    return {};
  } catch (e) {
    if (e instanceof AppError && e.code === "VALIDATION") return e.fields ?? {};
    throw e;
  }
}

describe("WireReader: one strict reader for /v1 values (issue 29)", () => {
  it("[R-API004] a body that is no JSON object is a BAD_REQUEST", () => {
    for (const raw of [null, [], "x", 5]) expect(() => WireReader.of(raw)).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });

  it("[R-API050][R-ER004] ids are JSON integers in the int4 range; 'abc', 1.5, {}, '', '12', true and 2^40 are field errors", () => {
    const r = WireReader.of({ a: 12, b: null });
    expect([r.id("a"), r.id("b"), r.id("missing")]).toEqual([12, null, null]);
    for (const v of ["abc", 1.5, {}, "", "12", true, 2 ** 40]) {
      const w = WireReader.of({ x: v });
      expect(w.id("x")).toBeNull();
      expect(errorsOf(() => w.done())).toEqual({ x: WIRE_MSG.integer });
    }
  });

  it("[R-API050] texts are JSON strings: a number, object or list is no text, never '[object Object]'", () => {
    const ok = WireReader.of({ a: "Lena", b: "" });
    expect([ok.text("a"), ok.text("b"), ok.text("c")]).toEqual(["Lena", "", null]);
    for (const v of [5, {}, [], true]) {
      const w = WireReader.of({ x: v });
      expect(w.text("x")).toBeNull();
      expect(errorsOf(() => w.done())).toEqual({ x: WIRE_MSG.text });
    }
    expect(WireReader.of({ n: 4 }).textOrInteger("n")).toBe("4");
  });

  it("[R-API050] flags, numbers, enumerations and days are strict too; all errors come at once under nested keys", () => {
    const w = WireReader.of({
      flag: "true",
      points: "50",
      gender: "x",
      day: "2026-02-30",
      at: 0,
      camp: { contacts: [{ phone: 711 }, null] },
      list: "a",
    });
    w.boolean("flag");
    w.number("points");
    w.oneOf("gender", { m: "M", f: "F" });
    w.day("day");
    w.instant("at");
    w.object("camp")?.objects("contacts", (k) => k.text("phone"));
    w.values("list", (v) => (v === "a" ? "A" : undefined));
    expect(errorsOf(() => w.done())).toEqual({
      flag: WIRE_MSG.boolean,
      points: WIRE_MSG.number,
      gender: WIRE_MSG.value,
      day: MSG.date,
      at: MSG.date,
      "camp.contacts.0.phone": WIRE_MSG.text,
      "camp.contacts.1": WIRE_MSG.object,
      list: WIRE_MSG.list,
    });
  });

  it("[R-API024] a day field may name its day by a time when the route says how (the written day, a Berlin day)", () => {
    const w = WireReader.of({ d: "2012-04-05T23:30:00-02:00" });
    expect(w.day("d", (_at, text) => text.slice(0, 10))).toBe("2012-04-05");
    const plain = WireReader.of({ d: "2012-04-05T23:30:00Z" });
    expect(plain.day("d")).toBeNull();
    expect(errorsOf(() => plain.done())).toEqual({ d: MSG.date });
  });

  it("[R-API057] query ids are digits; anything else is a 400 naming the parameter", () => {
    expect(queryId({ locationId: "12" }, "locationId")).toBe(12);
    expect(queryId({}, "locationId")).toBeNull();
    expect(queryId({ locationId: "" }, "locationId")).toBeNull();
    for (const v of ["abc", "1.5", "-1", "99999999999", "1e3"])
      expect(
        errorsOf(() => queryId({ locationId: v }, "locationId")),
        v,
      ).toEqual({ locationId: WIRE_MSG.integer });
  });
});
