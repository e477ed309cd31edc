// CONTRACT TEST against a fake ZITADEL. ZITADEL cannot run here, so this fake implements the
// parts of ZITADEL's published API that the product uses (OIDC discovery and keys, user service
// v2: create human user, invite code, deactivate, reactivate, delete) with the request and
// response shapes of its documentation. It proves what the product sends and how it reacts; it
// is NOT verified against a live ZITADEL.
import Fastify, { type FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";

const PAT = "pat-of-the-service-user";
const ROLES_CLAIM = "urn:zitadel:iam:org:project:roles";
const USERINFO: Record<string, { email: string; email_verified: boolean }> = {
  "z-late": { email: "late@z.example", email_verified: true },
  "z-unverified": { email: "unverified@z.example", email_verified: false },
};

let fake: FastifyInstance;
let fakeUrl: string;
let app: TestApp;
let privateKey: CryptoKey;
let publicJwk: JWK;
const calls: { method: string; url: string; body: any; auth?: string }[] = [];
const users = new Map<string, { state: "active" | "inactive" }>();
let failNextCreate = false;
let district: number;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey as CryptoKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "zitadel-key", alg: "RS256", use: "sig" };

  fake = Fastify();
  fake.addHook("onRequest", async (req) => {
    if (req.url.startsWith("/v2/")) calls.push({ method: req.method, url: req.url, body: undefined, auth: req.headers.authorization });
  });
  fake.addHook("preHandler", async (req, reply) => {
    if (!req.url.startsWith("/v2/")) return;
    calls[calls.length - 1].body = req.body;
    if (req.headers.authorization !== `Bearer ${PAT}`) return reply.status(401).send({ code: 16, message: "Errors.Token.Invalid" });
  });
  fake.get("/.well-known/openid-configuration", async () => ({
    issuer: fakeUrl,
    jwks_uri: `${fakeUrl}/oauth/v2/keys`,
    userinfo_endpoint: `${fakeUrl}/oidc/v1/userinfo`,
  }));
  // userinfo answers for the token's subject (the fake trusts the bearer token's payload)
  fake.get("/oidc/v1/userinfo", async (req, reply) => {
    const token = (req.headers.authorization ?? "").replace("Bearer ", "");
    const sub = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}").sub as string;
    const profile = USERINFO[sub];
    return profile ? { sub, ...profile } : reply.status(401).send({ error: "invalid_token" });
  });
  fake.get("/oauth/v2/keys", async () => ({ keys: [publicJwk] }));
  fake.post("/v2/users/human", async (req, reply) => {
    const b = req.body as any;
    if (failNextCreate) {
      failNextCreate = false;
      return reply.status(409).send({ code: 6, message: "User already exists (COMMAND-CxDKf)" });
    }
    if (!b?.username || !b?.organization?.orgId || !b?.profile?.givenName || !b?.profile?.familyName || !b?.email?.email) {
      return reply.status(400).send({ code: 3, message: "invalid AddHumanUserRequest" });
    }
    const userId = `z-${users.size + 1}`;
    users.set(userId, { state: "active" });
    return { userId, details: { sequence: "1", changeDate: new Date().toISOString(), resourceOwner: b.organization.orgId } };
  });
  const known = (id: string, reply: any) => (users.has(id) ? null : reply.status(404).send({ code: 5, message: "User could not be found" }));
  fake.post("/v2/users/:id/invite_code", async (req, reply) => known((req.params as any).id, reply) ?? { details: { sequence: "2" } });
  fake.post("/v2/users/:id/deactivate", async (req, reply) => {
    const id = (req.params as any).id;
    if (known(id, reply)) return reply;
    users.get(id)!.state = "inactive";
    return { details: { sequence: "3" } };
  });
  fake.post("/v2/users/:id/reactivate", async (req, reply) => {
    const id = (req.params as any).id;
    if (known(id, reply)) return reply;
    users.get(id)!.state = "active";
    return { details: { sequence: "4" } };
  });
  fake.delete("/v2/users/:id", async (req, reply) => {
    const id = (req.params as any).id;
    if (known(id, reply)) return reply;
    users.delete(id);
    return { details: { sequence: "5" } };
  });
  await fake.listen({ port: 0, host: "127.0.0.1" });
  fakeUrl = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;

  // ZITADEL names the audience by project; here the one this app is told to require
  app = await startTestApp({
    env: {
      OIDC_ISSUER: fakeUrl,
      OIDC_CLIENT_ID: "2345@anmeldesystem",
      OIDC_AUDIENCE: "urn:anmeldesystem:api",
      OIDC_ROLES_CLAIM: ROLES_CLAIM,
      ZITADEL_TOKEN: PAT,
    },
  });
  district = (
    await app.db.prisma.districtAssociation.create({
      data: { name: "KV Z", iamRef: "org-4711", gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
    })
  ).id;
  await app.db.prisma.user.create({ data: { subject: "z-staff", email: "staff@z.example", firstname: "S", lastname: "Z", districtAssociationId: district } });
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function zitadelToken(sub: string, roles: string[], extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ [ROLES_CLAIM]: Object.fromEntries(roles.map((r) => [r, { "4711": "kv-z.example" }])), ...extra })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "zitadel-key" })
    .setIssuer(fakeUrl)
    .setAudience("urn:anmeldesystem:api")
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(privateKey);
}

