// Global ids: the one parser every door uses (the relay plugin's `decodeGlobalID` for every `ID`
// argument, node(id:) and nodes(ids:) in builder.ts, numericId below). A global id is exactly what
// the server encodes: base64 (with padding) of "<Node type>:<decimal id>", the id without sign or
// leading zeros and inside the int4 range. Anything else is refused with INVALID_ID before any
// row is read: Pothos' own decoder and `Number()` read "User:1e3" as user 1000 and "User:1.0" as
// user 1, "Event:1 OR 1=1" reached the loader, and "Event:abc" or "Event:99999999999" failed there
// with an internal error.
import { encodeGlobalID } from "@pothos/plugin-relay";
import { AppError, notFound, validationFailed } from "../auth/errors.ts";
import { decimalId } from "../shared/validation.ts";

export type GlobalId = { typename: string; id: string };

const SHAPE = /^([A-Z_a-z]\w*):(.*)$/s;
/** longer than any id the server encodes (the longest type name, ":", ten digits, base64) */
const MAX_LENGTH = 96;

/** The Node types of the schema (schema.ts registers them once it is built). */
const nodeTypes = new Set<string>();
export function registerGlobalIdTypes(names: Iterable<string>) {
  for (const name of names) nodeTypes.add(name);
}

export const INVALID_ID_MESSAGE = "Ungültige ID: bitte die id eines Objekts angeben, wie die API sie liefert";
export const invalidId = () => new AppError("INVALID_ID", INVALID_ID_MESSAGE);

/** Decodes a global id strictly; anything that is not one the server could have encoded throws INVALID_ID. */
export function parseGlobalId(raw: unknown): GlobalId {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) throw invalidId();
  const text = Buffer.from(raw, "base64").toString("utf8");
  const shape = SHAPE.exec(text);
  // the round trip rejects anything but the canonical encoding (other alphabets, missing padding,
  // whitespace, bytes that are not UTF-8)
  if (!shape || encodeGlobalID(shape[1], shape[2]) !== raw) throw invalidId();
  const [, typename, id] = shape;
  if (!nodeTypes.has(typename) || decimalId(id) === null) throw invalidId();
  return { typename, id };
}

/** The row id of a decoded global id of the given type; another type is "not found" (no hint about what exists). */
export function numericId(globalId: GlobalId, typename: string, what: string): number {
  const id = decimalId(globalId.id);
  if (globalId.typename !== typename || id === null) throw notFound(what);
  return id;
}

/**
 * The row id of a global id sent in an input field that names an object of one type (`association: ID` of a
 * registration input): an id of another type is refused at that field
 * (VALIDATION), since the caller sent the wrong kind of object, not a missing one. Whether the
 * row exists and may be used stays the service's question, as with the numeric id.
 */
export function fieldId(globalId: GlobalId, typename: string, field: string, what: string): number {
  const id = decimalId(globalId.id);
  if (globalId.typename !== typename || id === null) throw validationFailed({ [field]: wrongTypeMessage(typename, what) });
  return id;
}

export const wrongTypeMessage = (typename: string, what: string) => `Erwartet wird die id eines Objekts vom Typ ${typename} (${what})`;

export const encodeId = (typename: string, id: number) => Buffer.from(`${typename}:${id}`).toString("base64");
