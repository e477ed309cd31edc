// User management through /v1 and GraphQL: invitations, required fields, roles, clubs, blocking,
// no lost updates. Permissions per role are in auth/authorization.test.ts; this file proves the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../../server/src/idp/passwords.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
});
afterAll(() => app.stop());

const fieldsOf = (body: any) => body?.error?.fields ?? {};
const STALE = /inzwischen von jemand anderem geändert/;

describe("users", () => {
  let invited: number;

  it("[R-API064][R-UM010] user_manage creates a user in the own district; an invitation link is sent", async () => {
    const res = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstname: "Ina", last_active: null, blocked: false, roles: [], district_association_id: world.district1 });
    invited = res.body.id;
    const mail = app.outbox.sent.at(-1);
    expect(mail?.to).toBe("ina@test.example");
    expect(mail?.text).toMatch(/\/oidc\/invite\/[\w-]+/);
  });

  it("[R-UM010] the invitation link sets the password once", async () => {
    const code = /\/oidc\/invite\/([\w-]+)/.exec(app.outbox.sent.at(-1)?.text ?? "")?.[1] as string;
    const page = await app.fastify.inject({ method: "GET", url: `/oidc/invite/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Passwort festlegen");
    const short = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=kurz&repeat=kurz",
    });
    expect(short.body).toContain("mindestens 8 Zeichen");
    const ok = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=geheim123&repeat=geheim123",
    });
    expect(ok.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: invited } });
    expect(await verifyPassword("geheim123", u.passwordHash)).toBe(true);
    expect((await app.fastify.inject({ method: "GET", url: `/oidc/invite/${code}` })).statusCode).toBe(404);
  });

  it("[R-VA010] first name, last name and a valid, unused e-mail are required", async () => {
    const res = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "",
      lastname: "",
      email: "kaputt",
    });
    expect(fieldsOf(res.body)).toEqual({
      firstname: "Dieses Feld ist ein Pflichtfeld",
      lastname: "Dieses Feld ist ein Pflichtfeld",
      email: "Bitte eine gültige E-Mail Adresse eingeben",
    });
    const dup = await app.rest("POST", "/v1/user", t["role:user_manage"], {
      district_association_id: world.district1,
      firstname: "A",
      lastname: "B",
      email: "INA@test.example",
    });
    expect(fieldsOf(dup.body)).toEqual({ email: "Diese E-Mail-Adresse wird bereits verwendet" });
  });

  it("[R-VA012][R-VA013][R-API065] in admin mode phone and address are optional; a filled phone is checked", async () => {
    const base = { id: invited, firstname: "Ina", lastname: "Neu", email: "ina@test.example" };
    const ok = await app.rest("PUT", "/v1/user", t["role:user_manage"], base);
    expect(ok.status).toBe(200);
    const bad = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...base, phone: "0711 123" });
    expect(fieldsOf(bad.body)).toEqual({ phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)" });
  });

  it("[R-RP018] roles are given only by admin", async () => {
    const staff = await app.rest("PUT", "/v1/user", t["role:user_manage"], {
      id: invited,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
      roles: ["event_manage"],
    });
    expect(staff.status).toBe(403);
    const admin = await app.rest("PUT", "/v1/user", t.admin, {
      id: invited,
      firstname: "Ina",
      lastname: "Neu",
      email: "ina@test.example",
      roles: ["event_manage", "result_read"],
    });
    expect(admin.body.roles).toEqual(["event_manage", "results_read"]);
  });

  it("[R-API066][R-UM006][R-UM007] lists the district's users with club filter and search", async () => {
    const byClub = await app.rest("GET", `/v1/users?associationId=${world.club1}`, t["role:user_read"]);
    expect(byClub.body.map((u: any) => u.email).sort()).toEqual(["member@test.example", "target@test.example"]);
    const search = await app.rest("GET", "/v1/users?search=ina", t["role:user_read"]);
    expect(search.body.map((u: any) => u.email)).toEqual(["ina@test.example"]);
    const gql = await app.gql("{ users(first: 2) { totalCount edges { node { lastname } } pageInfo { hasNextPage } } }", {}, t["role:user_read"]);
    expect(gql.body.data.users.edges).toHaveLength(2);
    expect(gql.body.data.users.pageInfo.hasNextPage).toBe(true);
    expect(gql.body.data.users.totalCount).toBe(await app.db.prisma.user.count({ where: { districtAssociationId: world.district1 } }));
  });

  it("[R-API058][R-UM013] assigns clubs of the user's district only; the body may be a list or { association_ids }", async () => {
    const ok = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], { association_ids: [world.club1] });
    expect(ok.body.associations.map((a: any) => a.id)).toEqual([world.club1]);
    const list = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], [{ id: world.club1 }]);
    expect(list.status).toBe(200);
    const foreign = await app.rest("PUT", `/v1/user/${invited}/associations`, t["role:user_manage"], [world.club2]);
    expect(foreign.status).toBe(400);
    expect((await app.db.prisma.userAssociation.findMany({ where: { userId: invited } })).map((a) => a.associationId)).toEqual([world.club1]);
  });

  it("[R-API059][R-API060][R-UM021][R-UM017] block refuses the user's API calls; unblock only for blocked users; nobody blocks themselves", async () => {
    await app.db.prisma.user.update({ where: { id: invited }, data: { subject: "sub-ina" } });
    const token = await app.token("sub-ina");
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(200);
    expect((await app.rest("PUT", `/v1/user/${invited}/deactivate`, t["role:user_manage"])).body.blocked).toBe(true);
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(403);
    expect((await app.rest("PUT", `/v1/user/${invited}/deactivate`, t["role:user_manage"])).status).toBe(409);
    expect((await app.rest("PUT", `/v1/user/${invited}/reactivate`, t["role:user_manage"])).body.blocked).toBe(false);
    expect((await app.rest("PUT", `/v1/user/${invited}/reactivate`, t["role:user_manage"])).status).toBe(409);
    expect((await app.rest("GET", "/v1/user/0", token)).status).toBe(200);
    expect((await app.rest("PUT", `/v1/user/${world.userIds["role:user_manage"]}/deactivate`, t["role:user_manage"])).status).toBe(409);
  });

  it("[R-API061][R-UM014] the invitation is resent only while the user has never been active", async () => {
    const fresh = await app.db.prisma.user.create({
      data: { email: "neu2@test.example", firstname: "N", lastname: "Z", districtAssociationId: world.district1 },
    });
    const before = app.outbox.sent.length;
    expect((await app.rest("PUT", `/v1/user/${fresh.id}/invite_code/resend`, t["role:user_manage"])).status).toBe(200);
    expect(app.outbox.sent.length).toBe(before + 1);
    await app.db.prisma.user.update({ where: { id: fresh.id }, data: { lastActive: new Date() } });
    const again = await app.rest("PUT", `/v1/user/${fresh.id}/invite_code/resend`, t["role:user_manage"]);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Der Benutzer hat sich bereits angemeldet");
  });

  it("[R-RP021] staff without admin cannot change an admin", async () => {
    const res = await app.rest("PUT", `/v1/user/${world.userIds.admin}/deactivate`, t["role:user_manage"]);
    expect(res.status).toBe(403);
  });

  it("[R-API062] GET /v1/user/{id}: staff of another district get not found", async () => {
    expect((await app.rest("GET", `/v1/user/${invited}`, t["role:user_read"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/user/${invited}`, t.staff2)).status).toBe(404);
  });

  it("[R-API065][R-UM011] no lost updates: the second of two user saves based on the same version is refused and changes nothing", async () => {
    const u = await app.db.prisma.user.create({
      data: { email: "parallel@test.example", firstname: "Paula", lastname: "Parallel", districtAssociationId: world.district1 },
    });
    const loaded = (await app.rest("GET", `/v1/user/${u.id}`, t["role:user_manage"])).body;
    expect(loaded.version).toBe(1);
    const first = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...loaded, phone: "+49711111" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ phone: "+49711111", version: 2 });
    const second = await app.rest("PUT", "/v1/user", t.admin, { ...loaded, lastname: "Zweite" });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).toMatchObject({ lastname: "Parallel", phone: "+49711111", version: 2 });

    const input = (lastname: string, version?: number) => ({ firstname: "Paula", lastname, email: "parallel@test.example", version });
    const mutation = "mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { lastname version } }";
    const stale = await app.gql(mutation, { id: gid("User", u.id), input: input("GraphQL", 1) }, t["role:user_manage"]);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    const current = await app.gql(mutation, { id: gid("User", u.id), input: input("GraphQL", 2) }, t["role:user_manage"]);
    expect(current.body.data.updateUser).toEqual({ lastname: "GraphQL", version: 3 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const { version: _v, ...unversioned } = loaded;
    const res = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...unversioned, lastname: "Ohne Version" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastname: "Ohne Version", version: 4 });
  });
});
