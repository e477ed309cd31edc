// Club rules (spec section 5): the name is required; the invoice e-mail has the e-mail rule only
// when a member edits their own club ("Mein Verein bearbeiten"), not in club management.
import { addLengthErrors, email, required, TEXT_LIMITS, validate } from "../../shared/validation.ts";

export type ClubInput = {
  name: string;
  invoiceEmail?: string | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

export function validateClub(input: ClubInput, mode: "management" | "ownClub"): Record<string, string> {
  return addLengthErrors(validate(input, { name: [required], ...(mode === "ownClub" ? { invoiceEmail: [email] } : {}) }), input, TEXT_LIMITS.Association);
}
