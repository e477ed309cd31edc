// Bearer token verification with jose's jwtVerify: RS256/PS256/ES256 signature against the
// issuer's keys (the embedded provider's key set, or the external issuer's JWKS with jose's caching
// and refetch on an unknown kid: keysFor in authenticate.ts), issuer, audience, expiry and
// not-before (with 30 s clock tolerance) and typ "at+jwt" (RFC 9068). Anything else is a 401 with a
// clear German reason, never a 500.
//
// A verified token is remembered for up to a minute (never past its expiry): the same token comes
// with every request of a session. The principal behind it is still read per request (authenticate.ts).
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import { AppError, unauthenticated } from "./errors.ts";

export type VerifiedToken = JWTPayload & { sub: string; [claim: string]: unknown };

export type TokenVerifier = (authorization: string | undefined | null) => Promise<VerifiedToken>;

const CLOCK_TOLERANCE_S = 30;
/** How long a verified token is remembered, and how many. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKEN_MAX = 10_000;
const ALGORITHMS = ["RS256", "PS256", "ES256"];

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

  async function verifyToken(raw: string, t: number): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(raw, opts.keys, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ALGORITHMS,
      typ: opts.requireTyp === false ? undefined : "at+jwt",
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ["sub", "exp"],
      currentDate: new Date(t),
    });
    // jose only requires sub to be present; the user row is found by it as text
    if (typeof payload.sub !== "string") throw unauthenticated("Token ungültig (sub)");
    return payload as VerifiedToken;
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

/** jose's refusal as the German reason of the 401. */
function reasonOf(e: unknown): string {
  if (e instanceof errors.JWSSignatureVerificationFailed) return "Signatur ungültig";
  if (e instanceof errors.JOSEAlgNotAllowed) return "Algorithmus nicht erlaubt";
  if (e instanceof errors.JWKSNoMatchingKey) return "unbekannter Schlüssel";
  if (e instanceof errors.JWTExpired && e.claim === "exp") return "Token abgelaufen";
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === "nbf" && e.reason === "check_failed") return "Token noch nicht gültig";
    return `Token ungültig (${e.claim})`;
  }
  if (e instanceof errors.JOSEError) return `Token ungültig (${e.code})`;
  return "Token ungültig";
}
