import { hasDistrictRoles, isAdmin } from "@shared/permissions";
import type { FieldErrors } from "../forms/fieldErrors";

/**
 * What the registration forms (D-exam, competition) share: the edit scope, immutable updates by
 * field path, which messages survive a change, and the club choice. Error keys are the server's
 * field paths ("songs.2.name"), so server and client messages land at the same field.
 */

export type RegistrationMode = "create" | "edit";
/** What the viewer may change (viewerCan.edit of a registration): everything, the pieces, or nothing. */
export type EditScope = "ALL" | "SONGS" | "NONE";

/** The server's EditScope as the form's (an unknown future value reads as NONE: look, do not touch). */
export const editScopeOf = (edit: string): EditScope => (edit === "ALL" || edit === "SONGS" ? edit : "NONE");

/** An immutable update of one field path ("camp.emergencyContacts.1.phone"). */
export function setPath<T>(target: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split(".");
  const current = target as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : setPath((current as Record<string, unknown>)[head], rest.join("."), value);
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...current, [head]: next } as T;
}

/** The value at a field path ("partialResult.year"). */
function getPath(target: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((current, key) => (current as Record<string, unknown> | null | undefined)?.[key], target);
}

/**
 * The props binding a text or date field to a form path: the value there, its change, its message;
 * a locked form's fields show their value but cannot change (edit scope SONGS or NONE).
 */
export function fieldBinding(form: { values: unknown; errors: FieldErrors; change: (path: string, value: string) => void }, locked: boolean) {
  return (path: string) => ({
    value: (getPath(form.values, path) as string | null | undefined) ?? "",
    onChange: (value: string) => form.change(path, value),
    error: form.errors[path],
    disabled: locked,
  });
}

/** Every leaf of the values by its path ("songs.0.name" -> "…"); a chosen file (with dataUrl) is one leaf. */
function leaves(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === "object" && !("dataUrl" in value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    if (Array.isArray(value)) out[prefix ? `${prefix}.length` : "length"] = value.length;
  } else out[prefix] = value;
  return out;
}

/**
 * The errors that still apply after a change: a message goes away as soon as its field (or a field
 * under it, e.g. a contact row under "camp.emergencyContacts") changes, also by a dependency.
 */
export function errorsAfterChange<T>(errors: FieldErrors, before: T, after: T): FieldErrors {
  const keys = Object.keys(errors);
  if (keys.length === 0) return errors;
  const a = leaves(before);
  const b = leaves(after);
  const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
  // a field of a list row ("songs.1.name") belongs to its row: changing the row's number clears it too
  const scopeOf = (key: string) => /^(.*\.\d+)\.[^.]+$/.exec(key)?.[1] ?? key;
  const stays = (key: string) => !changed.some((c) => c === scopeOf(key) || c.startsWith(`${scopeOf(key)}.`));
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stays(key)));
}

// ---- the club choice (R-VA042, R-VA043)

/**
 * registration_manage of the event's district (admin everywhere; the district roles of dexam.update)
 * chooses among all clubs of the event's district; everybody else among the
 * own clubs. Same rule as the server's isManager.
 */
export function choosesDistrictClubs(viewer: { roles: readonly string[]; districtAssociationId: number }, event: { districtAssociationId: number }): boolean {
  if (isAdmin(viewer.roles)) return true;
  return hasDistrictRoles(viewer.roles, "dexam.update") && viewer.districtAssociationId === event.districtAssociationId;
}

/** The own clubs as options (value: the global id the write takes); a stored club that is not among them (edit) is added, so it shows. */
export function clubOptions(own: readonly { id: string; name: string }[], stored?: { id: string; name: string } | null): { value: string; label: string }[] {
  const list = stored && !own.some((c) => c.id === stored.id) ? [...own, stored] : own;
  return list.map((c) => ({ value: c.id, label: c.name }));
}

/**
 * The writes name the club, a location and the date of birth in the shape the reads return them
 * (association, theoryLocation, location: global ids; dateOfBirth: Date), and the
 * server's field messages name the fields as sent; the forms keep their own keys.
 */
const FORM_KEYS: Readonly<Record<string, string>> = {
  association: "associationId",
  location: "locationId",
  theoryLocation: "theoryLocationId",
  practiceLocation: "practiceLocationId",
  preparationLocation: "preparationLocationId",
  dateOfBirth: "birthdate",
};

/** The server's field messages of a registration write under the form's keys. */
export function formErrorsOf(serverErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(serverErrors).map(([key, message]) => [FORM_KEYS[key] ?? key, message]));
}

/** A single own club is preselected in a new registration. */
export const preselectedClub = (clubIds: readonly string[]) => (clubIds.length === 1 ? clubIds[0] : "");
