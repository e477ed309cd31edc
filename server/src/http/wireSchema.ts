// The /v1 JSON values as Zod schemas: the one strict reader of /v1 bodies and query
// parameters. A value of the wrong type or form is refused with a field error under the key the
// body uses ("theory_location_id", "camp_extension.diseases", "songs.2.name"), never coerced:
// "abc", 1.5, {} or "" as a location id is no "no location", firstname {} is no "[object Object]",
// "2026-02-30" is no 2 March. Absent or null is null (the rules decide whether that is allowed).
// Lengths, ranges and what a field must hold stay the domain schemas' job (shared/dexamSchema.ts).
//
// Each reader carries the JSON Schema of what it takes (`.meta`), so the same schema a route reads
// its body with is the body OpenAPI documents (http/openapi.ts): one description per input.
import { z } from "zod";
import { AppError, validationFailed } from "../auth/errors.ts";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from "../domains/lists.ts";
import { MSG, WIRE_MSG } from "../shared/messages.ts";
import { parseInstant } from "../shared/time.ts";
import { decimalId, isCalendarDay, isInt4 } from "../shared/validation.ts";

const INT4_MAX = 2147483647;

/** A JSON object (not an array); anything else is no /v1 body. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

const refuse = (ctx: z.core.$RefinementCtx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};
type JsonSchema = Record<string, unknown>;
/**
 * `json` with null allowed too (absent or null is null): every form the answers write a value in
 * (a type, a list of types, an enumeration, alternatives) gets null beside it, so a read's body
 * fits the next save's schema (and the types a generator makes of both).
 */
const orNull = (json: JsonSchema): JsonSchema =>
  typeof json.type === "string"
    ? { ...json, type: [json.type, "null"] }
    : Array.isArray(json.type)
      ? { ...json, type: [...json.type, "null"] }
      : json.enum
        ? { ...json, enum: [...(json.enum as unknown[]), null] }
        : Array.isArray(json.anyOf)
          ? { ...json, anyOf: [...json.anyOf, { type: "null" }] }
          : json;
/** A value read by `read` (null: refused with `message`); absent or null is null; `json` documents it. */
const custom = <T>(read: (v: unknown) => T | null | undefined, message: string, json: JsonSchema) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): T | null => {
      if (v === undefined || v === null) return null;
      const out = read(v);
      return out === null || out === undefined ? refuse(ctx, message) : out;
    })
    .meta(orNull(json));

/** A text: a JSON string. */
export const text = (json: JsonSchema = {}) => custom((v) => (typeof v === "string" ? v : null), WIRE_MSG.text, { type: "string", ...json });
/** A text where the forms also send a whole number (song numbers, a year): a string, or a JSON integer as its digits. */
export const textOrInteger = () =>
  custom((v) => (typeof v === "string" ? v : typeof v === "number" && Number.isSafeInteger(v) ? String(v) : null), WIRE_MSG.text, {
    type: ["string", "integer"],
  });
/** An id: a JSON integer in the int4 range of every id column. */
export const id = () => custom((v) => (typeof v === "number" && isInt4(v) ? v : null), WIRE_MSG.integer, { type: "integer", minimum: 0, maximum: INT4_MAX });
/** A whole number (a count, seconds): a JSON integer. */
export const integer = () => custom((v) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null), WIRE_MSG.integer, { type: "integer" });
/** A number (points): a finite JSON number. */
export const number = () => custom((v) => (typeof v === "number" && Number.isFinite(v) ? v : null), WIRE_MSG.number, { type: "number" });
/** A flag: JSON true or false. */
export const boolean = (json: JsonSchema = {}) => custom((v) => (typeof v === "boolean" ? v : null), WIRE_MSG.boolean, { type: "boolean", ...json });

/** An enumeration on the wire: a map of wire value to value, or wire.ts's two-way mapping. */
type TwoWay<T> = { fromWire: (v: unknown) => T | undefined; values: readonly unknown[] };
export type WireEnum<T> = Record<string, T> | TwoWay<T>;
type ValueOf<E> = E extends TwoWay<infer T> ? T : E extends Record<string, infer T> ? T : never;
const isTwoWay = (e: WireEnum<unknown>): e is TwoWay<unknown> => typeof (e as { fromWire?: unknown }).fromWire === "function";
/** The wire values of an enumeration. */
export const wireValues = (e: WireEnum<unknown>): unknown[] => (isTwoWay(e) ? [...e.values] : Object.keys(e));
/** One of the wire values of an enumeration; an unknown value is refused, not dropped. */
export const oneOf = <E extends WireEnum<unknown>>(e: E) =>
  custom<ValueOf<E>>(
    (v) =>
      (isTwoWay(e) ? e.fromWire(v) : typeof v === "string" && Object.hasOwn(e, v) ? (e as Record<string, unknown>)[v] : undefined) as ValueOf<E> | undefined,
    WIRE_MSG.value,
    { enum: wireValues(e) },
  );
/** As oneOf, and required. */
export const requiredOneOf = <E extends WireEnum<unknown>>(e: E) =>
  oneOf(e)
    .transform((v, ctx) => (v === null ? refuse(ctx, MSG.required) : v))
    .meta({ enum: wireValues(e) });
