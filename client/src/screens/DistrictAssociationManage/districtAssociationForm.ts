import { districtErrors } from "@shared/districtSchema";
import type { FieldErrors } from "../../forms/fieldErrors";

/** District association form (spec section 5): name, IamRef, privacy URL and imprint URL are required (R-VA017); the URLs are web addresses, checked before sending as on the server. */
export type DistrictAssociationFormValues = {
  name: string;
  iamRef: string;
  gdprLink: string;
  impressLink: string;
};

/**
 * The signature image in the form: unchanged, replaced by a newly chosen image (data URL), or
 * removed. The API reads null as "keep" and "" as "remove".
 */
export type SignatureChange = { kind: "keep" } | { kind: "set"; dataUrl: string } | { kind: "remove" };

export const EMPTY_DISTRICT_ASSOCIATION_FORM: DistrictAssociationFormValues = { name: "", iamRef: "", gdprLink: "", impressLink: "" };

export function districtAssociationFormValues(
  district: { name: string; iamRef?: string | null; gdprLink: string; impressLink: string } | null | undefined,
): DistrictAssociationFormValues {
  return district
    ? { name: district.name, iamRef: district.iamRef ?? "", gdprLink: district.gdprLink, impressLink: district.impressLink }
    : EMPTY_DISTRICT_ASSOCIATION_FORM;
}

/** Field -> German message for everything wrong: the one district association schema ('@shared/districtSchema') the server validates with as well. */
export function validateDistrictAssociationForm(values: DistrictAssociationFormValues): FieldErrors {
  return districtErrors(values);
}

/** The image the form shows: the new one, none after removal, else the stored one. */
export function shownSignature(stored: string | null | undefined, change: SignatureChange): string | null {
  if (change.kind === "set") return change.dataUrl;
  if (change.kind === "remove") return null;
  return stored ?? null;
}

/**
 * DistrictAssociationInput (create) or the fields of UpdateDistrictAssociationInput (edit; the
 * dialog adds the version, forms/version.ts): trimmed texts; signatureImage null keeps, "" removes,
 * a data URL replaces.
 */
export function districtAssociationInput(values: DistrictAssociationFormValues, change: SignatureChange) {
  return {
    name: values.name.trim(),
    iamRef: values.iamRef.trim(),
    gdprLink: values.gdprLink.trim(),
    impressLink: values.impressLink.trim(),
    signatureImage: change.kind === "set" ? change.dataUrl : change.kind === "remove" ? "" : null,
  };
}
