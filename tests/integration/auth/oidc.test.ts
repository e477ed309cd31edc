// The embedded OpenID provider end to end over real HTTP: authorization code + PKCE, the German
// login page, JWT access tokens for the API carrying roles, refresh tokens, and a restart that
// signs nobody out (keys and sessions live in the database).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../../server/src/idp/passwords.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { eventually } from "../../support/fixtures.ts";
import { Browser, exchange, signIn, startSignIn } from "../../support/signin.ts";

let app: TestApp;
const dataKey = crypto.randomBytes(32);

beforeAll(async () => {
  app = await startTestApp({ listen: true, dataKey });
  const prisma = app.db.prisma;
  const d = await prisma.districtAssociation.create({ data: { name: "KV", iamRef: "kv", gdprLink: "https://e.test/d", impressLink: "https://e.test/i" } });
  const passwordHash = await hashPassword("geheim");
  await prisma.user.create({
    data: {
      email: "staff@test.example",
      firstname: "Stefan",
      lastname: "Stab",
      roles: ["event_manage", "registration_read"],
      districtAssociationId: d.id,
      passwordHash,
    },
  });
  await prisma.user.create({
    data: { email: "gesperrt@test.example", firstname: "G", lastname: "S", districtAssociationId: d.id, passwordHash, blocked: true },
  });
});
afterAll(() => app?.stop());

