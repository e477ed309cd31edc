// The pieces the input schemas share (shared/dexamSchema.ts,
// shared/competitionSchema.ts): the field kinds the service and the client forms send, with the
// German messages of the one catalogue (messages.ts), and the reading of a failed parse as
// field path -> message.
import { z } from "zod";
import { MSG, tooMany, WIRE_MSG } from "./messages.ts";
import { type Check, isCalendarDay, isValidDate, maxLength, required } from "./validation.ts";

/** The keys of a label table, as a Zod enum's values. */
export const keys = <T extends Record<string, unknown>>(labels: T) => Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
/** One of the keys of a label table, or nothing. */
export const oneOf = <T extends Record<string, unknown>>(labels: T) => z.enum(keys(labels), { error: WIRE_MSG.value }).nullish();
/**
 * A list of at most `max` items, or nothing (every list of an input has a
 * maximum). The maximum is a field rule like a text's length, so the cross-field rules still run;
 * `maxItems` documents it (OpenAPI, the /v1 readers take the same `max`).
 */
export const list = <T extends z.ZodType>(item: T, max: number, message = tooMany(max)) =>
  z
    .array(item, { error: WIRE_MSG.list })
    .meta({ maxItems: max })
    .nullish()
    .superRefine((v, ctx) => void ((v?.length ?? 0) > max && ctx.addIssue({ code: "custom", message })));
/** A list of the keys of a label table, at most as many as the table has, or nothing. */
export const listOf = <T extends Record<string, unknown>>(labels: T) => list(z.enum(keys(labels), { error: WIRE_MSG.value }), keys(labels).length);

/** A field rule: `message` where `bad` holds for the value (a custom issue: the cross-field rules still run). */
export const rule =
  <T>(bad: (v: T) => boolean, message: string) =>
  (v: T, ctx: z.core.$RefinementCtx) =>
    void (bad(v) && ctx.addIssue({ code: "custom", message }));

/** A length issue yields to any other message of the same field (a required message stays first). */
const LENGTH = "length";
/** A text, at most `max` characters (TEXT_LIMITS). */
export const text = (max?: number) => {
  const s = z.string({ error: WIRE_MSG.text }).nullish();
  return max === undefined
    ? s
    : s.superRefine((v, ctx) => {
        const message = maxLength(max)(v);
        if (message) ctx.addIssue({ code: "custom", message, params: { kind: LENGTH } });
      });
};
/** A text of at most `max` characters that a filled value must pass `check` (a rule of validation.ts: e-mail, postcode, phone, web address; each lets an empty value pass). */
export const checkedText = (max: number, check: Check) =>
  text(max).superRefine((v, ctx) => {
    const message = check(v);
    if (message) ctx.addIssue({ code: "custom", message });
  });
/** ids: the service's numbers, or the client form's global ids; which exist is the event's business */
export const id = z.union([z.number(), z.string()], { error: WIRE_MSG.integer }).nullish();
export const flag = z.boolean({ error: WIRE_MSG.boolean }).nullish();
/** a number (NaN too: the rules call it missing), or the text of a form field (the form sends what was typed) */
export const numberOrText = (error: string) => z.union([z.number(), z.nan(), z.string()], { error }).nullish();

/**
 * A point in time: the service's Date (GraphQL's DateTime, /v1's instant; the forms hand theirs in
 * as Date as well). An Invalid Date is MSG.date as a field rule, so the other rules still report.
 */
export const instant = z
  .instanceof(Date, { error: MSG.date })
  .nullish()
  .superRefine(rule((v) => v != null && !isValidDate(v), MSG.date));

/** A calendar day "yyyy-mm-dd" (from 1900 on); blank is no day (required is a cross-field rule). */
export const calendarDay = text().superRefine(rule((v) => !!v && !isCalendarDay(v), MSG.date));

/** Nothing given: absent, null or blank text. */
export const blank = (v: unknown) => v == null || String(v).trim() === "";

/**
 * MSG.required at each of `fields` that `values` leaves empty (validation.ts required). A cross-field
 * rule: a field's own rules never see an absent field.
 */
export function requiredErrors<T extends object>(values: T, fields: readonly (keyof T & string)[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) if (required(values[f]) !== null) errors[f] = MSG.required;
  return errors;
}

/** Adds field -> message pairs as issues at their paths (the cross-field rules of a schema). */
export const addIssues = (ctx: z.core.$RefinementCtx, errors: Record<string, string>) => {
  for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: path.split("."), message });
};

/**
 * Field path -> German message of a failed parse: one message per field, the first that is no
 * length message (a length message only where nothing else is wrong).
 */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!error) return errors;
  const isLength = (i: z.core.$ZodIssue) => i.code === "custom" && (i as { params?: { kind?: string } }).params?.kind === LENGTH;
  const ordered = [...error.issues.filter((i) => !isLength(i)), ...error.issues.filter(isLength)];
  for (const issue of ordered) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}