/** An enumeration value as a list item: null is no value either (refused as an unknown value). */
export const listOneOf = <E extends WireEnum<unknown>>(e: E) =>
  oneOf(e)
    .transform((v, ctx) => (v === null ? refuse(ctx, WIRE_MSG.value) : v))
    .meta({ enum: wireValues(e) });
/**
 * A calendar day "yyyy-mm-dd" that exists; with `toDay`, an RFC 3339 time is accepted too and
 * `toDay` names the day it means.
 */
export const day = (toDay?: (at: Date, text: string) => string) =>
  custom(
    (v) => {
      if (typeof v !== "string") return null;
      if (isCalendarDay(v)) return v;
      const at = toDay ? parseInstant(v) : null;
      return at && toDay ? toDay(at, v) : null;
    },
    MSG.date,
    toDay
      ? {
          anyOf: [
            { type: "string", format: "date" },
            { type: "string", format: "date-time" },
          ],
        }
      : { type: "string", format: "date" },
  );
/**
 * What `instant` takes, as JSON Schema: each alternative typed, since a generator (openapi-typescript)
 * reads a type-less alternative (`{ format: "date" }`) as "anything", and the answers' `string | null`
 * would not be the body's type. `INSTANT_OR_NULL` for a body field that may be null.
 */
export const INSTANT_JSON = {
  anyOf: [
    { type: "string", format: "date-time" },
    { type: "string", format: "date" },
  ],
};
export const INSTANT_OR_NULL = orNull(INSTANT_JSON);
/** A point in time: RFC 3339 with a zone, or a calendar day (its midnight UTC). */
export const instant = () => custom((v) => (typeof v === "string" ? parseInstant(v) : null), MSG.date, INSTANT_JSON);
/**
 * The `version` of a save body (optimistic concurrency): omitted or null, no check (the spec's
 * clients send none: last write wins); a JSON integer, the version the edit was based on. Anything
 * else is refused, never coerced (a text "5" or "" included): it would silently have turned the
 * check off or read a number from a text.
 */
export const version = () =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null) return null;
      return typeof v === "number" && Number.isSafeInteger(v) ? v : refuse(ctx, "Ganze Zahl erwartet");
    })
    .meta({ type: ["integer", "null"], description: "Die Version, auf der die Änderung beruht; ohne: letzte Änderung gewinnt" });
/** A nested object (unknown keys are ignored, as answers are sent back whole); absent or null is null. */
export const object = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object(shape, { error: WIRE_MSG.object })
    .nullish()
    .transform((v) => v ?? null);
/**
 * A list (absent or null is []); an item that is no object is refused under its index. `max` is
 * the list's maximum, the one of its domain schema (shared/*Schema.ts), which refuses a longer list
 * with its own message; here it is documented (OpenAPI maxItems).
 */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: WIRE_MSG.list })
    .meta({ maxItems: max })
    .nullish()
    .transform((v) => v ?? []);
/** A list of an enumeration's wire values, at most as many as it has. */
export const listOfValues = <E extends WireEnum<unknown>>(e: E) => list(listOneOf(e), wireValues(e).length);

/** A list item that must be an object. */
export const item = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: WIRE_MSG.object });

/** A body: a JSON object of these fields (unknown keys are ignored). */
export const body = <S extends z.ZodRawShape>(shape: S) => z.object(shape);

const fieldErrors = (issues: z.core.$ZodIssue[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
};

/** The body read by `schema`, or 400 VALIDATION with a message per field (the body's key path); no JSON object: 400 BAD_REQUEST. */
export function readBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (!isJsonObject(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw validationFailed(fieldErrors(result.error.issues));
}

// Query parameters arrive as text (?locationId=12); a value that is no such text is a 400 naming
// the parameter, never "no filter". An empty parameter is absent.
const queryCustom = <T>(read: (v: string) => T | null, message: string, json: JsonSchema) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): T | null => {
      if (v === undefined || v === "") return null;
      const out = typeof v === "string" ? read(v) : null;
      return out === null ? refuse(ctx, message) : out;
    })
    .meta(json);
/** A numeric query parameter: digits only, without leading zeros, in the id columns' range. */
export const queryId = () =>
  queryCustom(decimalId, WIRE_MSG.integer, {
    type: "integer",
    minimum: 0,
    maximum: INT4_MAX,
  });
