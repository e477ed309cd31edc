import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decrypt, decryptJson, encrypt, encryptJson, keyIdOf, keyring, reseal, sealedKeyId, UnknownKeyError, underCurrentKey } from "./aead.ts";

const A = crypto.randomBytes(32);
const B = crypto.randomBytes(32);

/** A ciphertext as written before key ids: version 1 | IV | tag | ciphertext. */
function sealedV1(key: Buffer, text: string): Buffer {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([c.update(text, "utf8"), c.final()]);
  return Buffer.concat([Buffer.from([1]), iv, c.getAuthTag(), body]);
}

describe("sealed values name their key", () => {
  it("a new ciphertext carries the id of the key that sealed it and opens with that key alone or in a ring", () => {
    const sealed = encrypt(A, "Asthma");
    expect(sealed[0]).toBe(2);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(A));
    expect(keyIdOf(A)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(A)).not.toBe(keyIdOf(B));
    expect(decrypt(A, sealed).toString()).toBe("Asthma");
    expect(decrypt(keyring(B, [A]), sealed).toString()).toBe("Asthma");
    expect(decryptJson(keyring(B, [A]), encryptJson(A, { a: 1 }))).toEqual({ a: 1 });
  });

  it("a ring seals under its current key; an old key reads, an unknown key id is one clear error", () => {
    const ring = keyring(B, [A]);
    const sealed = encrypt(ring, "Nüsse");
    expect(sealedKeyId(sealed)).toBe(keyIdOf(B));
    expect(underCurrentKey(ring, sealed)).toBe(true);
    expect(underCurrentKey(ring, encrypt(A, "x"))).toBe(false);
    expect(() => decrypt(A, sealed)).toThrow(UnknownKeyError);
    expect(() => decrypt(A, sealed)).toThrow(
      `DATA_ENCRYPTION_KEY: a value is sealed with key ${keyIdOf(B)}, which is neither DATA_ENCRYPTION_KEY (key ${keyIdOf(A)}) nor in DATA_ENCRYPTION_OLD_KEYS`,
    );
  });

  it("ciphertexts from before key ids stay readable with whichever key of the ring sealed them, and are sealed again under the current key", () => {
    const old = sealedV1(A, "Pollen");
    expect(sealedKeyId(old)).toBeNull();
    expect(decrypt(A, old).toString()).toBe("Pollen");
    const ring = keyring(B, [A]);
    expect(decrypt(ring, old).toString()).toBe("Pollen");
    expect(underCurrentKey(ring, old)).toBe(false);
    const again = reseal(ring, old);
    expect(sealedKeyId(again)).toBe(keyIdOf(B));
    expect(decrypt(B, again).toString()).toBe("Pollen");
    expect(() => decrypt(B, old)).toThrow(); // without the old key: its tag matches no key
  });

  it("the key id is authenticated: a ciphertext relabelled with another key's id does not open", () => {
    const sealed = encrypt(keyring(A, [B]), "Diabetes");
    const relabelled = Buffer.from(sealed);
    Buffer.from(keyIdOf(B), "hex").copy(relabelled, 1);
    expect(() => decrypt(keyring(A, [B]), relabelled)).toThrow(/unable to authenticate|Unsupported state/);
  });
});
