// AES-256-GCM for data at rest (camp data, remarks, stored files, server secrets, backups).
// Each ciphertext names its key (key rotation, README "Operations"):
//   version 2 | 4-byte key id | 12-byte IV | 16-byte tag | ciphertext (version and key id authenticated)
// Ciphertexts from before key ids (version 1 | IV | tag | ciphertext) stay readable: any key of the
// keyring that opens them (the GCM tag tells) is theirs. The key id is a hash of the key
// (keyIdOf), so no setting names it. A keyring is the current key (DATA_ENCRYPTION_KEY; all new
// ciphertexts) and the old keys accepted for reading (DATA_ENCRYPTION_OLD_KEYS) until `npm run
// keys:rotate` re-sealed everything under the current one.
import crypto from "node:crypto";

export type Keyring = { readonly current: Buffer; readonly id: string; readonly old: ReadonlyMap<string, Buffer> };
/** The data key: a keyring, or one key alone (a keyring without old keys). */
export type DataKey = Buffer | Keyring;

const IV_TAG = 12 + 16;
const V2_PREFIX = 1 + 4;

/** A key's id (8 hex digits): the first 4 bytes of a SHA-256 of the key, named in each ciphertext. */
export function keyIdOf(key: Uint8Array): string {
  return crypto.createHash("sha256").update("anmeldesystem:data-key-id\0").update(key).digest().subarray(0, 4).toString("hex");
}

/** The keyring of a current key and the old keys still accepted for reading. */
export function keyring(current: Buffer, old: Buffer[] = []): Keyring {
  const id = keyIdOf(current);
  return { current, id, old: new Map(old.map((k) => [keyIdOf(k), k] as const).filter(([kid]) => kid !== id)) };
}

export const ringOf = (key: DataKey): Keyring => (Buffer.isBuffer(key) ? keyring(key) : key);
/** The key new ciphertexts are sealed with. */
export const currentKey = (key: DataKey): Buffer => (Buffer.isBuffer(key) ? key : key.current);
/** Every key of the ring, the current one first. */
export const allKeys = (key: DataKey): Buffer[] => {
  const ring = ringOf(key);
  return [ring.current, ...ring.old.values()];
};

/** Reading a ciphertext whose key is neither the current key nor an accepted old key. */
export class UnknownKeyError extends Error {
  constructor(
    readonly keyId: string,
    ring: Keyring,
  ) {
    super(
      `DATA_ENCRYPTION_KEY: a value is sealed with key ${keyId}, which is neither DATA_ENCRYPTION_KEY (key ${ring.id}) nor in DATA_ENCRYPTION_OLD_KEYS` +
        ` (Schlüssel ${keyId} unbekannt: den alten Schlüssel in DATA_ENCRYPTION_OLD_KEYS eintragen)`,
    );
  }
}

export function encrypt(key: DataKey, plaintext: Buffer | string): Buffer {
  const ring = ringOf(key);
  const header = Buffer.concat([Buffer.from([2]), Buffer.from(ring.id, "hex")]);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", ring.current, iv);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, buf: Buffer, at: number, aad: Buffer | null): Buffer {
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, buf.subarray(at, at + 12));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(buf.subarray(at + 12, at + 28));
  return Buffer.concat([decipher.update(buf.subarray(at + 28)), decipher.final()]);
}

/** The id of the key a ciphertext names, or null for one from before key ids. */
export function sealedKeyId(sealed: Uint8Array): string | null {
  const buf = Buffer.from(sealed);
  if (buf[0] === 2 && buf.length >= V2_PREFIX + IV_TAG) return buf.subarray(1, 5).toString("hex");
  if (buf[0] === 1 && buf.length >= 1 + IV_TAG) return null;
  throw new Error("unknown ciphertext format");
}

/** Whether a ciphertext is sealed under the ring's current key (else `npm run keys:rotate` re-seals it). */
export const underCurrentKey = (key: DataKey, sealed: Uint8Array): boolean => sealedKeyId(sealed) === ringOf(key).id;

export function decrypt(key: DataKey, sealed: Uint8Array): Buffer {
  const ring = ringOf(key);
  const buf = Buffer.from(sealed);
  const id = sealedKeyId(buf);
  if (id === null) {
    // from before key ids: the key whose tag matches
    let failure: unknown;
    for (const k of allKeys(ring)) {
      try {
        return open(k, buf, 1, null);
      } catch (e) {
        failure = e;
      }
    }
    throw failure;
  }
  const k = id === ring.id ? ring.current : ring.old.get(id);
  if (!k) throw new UnknownKeyError(id, ring);
  return open(k, buf, V2_PREFIX, buf.subarray(0, V2_PREFIX));
}

/** A ciphertext sealed again under the current key (the plaintext unchanged). */
export const reseal = (key: DataKey, sealed: Uint8Array): Buffer => encrypt(key, decrypt(key, sealed));

export const encryptJson = (key: DataKey, value: unknown) => encrypt(key, JSON.stringify(value));
export const decryptJson = <T>(key: DataKey, sealed: Uint8Array): T => JSON.parse(decrypt(key, sealed).toString("utf8")) as T;