/** A query day or time: "yyyy-mm-dd" or RFC 3339. */
export const queryInstant = () => queryCustom(parseInstant, MSG.date, INSTANT_JSON);
/** A query day "yyyy-mm-dd". */
export const queryDay = () => queryCustom((v) => (isCalendarDay(v) ? v : null), MSG.date, { type: "string", format: "date" });
/** A query parameter that is one of an enumeration's wire values, or one of these words (`format=csv`). */
export function queryOneOf<T>(e: TwoWay<T>): ReturnType<typeof queryCustom<T>>;
export function queryOneOf<V extends string>(words: readonly V[]): ReturnType<typeof queryCustom<V>>;
export function queryOneOf(e: TwoWay<unknown> | readonly string[]) {
  const values: readonly unknown[] = Array.isArray(e) ? e : (e as TwoWay<unknown>).values;
  const read = Array.isArray(e) ? (v: string) => (e.includes(v) ? v : null) : (v: string) => (e as TwoWay<unknown>).fromWire(v) ?? null;
  return queryCustom(read, WIRE_MSG.value, { type: "string", enum: [...values] });
}
/** A query text (a search). */
export const queryText = () => queryCustom((v) => v, WIRE_MSG.text, { type: "string" });
/**
 * A list's `sort` parameter: one of the list's columns (its GraphQL orderBy field) in lower case,
 * "-" first for descending ("instrument", "-created_at"); absent: the list's default order.
 */
export const querySort = <F extends string>(fields: readonly F[]) => {
  const names = fields.map((field) => field.toLowerCase());
  return queryCustom(
    (v) => {
      const descending = v.startsWith("-");
      const at = names.indexOf(descending ? v.slice(1) : v);
      return at < 0 ? null : ({ field: fields[at], direction: descending ? "DESC" : "ASC" } as const);
    },
    WIRE_MSG.value,
    { type: "string", enum: names.flatMap((name) => [name, `-${name}`]) },
  );
};
/** The query parameters: these and no others (an unknown one is refused, readQuery). */
export const query = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);

/** The message of a query parameter the route does not take, naming the ones it takes. */
export const unknownParameter = (known: readonly string[]) =>
  known.length ? `Unbekannter Parameter; erlaubt sind: ${known.join(", ")}` : "Unbekannter Parameter: diese Adresse nimmt keine Parameter";

/** Refusals of query parameters: their `fields` name the parameters as sent (`updatedSince`), not in a body's snake case. */
export const fieldsAsSent = new WeakSet<AppError>();
const queryRefused = (fields: Record<string, string>) => {
  const e = validationFailed(fields);
  fieldsAsSent.add(e);
  return e;
};

/**
 * The query read by `schema`, or 400 VALIDATION naming each refused parameter; a parameter the
 * route does not take is refused too (/v1 input is strict: `?page=2` is no silent first page).
 */
export function readQuery<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(isJsonObject(raw) ? raw : {});
  if (result.success) return result.data;
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) if (issue.code === "unrecognized_keys") for (const key of issue.keys) errors[key] ??= unknownParameter(known);
  throw queryRefused({ ...fieldErrors(result.error.issues.filter((i) => i.code !== "unrecognized_keys")), ...errors });
}

/** Any parameter of a read that takes none (http/rest.ts): 400 naming each. */
export function refuseParameters(query: unknown) {
  const names = query && typeof query === "object" ? Object.keys(query) : [];
  if (names.length) throw queryRefused(Object.fromEntries(names.map((n) => [n, unknownParameter([])])));
}

/** A list's `limit`: a whole number from 1 to MAX_LIST_LIMIT; absent, DEFAULT_LIST_LIMIT. */
export const queryLimit = () =>
  queryCustom(
    (v) => {
      const n = /^[1-9]\d{0,3}$/.test(v) ? Number(v) : Number.NaN;
      return n >= 1 && n <= MAX_LIST_LIMIT ? n : null;
    },
    `Bitte eine ganze Zahl von 1 bis ${MAX_LIST_LIMIT} angeben`,
    {
      type: "integer",
      minimum: 1,
      maximum: MAX_LIST_LIMIT,
      default: DEFAULT_LIST_LIMIT,
      description: `Höchstens so viele Einträge auf dieser Seite (Vorgabe ${DEFAULT_LIST_LIMIT}, höchstens ${MAX_LIST_LIMIT})`,
    },
  ).transform((n) => n ?? DEFAULT_LIST_LIMIT);

/**
 * The query parameters every /v1 list takes besides its own: `limit`, the opaque `cursor` of the
 * next page (the Link header rel="next" carries it) and `updatedSince` (changed at or after).
 */
export const pageParameters = () => ({
  limit: queryLimit(),
  cursor: queryCustom((v) => v, WIRE_MSG.text, {
    type: "string",
    description: 'Die Fortsetzung: unverändert aus dem Link-Header (rel="next") der vorigen Seite übernehmen; ohne: die erste Seite',
  }),
  updatedSince: queryCustom(parseInstant, MSG.date, {
    ...INSTANT_JSON,
    description: "Nur Einträge, die zu diesem Zeitpunkt oder danach geändert wurden (RFC 3339 oder ein Tag, dann 00:00 UTC); Löschungen zeigt GET /v1/changes",
  }),
});

/** A listed record's `updated_at` (answers only): its last change, the time updatedSince compares. */
export const updatedAt = () => z.iso.datetime().meta({ description: "Zeitpunkt der letzten Änderung (RFC 3339, UTC); updatedSince vergleicht mit ihm" });

/** The query of a list: its own parameters and the page parameters. */
export const listQuery = <S extends z.ZodRawShape>(shape: S) => query({ ...shape, ...pageParameters() });
