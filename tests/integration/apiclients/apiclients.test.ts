// Machine clients: staff with user_manage create API clients of their district
// association, the embedded provider issues client-credentials tokens over real HTTP, and those
// tokens pass the same permission and tenancy checks as people's. Revoking refuses new tokens and
// the ones already issued.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid as globalId } from "../../support/fixtures.ts";

let app: TestApp;
const ids = { d1: 0, d2: 0, club1: 0, club2: 0, hidden1: 0, hidden2: 0 };
const tokens: Record<string, string> = {};

const CREATE = `mutation($input: CreateApiClientInput!) {
  createApiClient(input: $input) { clientSecret client { databaseId clientId name roles districtAssociationId revokedAt } }
}`;
const REVOKE = "mutation($id: Int!) { revokeApiClient(id: $id) { databaseId revokedAt } }";
const LIST = "query($d: Int) { apiClients(districtAssociationId: $d) { clientId name districtAssociationId revokedAt } }";

beforeAll(async () => {
  app = await startTestApp({ listen: true });
  const prisma = app.db.prisma;
  const district = (n: string) =>
    prisma.districtAssociation.create({ data: { name: n, iamRef: n, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" } });
  ids.d1 = (await district("KV Eins")).id;
  ids.d2 = (await district("KV Zwei")).id;
  ids.club1 = (await prisma.association.create({ data: { name: "MV Eins", districtAssociationId: ids.d1 } })).id;
  ids.club2 = (await prisma.association.create({ data: { name: "MV Zwei", districtAssociationId: ids.d2 } })).id;
  const hiddenEvent = async (districtAssociationId: number, name: string) => {
    const now = Date.now();
    return (
      await prisma.event.create({
        data: {
          name,
          districtAssociationId,
          formType: "DEXAM",
          registrationDeadline: new Date(now + 30 * 86400_000),
          startPublishing: new Date(now + 86400_000),
          finishPublishing: new Date(now + 60 * 86400_000),
          privacyPolicy: "p",
        },
      })
    ).id;
  };
  ids.hidden1 = await hiddenEvent(ids.d1, "Intern Eins");
  ids.hidden2 = await hiddenEvent(ids.d2, "Intern Zwei");
  const user = async (name: string, roles: ("admin" | "user_manage" | "event_manage" | "association_read")[], districtAssociationId: number) => {
    await prisma.user.create({ data: { subject: `sub-${name}`, email: `${name}@test.example`, firstname: name, lastname: "T", roles, districtAssociationId } });
    tokens[name] = await app.token(`sub-${name}`);
  };
  await user("admin", ["admin"], ids.d1);
  await user("manager", ["user_manage", "event_manage", "association_read"], ids.d1);
  await user("manager2", ["user_manage", "event_manage", "association_read"], ids.d2);
  await user("member", [], ids.d1);
});
afterAll(() => app?.stop());

async function createClient(who: string, input: Record<string, unknown>) {
  const { body } = await app.gql(CREATE, { input }, tokens[who]);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.createApiClient as {
    clientSecret: string;
    client: { databaseId: number; clientId: string; roles: string[]; districtAssociationId: number };
  };
}

/** POST to the embedded provider's token endpoint with grant_type=client_credentials */
async function tokenRequest(clientId: string, secret: string, method: "basic" | "post" = "basic") {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (method === "basic") headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
  else {
    form.set("client_id", clientId);
    form.set("client_secret", secret);
  }
  const res = await fetch(`${app.baseUrl}/oidc/token`, { method: "POST", headers, body: form });
  return { status: res.status, body: (await res.json()) as { access_token?: string; token_type?: string; expires_in?: number; error?: string } };
}

async function gqlOver(token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${app.baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
}

async function restOver(token: string, path: string) {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

describe("API clients (OAuth 2 client credentials)", () => {
  it("a client created by user_manage gets a JWT for the API from the embedded provider and uses it against GraphQL and /v1", async () => {
    const { clientSecret, client } = await createClient("manager", { name: "Kassenprogramm", roles: ["event_manage", "association_read"] });
    expect(client).toMatchObject({ districtAssociationId: ids.d1, roles: ["event_manage", "association_read"] });
    expect(clientSecret.length).toBeGreaterThanOrEqual(40);

    const t = await tokenRequest(client.clientId, clientSecret);
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    expect(t.body.token_type).toBe("Bearer");
    const at = t.body.access_token as string;
    expect(decodeProtectedHeader(at).typ).toBe("at+jwt");
    const claims = decodeJwt(at);
    expect(claims).toMatchObject({
      sub: client.clientId,
      client_id: client.clientId,
      aud: decodeJwt(tokens.manager).aud,
      roles: ["event_manage", "association_read"],
    });

    // GraphQL: the own district's unpublished event is visible, the other district's is not
    const events = await gqlOver(at, "{ events(first: 50) { edges { node { name } } } }");
    expect(events.status).toBe(200);
    const names = events.body.data.events.edges.map((e: { node: { name: string } }) => e.node.name);
    expect(names).toContain("Intern Eins");
    expect(names).not.toContain("Intern Zwei");

    // /v1: the clubs of the own district
    const clubs = await restOver(at, "/v1/associations");
    expect(clubs.status).toBe(200);
    expect(clubs.body.map((c: { id: number }) => c.id)).toEqual([ids.club1]);
    expect((await restOver(at, `/v1/event/${ids.hidden1}`)).status).toBe(200);

    // client_secret_post works the same
    const post = await tokenRequest(client.clientId, clientSecret, "post");
    expect(post.status).toBe(200);
    expect(typeof post.body.access_token).toBe("string");
  });

  it("tenancy: a district-1 client never sees district 2 (lists narrowed, objects NOT_FOUND)", async () => {
    const { clientSecret, client } = await createClient("manager", { name: "Auswertung", roles: ["event_manage", "association_read"] });
    const at = (await tokenRequest(client.clientId, clientSecret)).body.access_token as string;

    const other = await restOver(at, `/v1/event/${ids.hidden2}`);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("NOT_FOUND");
    const node = await gqlOver(at, "query($id: ID!) { node(id: $id) { ... on Event { name } } }", { id: globalId("Event", ids.hidden2) });
    expect(node.body.data.node).toBeNull();
    const club2 = await restOver(at, `/v1/association/${ids.club2}`);
    expect(club2.status).toBe(404);
    // naming the other district is refused for non-admins; without it, only the own clubs
    const named = await restOver(at, `/v1/associations?districtId=${ids.d2}`);
    expect(named.status).toBe(403);
    expect(named.body.error.code).toBe("FORBIDDEN");
    const clubs = await restOver(at, "/v1/associations");
    expect(clubs.body.map((c: { id: number }) => c.id)).toEqual([ids.club1]);
    // changing another district's event is refused as not found
    const upd = await gqlOver(at, "mutation($id: ID!) { deleteEvent(id: $id) }", { id: globalId("Event", ids.hidden2) });
    expect(upd.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(await app.db.prisma.event.count({ where: { id: ids.hidden2 } })).toBe(1);
    // a role it lacks is refused as for people
    const users = await gqlOver(at, "{ users(first: 5) { totalCount } }");
    expect(users.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("a machine client has no own account: viewer operations answer FORBIDDEN with a clear message", async () => {
    const { clientSecret, client } = await createClient("admin", { name: "Admin-Werkzeug", roles: ["admin"] });
    expect(client.roles).toEqual(["admin"]);
    const at = (await tokenRequest(client.clientId, clientSecret)).body.access_token as string;
    const viewer = await restOver(at, "/v1/user/0");
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toBe("Diese Aktion ist nur für angemeldete Personen möglich, nicht für API-Zugänge");
    const gql = await gqlOver(at, "{ viewer { email } }");
    expect(gql.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // registering is no person's operation: the admin client reaches the create's checks of the input
    // (apiclient-writes.test.ts: the district's clubs, as staff)
    for (const path of ["/v1/registration/dexam", "/v1/registration/competition"]) {
      const res = await fetch(`${app.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${at}` },
        body: JSON.stringify({ event_id: ids.hidden1, association_id: ids.club1 }),
      });
      expect(res.status, path).not.toBe(403);
    }
    // a machine client does not mint further clients, even with admin
    const mint = await gqlOver(at, CREATE, { input: { name: "x", roles: ["event_manage"] } });
    expect(mint.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    // but its admin role acts across districts like a person's
    const other = await restOver(at, `/v1/event/${ids.hidden2}`);
    expect(other.status).toBe(200);
  });

  it("the secret is shown once and stored as a scrypt hash; a wrong secret is invalid_client", async () => {
    const { clientSecret, client } = await createClient("manager", { name: "Hash", roles: ["event_manage"] });
    const [row] = await app.db.prisma.$queryRaw<{ secretHash: string }[]>`SELECT "secretHash" FROM "ApiClient" WHERE "clientId" = ${client.clientId}`;
    expect(row.secretHash).toMatch(/^scrypt\$/);
    expect(row.secretHash).not.toContain(clientSecret);
    const list = await app.gql("{ apiClients { clientId } }", {}, tokens.manager);
    expect(JSON.stringify(list.body)).not.toContain(clientSecret);
    const wrong = await tokenRequest(client.clientId, `${clientSecret}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    const unknown = await tokenRequest("api-unknown", clientSecret);
    expect(unknown.body.error).toBe("invalid_client");
  });

  it("a revoked client is refused at the token endpoint and its earlier token is refused by the API", async () => {
    const { clientSecret, client } = await createClient("manager", { name: "Alt", roles: ["event_manage"] });
    const at = (await tokenRequest(client.clientId, clientSecret)).body.access_token as string;
    expect((await restOver(at, "/v1/events")).status).toBe(200);

    // another district's manager cannot revoke it
    const foreign = await app.gql(REVOKE, { id: client.databaseId }, tokens.manager2);
    expect(foreign.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");

    const revoked = await app.gql(REVOKE, { id: client.databaseId }, tokens.manager);
    expect(revoked.body.data.revokeApiClient.revokedAt).toBeTruthy();
    const again = await tokenRequest(client.clientId, clientSecret);
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("invalid_client");
    const rest = await restOver(at, "/v1/events");
    expect(rest.status).toBe(401);
    const gql = await gqlOver(at, "{ events(first: 1) { totalCount } }");
    expect(gql.status).toBe(401);
    const twice = await app.gql(REVOKE, { id: client.databaseId }, tokens.manager);
    expect(twice.body.errors?.[0].extensions?.code).toBe("CONFLICT");

    const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "ApiClient", entityId: client.databaseId }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.actorLabel])).toEqual([
      ["create", "sub-manager"],
      ["revoke", "sub-manager"],
    ]);
  });

  it("managing clients: members are refused; admin only by admin; only own roles; lists per district", async () => {
    const member = await app.gql(CREATE, { input: { name: "x", roles: ["event_manage"] } }, tokens.member);
    expect(member.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(LIST, {}, tokens.member)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");

    const admin = await app.gql(CREATE, { input: { name: "x", roles: ["admin"] } }, tokens.manager);
    expect(admin.body.errors?.[0].extensions).toMatchObject({
      code: "VALIDATION",
      fields: { roles: "Die Rolle admin kann nur von einem Administrator vergeben werden." },
    });
    const foreignRole = await app.gql(CREATE, { input: { name: "x", roles: ["results_manage"] } }, tokens.manager);
    expect(foreignRole.body.errors?.[0].extensions).toMatchObject({
      code: "VALIDATION",
      fields: { roles: "Sie können nur Rollen vergeben, die Sie selbst haben." },
    });
    const empty = await app.gql(CREATE, { input: { name: " ", roles: [] } }, tokens.manager);
    expect(empty.body.errors?.[0].extensions).toMatchObject({
      code: "VALIDATION",
      fields: { name: "Bitte geben Sie einen Namen ein.", roles: "Bitte wählen Sie mindestens eine Rolle." },
    });

    // a district-2 manager naming district 1 is refused, creating and listing (not
    // silently their own district); without naming one, it is theirs
    const foreign = await app.gql(CREATE, { input: { name: "Zwei", roles: ["event_manage"], districtAssociationId: ids.d1 } }, tokens.manager2);
    expect(foreign.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(LIST, { d: ids.d1 }, tokens.manager2)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const c2 = await createClient("manager2", { name: "Zwei", roles: ["event_manage"] });
    expect(c2.client.districtAssociationId).toBe(ids.d2);
    const list2 = (await app.gql(LIST, { d: ids.d2 }, tokens.manager2)).body.data.apiClients as { name: string; districtAssociationId: number }[];
    expect(list2.map((c) => c.name)).toEqual(["Zwei"]);
    const list1 = (await app.gql(LIST, {}, tokens.manager)).body.data.apiClients as { name: string; districtAssociationId: number; revokedAt: string | null }[];
    expect(list1.length).toBeGreaterThan(0);
    expect(list1.every((c) => c.districtAssociationId === ids.d1)).toBe(true);
    // admin reads another district's list by naming it
    const adminList = (await app.gql(LIST, { d: ids.d2 }, tokens.admin)).body.data.apiClients as { name: string }[];
    expect(adminList.map((c) => c.name)).toEqual(["Zwei"]);
  });
});

describe("API clients with an external issuer (service users)", () => {
  let ext: TestApp;
  let issuer: http.Server;
  let issuerUrl: string;
  let key: CryptoKey;
  let district: number;
  let hidden: number;

  const extToken = async (sub: string, roles: string[]) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ roles })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: "ext" })
      .setIssuer(issuerUrl)
      .setAudience(`${ext.baseUrl}/api`) // the external issuer's default audience: $PUBLIC_URL/api
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(key);
  };

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    key = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "ext", alg: "RS256", use: "sig" };
    issuer = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/.well-known/openid-configuration") return res.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/keys` }));
      if (req.url === "/keys") return res.end(JSON.stringify({ keys: [jwk] }));
      res.statusCode = 404;
      res.end("{}");
    });
    await new Promise<void>((resolve) => issuer.listen(0, "127.0.0.1", resolve));
    issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
    ext = await startTestApp({ env: { OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: "browser" } });
    const prisma = ext.db.prisma;
    district = (
      await prisma.districtAssociation.create({ data: { name: "KV Ext", iamRef: "ext", gdprLink: "https://e.test/g", impressLink: "https://e.test/i" } })
    ).id;
    const now = Date.now();
    hidden = (
      await prisma.event.create({
        data: {
          name: "Intern Ext",
          districtAssociationId: district,
          formType: "DEXAM",
          registrationDeadline: new Date(now + 30 * 86400_000),
          startPublishing: new Date(now + 86400_000),
          finishPublishing: new Date(now + 60 * 86400_000),
          privacyPolicy: "p",
        },
      })
    ).id;
    await prisma.user.create({ data: { subject: "ext-manager", email: "m@ext.example", firstname: "M", lastname: "E", districtAssociationId: district } });
  });
  afterAll(async () => {
    await ext?.stop();
    await new Promise((resolve) => issuer?.close(resolve));
  });

  it("a registered service user acts with the roles its token carries, limited to those granted here; revoked: refused", async () => {
    const manager = await extToken("ext-manager", ["user_manage", "event_manage", "association_read"]);
    const noSubject = await ext.gql(CREATE, { input: { name: "Dienst", roles: ["event_manage"] } }, manager);
    expect(noSubject.body.errors?.[0].extensions).toMatchObject({ code: "VALIDATION", fields: { externalSubject: expect.any(String) } });
    const created = await ext.gql(CREATE, { input: { name: "Dienst", roles: ["event_manage", "association_read"], externalSubject: "svc-1" } }, manager);
    expect(created.body.data.createApiClient).toMatchObject({ clientSecret: null, client: { clientId: "svc-1", districtAssociationId: district } });

    // the token claims event_manage and user_manage: only event_manage was granted and claimed
    const svc = await extToken("svc-1", ["event_manage", "user_manage"]);
    expect((await ext.rest("GET", `/v1/event/${hidden}`, svc)).status).toBe(200);
    expect((await ext.gql("{ users(first: 1) { totalCount } }", {}, svc)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await ext.rest("GET", "/v1/associations", svc)).status).toBe(403);
    expect((await ext.rest("GET", "/v1/user/0", svc)).status).toBe(403);

    const id = created.body.data.createApiClient.client.databaseId;
    await ext.gql(REVOKE, { id }, manager);
    expect((await ext.rest("GET", `/v1/event/${hidden}`, svc)).status).toBe(401);
    // an unregistered service user has no account, as before
    expect((await ext.rest("GET", "/v1/events", await extToken("svc-unknown", ["event_manage"]))).status).toBe(403);
  });

  it("the embedded provider takes no service-user subject", async () => {
    const res = await app.gql(CREATE, { input: { name: "x", roles: ["event_manage"], externalSubject: "svc" } }, tokens.manager);
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: "VALIDATION",
      fields: { externalSubject: "Eine Kennung eines Dienstkontos gibt es nur mit einem externen Anmeldedienst." },
    });
  });
});
