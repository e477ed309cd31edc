// Bearer token verification with jose: RS256/ES256 signature against the issuer's keys, issuer,
// audience, expiry (with 30 s clock tolerance) and typ "at+jwt" (RFC 9068). Anything else is a 401
// with a clear message, never a 500.
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import { unauthenticated } from "./errors.ts";

export type VerifiedToken = JWTPayload & { sub: string; [claim: string]: unknown };

export type TokenVerifier = (authorization: string | undefined | null) => Promise<VerifiedToken>;

export function createTokenVerifier(opts: { issuer: string; audience: string; keys: JWTVerifyGetKey; requireTyp?: boolean }): TokenVerifier {
  return async (authorization) => {
    const m = /^Bearer\s+([A-Za-z0-9\-_.]+)$/.exec(authorization ?? "");
    if (!m) throw unauthenticated(authorization ? "Authorization-Header ist kein Bearer-Token" : "kein Zugriffstoken");
    try {
      const { payload } = await jwtVerify(m[1], opts.keys, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ["RS256", "PS256", "ES256"],
        typ: opts.requireTyp === false ? undefined : "at+jwt",
        clockTolerance: 30,
        requiredClaims: ["sub", "exp"],
      });
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
