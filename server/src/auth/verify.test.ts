// The verified-token memory of verify.ts: it saves the signature check for a session's repeated
// token, never accepts a token past its expiry, and checks again after VERIFIED_TOKEN_TTL_MS.
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
