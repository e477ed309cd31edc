// District association input rules (spec section 5: name, IamRef, privacy URL and imprint URL are
// required; the signature image is a .jpeg/.jpg/.png data URL of at most 5 MB). The field rules are
// the one district association schema (shared/districtSchema.ts) the client's form validates with
// as well; the image's bytes are checked here, where they are decoded.
import type { DataKey } from "../../crypto/aead.ts";
import { districtErrors } from "../../shared/districtSchema.ts";
import { MSG } from "../../shared/messages.ts";
import { MAX_UPLOAD_BYTES } from "../../shared/validation.ts";
import { fileBytes } from "../files/stored.ts";

export type DistrictInput = {
  name: string;
  iamRef: string;
  gdprLink: string;
  impressLink: string;
  signatureImage?: string | null;
  /** the version the edit was based on (optimistic concurrency); omitted: no check */
  version?: number | null;
};

export type ParsedImage = { mimeType: string; data: Buffer; name: string };

const IMAGE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/jpg": "jpg", "image/png": "png" };

/** Parses a data URL of an accepted image; returns a German message when it is not one. */
export function parseSignatureImage(dataUrl: string): ParsedImage | string {
  const m = /^data:([a-z/]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!m || !IMAGE_TYPES[m[1]]) return MSG.imageType;
  const data = Buffer.from(m[2], "base64");
  if (data.length > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  if (data.length === 0) return MSG.fileMissing;
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8;
  if (!(png || jpeg)) return MSG.imageInvalid;
  return { mimeType: png ? "image/png" : "image/jpeg", data, name: `unterschrift.${png ? "png" : "jpg"}` };
}

export function validateDistrict(input: DistrictInput): Record<string, string> {
  const errors = districtErrors(input);
  if (input.signatureImage && !errors.signatureImage) {
    const parsed = parseSignatureImage(input.signatureImage);
    if (typeof parsed === "string") errors.signatureImage = parsed;
  }
  return errors;
}

/** The stored signature image as a data URL (decrypted: files/stored.ts). */
export const toDataUrl = (key: DataKey, f: { mimeType: string; data: Uint8Array; encrypted: boolean }) =>
  `data:${f.mimeType};base64,${fileBytes(key, f).toString("base64")}`;
