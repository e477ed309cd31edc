import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AppError } from "../auth/errors.ts";
import { MSG, WIRE_MSG } from "../shared/messages.ts";
import { jsonSchemaOf } from "./openapi.ts";
import * as w from "./wireSchema.ts";

/** the field errors a read throws, or {} */
function errorsOf(read: () => unknown): Record<string, string> {
  try {
    read();
    return {};
  } catch (e) {
    if (e instanceof AppError && e.code === "VALIDATION") return e.fields ?? {};
    throw e;
  }
}
/** one field read from { x: raw } */
const one = (field: z.ZodType, raw: unknown): unknown => w.readBody(w.body({ x: field }), { x: raw }).x;

describe("wireSchema: the one strict reader of /v1 values", () => {
  it("[R-API004] a body that is no JSON object is a BAD_REQUEST", () => {
    for (const raw of [null, [], "x", 5]) expect(() => w.readBody(w.body({}), raw)).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });

  it("[R-API050][R-ER004] ids are JSON integers in the int4 range; 'abc', 1.5, {}, '', '12', true and 2^40 are field errors", () => {
    expect(w.readBody(w.body({ a: w.id(), b: w.id(), c: w.id() }), { a: 12, b: null })).toEqual({ a: 12, b: null, c: null });
    for (const v of ["abc", 1.5, {}, "", "12", true, 2 ** 40])
      expect(
        errorsOf(() => one(w.id(), v)),
        String(v),
      ).toEqual({ x: WIRE_MSG.integer });
  });

  it("[R-API050] texts are JSON strings: a number, object or list is no text, never '[object Object]'", () => {
    expect(w.readBody(w.body({ a: w.text(), b: w.text(), c: w.text() }), { a: "Lena", b: "" })).toEqual({ a: "Lena", b: "", c: null });
    for (const v of [5, {}, [], true]) expect(errorsOf(() => one(w.text(), v))).toEqual({ x: WIRE_MSG.text });
    expect(one(w.textOrInteger(), 4)).toBe("4");
  });

  it("[R-API050] flags, numbers, enumerations and days are strict too; all errors come at once under nested keys", () => {
    const schema = w.body({
      flag: w.boolean(),
      points: w.number(),
      gender: w.oneOf({ m: "M", f: "F" }),
      day: w.day(),
      at: w.instant(),
      camp: w.object({ contacts: w.list(w.item({ phone: w.text() }), 10) }),
      list: w.list(w.oneOf({ a: "A" }), 10),
      version: w.version(),
    });
    const raw = { flag: "true", points: "50", gender: "x", day: "2026-02-30", at: 0, camp: { contacts: [{ phone: 711 }, null] }, list: "a", version: "x" };
    expect(errorsOf(() => w.readBody(schema, raw))).toEqual({
      flag: WIRE_MSG.boolean,
      points: WIRE_MSG.number,
      gender: WIRE_MSG.value,
      day: MSG.date,
      at: MSG.date,
      "camp.contacts.0.phone": WIRE_MSG.text,
      "camp.contacts.1": WIRE_MSG.object,
      list: WIRE_MSG.list,
      version: "Ganze Zahl erwartet",
    });
  });

  it("[R-API024] a day field may name its day by a time when the route says how (the written day, a Berlin day)", () => {
    expect(
      one(
        w.day((_at, text) => text.slice(0, 10)),
        "2012-04-05T23:30:00-02:00",
      ),
    ).toBe("2012-04-05");
    expect(errorsOf(() => one(w.day(), "2012-04-05T23:30:00Z"))).toEqual({ x: MSG.date });
  });

  it("[R-API057] query ids are digits; anything else is a 400 naming the parameter", () => {
    const q = w.query({ locationId: w.queryId() });
    expect(w.readQuery(q, { locationId: "12" })).toEqual({ locationId: 12 });
    expect(w.readQuery(q, {})).toEqual({ locationId: null });
    expect(w.readQuery(q, { locationId: "" })).toEqual({ locationId: null });
    for (const v of ["abc", "1.5", "-1", "99999999999", "1e3"])
      expect(
        errorsOf(() => w.readQuery(q, { locationId: v })),
        v,
      ).toEqual({ locationId: WIRE_MSG.integer });
  });

  it("each reader documents what it takes: the JSON Schema OpenAPI shows is the one the body is read with", () => {
    const json = jsonSchemaOf(
      w.body({ id: w.id(), name: w.text(), kind: w.oneOf({ m: "M", f: "F" }), day: w.day(), tags: w.list(w.item({ a: w.boolean() }), 3) }),
      "input",
    ) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.id).toEqual({ type: ["integer", "null"], minimum: 0, maximum: 2147483647 });
    expect(json.properties.name).toEqual({ type: ["string", "null"] });
    expect(json.properties.kind).toEqual({ enum: ["m", "f", null] });
    expect(json.properties.day).toEqual({ type: ["string", "null"], format: "date" });
    expect(json.properties.tags).toMatchObject({
      anyOf: [{ type: "array", maxItems: 3, items: { properties: { a: { type: ["boolean", "null"] } } } }, { type: "null" }],
    });
  });
});
