// Retried creates (docs/decisions.md "Retried creates", docs/api.md "Retrying a create"): a create
// that committed while its answer was lost (the process died, the connection broke) is sent again
// with the same idempotency key and answers the registration it wrote, instead of writing a second.
// GraphQL (argument idempotencyKey) and /v1 (header Idempotency-Key), D-exams, competitions and
// the takeover; on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDexam } from "../../../server/src/domains/dexam/service.ts";
import { deleteExpiredEvents } from "../../../server/src/domains/events/expiry.ts";
import { INVALID_KEY, KEY_REUSED } from "../../../server/src/domains/registrations/idempotency.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { campEventWithLocations, competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexam: { event: number; theory: number; practice: number };
let competition: number;
let n = 0;
/** a fresh key (a client's crypto.randomUUID()) */
const newKey = () => `key-${Date.now()}-${++n}`;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const name of ["member", "member2", "role:registration_manage"]) t[name] = await app.token(world.subjects[name]);
  await app.db.prisma.user.updateMany({
    where: { id: { in: [world.userIds.member, world.userIds.member2] } },
    data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" },
  });
  dexam = await dexamEventWithLocations(app.db.prisma, world.district1);
  competition = await competitionEventWithHall(app.db.prisma, world.district1);
});
afterAll(() => app?.stop());

const db = () => app.db.prisma;
const dexamBody = (lastname: string, over: Record<string, unknown> = {}) => dexamWireBody(dexam, world.club1, { lastname, ...over });
const competitionBody = (name: string, over: Record<string, unknown> = {}) => competitionWireBody(competition, world.club1, { name, ...over });
const post = (url: string, who: string, body: unknown, key?: string) =>
  app.rest("POST", url, t[who], body, key === undefined ? {} : { "idempotency-key": key });

/** What is stored of the registrations with this last name (D-exam) or name (competition). */
async function stored(kind: "dexam" | "competition", name: string) {
  const rows =
    kind === "dexam"
      ? await db().dexamRegistration.findMany({ where: { lastname: name }, select: { id: true } })
      : await db().competitionRegistration.findMany({ where: { name }, select: { id: true } });
  const ids = rows.map((r) => r.id);
  const entity = kind === "dexam" ? "DexamRegistration" : "CompetitionRegistration";
  return { ids, audit: await db().auditEntry.count({ where: { entity, entityId: { in: ids } } }) };
}

/** A D-exam registration of the member whose theory is passed and practice failed: one to take over. */
async function passedTheory(lastname: string): Promise<number> {
  const src = await post("/v1/registration/dexam", "member", dexamBody(lastname));
  expect(src.status, JSON.stringify(src.body)).toBe(201);
  await db().dexamRegistration.update({ where: { id: src.body.id }, data: { theoryPoints: 31.5, practicePoints: 28 } });
  // members take over published parts only (results/result-visibility.test.ts)
  await db().eventLocation.update({ where: { id: dexam.theory }, data: { publishResults: true } });
  return src.body.id;
}
const takeoverBody = () => ({ event_id: dexam.event, practice_location_id: dexam.practice, gdpr_accepted: true, cancellation_accepted: true });

