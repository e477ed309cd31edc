// Reads and writes in the same shape. An input that names another object takes
// the global id the reads return, in a field named like the read field that returns the object
// (`association: ID` beside DexamRegistration.association, `theoryLocation: ID`,
// `districtAssociation: ID`; a list: `associations: [ID!]`), and a day takes the reads' Date scalar
// (`dateOfBirth: Date`, read as DexamRegistration.birthdate). The fields these replace
// (`associationId: Int`, `birthdate: String`, ...) stay, deprecated: removing or retyping them
// would break released clients (docs/schema-changes.md). The same holds for the filter arguments
// of the lists (`location: ID` beside `locationId: Int`; oldArgs). Both spellings end here: the services see
// the numeric shape that /v1 shares, and a refused write names the field the caller sent.
import { AppError, validationFailed } from "../auth/errors.ts";
import { MSG } from "../shared/messages.ts";
import { builder } from "./builder.ts";
import { fieldId, type GlobalId } from "./ids.ts";

/** A new input field, the deprecated one it replaces, and how a value of the new becomes one of the old. */
export type Spelling = {
  field: string;
  legacy: string;
  convert: (value: unknown) => unknown;
  /** neither spelling sent: refused here (services that leave the check to the GraphQL type) */
  required?: boolean;
};

/** `field: ID` (an object of type `typename`) beside the deprecated numeric `legacy: Int`. */
export const objectId = (field: string, legacy: string, typename: string, what: string, required = false): Spelling => ({
  field,
  legacy,
  required,
  convert: (value) => fieldId(value as GlobalId, typename, field, what),
});

/** The objects inputs and list filters name by global id, each spelled once. */
export const LOCATION = objectId("location", "locationId", "EventLocation", "Veranstaltungsort");
export const ASSOCIATION = objectId("association", "associationId", "Association", "Verein");
export const DISTRICT_ASSOCIATION = objectId("districtAssociation", "districtAssociationId", "DistrictAssociation", "Kreisverband");
/** A spelling of which one of the two must be sent. */
export const requiredSpelling = (s: Spelling): Spelling => ({ ...s, required: true });

/** `field: [ID!]` beside the deprecated `legacy: [Int!]`. */
export const objectIds = (field: string, legacy: string, typename: string, what: string, required = false): Spelling => ({
  field,
  legacy,
  required,
  convert: (value) => (value as GlobalId[]).map((id) => fieldId(id, typename, field, what)),
});

/** `field: Date` beside the deprecated `legacy: String` (yyyy-mm-dd). */
export const day = (field: string, legacy: string): Spelling => ({
  field,
  legacy,
  convert: (value) => (value as Date).toISOString().slice(0, 10),
});

export const conflictMessage = (field: string, legacy: string) =>
  `„${field}“ und das veraltete „${legacy}“ nennen verschiedene Werte: bitte nur „${field}“ senden`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The input in the old shape: each new field converted into its deprecated one (a global id of
 * another type, both sent with different values, or a required pair sent in neither spelling is
 * VALIDATION at the new field), and which old field was sent under which new name.
 */
export function oldShape<T extends object>(input: T, spellings: readonly Spelling[]): { input: T; sentAs: Record<string, string> } {
  const source = input as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  const sentAs: Record<string, string> = {};
  let errors: Record<string, string> = {};
  for (const { field, legacy, convert, required } of spellings) {
    const value = source[field];
    const old = source[legacy];
    delete out[field];
    // a message about the pair names the new field, unless the caller used the old one
    if (old === undefined) sentAs[legacy] = field;
    if (value === undefined) {
      if (required && (old === undefined || old === null)) errors[old === undefined ? field : legacy] = MSG.required;
      continue;
    }
    let converted: unknown = null;
    try {
      converted = value === null ? null : convert(value);
    } catch (error) {
      if (!(error instanceof AppError && error.fields)) throw error;
      errors = { ...errors, ...error.fields };
      continue;
    }
    if (old !== undefined && !same(old, converted)) errors[field] = conflictMessage(field, legacy);
    else if (required && converted === null) errors[field] = MSG.required;
    else out[legacy] = converted;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { input: out as T, sentAs };
}

/**
 * Runs a write with the input in the old shape (oldShape); a VALIDATION error of the service about
 * a field that came in the new spelling is reported under that field's name.
 */
export async function inOldShape<T extends object, R>(input: T, spellings: readonly Spelling[], write: (input: T) => Promise<R>): Promise<R> {
  const { input: old, sentAs } = oldShape(input, spellings);
  try {
    return await write(old);
  } catch (error) {
    if (!(error instanceof AppError && error.fields && Object.keys(error.fields).some((k) => k in sentAs))) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [sentAs[k] ?? k, v]));
    throw new AppError(error.code, error.message, fields);
  }
}

/**
 * The filter arguments of a list query in the old shape (the rule of oldShape: a global id of
 * another type, or both spellings with different values, is VALIDATION at the new argument): the
 * services keep filtering by the numeric ids. Unlike a write, a list sends no message of its own
 * about a filter, so no renaming is needed (inOldShape).
 */
export const oldArgs = <T extends object>(args: T, spellings: readonly Spelling[]): T => oldShape(args, spellings).input;

/** The deprecation reason of an old field: which new field replaces it, and what to send there. */
export const useInstead = (field: string, what: string) => `Use ${field}: ${what}.`;

// The filter arguments of the lists: `field: ID` beside the deprecated numeric `legacy: Int`, both
// optional; each list describes them in its own words. Read them with oldArgs and the spelling.
export const locationFilterArgs = (description: string, legacyDescription: string) =>
  builder.args((t) => ({
    location: t.globalID({ required: false, description }),
    locationId: t.int({ required: false, deprecationReason: useInstead("location", "the location's global id"), description: legacyDescription }),
  }));
export const associationFilterArgs = (description: string, legacyDescription: string) =>
  builder.args((t) => ({
    association: t.globalID({ required: false, description }),
    associationId: t.int({ required: false, deprecationReason: useInstead("association", "the club's global id"), description: legacyDescription }),
  }));
export const districtAssociationFilterArgs = (description: string, legacyDescription: string) =>
  builder.args((t) => ({
    districtAssociation: t.globalID({ required: false, description }),
    districtAssociationId: t.int({
      required: false,
      deprecationReason: useInstead("districtAssociation", "the district association's global id"),
      description: legacyDescription,
    }),
  }));
