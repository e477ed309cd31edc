// SQL statements of one /v1 create (benchmark figure 3 "deadline rush"), PostgreSQL pass only (it
// counts the queries of pg's client: tests/support/statements.ts). A create is one Prisma
// transaction (dexam/service.ts createDexam): the event under a share lock, then the registration,
// its audit entry, its idempotency key and its mail, and the answer is built from those rows (no
// read after the commit). The same holds for GraphQL's creates: the selection's relations are read
// by the insert's statement. The test fails if a create grows above MAX_STATEMENTS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, gid, openEventFields } from "../../support/fixtures.ts";
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

/**
 * At most this many statements per create: the principal; BEGIN, the event's share lock, the event
 * with its locations, the registration (inserted, then read with its club's name), its audit entry,
 * its mail, COMMIT. It does not grow with the number of locations or registrations.
 */
const MAX_STATEMENTS = 9;

const isTransactionControl = (s: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(s);

/** The statements between BEGIN and COMMIT (there is exactly one transaction). */
function inTransaction(sql: string[]): string[] {
  expect(
    sql.filter((s) => /^\s*BEGIN\b/i.test(s)),
    sql.join("\n"),
  ).toHaveLength(1);
  expect(
    sql.filter((s) => /^\s*COMMIT\b/i.test(s)),
    sql.join("\n"),
  ).toHaveLength(1);
  const begin = sql.findIndex((s) => /^\s*BEGIN\b/i.test(s));
  const commit = sql.findIndex((s) => /^\s*COMMIT\b/i.test(s));
  // nothing is read or written after the commit: the answer is built from the transaction's rows
  expect(sql.slice(commit + 1)).toEqual([]);
  return sql.slice(begin + 1, commit);
}

describe("statements of one /v1 create", () => {
  for (const [kind, url, body, table] of [
    ["D-exam", "/v1/registration/dexam", dexamBody, "DexamRegistration"],
    ["competition", "/v1/registration/competition", competitionBody, "CompetitionRegistration"],
  ] as const) {
    it(`[R-API050][R-API046] a ${kind} create is one transaction of at most ${MAX_STATEMENTS} statements: the event under a share lock first, then the row, its audit entry and its mail`, async () => {
      // a first create warms what a busy server has warm (prepared clients, the principal's first read)
      expect((await app.rest("POST", url, token, body("Erste"))).status).toBe(201);
      const { result, sql } = await sqlOf(() => app.rest("POST", url, token, body("Zaehlung")));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
      const tx = inTransaction(sql);
      expect(tx[0]).toMatch(/FOR SHARE/);
      const writes = tx.filter((s) => /^\s*INSERT\b/i.test(s));
      expect(writes.map((s) => s.match(/INSERT INTO "(?:public"\.")?(\w+)"/)?.[1])).toEqual([table, "AuditEntry", "MailOutbox"]);
      const audit = await app.db.prisma.auditEntry.findMany({ where: { entity: table, entityId: result.body.id } });
      expect(audit.map((a) => a.action)).toEqual(["create"]);
    });
  }

  const gqlCreate = {
    dexam: (firstname: string) =>
      app.gql(
        "mutation($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id databaseId lastname association { name } viewerCan { edit } } }",
        {
          e: gid("Event", dexam.id),
          input: {
            firstname,
            lastname: "Letzteminute",
            dateOfBirth: "2012-05-05",
            gender: "F",
            association: gid("Association", world.club1),
            instrument: "CLARINET",
            type: "D2",
            theoryLocation: gid("EventLocation", dexam.theory),
            practiceLocation: gid("EventLocation", dexam.practice),
            gdprAccepted: true,
            cancellationAccepted: true,
          },
        },
        token,
      ),
    competition: (name: string) =>
      app.gql(
        "mutation($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { id databaseId name points association { name } } }",
        {
          e: gid("Event", competition),
          input: {
            name,
            association: gid("Association", world.club1),
            type: "K",
            cast: "B",
            category: "CAT_4",
            conductorName: "Max Takt",
            numberOfMusicians: 55,
            gdprAccepted: true,
            cancellationAccepted: true,
          },
        },
        token,
      ),
  };
  for (const [kind, table] of [
    ["dexam", "DexamRegistration"],
    ["competition", "CompetitionRegistration"],
  ] as const) {
    it(`[R-API050][R-API046] a GraphQL ${kind} create is the same one transaction of at most ${MAX_STATEMENTS} statements, answered from its rows (nothing read after the commit)`, async () => {
      const first = await gqlCreate[kind]("GraphErste");
      expect(first.body.errors, JSON.stringify(first.body)).toBeUndefined();
      const { result, sql } = await sqlOf(() => gqlCreate[kind]("GraphZaehlung"));
      expect(result.body.errors, JSON.stringify(result.body)).toBeUndefined();
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
      const tx = inTransaction(sql);
      expect(tx[0]).toMatch(/FOR SHARE/);
      const writes = tx.filter((s) => /^\s*INSERT\b/i.test(s));
      expect(writes.map((s) => s.match(/INSERT INTO "(?:public"\.")?(\w+)"/)?.[1])).toEqual([table, "AuditEntry", "MailOutbox"]);
      const created = Object.values(result.body.data)[0] as { databaseId: number; association: { name: string } };
      expect(created.association.name).toEqual(expect.any(String));
      expect(await app.db.prisma.auditEntry.count({ where: { entity: table, entityId: created.databaseId, action: "create" } })).toBe(1);
    });
  }

  for (const [kind, url, body, table] of [
    ["D-exam", "/v1/registration/dexam", dexamBody, "DexamRegistration"],
    ["competition", "/v1/registration/competition", competitionBody, "CompetitionRegistration"],
  ] as const) {
    it(`[R-API050][R-API046] a ${kind} create with an Idempotency-Key looks the key up first and writes its row in the same transaction`, async () => {
      expect((await app.rest("POST", url, token, body("ErsteMitSchluessel"))).status).toBe(201);
      const key = `zaehlung-${kind}`;
      const { result, sql } = await sqlOf(() => app.rest("POST", url, token, body("MitSchluessel"), { "idempotency-key": key }));
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      // the lookup: the caller's expired row of this key deleted, then the key read
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS + 3);
      const writes = inTransaction(sql).filter((s) => /^\s*INSERT\b/i.test(s));
      expect(writes.map((s) => s.match(/INSERT INTO "(?:public"\.")?(\w+)"/)?.[1])).toEqual([table, "AuditEntry", "IdempotencyKey", "MailOutbox"]);
      // the retry: the principal, the key's lookup and the registration's read for the answer; nothing written
      const retry = await sqlOf(() => app.rest("POST", url, token, body("MitSchluessel"), { "idempotency-key": key }));
      expect(retry.result.body).toEqual(result.body);
      expect(retry.sql.filter((s) => /\bINSERT\b/i.test(s))).toEqual([]);
      expect(retry.sql.filter(isTransactionControl)).toEqual([]);
    });
  }
});
