// Bearer token verification with jose: RS256/ES256 signature against the issuer's keys, issuer,
// audience, expiry (with 30 s clock tolerance) and typ "at+jwt" (RFC 9068). Anything else is a 401
// with a clear message, never a 500. A verified token is remembered for up to a minute (never past
// its expiry): the signature check is a tenth of a request's CPU, and the same token comes with
// every request of a session. The principal behind it is still read per request (authenticate.ts).
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import { unauthenticated } from "./errors.ts";

export type VerifiedToken = JWTPayload & { sub: string; [claim: string]: unknown };

export type TokenVerifier = (authorization: string | undefined | null) => Promise<VerifiedToken>;

const CLOCK_TOLERANCE_S = 30;
/** How long a verified token is remembered, and how many. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKEN_MAX = 10_000;

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
  return async (authorization) => {
    const m = /^Bearer\s+([A-Za-z0-9\-_.]+)$/.exec(authorization ?? "");
    if (!m) throw unauthenticated(authorization ? "Authorization-Header ist kein Bearer-Token" : "kein Zugriffstoken");
    const t = now();
    const hit = verified.get(m[1]);
    if (hit) {
      // exp is required; the same tolerance as jose's check
      if (t - hit.at < VERIFIED_TOKEN_TTL_MS && (hit.payload.exp as number) * 1000 + CLOCK_TOLERANCE_S * 1000 > t) return hit.payload;
      verified.delete(m[1]);
    }
    try {
      const { payload } = await jwtVerify(m[1], opts.keys, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ["RS256", "PS256", "ES256"],
        typ: opts.requireTyp === false ? undefined : "at+jwt",
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ["sub", "exp"],
        currentDate: new Date(t),
      });
      if (verified.size >= VERIFIED_TOKEN_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(m[1], { payload: payload as VerifiedToken, at: t });
      return payload as VerifiedToken;
    } catch (e) {
      throw unauthenticated(reasonOf(e));
    }
  };
}

function reasonOf(e: unknown): string {
  if (e instanceof errors.JWTExpired) return "Token abgelaufen";
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === "nbf") return "Token noch nicht gültig";
    return `Token ungültig (${e.claim})`;
  }
  if (e instanceof errors.JWSSignatureVerificationFailed) return "Signatur ungültig";
  if (e instanceof errors.JWKSNoMatchingKey) return "unbekannter Schlüssel";
  if (e instanceof errors.JOSEAlgNotAllowed) return "Algorithmus nicht erlaubt";
  if (e instanceof errors.JOSEError) return `Token ungültig (${e.code})`;
  return "Token ungültig";
}
