// The one strict reader of /v1 JSON values (issue 29): every rest.ts reads its body through it.
// A value of the wrong type or form is refused with a field error under the key the body uses
// ("theory_location_id", "camp_extension.diseases", "songs.2.name"), never coerced: before, "abc",
// 1.5, {} or "" as a location id became null and the registration was created without that exam
// part; firstname {} was stored as "[object Object]"; "2026-02-30" became 2 March. Absent or null
// means "not given" (the rules decide whether that is allowed). Lengths, ranges and what a field
// must hold are the domain rules' job (validateDexam and the others), for GraphQL and /v1 alike.
import { AppError, validationFailed } from "../auth/errors.ts";
import { MSG, WIRE_MSG } from "../shared/messages.ts";
import { parseInstant } from "../shared/time.ts";
import { isCalendarDay, isInt4 } from "../shared/validation.ts";

type Json = Record<string, unknown>;

/** A JSON object (not an array); anything else is no /v1 body. */
export const isJsonObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

export class WireReader {
  private constructor(
    private readonly body: Json,
    private readonly path: string,
    /** field errors of this body and all nested readers, by the body's own key path */
    readonly errors: Record<string, string>,
  ) {}

  /** The reader of a request body: a JSON object, otherwise 400 BAD_REQUEST. */
  static of(raw: unknown): WireReader {
    if (!isJsonObject(raw)) throw new AppError("BAD_REQUEST", "Ungültige Anfrage: JSON-Objekt erwartet");
    return new WireReader(raw, "", {});
  }

  /** The key path of a field of this (possibly nested) body. */
  key(field: string | number): string {
    return this.path ? `${this.path}.${field}` : String(field);
  }

  /** Whether the body names the field at all (also as null). */
  has(field: string): boolean {
    return Object.hasOwn(this.body, field);
  }

  /** The value as sent, for what no reader below fits. */
  raw(field: string): unknown {
    return this.has(field) ? this.body[field] : undefined;
  }

  /** Records a field error; the read value is then null. */
  fail(field: string | number, message: string): null {
    this.errors[this.key(field)] ??= message;
    return null;
  }

  private given(field: string): unknown {
    const v = this.raw(field);
    return v === undefined ? null : v;
  }

  /** A text: a JSON string. A number, object or list is refused (no "[object Object]"). */
  text(field: string): string | null {
    const v = this.given(field);
    if (v === null || typeof v === "string") return v;
    return this.fail(field, WIRE_MSG.text);
  }

  /** A text where the forms also send a whole number (song numbers, the partial result's year): a string, or a JSON integer as its digits. */
  textOrInteger(field: string): string | null {
    const v = this.given(field);
    if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
    return this.text(field);
  }

  /** An id: a JSON integer in the int4 range of every id column. "abc", 1.5, "", "12", {} are refused. */
  id(field: string): number | null {
    const v = this.given(field);
    if (v === null) return null;
    return typeof v === "number" && isInt4(v) ? v : this.fail(field, WIRE_MSG.integer);
  }

  /** A whole number (a count, seconds): a JSON integer. */
  integer(field: string): number | null {
    const v = this.given(field);
    if (v === null) return null;
    return typeof v === "number" && Number.isSafeInteger(v) ? v : this.fail(field, WIRE_MSG.integer);
  }

  /** A number (points): a finite JSON number. */
  number(field: string): number | null {
    const v = this.given(field);
    if (v === null) return null;
    return typeof v === "number" && Number.isFinite(v) ? v : this.fail(field, WIRE_MSG.number);
  }

  /** A flag: JSON true or false; null or absent is null (the caller's default). */
  boolean(field: string): boolean | null {
    const v = this.given(field);
    if (v === null || typeof v === "boolean") return v;
    return this.fail(field, WIRE_MSG.boolean);
  }

  /** One of the wire values of an enumeration (wire.ts's fromWire or a map); an unknown value is refused, not dropped. */
  oneOf<T>(field: string, fromWire: ((v: unknown) => T | undefined) | Record<string, T>): T | null {
    const v = this.given(field);
    if (v === null) return null;
    const parsed = typeof fromWire === "function" ? fromWire(v) : typeof v === "string" && Object.hasOwn(fromWire, v) ? fromWire[v] : undefined;
    return parsed === undefined ? this.fail(field, WIRE_MSG.value) : parsed;
  }

  /**
   * A calendar day "yyyy-mm-dd" that exists (1900..9999). With `toDay`, an RFC 3339 time is accepted
   * too and `toDay` names the day it means (the written day, or its Berlin day).
   */
  day(field: string, toDay?: (at: Date, text: string) => string): string | null {
    const v = this.given(field);
    if (v === null) return null;
    if (typeof v === "string" && isCalendarDay(v)) return v;
    const at = typeof v === "string" && toDay ? parseInstant(v) : null;
    return at && toDay ? toDay(at, v as string) : this.fail(field, MSG.date);
  }

  /** A point in time: RFC 3339 with a zone, or a calendar day (its midnight UTC); see time.ts parseInstant. */
  instant(field: string): Date | null {
    const v = this.given(field);
    if (v === null) return null;
    const at = typeof v === "string" ? parseInstant(v) : null;
    return at ?? this.fail(field, MSG.date);
  }

  /** A nested object's reader (errors land in this reader under "field.x"); null when absent or refused. */
  object(field: string): WireReader | null {
    const v = this.given(field);
    if (v === null) return null;
    if (!isJsonObject(v)) return this.fail(field, WIRE_MSG.object);
    return new WireReader(v, this.key(field), this.errors);
  }

  /** A list's items as read by `item` (index keys "field.0"); absent or null is []. */
  list<T>(field: string, item: (read: WireReader, index: number) => T): T[] {
    const v = this.given(field);
    if (v === null) return [];
    if (!Array.isArray(v)) {
      this.fail(field, WIRE_MSG.list);
      return [];
    }
    const holder = new WireReader(Object.fromEntries(v.map((x, i) => [String(i), x])), this.key(field), this.errors);
    return v.map((_, i) => item(holder, i));
  }

  /** A list of objects, each read by `item` with its own reader; an item that is no object is refused (the indices stay those of the body). */
  objects<T>(field: string, item: (read: WireReader) => T): T[] {
    const out: T[] = [];
    this.list(field, (holder, i) => {
      const r = isJsonObject(holder.body[String(i)]) ? holder.object(String(i)) : holder.fail(i, WIRE_MSG.object);
      if (r) out.push(item(r));
    });
    return out;
  }

  /** A list of enumeration values. */
  values<T>(field: string, fromWire: (v: unknown) => T | undefined): T[] {
    const out: T[] = [];
    this.list(field, (holder, i) => {
      const v = holder.body[String(i)] === null ? holder.fail(i, WIRE_MSG.value) : holder.oneOf(String(i), fromWire);
      if (v !== null) out.push(v);
    });
    return out;
  }

  /** Throws the collected field errors as one 400 VALIDATION; nothing has been written yet. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationFailed(this.errors);
  }
}

/** A numeric query parameter (?locationId=12): digits only; anything else is a 400 naming it, not "no filter". */
export function queryId(query: unknown, name: string): number | null {
  const raw = isJsonObject(query) ? query[name] : undefined;
  if (raw === undefined || raw === "") return null;
  const n = typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!isInt4(n)) throw validationFailed({ [name]: WIRE_MSG.integer });
  return n;
}