describe("ZITADEL (contract test against a fake)", () => {
  let staff: string;
  let created: number;

  it("[R-AU030][R-RP005] a ZITADEL access token is verified with the issuer's published keys and its project roles become the user's roles", async () => {
    staff = await zitadelToken("z-staff", ["user_manage", "result_read"]);
    const res = await app.gql("{ viewer { email roles } }", {}, staff);
    expect(res.body.data.viewer).toEqual({ email: "staff@z.example", roles: ["user_manage", "results_read"] });
  });

  it("[R-UM010] creating a user creates a human user in the district's organisation (IamRef) and sends ZITADEL's invite code", async () => {
    calls.length = 0;
    const res = await app.rest("POST", "/v1/user", staff, { district_association_id: district, firstname: "Zoe", lastname: "Zett", email: "zoe@z.example" });
    expect(res.status).toBe(201);
    created = res.body.id;
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /v2/users/human", "POST /v2/users/z-1/invite_code"]);
    expect(calls[0].auth).toBe(`Bearer ${PAT}`);
    expect(calls[0].body).toEqual({
      username: "zoe@z.example",
      organization: { orgId: "org-4711" },
      profile: { givenName: "Zoe", familyName: "Zett" },
      email: { email: "zoe@z.example", sendCode: {} },
    });
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: created } })).subject).toBe("z-1");
  });

  it("[R-UM014] resending the invitation asks ZITADEL for a new invite code", async () => {
    calls.length = 0;
    expect((await app.rest("PUT", `/v1/user/${created}/invite_code/resend`, staff)).status).toBe(200);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /v2/users/z-1/invite_code"]);
  });

  it("[R-UM015][R-UM016] blocking and unblocking deactivate and reactivate the ZITADEL user", async () => {
    calls.length = 0;
    await app.rest("PUT", `/v1/user/${created}/deactivate`, staff);
    expect(users.get("z-1")?.state).toBe("inactive");
    await app.rest("PUT", `/v1/user/${created}/reactivate`, staff);
    expect(users.get("z-1")?.state).toBe("active");
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /v2/users/z-1/deactivate", "POST /v2/users/z-1/reactivate"]);
  });

  it("[R-AU030] the first sign-in of a user row without subject links it by the e-mail the provider verified (userinfo)", async () => {
    const row = await app.db.prisma.user.create({ data: { email: "late@z.example", firstname: "L", lastname: "Z", districtAssociationId: district } });
    const res = await app.gql("{ viewer { email } }", {}, await zitadelToken("z-late", []));
    expect(res.body.data.viewer.email).toBe("late@z.example");
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).subject).toBe("z-late");
  });

  it("[R-AU030] an unverified e-mail address links nothing", async () => {
    await app.db.prisma.user.create({ data: { email: "unverified@z.example", firstname: "U", lastname: "Z", districtAssociationId: district } });
    const res = await app.gql("{ viewer { email } }", {}, await zitadelToken("z-unverified", [], { email: "unverified@z.example", email_verified: false }));
    expect(res.status).toBe(403);
    expect((await app.db.prisma.user.findFirstOrThrow({ where: { email: "unverified@z.example" } })).subject).toBeNull();
  });

  it("[R-UM010] when ZITADEL refuses, the user is not created here either (one transaction)", async () => {
    failNextCreate = true;
    const res = await app.rest("POST", "/v1/user", staff, { district_association_id: district, firstname: "Dup", lastname: "Licate", email: "dup@z.example" });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("IDENTITY_PROVIDER");
    expect(res.body.error.message).toMatch(/User already exists/);
    expect(await app.db.prisma.user.count({ where: { email: "dup@z.example" } })).toBe(0);
  });

  it("[R-RP018] with an external provider roles are assigned there, not in the user dialog", async () => {
    const admin = await zitadelToken("z-staff", ["admin"]);
    const res = await app.rest("PUT", "/v1/user", admin, { id: created, firstname: "Zoe", lastname: "Zett", email: "zoe@z.example", roles: ["event_manage"] });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Rollen werden im Identity Provider vergeben");
  });

  it("[R-UM018] deleting a user deletes the ZITADEL user", async () => {
    calls.length = 0;
    expect((await app.rest("DELETE", `/v1/user/${created}`, await zitadelToken("z-staff", ["user_manage"]))).status).toBe(204);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["DELETE /v2/users/z-1"]);
    expect(users.has("z-1")).toBe(false);
  });
});
