// The district association input, defined once: name, IamRef, privacy URL and
// imprint URL are required (R-VA017); the two URLs are web addresses; every text at most its
// TEXT_LIMITS length; the German messages of the one catalogue (messages.ts). The server's
// validateDistrict (GraphQL and /v1 through the service) and the client's district association
// form (via '@shared') both validate with districtSchema. The signature image is a text here; its
// bytes (an accepted image of at most 5 MB) are checked where they are decoded, on the server
// (domains/districts/rules.ts parseSignatureImage).
import { z } from "zod";
import { addIssues, checkedText, fieldErrors, requiredErrors, text } from "./inputSchema.ts";
import { TEXT_LIMITS, webAddress } from "./validation.ts";

const L = TEXT_LIMITS.DistrictAssociation;

/** The schema of a district association input: the field rules, then the required fields (superRefine). */
export const districtSchema = z
  .looseObject({
    name: text(L.name),
    iamRef: text(L.iamRef),
    gdprLink: checkedText(L.gdprLink, webAddress),
    impressLink: checkedText(L.impressLink, webAddress),
    /** a data URL; null keeps the stored image, "" removes it */
    signatureImage: text(),
  })
  .superRefine((v, ctx) => addIssues(ctx, requiredErrors(v, ["name", "iamRef", "gdprLink", "impressLink"])));

/** The input districtSchema reads (the service's DistrictInput and the form's values both fit it). */
export type DistrictSchemaInput = z.input<typeof districtSchema>;

/** Everything wrong with a district association input (but the signature image's bytes), as field -> German message. */
export const districtErrors = (input: unknown) => fieldErrors(districtSchema.safeParse(input).error);