describe("embedded OpenID provider", () => {
  it("[R-AU001][R-AU005] publishes discovery with token, userinfo, revocation, end-session endpoints and S256", async () => {
    const res = await fetch(`${app.baseUrl}/oidc/.well-known/openid-configuration`);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(`${app.baseUrl}/oidc`);
    for (const k of ["authorization_endpoint", "token_endpoint", "userinfo_endpoint", "revocation_endpoint", "end_session_endpoint", "jwks_uri"])
      expect(meta[k]).toMatch(/^http/);
    expect(meta.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("[R-AU002] refuses an authorization request without PKCE", async () => {
    const b = new Browser(app.baseUrl);
    const q = new URLSearchParams({
      client_id: "anmeldesystem",
      redirect_uri: `${app.baseUrl}/auth/oidc/callback`,
      response_type: "code",
      scope: "openid",
      state: "x",
    });
    const res = await b.fetch(`/oidc/auth?${q}`);
    const loc = res.headers.get("location") ?? "";
    expect(loc).toContain("error=invalid_request");
    expect(decodeURIComponent(loc)).toMatch(/PKCE|code_challenge/i);
  });

  it("[R-AU001] shows a German login page and a German error for a wrong password", async () => {
    const b = new Browser(app.baseUrl);
    const s = await startSignIn(b);
    expect(s.status).toBe(200);
    expect(s.html).toContain("<h1>Anmelden</h1>");
    expect(s.html).toContain("Passwort");
    const wrong = await b.fetch(s.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=staff%40test.example&password=falsch",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("E-Mail-Adresse oder Passwort ist falsch.");
  });

  it("[R-AU001] a blocked user cannot sign in", async () => {
    const { res } = await signIn(new Browser(app.baseUrl), "gesperrt@test.example", "geheim");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Dieses Benutzerkonto ist deaktiviert.");
  });

  it("[R-AU001] the e-mail address is matched as written (any case): LIKE's wildcards sign nobody in", async () => {
    // before, the lookup was an unescaped ILIKE: "%" with the right password signed in as some user
    for (const email of ["%", "staff@%", "staff@test_example", "%@test.example"]) {
      const { res } = await signIn(new Browser(app.baseUrl), email, "geheim");
      expect(res.status, email).toBe(401);
      expect(await res.text()).toContain("E-Mail-Adresse oder Passwort ist falsch.");
    }
  });

  let refreshToken = "";
  let accessToken = "";

  it("[R-AU002][R-AU004][R-AU030] code + PKCE gives an RS256 at+jwt access token for the API with the user's roles, without a consent screen", async () => {
    const b = new Browser(app.baseUrl);
    const { res, verifier, redirectUri } = await signIn(b, "STAFF@test.example", "geheim");
    const back = await b.follow(res);
    const loc = new URL(back.headers.get("location") as string);
    expect(loc.pathname).toBe("/auth/oidc/callback");
    expect(loc.searchParams.get("state")).toBe("st-1");
    const tokens = await exchange(loc.searchParams.get("code") as string, verifier, redirectUri);
    expect(tokens.status).toBe(200);
    accessToken = tokens.body.access_token;
    refreshToken = tokens.body.refresh_token;
    expect(refreshToken).toBeTruthy();
    const [header, payload] = accessToken
      .split(".")
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, "base64url").toString()));
    expect(header).toMatchObject({ alg: "RS256", typ: "at+jwt" });
    expect(payload).toMatchObject({
      iss: `${app.baseUrl}/oidc`,
      aud: "urn:anmeldesystem:api",
      roles: ["event_manage", "registration_read"],
      client_id: "anmeldesystem",
    });
    const viewer = await fetch(`${app.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ query: "{ viewer { email firstname roles } }" }),
    });
    expect(await viewer.json()).toEqual({
      data: { viewer: { email: "staff@test.example", firstname: "Stefan", roles: ["event_manage", "registration_read"] } },
    });
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { email: "staff@test.example" } });
    expect(u.lastActive).toBeInstanceOf(Date);
  });

  it("[R-AU012][R-AU014] a refresh token renews the access token", async () => {
    const res = await fetch(`${app.baseUrl}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: "anmeldesystem",
        resource: "urn:anmeldesystem:api",
      }).toString(),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, string>;
    expect(body.access_token.split(".")).toHaveLength(3);
    refreshToken = body.refresh_token ?? refreshToken;
  });

  it("[R-AU001] a new password ends every session and refresh token of the account; signing in clears a pending reset link", async () => {
    await app.db.prisma.user.create({
      data: {
        email: "wechsel@test.example",
        firstname: "W",
        lastname: "S",
        districtAssociationId: (await app.db.prisma.districtAssociation.findFirstOrThrow()).id,
        passwordHash: await hashPassword("altes-passwort"),
      },
    });
    // a reset link was asked for, then the password came back to mind
    await fetch(`${app.baseUrl}/oidc/forgot`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=wechsel%40test.example",
    });
    await eventually(
      () => app.db.prisma.user.findUniqueOrThrow({ where: { email: "wechsel@test.example" } }),
      (u) => u.inviteCode !== null,
    );
    const b = new Browser(app.baseUrl);
    const { res, verifier, redirectUri } = await signIn(b, "wechsel@test.example", "altes-passwort");
    const loc = new URL((await b.follow(res)).headers.get("location") as string);
    const tokens = await exchange(loc.searchParams.get("code") as string, verifier, redirectUri);
    expect(tokens.status).toBe(200);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { email: "wechsel@test.example" } })).inviteCode).toBeNull();
    const refresh = (token: string) =>
      fetch(`${app.baseUrl}/oidc/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: token,
          client_id: "anmeldesystem",
          resource: "urn:anmeldesystem:api",
        }).toString(),
      });
    const renewed = await refresh(tokens.body.refresh_token);
    expect(renewed.status).toBe(200);
    const current = ((await renewed.json()) as Record<string, string>).refresh_token ?? tokens.body.refresh_token;
    const changed = await fetch(`${app.baseUrl}/oidc/account`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=wechsel%40test.example&current=altes-passwort&password=neues-passwort&repeat=neues-passwort",
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Alle Sitzungen wurden beendet");
    expect((await refresh(current)).status).toBe(400);
  });

  it("[R-AU015] a restart signs nobody out: keys, sessions and refresh tokens live in the database", async () => {
    await app.close();
    app = {
      ...(await startTestApp({ listen: true, db: app.db, dataKey, env: { PUBLIC_URL: app.baseUrl, PORT: new URL(app.baseUrl).port } })),
      db: app.db,
    } as TestApp;
    const viewer = await fetch(`${app.baseUrl}/v1/user/0`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(viewer.status).toBe(200);
    const res = await fetch(`${app.baseUrl}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: "anmeldesystem",
        resource: "urn:anmeldesystem:api",
      }).toString(),
    });
    expect(res.status).toBe(200);
  });
});
