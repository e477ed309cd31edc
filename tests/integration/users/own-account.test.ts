// The own account: the profile and its required fields, no lost updates against staff's edit,
// deleting the own account, and the embedded provider's password pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../../server/src/idp/passwords.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, eventually } from "../../support/fixtures.ts";
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

describe("own account", () => {
  it("[R-VA011][R-PR004] saving the own profile requires phone, street, postcode, city and country with their formats", async () => {
    const res = await app.rest("PUT", "/v1/user", t.member, {
      id: 0,
      firstname: "M",
      lastname: "M",
      email: "member@test.example",
      phone: "0171",
      address: { street: "", postcode: "abc", city: "", country: "" },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual({
      phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)",
      street: "Dieses Feld ist ein Pflichtfeld",
      postcode: "Bitte eine gültige Postleitzahl eingeben",
      city: "Dieses Feld ist ein Pflichtfeld",
      country: "Dieses Feld ist ein Pflichtfeld",
    });
  });

  it("[R-PR003][R-PR013] a complete profile is saved and the user is complete afterwards", async () => {
    const before = await app.gql("{ viewer { isComplete } }", {}, t.member);
    expect(before.body.data.viewer.isComplete).toBe(false);
    const input = {
      firstname: "Max",
      lastname: "Muster",
      email: "member@test.example",
      phone: "+49711000",
      street: "Weg 2",
      postcode: "70173",
      city: "Stadt",
      country: "DE",
      version: (await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).version,
    };
    const res = await app.gql("mutation($input: ProfileInput!) { updateViewer(input: $input) { isComplete firstname } }", { input }, t.member);
    expect(res.body.data.updateViewer).toEqual({ isComplete: true, firstname: "Max" });
  });

  it("[R-PR014] PUT /v1/user with another user's id is user management, refused for a member", async () => {
    const res = await app.rest("PUT", "/v1/user", t.member, { id: world.userIds.target, firstname: "X", lastname: "Y", email: "target@test.example" });
    expect(res.status).toBe(403);
  });

  it("[R-API065][R-PR003] no lost updates: the own profile saved on an older version than staff's edit is refused and changes nothing", async () => {
    const own = (await app.rest("GET", "/v1/user/0", t.member)).body;
    const v = own.version as number;
    const staff = await app.rest("PUT", "/v1/user", t["role:user_manage"], { ...own, id: world.userIds.member, phone: "+49711222" });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(staff.body.version).toBe(v + 1);
    const mine = await app.rest("PUT", "/v1/user", t.member, { ...own, id: 0, address: { ...own.address, city: "Neustadt" } });
    expect(mine.status).toBe(409);
    expect(mine.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } })).toMatchObject({
      phone: "+49711222",
      city: own.address.city,
      version: v + 1,
    });

    const input = (city: string, version?: number) => ({
      firstname: own.firstname,
      lastname: own.lastname,
      email: own.email,
      phone: "+49711222",
      street: own.address.street,
      postcode: own.address.postcode,
      city,
      country: own.address.country,
      version,
    });
    const mutation = "mutation($input: ProfileInput!) { updateViewer(input: $input) { city version } }";
    const stale = await app.gql(mutation, { input: input("GraphQL", v) }, t.member);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    expect((await app.gql(mutation, { input: input("GraphQL", v + 1) }, t.member)).body.data.updateViewer).toEqual({ city: "GraphQL", version: v + 2 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const { version: _v, ...unversioned } = own;
    const res = await app.rest("PUT", "/v1/user", t.member, { ...unversioned, id: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: { city: own.address.city }, version: v + 3 });
  });

  it("[R-PR010][R-PR012] deleting the own account keeps the club's registrations and ends the sign-in sessions", async () => {
    const me = await app.db.prisma.user.create({
      data: {
        subject: "sub-leaving",
        email: "leaving@test.example",
        firstname: "L",
        lastname: "L",
        districtAssociationId: world.district1,
        associations: { create: [{ associationId: world.club1 }] },
      },
    });
    const { event } = await dexamEventWithLocations(app.db.prisma, world.district1, "Abschied");
    const reg = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: event,
        userId: me.id,
        firstname: "K",
        lastname: "L",
        birthdate: new Date("2011-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
      },
    });
    await app.db.prisma.oidcPayload.create({ data: { id: "s1", type: "Session", payload: { accountId: "sub-leaving" } } });
    await app.db.prisma.oidcPayload.create({ data: { id: "s2", type: "Session", payload: { accountId: "someone-else" } } });
    const res = await app.rest("DELETE", "/v1/user/0", await app.token("sub-leaving"));
    expect(res.status).toBe(204);
    expect(await app.db.prisma.user.count({ where: { id: me.id } })).toBe(0);
    expect(await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.id } })).toMatchObject({ userId: null, associationId: world.club1 });
    expect((await app.db.prisma.oidcPayload.findMany()).map((p) => p.id)).toEqual(["s2"]);
  });
});

describe("embedded provider pages", () => {
  it("[R-PR005][R-PR006] the password page changes the password with the current one", async () => {
    const { hashPassword } = await import("../../../server/src/idp/passwords.ts");
    await app.db.prisma.user.update({ where: { id: world.userIds.target }, data: { passwordHash: await hashPassword("altes-passwort") } });
    const form = (o: Record<string, string>) => ({
      method: "POST" as const,
      url: "/oidc/account",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(o).toString(),
    });
    expect((await app.fastify.inject({ method: "GET", url: "/oidc/account" })).body).toContain("Passwort ändern");
    const wrong = await app.fastify.inject(form({ email: "target@test.example", current: "falsch", password: "neues-passwort", repeat: "neues-passwort" }));
    expect(wrong.statusCode).toBe(401);
    const mismatch = await app.fastify.inject(form({ email: "target@test.example", current: "altes-passwort", password: "neues-passwort", repeat: "anderes" }));
    expect(mismatch.body).toContain("Die Passwörter stimmen nicht überein.");
    const ok = await app.fastify.inject(
      form({ email: "target@test.example", current: "altes-passwort", password: "neues-passwort", repeat: "neues-passwort" }),
    );
    expect(ok.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    expect(await verifyPassword("neues-passwort", u.passwordHash)).toBe(true);
  });

  it("[R-PR005] a forgotten password gets a one-time link; unknown addresses get the same answer", async () => {
    const before = app.outbox.sent.length;
    const post = (email: string) =>
      app.fastify.inject({
        method: "POST",
        url: "/oidc/forgot",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `email=${encodeURIComponent(email)}`,
      });
    const unknown = await post("niemand@test.example");
    const known = await post("TARGET@test.example");
    expect(unknown.body).toBe(known.body);
    // the link is written after the answer (its timing tells nothing)
    await eventually(
      () => app.outbox.sent.length,
      (n) => n === before + 1,
    );
    // LIKE's wildcards are characters of the address, not a way to reach somebody's account
    for (const pattern of ["%", "target@%", "TARGET_test.example"]) expect((await post(pattern)).body).toBe(known.body);
    await new Promise((r) => setTimeout(r, 300));
    expect(app.outbox.sent.length).toBe(before + 1);
    const code = /\/oidc\/invite\/([\w-]+)/.exec(app.outbox.sent.at(-1)?.text ?? "")?.[1] as string;
    const set = await app.fastify.inject({
      method: "POST",
      url: `/oidc/invite/${code}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "password=drittes-pw&repeat=drittes-pw",
    });
    expect(set.statusCode).toBe(200);
    const u = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    expect(await verifyPassword("drittes-pw", u.passwordHash)).toBe(true);
  });
});
