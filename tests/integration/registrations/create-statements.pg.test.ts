// SQL statements of one /v1 create (issue 9, benchmark figure 3 "deadline rush"), PostgreSQL pass
// only (it counts the queries of pg's client: tests/support/statements.ts). Before issue 9 a D-exam create
// took 13 (principal; event; locations; BEGIN; INSERT; INSERT audit; COMMIT; five reads for the
// answer), a competition create 11. Then 3: the principal, the event with its locations and the club,
// and one INSERT of registration and audit entry. Now 2 while the server keeps the event's read (a
// member's own club, registrations/access.ts loadForNewRegistration): the principal and the INSERT.
// The test fails if a create grows above that. A create with an idempotency key takes one more, the
// key's lookup (registrations/idempotency.ts); its key row is part of the INSERT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

let app: TestApp;
let world: World;
let token: string;
let dexam: { id: number; theory: number; practice: number };
let competition: number;

/** The statements sent while `run` runs. */
async function sqlOf<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const { result, queries } = await recordQueries(run);
  return { result, sql: queries.map((q) => q.text) };
}

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  token = await app.token(world.subjects.member);
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "D-Prüfungen",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D2"] },
          { name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexam = { id: e.id, theory: e.locations.find((l) => l.type === "DEXAM_THEORY")!.id, practice: e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id };
  competition = await competitionEventWithHall(app.db.prisma, world.district1);
});
afterAll(async () => {
  await app?.stop();
});

const dexamBody = (firstname: string) => ({
  event_id: dexam.id,
  firstname,
  lastname: "Letzteminute",
  birthdate: "2012-05-05",
  gender: "f",
  association_id: world.club1,
  instrument: "Clarinet",
  type: "D2",
  theory_location_id: dexam.theory,
  practice_location_id: dexam.practice,
  gdpr_accepted: true,
  cancellation_accepted: true,
});
const competitionBody = (name: string) => ({
  event_id: competition,
  name,
  association_id: world.club1,
  type: "K",
  cast: "B",
  category: 4,
  conductor_name: "Max Takt",
  number_of_musicians: 55,
  gdpr_accepted: true,
  cancellation_accepted: true,
});

/** At most this many statements per create: principal, registration + audit (the event's read kept). */
const MAX_STATEMENTS = 2;

describe("statements of one /v1 create", () => {
  for (const [kind, url, body, table] of [
    ["D-exam", "/v1/registration/dexam", dexamBody, "DexamRegistration"],
    ["competition", "/v1/registration/competition", competitionBody, "CompetitionRegistration"],
  ] as const) {
    it(`[R-API050][R-API046] a ${kind} create takes at most ${MAX_STATEMENTS} statements, no transaction round trips, no re-read`, async () => {
      // a first create warms what a busy server has warm (prepared clients, the principal's first read)
      expect((await app.rest("POST", url, token, body("Erste"))).status).toBe(201);
      const { result, sql } = await sqlOf(() => app.rest("POST", url, token, body("Zaehlung")));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(sql.filter((s) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(s))).toEqual([]);
      // registration and audit entry in one statement
      const writes = sql.filter((s) => /\bINSERT\b/i.test(s));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toContain(`INSERT INTO "${table}"`);
      expect(writes[0]).toContain(`INSERT INTO "AuditEntry"`);
      // the answer is not read back from the table just written
      expect(sql.filter((s) => s.includes(`FROM "public"."${table}"`))).toEqual([]);
      const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: table, entityId: result.body.id } });
      expect(audit.map((a) => a.action)).toEqual(["create"]);
    });
  }

  for (const [kind, url, body, table] of [
    ["D-exam", "/v1/registration/dexam", dexamBody, "DexamRegistration"],
    ["competition", "/v1/registration/competition", competitionBody, "CompetitionRegistration"],
  ] as const) {
    it(`[R-API050][R-API046] a ${kind} create with an Idempotency-Key takes one statement more (the key's lookup), its key row in the same INSERT`, async () => {
      expect((await app.rest("POST", url, token, body("ErsteMitSchluessel"))).status).toBe(201);
      const key = `zaehlung-${kind}`;
      const { result, sql } = await sqlOf(() => app.rest("POST", url, token, body("MitSchluessel"), { "idempotency-key": key }));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
      expect(sql.filter((s) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(s))).toEqual([]);
      const writes = sql.filter((s) => /\bINSERT\b/i.test(s));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toContain(`INSERT INTO "${table}"`);
      expect(writes[0]).toContain(`INSERT INTO "IdempotencyKey"`);
      // the retry: the principal, the key's lookup and the registration's read for the answer; nothing written
      const retry = await sqlOf(() => app.rest("POST", url, token, body("MitSchluessel"), { "idempotency-key": key }));
      expect(retry.result.body).toEqual(result.body);
      expect(retry.sql.filter((s) => /\bINSERT\b/i.test(s))).toEqual([]);
    });
  }

  it("[R-API050] after a write to the event the next create reads it again (3 statements); the one after that keeps it (2)", async () => {
    expect((await app.rest("POST", "/v1/registration/dexam", token, dexamBody("Erste"))).status).toBe(201);
    await app.db.prisma.event.update({ where: { id: dexam.id }, data: { description: "geändert" } });
    const changed = await sqlOf(() => app.rest("POST", "/v1/registration/dexam", token, dexamBody("Danach")));
    expect(changed.result.status, JSON.stringify(changed.result.body)).toBe(201);
    expect(changed.sql).toHaveLength(3);
    expect(changed.sql.filter((s) => s.includes(`FROM "Event" e WHERE e.id`) && !/\bINSERT\b/.test(s))).toHaveLength(1);
    const kept = await sqlOf(() => app.rest("POST", "/v1/registration/dexam", token, dexamBody("Wieder")));
    expect(kept.result.status).toBe(201);
    expect(kept.sql).toHaveLength(2);
  });

  it("[R-API050] creates arriving together after a write to the event share one read of it and one insert", async () => {
    await app.db.prisma.event.update({ where: { id: dexam.id }, data: { description: "wieder geändert" } });
    const n = 8;
    const { result, sql } = await sqlOf(() =>
      Promise.all(Array.from({ length: n }, (_, i) => app.rest("POST", "/v1/registration/dexam", token, dexamBody(`Zugleich${i}`)))),
    );
    expect(result.map((r) => r.status)).toEqual(Array(n).fill(201));
    expect(result.map((r) => r.body.firstname)).toEqual(Array.from({ length: n }, (_, i) => `Zugleich${i}`));
    expect(new Set(result.map((r) => r.body.id)).size).toBe(n);
    // the inserts of creates that reach it in one turn of the event loop share a statement
    const inserts = sql.filter((s) => /\bINSERT\b/.test(s));
    expect(inserts.length).toBeGreaterThanOrEqual(1);
    expect(inserts.length).toBeLessThan(n);
    expect(sql.filter((s) => s.includes(`FROM "Event" e WHERE e.id`) && !/\bINSERT\b/.test(s))).toHaveLength(1);
    expect(sql.length).toBeLessThan(2 * n);
    for (const r of result) {
      const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: "DexamRegistration", entityId: r.body.id } });
      expect(audit.map((a) => a.action)).toEqual(["create"]);
    }
  });
});
