// The club input, defined once: the name is required (R-VA015); the invoice
// e-mail has the e-mail rule only when a member edits their own club ("Mein Verein bearbeiten",
// R-VA016), not in club management (R-CM008); every text at most its TEXT_LIMITS length; the
// German messages of the one catalogue (messages.ts). The server's validateClub (GraphQL and /v1
// through the service) and the client's club form (via '@shared') both validate with clubSchema.
import { z } from "zod";
import { addIssues, checkedText, fieldErrors, requiredErrors, text } from "./inputSchema.ts";
import { email, TEXT_LIMITS } from "./validation.ts";

const L = TEXT_LIMITS.Association;

/** "management": club management (no e-mail rule); "ownClub": a member edits their own club. */
export type ClubMode = "management" | "ownClub";

/** The schema of a club input in one mode: the field rules, then the required name (superRefine). */
export const clubSchema = (mode: ClubMode) =>
  z
    .looseObject({
      name: text(L.name),
      invoiceEmail: mode === "ownClub" ? checkedText(L.invoiceEmail, email) : text(L.invoiceEmail),
    })
    .superRefine((v, ctx) => addIssues(ctx, requiredErrors(v, ["name"])));

/** The input clubSchema reads (the service's ClubInput and the form's values both fit it). */
export type ClubSchemaInput = z.input<ReturnType<typeof clubSchema>>;

/** Everything wrong with a club input, as field -> German message. */
export const clubErrors = (input: unknown, mode: ClubMode) => fieldErrors(clubSchema(mode).safeParse(input).error);
