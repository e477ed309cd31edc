// The user input, defined once (spec section 5): first name, last name and
// e-mail are always required, the e-mail with the e-mail rule (R-VA010). A user editing their own
// profile ("Mein Account bearbeiten") must give phone, street, postcode, city and country (R-VA011);
// staff editing a user ("staff") may leave them empty, a filled phone or postcode is checked
// (R-VA012, R-VA013). "create" checks as "staff" does: the user dialog sends only the names, but a
// /v1 client may send the rest (POST /v1/user takes the body PUT takes). Every text at most its
// TEXT_LIMITS length; the German messages of the one catalogue (messages.ts). The server's
// validateUser (GraphQL and /v1 through the service) and the client's user form (via '@shared')
// both validate with userSchema.
import { z } from "zod";
import { addIssues, checkedText, fieldErrors, flag, id, list, requiredErrors, text } from "./inputSchema.ts";
import { WIRE_MSG } from "./messages.ts";
import { ROLES } from "./roles.ts";
import { email, postcode, profilePhone, TEXT_LIMITS } from "./validation.ts";

const L = TEXT_LIMITS.User;

/** "profile": the own account; "staff": staff edit a user; "create": a new user. */
export type UserMode = "profile" | "staff" | "create";

const fields = z.looseObject({
  firstname: text(L.firstname),
  lastname: text(L.lastname),
  email: checkedText(L.email, email),
  phone: checkedText(L.phone, profilePhone),
  street: text(L.street),
  postcode: checkedText(L.postcode, postcode),
  city: text(L.city),
  country: text(L.country),
  /** the own account only: e-mails when results are published */
  resultMails: flag,
  /** admin only (the service checks who); at most as many as there are roles */
  roles: list(z.string({ error: WIRE_MSG.text }), ROLES.length),
});

/** not from the spec: the most clubs one user is assigned at once (setUserAssociations) */
export const MAX_USER_CLUBS = 500;
const clubs = z.object({ associationIds: list(id, MAX_USER_CLUBS) });
/** What is wrong with the clubs a user is assigned (their number), as field -> German message. */
export const userClubsErrors = (associationIds: readonly unknown[]) => fieldErrors(clubs.safeParse({ associationIds }).error);

const NAMES = ["firstname", "lastname", "email"] as const;
const PROFILE = [...NAMES, "phone", "street", "postcode", "city", "country"] as const;

/** The schema of a user input in one mode: the field rules, then the fields the mode requires (superRefine). */
export const userSchema = (mode: UserMode) => fields.superRefine((v, ctx) => addIssues(ctx, requiredErrors(v, mode === "profile" ? PROFILE : NAMES)));

/** The input userSchema reads (the service's UserFields and the form's values both fit it). */
export type UserSchemaInput = z.input<ReturnType<typeof userSchema>>;

/** Everything wrong with a user input, as field -> German message. */
export const userErrors = (input: unknown, mode: UserMode) => fieldErrors(userSchema(mode).safeParse(input).error);
