// The HTTP headers of /v1 writes (docs/decisions.md "/v1 REST", docs/api.md "Writing"): a 201
// names the new record's URL (Location); a create answered from its Idempotency-Key says so
// (Idempotent-Replayed: true); single records carry their version as ETag, and If-Match on PUT and
// DELETE refuses a change based on another version with 412 (nothing changes); every answer carries
// the RateLimit-* fields of the writes' limit. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IF_MATCH_LIST_MESSAGE, PRECONDITION_MESSAGE } from "../../../server/src/http/rest.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, dexamWireBody } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const LIMIT = 1000;
let app: TestApp;
let world: World;
let dexam: { event: number; theory: number; practice: number };
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ env: { RATE_LIMIT_MUTATIONS: String(LIMIT) } });
  world = await createWorld(app.db.prisma);
  for (const name of ["member", "role:registration_manage", "role:event_manage", "role:association_manage"]) t[name] = await app.token(world.subjects[name]);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  dexam = await dexamEventWithLocations(app.db.prisma, world.district1);
});
afterAll(() => app?.stop());

const PRECONDITION = { error: { code: "PRECONDITION_FAILED", message: PRECONDITION_MESSAGE } };
let n = 0;
async function registration(who = "member") {
  const res = await app.rest("POST", "/v1/registration/dexam", t[who], dexamWireBody(dexam, world.club1, { lastname: `Kopf${++n}` }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
}
const versionOf = async (id: number) => (await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } })).version;

