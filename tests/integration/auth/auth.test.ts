// Bearer token checks on /graphql and /v1: a bad or missing token is 401 with a clear message,
// never data and never a 500 (R-AU029, R-AU030, R-AU020).
import crypto from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

const VIEWER = "{ viewer { email roles } }";

async function expectRejected(token: string | null, status = 401, code = "UNAUTHENTICATED") {
  const g = await app.gql(VIEWER, {}, token);
  expect(g.status).toBe(status);
  expect(g.body.data).toBeUndefined();
  expect(g.body.errors?.[0].extensions?.code).toBe(code);
  const r = await app.rest("GET", "/v1/user/0", token);
  expect(r.status).toBe(status);
  expect((r.body as { error: { code: string; message: string } }).error.code).toBe(code);
  return (r.body as { error: { message: string } }).error.message;
}

describe("token verification", () => {
  it("[R-AU029] a valid embedded-provider token reads the viewer over GraphQL and /v1", async () => {
    const token = await app.token(world.subjects.member);
    const g = await app.gql(VIEWER, {}, token);
    expect(g.status).toBe(200);
    expect(g.body.data).toEqual({ viewer: { email: "member@test.example", roles: [] } });
    const r = await app.rest("GET", "/v1/user/0", token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      email: "member@test.example",
      associations: [{ id: world.club1, name: "MV Eins" }],
      district_association_id: world.district1,
    });
  });

  it("[R-AU020][R-AU029] a missing token is 401 with a German message", async () => {
    expect(await expectRejected(null)).toBe("Nicht angemeldet: kein Zugriffstoken");
  });

  it("[R-AU029] a non-bearer Authorization header is 401", async () => {
    const r = await app.rest("GET", "/v1/user/0", null);
    expect(r.status).toBe(401);
    const res = await app.fastify.inject({ method: "GET", url: "/v1/user/0", headers: { authorization: "Basic YWRtaW46ZGVtbw==" } });
    expect(res.statusCode).toBe(401);
  });

  it("[R-AU029] an expired token is 401 'Token abgelaufen'", async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await expectRejected(await app.token(world.subjects.member, { exp: past, iat: past - 600 }))).toMatch(/Token abgelaufen/);
  });

  it("[R-AU029] a token that is not yet valid is 401", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect(await expectRejected(await app.token(world.subjects.member, { nbf: future }))).toMatch(/noch nicht gültig/);
  });

  it("[R-AU029] a wrong issuer is 401", async () => {
    expect(await expectRejected(await app.token(world.subjects.member, { iss: "https://evil.example" }))).toMatch(/iss/);
  });

  it("[R-AU029] a wrong audience is 401", async () => {
    expect(await expectRejected(await app.token(world.subjects.member, { aud: "someone-else" }))).toMatch(/aud/);
  });

  it("[R-AU029] an ID token (typ JWT instead of at+jwt) is not accepted as access token", async () => {
    await expectRejected(await app.token(world.subjects.member, {}, { typ: "JWT" }));
  });

  it("[R-AU029] a tampered payload fails the signature check", async () => {
    const token = await app.token(world.subjects.member);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    payload.sub = world.subjects.admin;
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
    expect(await expectRejected(forged)).toMatch(/Signatur ungültig/);
  });

  it("[R-AU029] alg none is refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const unsigned = `${enc({ alg: "none", typ: "at+jwt" })}.${enc({ iss: app.services.config.oidc.issuer, aud: app.services.config.oidc.audience, sub: world.subjects.admin, exp: now + 600 })}.`;
    await expectRejected(unsigned);
  });

  it("[R-AU029] HS256 signed with the public key is refused", async () => {
    const pub = JSON.stringify(app.signingKeys?.publicJwk);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: app.signingKeys?.publicJwk.kid })
      .setIssuer(app.services.config.oidc.issuer)
      .setAudience(app.services.config.oidc.audience)
      .setSubject(world.subjects.admin)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(pub));
    await expectRejected(token);
  });

  it("[R-AU029] a token signed by an unknown key is refused", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: crypto.randomUUID() })
      .setIssuer(app.services.config.oidc.issuer)
      .setAudience(app.services.config.oidc.audience)
      .setSubject(world.subjects.admin)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expect(jwk.kty).toBe("RSA");
    await expectRejected(token);
  });

  it("[R-AU030] a valid token of a subject without a user row is 403, no data", async () => {
    await expectRejected(await app.token("nobody"), 403, "FORBIDDEN");
  });

  it("[R-AU030] a blocked user's valid token is refused with 403 'Benutzerkonto deaktiviert'", async () => {
    expect(await expectRejected(await app.token(world.subjects.blocked), 403, "BLOCKED")).toBe("Benutzerkonto deaktiviert");
  });

  it("[R-AU030] roles come from the user row, not from the token: a token claiming admin gives none", async () => {
    const token = await app.token(world.subjects.member, { roles: ["admin"] });
    const g = await app.gql(VIEWER, {}, token);
    expect(g.body.data?.viewer.roles).toEqual([]);
  });

  it("[R-AU030] a role change on the user row acts on the next request with the same token", async () => {
    const token = await app.token(world.subjects["role:user_read"]);
    expect((await app.gql(VIEWER, {}, token)).body.data?.viewer.roles).toEqual(["user_read"]);
    await app.db.prisma.user.update({ where: { id: world.userIds["role:user_read"] }, data: { roles: ["user_read", "user_manage"] } });
    expect((await app.gql(VIEWER, {}, token)).body.data?.viewer.roles).toEqual(["user_read", "user_manage"]);
    await app.db.prisma.user.update({ where: { id: world.userIds["role:user_read"] }, data: { blocked: true } });
    expect((await app.gql(VIEWER, {}, token)).status).toBe(403);
    await app.db.prisma.user.update({ where: { id: world.userIds["role:user_read"] }, data: { blocked: false, roles: ["user_read"] } });
  });

  it("[R-AU029] malformed GraphQL gets a GraphQL error, not a crash", async () => {
    const token = await app.token(world.subjects.member);
    const g = await app.gql("{ viewer { ", {}, token);
    expect(g.status).toBeLessThan(500);
    expect(g.body.data ?? null).toBeNull();
    expect(g.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Syntaxfehler/), extensions: { code: "GRAPHQL_PARSE_FAILED" } });
    const unknown = await app.gql("{ nothingHere }", {}, token);
    expect(unknown.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Das Feld „nothingHere“ gibt es am Typ „Query“ nicht\./),
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it("[R-AU029] the viewer's last activity is recorded", async () => {
    const token = await app.token(world.subjects.member2);
    await app.gql(VIEWER, {}, token);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member2 } });
    expect(u.lastActive).toBeInstanceOf(Date);
  });
});
