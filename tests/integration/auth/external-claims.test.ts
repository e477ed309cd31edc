// An external OpenID provider's tokens as standard providers send them (the provider side is a
// small fake publishing discovery, keys and userinfo without email_verified, as glewlwyd does; the
// real glewlwyd journey is tests/e2e/glewlwyd.spec.ts): the default audience is $PUBLIC_URL/api,
// the e-mail decision (email_verified, or OIDC_TRUST_EMAIL=1) says what is missing, a token
// without the roles claim is refused unless OIDC_ROLES_OPTIONAL=1, and every documented shape of
// the roles claim gives the same roles.
import Fastify, { type FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";

let fake: FastifyInstance;
let fakeUrl: string;
let privateKey: CryptoKey;
let publicJwk: JWK;
/** what userinfo answers per subject: an e-mail address, never email_verified */
const PROFILE: Record<string, { email: string }> = {};

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey as CryptoKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  fake = Fastify();
  fake.get("/.well-known/openid-configuration", async () => ({ issuer: fakeUrl, jwks_uri: `${fakeUrl}/jwks`, userinfo_endpoint: `${fakeUrl}/userinfo` }));
  fake.get("/jwks", async () => ({ keys: [publicJwk] }));
  fake.get("/userinfo", async (req, reply) => {
    const token = (req.headers.authorization ?? "").replace("Bearer ", "");
    const sub = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}").sub as string;
    return PROFILE[sub] ? { sub, ...PROFILE[sub] } : reply.status(401).send({ error: "invalid_token" });
  });
  await fake.listen({ port: 0, host: "127.0.0.1" });
  fakeUrl = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await fake?.close();
});

async function providerToken(app: TestApp, sub: string, claims: Record<string, unknown>, aud = `${app.baseUrl}/api`) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "k1" })
    .setIssuer(fakeUrl)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(privateKey);
}

async function invite(app: TestApp, email: string, roles: string[] = []) {
  const district = await app.db.prisma.districtAssociation.create({
    data: { name: `KV ${email}`, iamRef: `ref-${email}`, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
  });
  return app.db.prisma.user.create({ data: { email, firstname: "E", lastname: "X", districtAssociationId: district.id, roles: roles as never } });
}

describe("an external provider with the defaults", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { OIDC_ISSUER: fakeUrl, OIDC_CLIENT_ID: "anmeldesystem" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("requires the audience $PUBLIC_URL/api, sends it as resource, and names aud when a token is meant for another API", async () => {
    const config = (await app.rest("GET", "/config.json")).body as { oidc: { resource: string } };
    expect(config.oidc.resource).toBe(`${app.baseUrl}/api`);
    const foreign = await providerToken(app, "p-aud", { roles: [] }, "urn:anmeldesystem:api");
    const res = await app.gql("{ viewer { email } }", {}, foreign);
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]?.message).toBe("Nicht angemeldet: Token ungültig (aud)");
  });

  it("links no row without email_verified and says so; an address nobody was invited with is named", async () => {
    const row = await invite(app, "unbestaetigt@p.example");
    PROFILE["p-unverified"] = { email: "unbestaetigt@p.example" };
    const res = await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-unverified", { roles: [] }));
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.message).toBe(
      "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem: der Anbieter hat nicht bestätigt, dass die E-Mail-Adresse unbestaetigt@p.example geprüft ist (Claim email_verified fehlt)",
    );
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).subject).toBeNull();

    const unknown = await app.gql(
      "{ viewer { email } }",
      {},
      await providerToken(app, "p-unknown", { roles: [], email: "fremd@p.example", email_verified: true }),
    );
    expect(unknown.status).toBe(403);
    expect(unknown.body.errors?.[0]?.message).toBe(
      "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem: niemand mit der E-Mail-Adresse fremd@p.example ist eingeladen",
    );
    const none = await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-none", { roles: [] }));
    expect(none.body.errors?.[0]?.message).toBe(
      "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem: der Anbieter hat keine E-Mail-Adresse gesendet (Claim email)",
    );
  });

  it("refuses a token without the roles claim, logs it, and keeps the row's roles", async () => {
    const row = await invite(app, "rollen@p.example", ["event_manage"]);
    await app.db.prisma.user.update({ where: { id: row.id }, data: { subject: "p-roles" } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-roles", {}));
    // the operator hears of it: the log names the subject and the settings
    expect(logged).toHaveBeenCalledWith(
      "Anmeldung abgelehnt: das Zugriffstoken von p-roles enthält den Rollen-Claim „roles“ nicht (OIDC_ROLES_CLAIM, OIDC_ROLES_OPTIONAL)",
    );
    logged.mockRestore();
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]?.message).toBe("Anmeldung abgelehnt: das Token des Anbieters enthält keine Rollen (Claim „roles“ fehlt)");
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).roles).toEqual(["event_manage"]);
    // an empty claim is the provider's word: no roles
    expect((await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-roles", { roles: "" }))).status).toBe(200);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).roles).toEqual([]);
  });

  it("reads the roles claim as an array, a space- or comma-separated string, or an object of role keys", async () => {
    const row = await invite(app, "formen@p.example");
    await app.db.prisma.user.update({ where: { id: row.id }, data: { subject: "p-shapes" } });
    for (const roles of [["user_read", "event_manage"], "user_read event_manage", "user_read,event_manage", { user_read: {}, event_manage: { org: "x" } }]) {
      await app.db.prisma.user.update({ where: { id: row.id }, data: { roles: [] } });
      expect((await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-shapes", { roles }))).status).toBe(200);
      expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).roles).toEqual(["user_read", "event_manage"]);
    }
  });
});

describe("an external provider whose operator trusts its e-mail and lets a missing roles claim mean no roles", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { OIDC_ISSUER: fakeUrl, OIDC_CLIENT_ID: "anmeldesystem", OIDC_TRUST_EMAIL: "1", OIDC_ROLES_OPTIONAL: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("links the invited row by the provider's e-mail without email_verified, but not when the provider says it is unverified", async () => {
    const row = await invite(app, "vertraut@p.example", ["event_manage"]);
    PROFILE["p-trusted"] = { email: "vertraut@p.example" };
    const res = await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-trusted", {}));
    expect(res.status).toBe(200);
    expect(res.body.data.viewer.email).toBe("vertraut@p.example");
    const linked = await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } });
    expect(linked.subject).toBe("p-trusted");
    // OIDC_ROLES_OPTIONAL=1: the missing claim means no roles
    expect(linked.roles).toEqual([]);

    await invite(app, "falsch@p.example");
    const refused = await app.gql("{ viewer { email } }", {}, await providerToken(app, "p-false", { email: "falsch@p.example", email_verified: false }));
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.message).toBe(
      "Für diese Anmeldung gibt es kein Benutzerkonto im Anmeldesystem: der Anbieter meldet die E-Mail-Adresse falsch@p.example als nicht bestätigt (email_verified: false)",
    );
  });
});
