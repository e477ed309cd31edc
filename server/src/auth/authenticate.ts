// Bearer token -> Principal. Embedded provider: the token's subject is the user row's subject and
// roles come from the row. External issuer: the user row is found by subject (or, on the first
// sign-in of an invited user, by e-mail), and the roles claim is copied onto the row, so the row
// is the one place the API reads roles from. A blocked user gets 403 whatever the token says.
// Machine clients (embedded provider, client credentials: sub = client_id) are read from the
// ApiClient row on every request the same way: a revoked client's earlier tokens are refused at once.
// External issuer: a service user whose sub was registered as API client (createApiClient with
// externalSubject) acts with the roles of its token's roles claim that the registration granted.

import type { JWK } from "jose";
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import type { Config } from "../config.ts";
import type { RawRead } from "../db/adapter.ts";
import { sameText } from "../db/search.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { keyedLoader } from "../graphql/loaders.ts";
import { BROWSER_CLIENT_ID } from "../idp/names.ts";
import type { RoleName } from "../shared/roles.ts";
import { isProfileComplete } from "../shared/validation.ts";
import { AppError, unauthenticated } from "./errors.ts";
import type { Account, Principal } from "./principal.ts";
import { hasRolesClaim, rolesFromClaim } from "./roles.ts";
import { createTokenVerifier, type VerifiedToken } from "./verify.ts";

const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

export type Authenticator = (authorization: string | undefined | null) => Promise<Principal>;

export function keysFor(config: Config, embeddedPublicJwk?: JWK): JWTVerifyGetKey {
  if (config.oidc.mode === "embedded") {
    if (!embeddedPublicJwk) throw new Error("embedded provider keys missing");
    return createLocalJWKSet({ keys: [embeddedPublicJwk] });
  }
  const { issuer, jwksUrl } = config.oidc;
  let remote: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!remote) {
      let uri = jwksUrl;
      if (!uri) {
        const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
        uri = ((await res.json()) as { jwks_uri: string }).jwks_uri;
      }
      remote = createRemoteJWKSet(new URL(uri));
    }
    return remote(header, token);
  };
}

const NO_ACCOUNT_MESSAGE = "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem";

