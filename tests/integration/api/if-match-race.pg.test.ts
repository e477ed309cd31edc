// PostgreSQL only: If-Match under a race (docs/api.md section 9, "The headers of writes"). Several
// writers that read the same ETag send their PUT or DELETE at the same moment through two replicas
// (two apps, each with its own pool, on one database): exactly one is saved, every other answers
// 412 PRECONDITION_FAILED, never 409 CONFLICT, whichever check (the read before the transaction or
// the update's version in its where clause) catches it.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/src/db/client.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const WRITERS = 6;
const ROUNDS = 4;
let a: TestApp;
let b: TestApp;
let world: World;
let dexam: { event: number; theory: number; practice: number };
let competition: number;
const t: Record<string, [string, string]> = {};

beforeAll(async () => {
  const dataKey = crypto.randomBytes(32);
  const env = { RATE_LIMIT_MUTATIONS: "100000" };
  a = await startTestApp({ dataKey, env });
  b = await startTestApp({ dataKey, env, db: { ...(await openDatabase(a.db.url, { migrate: false })), url: a.db.url } });
  world = await createWorld(a.db.prisma);
  await a.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  for (const name of ["member", "role:registration_manage", "role:event_manage", "role:association_manage"])
    t[name] = [await a.token(world.subjects[name]), await b.token(world.subjects[name])];
  dexam = await dexamEventWithLocations(a.db.prisma, world.district1);
  competition = await competitionEventWithHall(a.db.prisma, world.district1);
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** `WRITERS` requests at once, alternating between the two replicas; their statuses, sorted. */
async function race(who: string, method: "PUT" | "DELETE", url: string, body: (i: number) => unknown, etag: string, refusals = ["PRECONDITION_FAILED"]) {
  const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => (i % 2 ? b : a).rest(method, url, t[who][i % 2], body(i), { "if-match": etag })));
  for (const r of answers) if (r.status !== 200 && r.status !== 204) expect(refusals, JSON.stringify(r.body)).toContain(r.body.error?.code);
  return answers.map((r) => r.status).sort();
}
const oneWins = (ok: number) => [ok, ...Array(WRITERS - 1).fill(412)];

describe("If-Match under concurrent writers: one saves, the others 412", () => {
  it("PUT of a D-exam registration, by staff and by the club's member", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await a.rest("POST", "/v1/registration/dexam", t.member[0], dexamWireBody(dexam, world.club1, { lastname: `Wett${round}` }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await a.rest("GET", `/v1/registration/dexam/${created.body.id}`, t.member[0]);
      const who = round % 2 ? "member" : "role:registration_manage";
      expect(await race(who, "PUT", "/v1/registration/dexam", (i) => ({ ...read.body, firstname: `Schreiber${i}` }), read.headers.etag as string)).toEqual(
        oneWins(200),
      );
      const row = await a.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } });
      expect(row.version).toBe(read.body.version + 1);
    }
  });

  it("a club member's cancellation by PUT (cancelled_at) is one change: the others 412", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await a.rest("POST", "/v1/registration/dexam", t.member[0], dexamWireBody(dexam, world.club1, { lastname: `Storno${round}` }));
      const read = await a.rest("GET", `/v1/registration/dexam/${created.body.id}`, t.member[0]);
      const when = new Date().toISOString();
      expect(await race("member", "PUT", "/v1/registration/dexam", () => ({ ...read.body, cancelled_at: when }), read.headers.etag as string)).toEqual(
        oneWins(200),
      );
      const row = await a.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } });
      expect(row.version).toBe(read.body.version + 1);
      expect(row.cancelledAt).not.toBeNull();
    }
  });

  it("PUT of a competition registration", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await a.rest(
        "POST",
        "/v1/registration/competition",
        t.member[0],
        competitionWireBody(competition, world.club1, { name: `Kapelle ${round}` }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await a.rest("GET", `/v1/registration/competition/${created.body.id}`, t.member[0]);
      expect(
        await race(
          "role:registration_manage",
          "PUT",
          "/v1/registration/competition",
          (i) => ({ ...read.body, conductor_name: `Dirigent ${i}` }),
          read.headers.etag as string,
        ),
      ).toEqual(oneWins(200));
    }
  });

  it("PUT of an event and of a club", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const event = await a.rest("GET", `/v1/event/${dexam.event}`, t["role:event_manage"][0]);
      expect(
        await race("role:event_manage", "PUT", "/v1/event", (i) => ({ ...event.body, name: `Prüfung ${round}.${i}` }), event.headers.etag as string),
      ).toEqual(oneWins(200));
      const club = await a.rest("GET", `/v1/association/${world.club1}`, t["role:association_manage"][0]);
      expect(
        await race("role:association_manage", "PUT", "/v1/association", (i) => ({ ...club.body, name: `MV ${round}.${i}` }), club.headers.etag as string),
      ).toEqual(oneWins(200));
    }
  });

  it("DELETE of a registration", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await a.rest("POST", "/v1/registration/dexam", t.member[0], dexamWireBody(dexam, world.club1, { lastname: `Weg${round}` }));
      const url = `/v1/registration/dexam/${created.body.id}`;
      expect(created.headers.etag).toMatch(/^"\d+"$/);
      // the winner deleted it; a loser answers 412, or 404 when the row was gone before it was read
      // (RFC 9110 13.2.1: a request that would fail without its precondition ignores it), never 409
      const answers = await race("member", "DELETE", url, () => undefined, created.headers.etag as string, ["PRECONDITION_FAILED", "NOT_FOUND"]);
      expect(answers.filter((s) => s === 204)).toHaveLength(1);
      expect(await a.db.prisma.dexamRegistration.count({ where: { id: created.body.id } })).toBe(0);
    }
  });
});
