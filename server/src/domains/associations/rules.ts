// Club rules (spec section 5): the name is required; the invoice e-mail has the e-mail rule only
// when a member edits their own club ("Mein Verein bearbeiten"), not in club management. The rules
// are the one club schema (shared/clubSchema.ts) the client's form validates with as well.
import { type ClubMode, clubErrors } from "../../shared/clubSchema.ts";

export type ClubInput = {
  name: string;
  invoiceEmail?: string | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

export function validateClub(input: ClubInput, mode: ClubMode): Record<string, string> {
  return clubErrors(input, mode);
}