describe("/v1: a create sent again with its Idempotency-Key answers the registration it wrote", () => {
  it("[R-API050] a D-exam create retried with the same key: one registration, one audit entry, the same 201 answer", async () => {
    const key = newKey();
    const first = await post("/v1/registration/dexam", "member", dexamBody("Wiederholt"), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post("/v1/registration/dexam", "member", dexamBody("Wiederholt"), key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await stored("dexam", "Wiederholt")).toEqual({ ids: [first.body.id], audit: 1 });
    expect(await db().idempotencyKey.findMany({ where: { key } })).toEqual([
      expect.objectContaining({ caller: world.subjects.member, operation: "dexam.create", registrationId: first.body.id }),
    ]);
    // without a key (as before) a second send is a second registration
    expect((await post("/v1/registration/dexam", "member", dexamBody("Wiederholt"))).status).toBe(201);
    expect((await stored("dexam", "Wiederholt")).ids).toHaveLength(2);
  });

  it("[R-API050] a create that committed while its answer was lost: the retry, on a restarted server, answers that registration", async () => {
    const key = newKey();
    const body = dexamBody("Verloren");
    // the first request is written; its answer never reaches the caller (the process dies)
    const lost = await post("/v1/registration/dexam", "member", body, key);
    expect(lost.status).toBe(201);
    // the retry reaches another process on the same database: nothing of the first is in its memory
    const restarted = await startTestApp({ db: app.db, dataKey: app.services.dataKey });
    try {
      const retry = await restarted.rest("POST", "/v1/registration/dexam", await restarted.token(world.subjects.member), body, { "idempotency-key": key });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.body).toEqual(lost.body);
    } finally {
      await restarted.stop();
    }
    expect(await stored("dexam", "Verloren")).toEqual({ ids: [lost.body.id], audit: 1 });
  });

  it("[R-API050] a camp create retried with the same key: one registration, one consent form stored, the same answer (health data included)", async () => {
    const camp = await campEventWithLocations(db(), world.district1, "Freizeit", false);
    const [theory, practice] = camp.locations;
    await db().eventLocation.update({ where: { id: theory.id }, data: { dexamTypes: ["D1"] } });
    const pdf = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64")}`;
    const body = dexamWireBody({ event: camp.id, theory: theory.id, practice: practice.id }, world.club1, {
      lastname: "Lagerwiederholung",
      type: "D1",
      instrument: "Flute",
      practice_location_id: null,
      health_consent_accepted: true,
      camp_extension: { meal_request: "vegan", allergies: "Erdnüsse", emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
      file_upload: pdf,
      file_upload_name: "einverstaendnis.pdf",
    });
    const key = newKey();
    const files = await db().storedFile.count();
    const first = await post("/v1/registration/dexam", "member", body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post("/v1/registration/dexam", "member", body, key);
    expect(retry.body).toEqual(first.body);
    expect(retry.body.camp_extension).toMatchObject({ allergies: "Erdnüsse", meal_request: "vegan" });
    expect(await stored("dexam", "Lagerwiederholung")).toEqual({ ids: [first.body.id], audit: 1 });
    expect(await db().storedFile.count()).toBe(files + 1);
  });

  it("[R-API046] a competition create retried with the same key: one registration, the same 201 answer", async () => {
    const key = newKey();
    const first = await post("/v1/registration/competition", "member", competitionBody("Wiederholtes Orchester"), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post("/v1/registration/competition", "member", competitionBody("Wiederholtes Orchester"), key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await stored("competition", "Wiederholtes Orchester")).toEqual({ ids: [first.body.id], audit: 1 });
  });

  it("[R-API055] a takeover retried with the same key answers the registration it created (without a key the retry is refused: already taken over)", async () => {
    const source = await passedTheory("Uebernahme");
    const key = newKey();
    const first = await post(`/v1/registration/dexam/${source}/takeover`, "member", takeoverBody(), key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const retry = await post(`/v1/registration/dexam/${source}/takeover`, "member", takeoverBody(), key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await db().dexamRegistration.count({ where: { takenOverFromId: source } })).toBe(1);
    expect(await db().auditEntry.count({ where: { action: "takeover", entityId: first.body.id } })).toBe(1);
    const unkeyed = await post(`/v1/registration/dexam/${source}/takeover`, "member", takeoverBody());
    expect(unkeyed.status).toBe(409);
  });
});

describe("GraphQL: the creates take an idempotencyKey", () => {
  const DEXAM = `mutation($e: ID!, $input: DexamRegistrationInput!, $key: String) {
    createDexamRegistration(eventId: $e, input: $input, idempotencyKey: $key) { id databaseId lastname } }`;
  const COMPETITION = `mutation($e: ID!, $input: CompetitionRegistrationInput!, $key: String) {
    createCompetitionRegistration(eventId: $e, input: $input, idempotencyKey: $key) { id databaseId name } }`;
  const TAKEOVER = `mutation($id: ID!, $input: DexamTakeoverInput!, $key: String) {
    takeOverDexamPartialResult(id: $id, input: $input, idempotencyKey: $key) { id databaseId } }`;
  const dexamInput = (lastname: string) => ({
    firstname: "Gina",
    lastname,
    birthdate: "2012-04-05",
    gender: "F",
    associationId: world.club1,
    instrument: "CLARINET",
    type: "D2",
    theoryLocationId: dexam.theory,
    practiceLocationId: dexam.practice,
    gdprAccepted: true,
  });
  const competitionInput = (name: string) => ({
    name,
    associationId: world.club1,
    type: "K",
    cast: "B",
    category: "CAT_4",
    conductorName: "Max Takt",
    numberOfMusicians: 40,
    gdprAccepted: true,
    cancellationAccepted: true,
  });

  it("[R-API050] createDexamRegistration retried with the same key: one registration, the same answer", async () => {
    const vars = { e: gid("Event", dexam.event), input: dexamInput("GraphWiederholt"), key: newKey() };
    const first = await app.gql(DEXAM, vars, t.member);
    expect(first.body.errors, JSON.stringify(first.body)).toBeUndefined();
    const retry = await app.gql(DEXAM, vars, t.member);
    expect(retry.body).toEqual(first.body);
    expect(await stored("dexam", "GraphWiederholt")).toEqual({ ids: [first.body.data.createDexamRegistration.databaseId], audit: 1 });
  });

  it("[R-API046] createCompetitionRegistration retried with the same key: one registration, the same answer", async () => {
    const vars = { e: gid("Event", competition), input: competitionInput("Graph-Orchester"), key: newKey() };
    const first = await app.gql(COMPETITION, vars, t.member);
    expect(first.body.errors, JSON.stringify(first.body)).toBeUndefined();
    const retry = await app.gql(COMPETITION, vars, t.member);
    expect(retry.body).toEqual(first.body);
    expect(await stored("competition", "Graph-Orchester")).toEqual({ ids: [first.body.data.createCompetitionRegistration.databaseId], audit: 1 });
  });

  it("[R-API055] takeOverDexamPartialResult retried with the same key: one new registration, the same answer", async () => {
    const source = await passedTheory("GraphUebernahme");
    const vars = {
      id: gid("DexamRegistration", source),
      input: { eventId: gid("Event", dexam.event), practiceLocationId: dexam.practice, gdprAccepted: true, cancellationAccepted: true },
      key: newKey(),
    };
    const first = await app.gql(TAKEOVER, vars, t.member);
    expect(first.body.errors, JSON.stringify(first.body)).toBeUndefined();
    const retry = await app.gql(TAKEOVER, vars, t.member);
    expect(retry.body).toEqual(first.body);
    expect(await db().dexamRegistration.count({ where: { takenOverFromId: source } })).toBe(1);
  });

  it("[R-API050] the same key with other input: IDEMPOTENCY_KEY_REUSED with a German message, nothing written", async () => {
    const key = newKey();
    const first = await app.gql(DEXAM, { e: gid("Event", dexam.event), input: dexamInput("GraphErste"), key }, t.member);
    expect(first.body.errors).toBeUndefined();
    const other = await app.gql(DEXAM, { e: gid("Event", dexam.event), input: dexamInput("GraphAndere"), key }, t.member);
    expect(other.body.errors?.[0]).toMatchObject({ message: KEY_REUSED, extensions: { code: "IDEMPOTENCY_KEY_REUSED" } });
    expect(other.body.data).toBeNull();
    expect(await stored("dexam", "GraphAndere")).toEqual({ ids: [], audit: 0 });
    // the same key for another kind of create is another request too
    const competitionWithIt = await app.gql(COMPETITION, { e: gid("Event", competition), input: competitionInput("GraphFremd"), key }, t.member);
    expect(competitionWithIt.body.errors?.[0].extensions?.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await stored("competition", "GraphFremd")).toEqual({ ids: [], audit: 0 });
  });

  it("[R-API050] a key that is empty, too long or not ASCII is refused (BAD_REQUEST), nothing written", async () => {
    for (const key of ["", "x".repeat(256), "Schlüssel", "mit leerzeichen"]) {
      const res = await app.gql(DEXAM, { e: gid("Event", dexam.event), input: dexamInput("GraphUngueltig"), key }, t.member);
      expect(res.body.errors?.[0], key).toMatchObject({ message: INVALID_KEY, extensions: { code: "BAD_REQUEST" } });
    }
    expect(await stored("dexam", "GraphUngueltig")).toEqual({ ids: [], audit: 0 });
  });
});

describe("what a key is bound to", () => {
  it("[R-API050][R-API046] the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED in German and writes nothing", async () => {
    const key = newKey();
    expect((await post("/v1/registration/dexam", "member", dexamBody("Original"), key)).status).toBe(201);
    const changed = await post("/v1/registration/dexam", "member", dexamBody("Geaendert"), key);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ error: { code: "IDEMPOTENCY_KEY_REUSED", message: KEY_REUSED } });
    const elsewhere = await post("/v1/registration/competition", "member", competitionBody("Anderswo"), key);
    expect(elsewhere.status).toBe(422);
    expect(await stored("dexam", "Geaendert")).toEqual({ ids: [], audit: 0 });
    expect(await stored("competition", "Anderswo")).toEqual({ ids: [], audit: 0 });
    expect((await stored("dexam", "Original")).ids).toHaveLength(1);
  });

  it("[R-API050] the key belongs to its caller: another user's same key writes that user's own registration and never answers the first one's", async () => {
    const key = newKey();
    const mine = await post("/v1/registration/dexam", "member", dexamBody("Eigener"), key);
    expect(mine.status).toBe(201);
    // registration_manage of the district may register the same club: with the same key and body it gets a registration of its own
    const theirs = await post("/v1/registration/dexam", "role:registration_manage", dexamBody("Eigener"), key);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.user_id).toBe(world.userIds["role:registration_manage"]);
    // a member of another district with the key: its own (refused) create, nothing of the first one
    const stranger = await post("/v1/registration/dexam", "member2", dexamBody("Eigener"), key);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(String(mine.body.id));
    expect((await stored("dexam", "Eigener")).ids.sort()).toEqual([mine.body.id, theirs.body.id].sort());
    expect(await db().idempotencyKey.count({ where: { key } })).toBe(2);
  });

  it("[R-API050] a refused create stores no key: the corrected request with the same key is written", async () => {
    const key = newKey();
    const refused = await post("/v1/registration/dexam", "member", dexamBody("Korrigiert", { gdpr_accepted: false }), key);
    expect(refused.status).toBe(400);
    expect(await db().idempotencyKey.count({ where: { key } })).toBe(0);
    const corrected = await post("/v1/registration/dexam", "member", dexamBody("Korrigiert"), key);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    expect((await stored("dexam", "Korrigiert")).ids).toEqual([corrected.body.id]);
  });

  it("[R-API050] a header that is empty, too long or sent twice is refused with 400, nothing written", async () => {
    for (const key of ["", "y".repeat(256)]) {
      const res = await post("/v1/registration/dexam", "member", dexamBody("Kopfzeile"), key);
      expect(res.status, key).toBe(400);
      expect(res.body.error).toEqual({ code: "BAD_REQUEST", message: INVALID_KEY });
    }
    const twice = await app.fastify.inject({
      method: "POST",
      url: "/v1/registration/dexam",
      headers: { authorization: `Bearer ${t.member}`, "content-type": "application/json", "idempotency-key": ["a", "b"] },
      payload: JSON.stringify(dexamBody("Kopfzeile")),
    });
    expect(twice.statusCode).toBe(400);
    expect(await stored("dexam", "Kopfzeile")).toEqual({ ids: [], audit: 0 });
  });

  it("[R-API050] a retry after the registration was deleted answers 404, and writes nothing", async () => {
    const key = newKey();
    const first = await post("/v1/registration/dexam", "member", dexamBody("Geloescht"), key);
    expect((await app.rest("DELETE", `/v1/registration/dexam/${first.body.id}`, t.member)).status).toBe(204);
    const retry = await post("/v1/registration/dexam", "member", dexamBody("Geloescht"), key);
    expect(retry.status).toBe(404);
    expect(await stored("dexam", "Geloescht")).toEqual({ ids: [], audit: 0 });
  });
});

describe("concurrent requests with one key", () => {
  for (const [kind, url, body] of [
    ["D-exam", "/v1/registration/dexam", () => dexamBody("Gleichzeitig")],
    ["competition", "/v1/registration/competition", () => competitionBody("Gleichzeitiges Orchester")],
  ] as const) {
    it(`[R-API050][R-API046] ${kind}: four at once with the same key write one registration; every answer is it`, async () => {
      const key = newKey();
      const answers = await Promise.all([0, 1, 2, 3].map(() => post(url, "member", body(), key)));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      for (const a of answers) expect(a.body).toEqual(answers[0].body);
      const { ids, audit } = await stored(kind === "D-exam" ? "dexam" : "competition", kind === "D-exam" ? "Gleichzeitig" : "Gleichzeitiges Orchester");
      expect(ids).toEqual([answers[0].body.id]);
      expect(audit).toBe(1);
    });
  }

  it("[R-API050] one key, two different bodies at once: one is written, the other answers 422", async () => {
    const key = newKey();
    const answers = await Promise.all(["ParallelA", "ParallelB"].map((lastname) => post("/v1/registration/dexam", "member", dexamBody(lastname), key)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const a = await stored("dexam", "ParallelA");
    const b = await stored("dexam", "ParallelB");
    expect(a.ids.length + b.ids.length).toBe(1);
  });

  it("[R-API055] two takeovers at once with the same key: one new registration, both answer it", async () => {
    const source = await passedTheory("ParallelUebernahme");
    const key = newKey();
    const answers = await Promise.all([0, 1].map(() => post(`/v1/registration/dexam/${source}/takeover`, "member", takeoverBody(), key)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(await db().dexamRegistration.count({ where: { takenOverFromId: source } })).toBe(1);
  });
});

describe("keys expire", () => {
  const HOUR = 3_600_000;

  it("[R-API050] after 24 hours a key is unused again: the same request creates a new registration", async () => {
    const key = newKey();
    const first = await post("/v1/registration/dexam", "member", dexamBody("Abgelaufen"), key);
    await db().idempotencyKey.updateMany({ where: { key }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });
    const later = await post("/v1/registration/dexam", "member", dexamBody("Abgelaufen"), key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await db().idempotencyKey.findMany({ where: { key } })).toEqual([expect.objectContaining({ registrationId: later.body.id })]);
  });

  it("[R-API050] the expiry job deletes keys older than 24 hours and keeps the younger ones", async () => {
    const old = newKey();
    const young = newKey();
    expect((await post("/v1/registration/dexam", "member", dexamBody("Aufgeraeumt"), old)).status).toBe(201);
    expect((await post("/v1/registration/dexam", "member", dexamBody("Behalten"), young)).status).toBe(201);
    await db().idempotencyKey.updateMany({ where: { key: old }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });
    await db().idempotencyKey.updateMany({ where: { key: young }, data: { createdAt: new Date(Date.now() - 23 * HOUR) } });
    expect(await deleteExpiredEvents(db(), new Date())).toMatchObject({ events: 0 });
    expect(await db().idempotencyKey.count({ where: { key: old } })).toBe(0);
    expect(await db().idempotencyKey.count({ where: { key: young } })).toBe(1);
  });
});

describe("one rule for every door", () => {
  it("[R-API050] the service takes the key: a create through it and a retry through it answer one registration", async () => {
    const p = {
      kind: "user" as const,
      userId: world.userIds.member,
      subject: world.subjects.member,
      roles: [],
      districtAssociationId: world.district1,
      associationIds: [world.club1],
      blocked: false,
      profileComplete: true,
    };
    const ctx = { principal: p, prisma: db(), services: app.services };
    const input = {
      firstname: "Sara",
      lastname: "Dienst",
      birthdate: "2012-01-01",
      gender: "F" as const,
      associationId: world.club1,
      instrument: "CLARINET" as const,
      type: "D2" as const,
      theoryLocationId: dexam.theory,
      practiceLocationId: dexam.practice,
      gdprAccepted: true,
    };
    const key = newKey();
    const first = await createDexam(ctx, dexam.event, input, undefined, key);
    const again = await createDexam(ctx, dexam.event, { ...input }, undefined, key);
    expect(again.registration).toEqual(first.registration);
    expect(again.association).toEqual(first.association);
    await expect(createDexam(ctx, dexam.event, { ...input, firstname: "Andere" }, undefined, key)).rejects.toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      status: 422,
    });
    expect((await stored("dexam", "Dienst")).ids).toEqual([first.registration.id]);
  });
});
