// The verified-token memory of verify.ts: it saves the signature check for a session's repeated
// token, never accepts a token past its expiry, and checks again after VERIFIED_TOKEN_TTL_MS; and
// which tokens the checks (jose's jwtVerify with our options) accept, case by case.
import crypto from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenVerifier, VERIFIED_TOKEN_TTL_MS } from "./verify.ts";

const ISSUER = "https://issuer.test";
const AUDIENCE = "anmeldesystem";

async function setup() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" };
  const keys = { current: [jwk] };
  let now = Date.now();
  let keyLookups = 0;
  const jwks = (header: Parameters<ReturnType<typeof createLocalJWKSet>>[0], token: Parameters<ReturnType<typeof createLocalJWKSet>>[1]) => {
    keyLookups++;
    return createLocalJWKSet({ keys: keys.current })(header, token);
  };
  const verify = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: jwks, now: () => now });
  const sign = (expInSeconds: number) =>
    new SignJWT({ sub: "user-1" })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "k1" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + expInSeconds)
      .sign(privateKey);
  return { verify, sign, keys, advance: (ms: number) => (now += ms), lookups: () => keyLookups };
}

describe("verified-token memory", () => {
  it("[R-AU029] the same token is verified once and then remembered", async () => {
    const s = await setup();
    const token = await s.sign(3600);
    expect((await s.verify(`Bearer ${token}`)).sub).toBe("user-1");
    expect((await s.verify(`Bearer ${token}`)).sub).toBe("user-1");
    expect(s.lookups()).toBe(1);
  });

  it("[R-AU029] a remembered token is refused once it has expired (30 s tolerance, as jose)", async () => {
    const s = await setup();
    const token = await s.sign(10);
    await s.verify(`Bearer ${token}`);
    s.advance(39_000);
    expect((await s.verify(`Bearer ${token}`)).sub).toBe("user-1");
    s.advance(2_000);
    await expect(s.verify(`Bearer ${token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: expect.stringMatching(/Token abgelaufen/) });
  });

  it("[R-AU029] after the memory's lifetime the signature is checked again: a withdrawn key refuses the token", async () => {
    const s = await setup();
    const token = await s.sign(3600);
    await s.verify(`Bearer ${token}`);
    s.keys.current = [];
    s.advance(VERIFIED_TOKEN_TTL_MS - 1);
    expect((await s.verify(`Bearer ${token}`)).sub).toBe("user-1");
    s.advance(2);
    await expect(s.verify(`Bearer ${token}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(s.lookups()).toBe(2);
  });

  it("[R-AU029] a token that failed is not remembered as good", async () => {
    const s = await setup();
    const token = await s.sign(3600);
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(s.verify(`Bearer ${tampered}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(s.verify(`Bearer ${tampered}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(s.lookups()).toBe(2);
  });
});

describe("token checks", () => {
  const NOW = Math.floor(Date.now() / 1000);
  const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const otherRsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const smallRsa = crypto.generateKeyPairSync("rsa", { modulusLength: 1024 });
  const ec = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const secp384 = crypto.generateKeyPairSync("ec", { namedCurve: "P-384" });
  const jwk = (k: crypto.KeyObject, kid: string, alg: string) => ({ ...(k.export({ format: "jwk" }) as JWK), kid, alg });
  const jwks = createLocalJWKSet({
    keys: [
      jwk(rsa.publicKey, "rs", "RS256"),
      jwk(rsa.publicKey, "ps", "PS256"),
      jwk(ec.publicKey, "ec", "ES256"),
      jwk(smallRsa.publicKey, "small", "RS256"),
      { ...(secp384.publicKey.export({ format: "jwk" }) as JWK), kid: "p384" },
    ],
  });
  const b64 = (o: unknown) => Buffer.from(typeof o === "string" ? o : JSON.stringify(o)).toString("base64url");
  const SIGN: Record<string, object> = {
    RS256: {},
    PS256: { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    ES256: { dsaEncoding: "ieee-p1363" },
  };
  /** A token signed by hand, so that headers and claims can be anything. */
  function token(o: { alg?: string; kid?: string; key?: crypto.KeyObject; header?: object; claims?: unknown; payload?: string } = {}) {
    const alg = o.alg ?? "RS256";
    const header = { alg, typ: "at+jwt", kid: o.kid ?? { RS256: "rs", PS256: "ps", ES256: "ec" }[alg], ...o.header };
    const claims = o.claims ?? { iss: ISSUER, aud: AUDIENCE, sub: "user-1", iat: NOW, exp: NOW + 600 };
    const input = `${b64(header)}.${o.payload ?? b64(claims)}`;
    const key = o.key ?? (alg === "ES256" ? ec.privateKey : rsa.privateKey);
    const signature = SIGN[alg] ? crypto.sign("sha256", Buffer.from(input), { key, ...SIGN[alg] }) : Buffer.alloc(0);
    return `${input}.${signature.toString("base64url")}`;
  }
  const base = { iss: ISSUER, aud: AUDIENCE, sub: "user-1", iat: NOW, exp: NOW + 600 };
  const cases: [string, string, boolean][] = [
    ["RS256", token(), true],
    ["PS256", token({ alg: "PS256" }), true],
    ["ES256", token({ alg: "ES256" }), true],
    ["typ application/at+jwt", token({ header: { typ: "application/at+jwt" } }), true],
    ["audience in a list", token({ claims: { ...base, aud: ["other", AUDIENCE] } }), true],
    ["expired within the 30 s tolerance", token({ claims: { ...base, exp: NOW - 20 } }), true],
    ["not before, within the tolerance", token({ claims: { ...base, nbf: NOW + 20 } }), true],
    ["tampered payload", token().replace(/\.[^.]+\./, `.${b64({ ...base, sub: "admin" })}.`), false],
    ["signed by another key", token({ key: otherRsa.privateKey }), false],
    ["PS256 signature under an RS256 key", token({ alg: "PS256", kid: "rs" }), false],
    ["ES256 header naming an RSA key", token({ alg: "ES256", kid: "rs" }), false],
    ["RSA key under 2048 bits", token({ kid: "small", key: smallRsa.privateKey }), false],
    ["P-384 key for ES256", token({ alg: "ES256", kid: "p384", key: secp384.privateKey }), false],
    ["alg none", `${b64({ alg: "none", typ: "at+jwt" })}.${b64(base)}.`, false],
    ["HS256", token({ alg: "HS256" }), false],
    ["unknown kid", token({ kid: "nobody" }), false],
    ["an unknown crit extension", token({ header: { crit: ["urn:example:x"], "urn:example:x": 1 } }), false],
    ["typ JWT", token({ header: { typ: "JWT" } }), false],
    ["no typ", token({ header: { typ: undefined } }), false],
    ["expired", token({ claims: { ...base, exp: NOW - 31 } }), false],
    ["no exp", token({ claims: { ...base, exp: undefined } }), false],
    ["exp as text", token({ claims: { ...base, exp: String(NOW + 600) } }), false],
    ["not yet valid", token({ claims: { ...base, nbf: NOW + 60 } }), false],
    ["iat as text", token({ claims: { ...base, iat: "now" } }), false],
    ["no sub", token({ claims: { ...base, sub: undefined } }), false],
    ["wrong issuer", token({ claims: { ...base, iss: "https://evil.example" } }), false],
    ["wrong audience", token({ claims: { ...base, aud: "other" } }), false],
    ["no audience", token({ claims: { ...base, aud: undefined } }), false],
    ["audience list without ours", token({ claims: { ...base, aud: ["a", "b"] } }), false],
    ["claims not an object", token({ claims: [base] }), false],
    ["payload not JSON", token({ payload: b64("not json") }), false],
    ["four segments", `${token()}.x`, false],
  ];
  const ours = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: jwks, now: () => NOW * 1000 });
  const accepted = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );

  it.each(cases)("[R-AU029] %s", async (_name, raw, expected) => {
    expect(await accepted(ours(`Bearer ${raw}`))).toBe(expected);
  });

  it("[R-AU029] a refused token's message names the reason", async () => {
    const reason = (raw: string) =>
      ours(`Bearer ${raw}`).then(
        () => "",
        (e: Error) => e.message,
      );
    expect(await reason(token({ key: otherRsa.privateKey }))).toBe("Nicht angemeldet: Signatur ungültig");
    expect(await reason(token({ alg: "HS256" }))).toBe("Nicht angemeldet: Algorithmus nicht erlaubt");
    expect(await reason(token({ kid: "nobody" }))).toBe("Nicht angemeldet: unbekannter Schlüssel");
    expect(await reason(token({ claims: { ...base, exp: NOW - 31 } }))).toBe("Nicht angemeldet: Token abgelaufen");
    expect(await reason(token({ claims: { ...base, nbf: NOW + 60 } }))).toBe("Nicht angemeldet: Token noch nicht gültig");
    expect(await reason(token({ claims: { ...base, aud: "other" } }))).toBe("Nicht angemeldet: Token ungültig (aud)");
    expect(await reason(token({ claims: { ...base, sub: 42 } }))).toBe("Nicht angemeldet: Token ungültig (sub)");
  });
});