describe("201 Location and Idempotent-Replayed", () => {
  it("a create's 201 names the new record's /v1 URL, which answers it", async () => {
    const res = await registration();
    expect(res.headers.location).toBe(`/v1/registration/dexam/${res.body.id}`);
    const read = await app.rest("GET", res.headers.location as string, t.member);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(res.body.id);
    const club = await app.rest("POST", "/v1/association", t["role:association_manage"], { name: "MV Neu", district_association_id: world.district1 });
    expect(club.status, JSON.stringify(club.body)).toBe(201);
    expect(club.headers.location).toBe(`/v1/association/${club.body.id}`);
  });

  it("a create retried with its key answers 201 with Idempotent-Replayed: true; the first answer has none", async () => {
    const body = dexamWireBody(dexam, world.club1, { lastname: "Nochmal" });
    const first = await app.rest("POST", "/v1/registration/dexam", t.member, body, { "idempotency-key": "replay-1" });
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await app.rest("POST", "/v1/registration/dexam", t.member, body, { "idempotency-key": "replay-1" });
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    // the same key with another request is refused, and says nothing of a replay
    const other = await app.rest("POST", "/v1/registration/dexam", t.member, { ...body, firstname: "Anders" }, { "idempotency-key": "replay-1" });
    expect(other.status).toBe(422);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("ETag and If-Match", () => {
  it("GET and PUT of one record carry its version as a strong ETag; lists carry none", async () => {
    const { body } = await registration();
    const read = await app.rest("GET", `/v1/registration/dexam/${body.id}`, t.member);
    expect(read.headers.etag).toBe(`"${await versionOf(body.id)}"`);
    const put = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...read.body, firstname: "Neu" }, { "if-match": read.headers.etag as string });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.headers.etag).toBe(`"${await versionOf(body.id)}"`);
    expect(put.headers.etag).not.toBe(read.headers.etag);
    const list = await app.rest("GET", `/v1/registrations/event/${dexam.event}/dexam`, t.member);
    expect(list.headers.etag).toBeUndefined();
    const event = await app.rest("GET", `/v1/event/${dexam.event}`, t.member);
    expect(event.headers.etag).toMatch(/^"\d+"$/);
  });

  it("PUT with an If-Match of another version: 412 in the /v1 envelope, nothing changed", async () => {
    const { body } = await registration();
    const read = await app.rest("GET", `/v1/registration/dexam/${body.id}`, t.member);
    const version = await versionOf(body.id);
    for (const tag of [`"${version + 1}"`, '"abc"', `W/"${version}"`, "bogus"]) {
      const res = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...read.body, firstname: "Verloren" }, { "if-match": tag });
      expect(res.status, tag).toBe(412);
      expect(res.body, tag).toEqual(PRECONDITION);
    }
    // the body's version and If-Match disagree: 412 too
    const both = await app.rest(
      "PUT",
      "/v1/registration/dexam",
      t.member,
      { ...read.body, version: version + 1, firstname: "X" },
      { "if-match": `"${version}"` },
    );
    expect(both.status).toBe(412);
    // a cancel (a club member's cancelled_at) is refused the same way
    const cancel = await app.rest(
      "PUT",
      "/v1/registration/dexam",
      t.member,
      { ...read.body, cancelled_at: "2026-01-01T00:00:00Z" },
      { "if-match": `"${version + 5}"` },
    );
    expect(cancel.status).toBe(412);
    const row = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.firstname).not.toBe("Verloren");
    expect(row.cancelledAt).toBeNull();
    expect(row.version).toBe(version);
    // several tags: one is expected
    const list = await app.rest("PUT", "/v1/registration/dexam", t.member, read.body, { "if-match": `"${version}", "${version + 1}"` });
    expect(list.status).toBe(400);
    expect(list.body.error.message).toBe(IF_MATCH_LIST_MESSAGE);
    // * matches the current record
    const any = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...read.body, firstname: "Stern" }, { "if-match": "*" });
    expect(any.status, JSON.stringify(any.body)).toBe(200);
  });

  it("a second writer with the same ETag loses: 412, the first write stays", async () => {
    const { body } = await registration();
    const read = await app.rest("GET", `/v1/registration/dexam/${body.id}`, t.member);
    const tag = read.headers.etag as string;
    const first = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...read.body, firstname: "Erste" }, { "if-match": tag });
    expect(first.status).toBe(200);
    const second = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...read.body, firstname: "Zweite" }, { "if-match": tag });
    expect(second.status).toBe(412);
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: body.id } })).firstname).toBe("Erste");
  });

  it("DELETE with If-Match: another version 412 and the record stays; its own version deletes", async () => {
    const { body } = await registration();
    const version = await versionOf(body.id);
    const wrong = await app.rest("DELETE", `/v1/registration/dexam/${body.id}`, t.member, undefined, { "if-match": `"${version + 1}"` });
    expect(wrong.status).toBe(412);
    expect(wrong.body).toEqual(PRECONDITION);
    expect(await app.db.prisma.dexamRegistration.count({ where: { id: body.id } })).toBe(1);
    const right = await app.rest("DELETE", `/v1/registration/dexam/${body.id}`, t.member, undefined, { "if-match": `"${version}"` });
    expect(right.status, JSON.stringify(right.body)).toBe(204);
    expect(await app.db.prisma.dexamRegistration.count({ where: { id: body.id } })).toBe(0);
  });

  it("DELETE of an event, a location and a club takes If-Match too", async () => {
    const em = t["role:event_manage"];
    const event = await dexamEventWithLocations(app.db.prisma, world.district1, "Zum Löschen");
    const location = await app.rest("GET", `/v1/event/location/${event.theory}`, em);
    expect(location.headers.etag).toMatch(/^"\d+"$/);
    const stale = await app.rest("DELETE", `/v1/event/location/${event.theory}`, em, undefined, { "if-match": '"999"' });
    expect(stale.status).toBe(412);
    expect(await app.db.prisma.eventLocation.count({ where: { id: event.theory } })).toBe(1);
    const gone = await app.rest("DELETE", `/v1/event/location/${event.theory}`, em, undefined, { "if-match": location.headers.etag as string });
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    const read = await app.rest("GET", `/v1/event/${event.event}`, em);
    const wrong = await app.rest("DELETE", `/v1/event/${event.event}`, em, undefined, { "if-match": '"999"' });
    expect(wrong.status).toBe(412);
    expect(wrong.body).toEqual(PRECONDITION);
    expect(await app.db.prisma.eventLocation.count({ where: { eventId: event.event } })).toBe(1);
    const right = await app.rest("DELETE", `/v1/event/${event.event}`, em, undefined, { "if-match": read.headers.etag as string });
    expect(right.status, JSON.stringify(right.body)).toBe(204);
    const am = t["role:association_manage"];
    const club = await app.rest("POST", "/v1/association", am, { name: "MV Kurz", district_association_id: world.district1 });
    expect(club.headers.etag).toMatch(/^"\d+"$/);
    expect((await app.rest("DELETE", `/v1/association/${club.body.id}`, am, undefined, { "if-match": '"999"' })).status).toBe(412);
    expect((await app.rest("DELETE", `/v1/association/${club.body.id}`, am, undefined, { "if-match": club.headers.etag as string })).status).toBe(204);
    // a user (user management) and the own account
    const um = await app.token(world.subjects["role:user_manage"]);
    const target = await app.db.prisma.user.create({
      data: { subject: "sub-weg", email: "weg@test.example", firstname: "W", lastname: "Eg", districtAssociationId: world.district1 },
    });
    expect((await app.rest("DELETE", `/v1/user/${target.id}`, um, undefined, { "if-match": `"${target.version + 1}"` })).status).toBe(412);
    expect(await app.db.prisma.user.count({ where: { id: target.id } })).toBe(1);
    expect((await app.rest("DELETE", `/v1/user/${target.id}`, um, undefined, { "if-match": `"${target.version}"` })).status).toBe(204);
    const self = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.staff2 } });
    const own = await app.token(world.subjects.staff2);
    expect((await app.rest("DELETE", "/v1/user/0", own, undefined, { "if-match": `"${self.version + 1}"` })).status).toBe(412);
    expect(await app.db.prisma.user.count({ where: { id: self.id } })).toBe(1);
  });

  it("other records' PUT take If-Match through their version too (an event)", async () => {
    const read = await app.rest("GET", `/v1/event/${dexam.event}`, t["role:event_manage"]);
    const stale = await app.rest("PUT", "/v1/event", t["role:event_manage"], { ...read.body, name: "Umbenannt" }, { "if-match": '"999"' });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual(PRECONDITION);
    expect((await app.db.prisma.event.findUniqueOrThrow({ where: { id: dexam.event } })).name).not.toBe("Umbenannt");
    const fresh = await app.rest("PUT", "/v1/event", t["role:event_manage"], { ...read.body, name: "Umbenannt" }, { "if-match": read.headers.etag as string });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.headers.etag).not.toBe(read.headers.etag);
  });
});

