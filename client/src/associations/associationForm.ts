import { type ClubMode, clubErrors } from "@shared/clubSchema";
import { type FieldErrors, optionalText } from "../forms/fieldErrors";

/**
 * The club form (spec section 5): the name is required; the invoice e-mail gets the e-mail rule
 * only when a member edits the own club ("member", R-VA016), not in club management ("manage", R-CM008).
 */
export type AssociationFormMode = "member" | "manage";

export type AssociationFormValues = {
  name: string;
  invoiceEmail: string;
};

export const EMPTY_ASSOCIATION_FORM: AssociationFormValues = { name: "", invoiceEmail: "" };

export function associationFormValues(association: { name: string; invoiceEmail?: string | null } | null | undefined): AssociationFormValues {
  return association ? { name: association.name, invoiceEmail: association.invoiceEmail ?? "" } : EMPTY_ASSOCIATION_FORM;
}

/** The form's modes as the club schema names them. */
const SCHEMA_MODE: Record<AssociationFormMode, ClubMode> = { member: "ownClub", manage: "management" };

/** Field -> German message for everything wrong: the one club schema ('@shared/clubSchema') the server validates with as well. */
export function validateAssociationForm(values: AssociationFormValues, mode: AssociationFormMode): FieldErrors {
  return clubErrors(values, SCHEMA_MODE[mode]);
}

/** The fields of AssociationInput: name trimmed, an empty invoice e-mail sent as null; the form adds the version (forms/version.ts). */
export function associationInput(values: AssociationFormValues) {
  return { name: values.name.trim(), invoiceEmail: optionalText(values.invoiceEmail) };
}

/** "Speichern" of "Mein Verein bearbeiten" needs a selected club (R-MC004). */
export function canSaveOwnAssociation(selectedId: string | null | undefined): boolean {
  return typeof selectedId === "string" && selectedId !== "";
}

/** The club preselected in "Mein Verein bearbeiten": the current choice while it is still one of the user's clubs, else the first (R-MC002). */
export function preselectedAssociation(clubIds: readonly string[], current: string | null): string | null {
  if (current && clubIds.includes(current)) return current;
  return clubIds[0] ?? null;
}
