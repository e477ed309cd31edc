// The /v1 JSON values as Zod schemas (issue 23): the same strict reading as WireReader
// (wireInput.ts) - a value of the wrong type or form is refused with a field error under the key
// the body uses, never coerced; absent or null is null - so a body is described by one schema
// (from which OpenAPI can be derived) instead of a hand parser. Lengths, ranges and what a field
// must hold stay the domain schemas' job (e.g. shared/dexamSchema.ts).
import { z } from "zod";
import { validationFailed } from "../auth/errors.ts";
import { MSG, WIRE_MSG } from "../shared/messages.ts";
import { parseInstant } from "../shared/time.ts";
import { isCalendarDay, isInt4 } from "../shared/validation.ts";
import { WireReader } from "./wireInput.ts";

const refuse = (ctx: z.core.$RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};
/** A value read by `read` (null: refused with `message`); absent or null is null. */
const custom = <T>(read: (v: unknown) => T | null | undefined, message: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): T | null => {
      if (v === undefined || v === null) return null;
      const out = read(v);
      return out === null || out === undefined ? refuse(ctx, message) : out;
    });

/** A text: a JSON string. */
export const text = () => custom((v) => (typeof v === "string" ? v : null), WIRE_MSG.text);
/** A text where the forms also send a whole number (song numbers, a year): a string, or a JSON integer as its digits. */
export const textOrInteger = () =>
  custom((v) => (typeof v === "string" ? v : typeof v === "number" && Number.isSafeInteger(v) ? String(v) : null), WIRE_MSG.text);
/** An id: a JSON integer in the int4 range of every id column. */
export const id = () => custom((v) => (typeof v === "number" && isInt4(v) ? v : null), WIRE_MSG.integer);
/** A whole number (a count, seconds): a JSON integer. */
export const integer = () => custom((v) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null), WIRE_MSG.integer);
/** A number (points): a finite JSON number. */
export const number = () => custom((v) => (typeof v === "number" && Number.isFinite(v) ? v : null), WIRE_MSG.number);
/** A flag: JSON true or false. */
export const boolean = () => custom((v) => (typeof v === "boolean" ? v : null), WIRE_MSG.boolean);
/** One of the wire values of an enumeration (wire.ts's fromWire or a map); an unknown value is refused, not dropped. */
export const oneOf = <T>(fromWire: ((v: unknown) => T | undefined) | Record<string, T>) =>
  custom<T>(
    (v) => (typeof fromWire === "function" ? fromWire(v) : typeof v === "string" && Object.hasOwn(fromWire, v) ? fromWire[v] : undefined),
    WIRE_MSG.value,
  );
/** As oneOf, and required. */
export const requiredOneOf = <T>(fromWire: Record<string, T>) => oneOf(fromWire).transform((v, ctx) => (v === null ? refuse(ctx, MSG.required) : v));
/**
 * A calendar day "yyyy-mm-dd" that exists; with `toDay`, an RFC 3339 time is accepted too and
 * `toDay` names the day it means.
 */
export const day = (toDay?: (at: Date, text: string) => string) =>
  custom((v) => {
    if (typeof v !== "string") return null;
    if (isCalendarDay(v)) return v;
    const at = toDay ? parseInstant(v) : null;
    return at && toDay ? toDay(at, v) : null;
  }, MSG.date);
/** A point in time: RFC 3339 with a zone, or a calendar day (its midnight UTC). */
export const instant = () => custom((v) => (typeof v === "string" ? parseInstant(v) : null), MSG.date);
/** A nested object (unknown keys are ignored, as answers are sent back whole); absent or null is null. */
export const object = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object(shape, { error: WIRE_MSG.object })
    .nullish()
    .transform((v) => v ?? null);
/** A list (absent or null is []); an item that is no object is refused under its index. */
export const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: WIRE_MSG.list })
    .nullish()
    .transform((v) => v ?? []);

/** A list item that must be an object. */
export const item = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: WIRE_MSG.object });

/** The body read by `schema`, or 400 VALIDATION with a message per field (the body's key path); no JSON object: 400 BAD_REQUEST (WireReader.of). */
export function readBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  WireReader.of(raw);
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  throw validationFailed(errors);
}
