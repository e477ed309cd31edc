// AES-256-GCM for data at rest (camp health data, the embedded provider's signing keys).
// Layout: version byte 1 | 12-byte IV | 16-byte tag | ciphertext.
import crypto from "node:crypto";

export type DataKey = Buffer;

export function encrypt(key: DataKey, plaintext: Buffer | string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: DataKey, sealed: Uint8Array): Buffer {
  const buf = Buffer.from(sealed);
  if (buf[0] !== 1 || buf.length < 29) throw new Error("unknown ciphertext format");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, buf.subarray(1, 13));
  decipher.setAuthTag(buf.subarray(13, 29));
  return Buffer.concat([decipher.update(buf.subarray(29)), decipher.final()]);
}

export const encryptJson = (key: DataKey, value: unknown) => encrypt(key, JSON.stringify(value));
export const decryptJson = <T>(key: DataKey, sealed: Uint8Array): T => JSON.parse(decrypt(key, sealed).toString("utf8")) as T;
