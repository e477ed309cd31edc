// Bearer token verification: RS256/PS256/ES256 signature against the issuer's keys, issuer,
// audience, expiry and not-before (with 30 s clock tolerance) and typ "at+jwt" (RFC 9068). Anything
// else is a 401 with a clear message, never a 500.
//
// jose finds the key (the embedded provider's key set, or the external issuer's JWKS with its
// caching and refetch on an unknown kid) and decodes the header; the signature is checked with
// node:crypto's synchronous verify. jose's jwtVerify checks it through WebCrypto, an asynchronous
// job that cost about three times the CPU per token: a tenth of a create's server CPU in the
// deadline rush, where every member's token is new (docs/decisions.md, "Token signatures checked
// synchronously"). The claim checks below are jose's rules for the options we used to pass.
//
// A verified token is remembered for up to a minute (never past its expiry): the same token comes
// with every request of a session. The principal behind it is still read per request (authenticate.ts).
import { constants, createPublicKey, KeyObject, verify as verifySignature } from "node:crypto";
import { type CompactJWSHeaderParameters, decodeProtectedHeader, errors, type JWK, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { AppError, unauthenticated } from "./errors.ts";

export type VerifiedToken = JWTPayload & { sub: string; [claim: string]: unknown };

export type TokenVerifier = (authorization: string | undefined | null) => Promise<VerifiedToken>;

const CLOCK_TOLERANCE_S = 30;
/** How long a verified token is remembered, and how many. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKEN_MAX = 10_000;

/** The accepted signature algorithms: the key type each needs and node:crypto's options for it. */
const ALGORITHMS: Record<string, { keyTypes: string[]; options: { padding?: number; saltLength?: number; dsaEncoding?: "ieee-p1363" } }> = {
  RS256: { keyTypes: ["rsa"], options: {} },
  PS256: { keyTypes: ["rsa", "rsa-pss"], options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } },
  ES256: { keyTypes: ["ec"], options: { dsaEncoding: "ieee-p1363" } },
};

/** jose's key sets answer with WebCrypto keys; node:crypto verifies with the same key as KeyObject. */
const keyObjects = new WeakMap<object, KeyObject>();

function keyObjectOf(key: Awaited<ReturnType<JWTVerifyGetKey>>): KeyObject {
  if (key instanceof KeyObject) return key;
  if (key instanceof Uint8Array) throw unauthenticated("Algorithmus nicht erlaubt");
  let k = keyObjects.get(key);
  if (!k) {
    k = "kty" in key ? createPublicKey({ key: key as JWK & { kty: string }, format: "jwk" }) : KeyObject.from(key as CryptoKey);
    keyObjects.set(key, k);
  }
  return k;
}

const normalizeTyp = (typ: string) => (typ.includes("/") ? typ.toLowerCase() : `application/${typ.toLowerCase()}`);

export function createTokenVerifier(opts: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  requireTyp?: boolean;
  now?: () => number;
}): TokenVerifier {
  const now = opts.now ?? Date.now;
  /** raw token -> its payload and when it was verified (Map order: oldest first) */
  const verified = new Map<string, { payload: VerifiedToken; at: number }>();

  /** The token's claims once its signature and claims hold; otherwise a 401 naming the reason. */
  async function verifyToken(raw: string, t: number): Promise<VerifiedToken> {
    const [encodedHeader, encodedPayload, signature, ...rest] = raw.split(".");
    if (signature === undefined || rest.length > 0) throw unauthenticated("Token ungültig");
    const header = decodeProtectedHeader(raw);
    const alg = typeof header.alg === "string" && Object.hasOwn(ALGORITHMS, header.alg) ? ALGORITHMS[header.alg] : undefined;
    if (!alg) throw unauthenticated("Algorithmus nicht erlaubt");
    // no JWS extension is understood here (RFC 7515 4.1.11: a token naming one is refused)
    if (header.crit !== undefined) throw unauthenticated("Token ungültig (crit)");
    const key = keyObjectOf(await opts.keys(header as CompactJWSHeaderParameters, { protected: encodedHeader, payload: encodedPayload, signature }));
    // the key must fit the algorithm: P-256 for ES256, RSA of at least 2048 bits otherwise (as jose)
    const fits =
      key.type === "public" &&
      alg.keyTypes.includes(key.asymmetricKeyType ?? "") &&
      (key.asymmetricKeyType === "ec" ? key.asymmetricKeyDetails?.namedCurve === "prime256v1" : (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048);
    if (!fits) throw unauthenticated("unbekannter Schlüssel");
    const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`);
    if (!verifySignature("sha256", signed, { key, ...alg.options }, Buffer.from(signature, "base64url"))) throw unauthenticated("Signatur ungültig");

    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8"));
    } catch {
      throw unauthenticated("Token ungültig");
    }
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) throw unauthenticated("Token ungültig");
    const c = claims as Record<string, unknown>;
    if (opts.requireTyp !== false && (typeof header.typ !== "string" || normalizeTyp(header.typ) !== "application/at+jwt"))
      throw unauthenticated("Token ungültig (typ)");
    if (typeof c.sub !== "string") throw unauthenticated("Token ungültig (sub)");
    if (c.iss !== opts.issuer) throw unauthenticated("Token ungültig (iss)");
    if (!(c.aud === opts.audience || (Array.isArray(c.aud) && c.aud.includes(opts.audience)))) throw unauthenticated("Token ungültig (aud)");
    for (const claim of ["iat", "nbf"]) if (c[claim] !== undefined && typeof c[claim] !== "number") throw unauthenticated(`Token ungültig (${claim})`);
    if (typeof c.exp !== "number") throw unauthenticated("Token ungültig (exp)");
    const seconds = Math.floor(t / 1000);
    if (typeof c.nbf === "number" && c.nbf > seconds + CLOCK_TOLERANCE_S) throw unauthenticated("Token noch nicht gültig");
    if (c.exp <= seconds - CLOCK_TOLERANCE_S) throw unauthenticated("Token abgelaufen");
    return c as VerifiedToken;
  }

  return async (authorization) => {
    const m = /^Bearer\s+([A-Za-z0-9\-_.]+)$/.exec(authorization ?? "");
    if (!m) throw unauthenticated(authorization ? "Authorization-Header ist kein Bearer-Token" : "kein Zugriffstoken");
    const t = now();
    const hit = verified.get(m[1]);
    if (hit) {
      // exp is required; the same tolerance as the first check
      if (t - hit.at < VERIFIED_TOKEN_TTL_MS && (hit.payload.exp as number) * 1000 + CLOCK_TOLERANCE_S * 1000 > t) return hit.payload;
      verified.delete(m[1]);
    }
    try {
      const payload = await verifyToken(m[1], t);
      if (verified.size >= VERIFIED_TOKEN_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(m[1], { payload, at: t });
      return payload;
    } catch (e) {
      throw e instanceof AppError ? e : unauthenticated(reasonOf(e));
    }
  };
}

/** The reason for a failure inside jose (decoding the header, finding the key). */
function reasonOf(e: unknown): string {
  if (e instanceof errors.JWKSNoMatchingKey) return "unbekannter Schlüssel";
  if (e instanceof errors.JOSEError) return `Token ungültig (${e.code})`;
  return "Token ungültig";
}
