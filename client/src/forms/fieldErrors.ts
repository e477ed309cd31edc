/** German message per form field: the client's own checks and the server's `extensions.fields`. */
export type FieldErrors = Readonly<Record<string, string>>;

export const NO_ERRORS: FieldErrors = {};

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The errors without the one of `field`: a field's message goes away as soon as it is edited. */
export function withoutError(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest;
}

/** A trimmed text, or null for an empty one (optional fields are sent as null). */
export function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}
