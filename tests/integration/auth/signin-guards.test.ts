// The embedded sign-in's forms against guessing, flooding and stale links (a review of
// 2026-11-25): the per-address limit could be dodged with a made-up X-Forwarded-For, the password
// change and the forgotten-password form had no limit at all, links never expired and survived a
// change of the account's address. (A new password ending every session, and a sign-in clearing a pending link: oidc.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_MESSAGE } from "../../../server/src/http/rateLimit.ts";
import { inviteCodeValid } from "../../../server/src/idp/identityAdmin.ts";
import { hashPassword } from "../../../server/src/idp/passwords.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { eventually } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_SIGNIN: "3" } });
  world = await createWorld(app.db.prisma);
});
afterAll(() => app.stop());

const form = (url: string, payload: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.fastify.inject({ method: "POST", url, headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, payload, remoteAddress });

describe("limits that a client cannot dodge", () => {
  it("[R-AU001] a client naming its own address in X-Forwarded-For is still counted by its real one", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await form("/oidc/interaction/abc123/login", "email=a%40b.de&password=x", "203.0.113.7", { "x-forwarded-for": `198.51.100.${i}` })).statusCode,
      );
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // behind a proxy on a private network its header names the client (the default TRUST_PROXY)
    const viaProxy = await form("/oidc/interaction/abc123/login", "email=a%40b.de&password=x", "10.0.0.2", { "x-forwarded-for": "198.51.100.99" });
    expect(viaProxy.statusCode).not.toBe(429);
  });

  it("[R-AU001] IPv6 clients are counted by their /64 network: a host cannot dodge the limit by changing the address's last bits", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await form("/oidc/interaction/abc123/login", `email=v6-${i}%40b.de&password=x`, `2001:db8:7:1::${i.toString(16)}`)).statusCode);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // another /64 has its own count
    expect((await form("/oidc/interaction/abc123/login", "email=v6-6%40b.de&password=x", "2001:db8:7:2::1")).statusCode).not.toBe(429);
  });

  it("[R-AU001] the password change and the forgotten-password form are limited per client address too", async () => {
    for (const [url, payload] of [
      ["/oidc/account", "email=x%40y.de&current=falsch&password=neuesneues&repeat=neuesneues"],
      ["/oidc/forgot", "email=x%40y.de"],
      ["/oidc/invite/abc", "password=neuesneues&repeat=neuesneues"],
    ]) {
      const address = `203.0.113.${url.length}`;
      for (let i = 0; i < 3; i++) expect((await form(url, payload, address)).statusCode, url).not.toBe(429);
      const limited = await form(url, payload, address);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.body).toContain(RATE_LIMIT_MESSAGE);
    }
  });

  it("[R-AU001] guesses at one account from many addresses are limited per e-mail address", async () => {
    const email = encodeURIComponent("member@test.example");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await form("/oidc/account", `email=${email}&current=falsch${i}&password=x&repeat=x`, `192.0.2.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("[R-PR005] the forgotten-password form sends one address at most the limit's links a minute, with the same answer", async () => {
    const before = app.outbox.sent.length;
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) answers.add((await form("/oidc/forgot", "email=target%40test.example", `192.0.2.${100 + i}`)).body);
    // the links are written after the answers; then nothing more comes
    await eventually(
      () => app.outbox.sent.length - before,
      (n) => n >= 3,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(app.outbox.sent.length - before).toBe(3);
    expect(answers.size).toBe(1);
  });
});

describe("links that end", () => {
  it("[R-PR005] a link's code carries its expiry; an expired one or a stale one without expiry sets no password", async () => {
    const now = new Date();
    const future = `${(now.getTime() + 60_000).toString(36)}-abc`;
    const past = `${(now.getTime() - 60_000).toString(36)}-abc`;
    expect(inviteCodeValid(future, null, now)).toBe(true);
    expect(inviteCodeValid(past, null, now)).toBe(false);
    // codes from before: valid for 14 days from the invitation
    expect(inviteCodeValid("legacycode", new Date(now.getTime() - 13 * 86_400_000), now)).toBe(true);
    expect(inviteCodeValid("legacycode", new Date(now.getTime() - 15 * 86_400_000), now)).toBe(false);
    expect(inviteCodeValid("legacycode", null, now)).toBe(false);
    const u = await app.db.prisma.user.create({
      data: { email: "abgelaufen@test.example", firstname: "A", lastname: "B", districtAssociationId: world.district1, inviteCode: past },
    });
    const res = await app.fastify.inject({ method: "GET", url: `/oidc/invite/${past}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Diese Einladung ist ungültig oder wurde schon verwendet.");
    await app.db.prisma.user.delete({ where: { id: u.id } });
  });

  it("[R-API065] a new address for an account: the old link stops working, a pending invitation goes to the new address", async () => {
    const admin = await app.token(world.subjects.admin);
    const created = await app.rest("POST", "/v1/user", admin, {
      district_association_id: world.district1,
      firstname: "Tipp",
      lastname: "Fehler",
      email: "tippfehler@wrong.example",
    });
    expect(created.status).toBe(201);
    const oldCode = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: created.body.id } })).inviteCode as string;
    expect(oldCode).toMatch(/^[0-9a-z]+-/);
    const before = app.outbox.sent.length;
    const moved = await app.rest("PUT", "/v1/user", admin, { id: created.body.id, firstname: "Tipp", lastname: "Fehler", email: "richtig@right.example" });
    expect(moved.status).toBe(200);
    expect((await app.fastify.inject({ method: "GET", url: `/oidc/invite/${oldCode}` })).statusCode).toBe(404);
    const sent = app.outbox.sent.slice(before);
    // the invitation goes to the new address, the old one is told of the change (users/account-guards.test.ts)
    expect(sent.map((m) => m.to)).toEqual(["richtig@right.example", "tippfehler@wrong.example"]);
    const newCode = /\/oidc\/invite\/([\w-]+)/.exec(sent[0].text)?.[1] as string;
    expect(newCode).not.toBe(oldCode);
    expect((await app.fastify.inject({ method: "GET", url: `/oidc/invite/${newCode}` })).statusCode).toBe(200);
  });

  it("[R-AU001] a password change with the current password makes a pending reset link moot", async () => {
    const u = await app.db.prisma.user.create({
      data: {
        email: "erinnert@test.example",
        firstname: "E",
        lastname: "R",
        districtAssociationId: world.district1,
        passwordHash: await hashPassword("geheim123"),
      },
    });
    await form("/oidc/forgot", "email=erinnert%40test.example", "192.0.2.200");
    await eventually(
      () => app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } }),
      (row) => row.inviteCode !== null,
    );
    const changed = await form("/oidc/account", "email=erinnert%40test.example&current=geheim123&password=neuesgeheim&repeat=neuesgeheim", "192.0.2.201");
    expect(changed.statusCode).toBe(200);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).inviteCode).toBeNull();
  });
});
