// Keyed hashes of personal values that are only ever compared, never read back (the
// rate-limit table held "signin-account:<e-mail>"): HMAC-SHA-256 under a subkey of the data key
// derived for one purpose (HKDF), so every replica computes the same value, a value of one purpose
// says nothing about another, and a copy of the table alone confirms no guessed address.
import crypto from "node:crypto";
import { currentKey, type DataKey } from "./aead.ts";

/** The keyed hash of `purpose` (hex), bound to the data key. */
export function keyedHash(key: DataKey, purpose: string): (value: string) => string {
  const subkey = Buffer.from(crypto.hkdfSync("sha256", currentKey(key), Buffer.alloc(0), `anmeldesystem:${purpose}`, 32));
  return (value) => crypto.createHmac("sha256", subkey).update(value, "utf8").digest("hex");
}