export function createAuthenticator(opts: {
  config: Config;
  prisma: PrismaClient;
  read: RawRead;
  keys: JWTVerifyGetKey;
  /** where refusals an operator must hear of are logged (default stderr) */
  warn?: (line: string) => void;
}): Authenticator {
  const { config, prisma, read } = opts;
  const warn = opts.warn ?? ((line: string) => console.error(line));
  // RFC 9068's typ "at+jwt" is enforced for the embedded provider's own tokens only; ZITADEL, Keycloak and glewlwyd send typ "JWT"
  const verify = createTokenVerifier({
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    keys: opts.keys,
    requireTyp: config.oidc.mode === "embedded",
  });

  let userinfoEndpoint: string | undefined;
  /**
   * The provider's word on the e-mail address: the token's claims, else its userinfo endpoint. An
   * address counts when email_verified is true, or (OIDC_TRUST_EMAIL=1) when the provider sends
   * none; otherwise the reason names what is missing.
   */
  async function providerEmail(token: VerifiedToken, raw: string): Promise<{ email: string } | { missing: string }> {
    let claims: Record<string, unknown> = token;
    if (typeof claims.email !== "string" || claims.email_verified === undefined) {
      try {
        if (!userinfoEndpoint && config.oidc.mode === "external") {
          const meta = await fetch(`${config.oidc.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
          userinfoEndpoint = ((await meta.json()) as { userinfo_endpoint?: string }).userinfo_endpoint;
        }
        if (userinfoEndpoint) {
          const res = await fetch(userinfoEndpoint, { headers: { authorization: `Bearer ${raw}` }, signal: AbortSignal.timeout(10_000) });
          const info = res.ok ? ((await res.json()) as Record<string, unknown>) : null;
          // the token's own claims stay when the userinfo answer is not about this subject
          if (info && info.sub === token.sub) claims = { ...token, ...info };
        }
      } catch {
        // the token's own claims decide
      }
    }
    const email = claims.email;
    if (typeof email !== "string" || email === "") return { missing: "der Anbieter hat keine E-Mail-Adresse gesendet (Claim email)" };
    if (claims.email_verified === true) return { email };
    if (claims.email_verified === undefined && config.oidc.mode === "external" && config.oidc.trustEmail) return { email };
    return claims.email_verified === false
      ? { missing: `der Anbieter meldet die E-Mail-Adresse ${email} als nicht bestätigt (email_verified: false)` }
      : { missing: `der Anbieter hat nicht bestätigt, dass die E-Mail-Adresse ${email} geprüft ist (Claim email_verified fehlt)` };
  }

  /** The user row (without secrets) with its clubs and the start-page version, as one statement reads it. */
  type PrincipalRow = Account & { subject: string; roles: string[]; associationIds: number[]; startPageVersion: string };
  /**
   * The hot path of every request: the user row and its clubs past Prisma's query interpretation
   * (Database.read, db/adapter.ts: it reads the timestamps as the UTC instants they store). The
   * requests that arrive together (one turn of the event loop) share one statement; each gets a
   * read that started after it arrived (keyedLoader without its cache: a subject asked for while
   * its batch is being read waits for the next batch).
   */
  const principalRow = keyedLoader(
    async (subjects: string[]) => {
      const rows = await read<PrincipalRow>(
        `SELECT u.id, u.subject, u.roles::text[] AS roles, u."districtAssociationId", u.blocked, u."lastActive",
                u.city, u.street, u.postcode, u.phone, u.firstname, u.lastname, u.email, u.country, u."invitedAt",
                u.version, u."createdAt", u."updatedAt",
                COALESCE(array_agg(ua."associationId") FILTER (WHERE ua."associationId" IS NOT NULL), '{}') AS "associationIds",
                (SELECT last_value::text FROM "start_page_version") AS "startPageVersion"
           FROM "User" u LEFT JOIN "UserAssociation" ua ON ua."userId" = u.id
          WHERE u.subject = ANY($1::text[])
          GROUP BY u.id`,
        [subjects],
      );
      return new Map(rows.map((r) => [r.subject, r]));
    },
    { cache: false },
  );

  /** The user row of the token's subject; an invited user's row is linked on the first sign-in. Else why there is none. */
  async function findUser(token: VerifiedToken, raw: string) {
    const select = {
      id: true,
      subject: true,
      roles: true,
      districtAssociationId: true,
      blocked: true,
      lastActive: true,
      city: true,
      street: true,
      postcode: true,
      phone: true,
      associations: { select: { associationId: true } },
    };
    const row = await principalRow.load(token.sub);
    const bySubject = row ? { ...row, associations: row.associationIds.map((associationId) => ({ associationId })), account: row as Account } : null;
    if (bySubject || config.oidc.mode === "embedded") return bySubject ?? NO_ACCOUNT_MESSAGE;
    // a service user registered as API client has no user row and no e-mail to link by
    if (await prisma.apiClient.count({ where: { clientId: token.sub } })) return NO_ACCOUNT_MESSAGE;
    // first sign-in of an invited user: link by e-mail, only when the provider verified it (or the operator trusts it)
    const found = await providerEmail(token, raw);
    if ("missing" in found) return `${NO_ACCOUNT_MESSAGE}: ${found.missing}`;
    const invited = await prisma.user.findFirst({ where: { email: sameText(found.email), subject: null }, select });
    if (!invited) return `${NO_ACCOUNT_MESSAGE}: niemand mit der E-Mail-Adresse ${found.email} ist eingeladen`;
    return prisma.user.update({ where: { id: invited.id }, data: { subject: token.sub }, select });
  }

  /**
   * A machine client's principal from its ApiClient row. External issuer: the token's roles claim
   * counts, limited to the roles granted when the client was registered here.
   */
  async function machinePrincipal(clientId: string, claimed?: RoleName[]): Promise<Principal> {
    const c = await prisma.apiClient.findUnique({ where: { clientId }, select: { roles: true, districtAssociationId: true, revokedAt: true } });
    if (!c || c.revokedAt) throw unauthenticated("API-Zugang unbekannt oder widerrufen");
    const granted = c.roles as RoleName[];
    return {
      kind: "client",
      userId: 0,
      subject: `client:${clientId}`,
      roles: claimed ? granted.filter((r) => claimed.includes(r)) : granted,
      districtAssociationId: c.districtAssociationId,
      associationIds: [],
      blocked: false,
      profileComplete: false,
    };
  }

  return async (authorization) => {
    const token = await verify(authorization);
    // a client-credentials token of the embedded provider: no account, the subject is the client
    if (config.oidc.mode === "embedded" && typeof token.client_id === "string" && token.sub === token.client_id && token.client_id !== BROWSER_CLIENT_ID) {
      return machinePrincipal(token.client_id);
    }
    const user = await findUser(token, (authorization ?? "").replace(/^Bearer\s+/, ""));
    if (typeof user === "string") {
      // external issuer: a service user registered as API client (its sub is the client id)
      if (config.oidc.mode === "external" && (await prisma.apiClient.count({ where: { clientId: token.sub } }))) {
        return machinePrincipal(token.sub, rolesFromClaim(token, config.oidc.rolesClaim));
      }
      throw new AppError("FORBIDDEN", user);
    }
    if (user.blocked) throw new AppError("BLOCKED", "Benutzerkonto deaktiviert");
    let roles = user.roles as RoleName[];
    const updates: { roles?: RoleName[]; lastActive?: Date } = {};
    if (config.oidc.mode === "external") {
      // a token without the claim would take every role away: refused unless the operator says it means "no roles"
      if (!hasRolesClaim(token, config.oidc.rolesClaim) && !config.oidc.rolesOptional) {
        warn(
          `Anmeldung abgelehnt: das Zugriffstoken von ${token.sub} enthält den Rollen-Claim „${config.oidc.rolesClaim}“ nicht (OIDC_ROLES_CLAIM, OIDC_ROLES_OPTIONAL)`,
        );
        throw new AppError("FORBIDDEN", `Anmeldung abgelehnt: das Token des Anbieters enthält keine Rollen (Claim „${config.oidc.rolesClaim}“ fehlt)`);
      }
      const claimed = rolesFromClaim(token, config.oidc.rolesClaim);
      if (claimed.join() !== roles.join()) roles = updates.roles = claimed;
    }
    const now = new Date();
    if (!user.lastActive || now.getTime() - user.lastActive.getTime() > LAST_ACTIVE_RESOLUTION_MS) updates.lastActive = now;
    const changed = Object.keys(updates).length > 0;
    if (changed) await prisma.user.update({ where: { id: user.id }, data: updates });
    // the row as read, for the viewer query; not after the update above changed it
    const account = !changed && "account" in user ? (user.account as Account) : undefined;
    return {
      ...(account ? { account } : {}),
      // read with the row (not on an invited user's first sign-in, which links the row first)
      ...("startPageVersion" in user ? { startPageVersion: user.startPageVersion as string } : {}),
      kind: "user",
      userId: user.id,
      subject: token.sub,
      roles,
      districtAssociationId: user.districtAssociationId,
      associationIds: user.associations.map((a) => a.associationId),
      blocked: user.blocked,
      profileComplete: isProfileComplete(user),
    };
  };
}