describe("RateLimit headers on every answer", () => {
  const fields = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy"];
  it("reads, writes and refusals carry the writes' limit; a write counts, a read only looks", async () => {
    const token = await app.token(world.subjects.member2);
    const read = await app.rest("GET", "/v1/events", token);
    for (const f of fields) expect(read.headers[f], f).toBeDefined();
    expect(read.headers["ratelimit-policy"]).toBe(`${LIMIT};w=60`);
    expect(read.headers["ratelimit-limit"]).toBe(String(LIMIT));
    expect(read.headers["ratelimit-remaining"]).toBe(String(LIMIT));
    const again = await app.rest("GET", `/v1/event/${dexam.event}`, token);
    expect(again.headers["ratelimit-remaining"]).toBe(String(LIMIT));
    // a refused write counts and says so (a member without a complete profile: 409)
    const bad = await app.rest("POST", "/v1/registration/dexam", token, { event_id: dexam.event });
    expect(bad.status).toBe(409);
    expect(bad.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    expect(Number(bad.headers["ratelimit-reset"])).toBeGreaterThan(0);
    expect(Number(bad.headers["ratelimit-reset"])).toBeLessThanOrEqual(60);
    const afterWrite = await app.rest("GET", "/v1/events", token);
    expect(afterWrite.headers["ratelimit-remaining"]).toBe(String(LIMIT - 1));
    const missing = await app.rest("GET", "/v1/event/2147483647", token);
    expect(missing.status).toBe(404);
    for (const f of fields) expect(missing.headers[f], f).toBeDefined();
  });
});

describe("the OpenAPI document describes these headers and status codes, with examples", () => {
  it("Location, Idempotent-Replayed, ETag, If-Match, 412, 422, 429 and RateLimit-*", async () => {
    const doc = (await app.rest("GET", "/v1/openapi.json", null)).body;
    const rateLimit = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"];
    const example = (h: { schema?: { examples?: unknown[] } } | undefined) => h?.schema?.examples?.[0];
    const create = doc.paths["/v1/registration/dexam"].post;
    const created = create.responses["201"].headers;
    expect(example(created.Location)).toBe("/v1/registration/dexam/12");
    expect(example(created["Idempotent-Replayed"])).toBe("true");
    expect(example(created.ETag)).toBe('"3"');
    expect(create.parameters.find((p: { in: string; name: string }) => p.in === "header" && p.name === "Idempotency-Key")).toBeDefined();
    expect(create.responses["422"].content["application/json"].examples.beispiel.value.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(Object.keys(create.responses["429"].headers)).toEqual(expect.arrayContaining(["Retry-After", ...rateLimit]));
    const put = doc.paths["/v1/registration/dexam"].put;
    expect(put.parameters.find((p: { in: string; name: string }) => p.in === "header" && p.name === "If-Match")).toBeDefined();
    expect(put.responses["412"].content["application/json"].examples.beispiel.value).toEqual(PRECONDITION);
    const del = doc.paths["/v1/registration/dexam/{id}"].delete;
    expect(del.parameters.find((p: { in: string; name: string }) => p.in === "header" && p.name === "If-Match")).toBeDefined();
    expect(del.responses["412"]).toBeDefined();
    expect(example(doc.paths["/v1/event/{id}"].get.responses["200"].headers.ETag)).toBe('"3"');
    expect(example(doc.paths["/v1/registration/dexam/{id}/takeover"].post.responses["201"].headers.Location)).toBe("/v1/registration/dexam/12");
    // every answer of every operation names the RateLimit fields, with an example each
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>))
      for (const [method, op] of Object.entries(ops))
        for (const [status, answer] of Object.entries(op.responses))
          for (const h of rateLimit) expect(example(answer.headers?.[h] as never), `${method} ${path} ${status} ${h}`).toBeDefined();
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toContain("PRECONDITION_FAILED");
  });
});
