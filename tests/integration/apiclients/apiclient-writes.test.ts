// API clients register (docs/decisions.md "API clients register"): a machine client holding the
// district roles of the creates in the permission table (registration_manage) registers for any club
// of its district at both doors, as staff do; another district's club, and a client without those
// roles, are refused by the same tenancy rule (registrations/access.ts checkClub -> actsOn). The
// registration names no account (userId null) and writes no mail; the idempotency key is the
// client's own. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../server/src/shared/permissions.ts";
import { ROLES } from "../../../server/src/shared/roles.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let dexam: { event: number; theory: number; practice: number };
let dexamOther: { event: number; theory: number; practice: number };
let competition: number;
/** a second club of district 1 (the client's district), which no account of the test belongs to */
let clubB: number;
const t: Record<string, string> = {};

/** the roles that register for every club of the district (the creates' district roles in the table) */
const MANAGER_ROLES = [...(PERMISSIONS["dexam.create"].districtRoles ?? [])];
/** a role that reads but does not manage registrations: one of dexam.read's district roles that is not a create's */
const READER_ROLE = (PERMISSIONS["dexam.read"].districtRoles ?? []).find((r) => !MANAGER_ROLES.includes(r as never));

async function client(name: string, roles: string[], districtAssociationId: number) {
  const clientId = `api-${name}`;
  await app.db.prisma.apiClient.create({ data: { clientId, name, secretHash: "", roles: roles as never, districtAssociationId } });
  // a client-credentials token as the embedded provider issues it (sub = client_id)
  t[name] = await app.token(clientId, { client_id: clientId });
}

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  clubB = (await app.db.prisma.association.create({ data: { name: "MV Bezirk B", districtAssociationId: world.district1 } })).id;
  dexam = await dexamEventWithLocations(app.db.prisma, world.district1);
  dexamOther = await dexamEventWithLocations(app.db.prisma, world.district2, "D-Prüfungen Zwei");
  competition = await competitionEventWithHall(app.db.prisma, world.district1);
  expect(MANAGER_ROLES.length).toBeGreaterThan(0);
  expect(READER_ROLE && (ROLES as readonly string[]).includes(READER_ROLE)).toBeTruthy();
  await client("manager", MANAGER_ROLES, world.district1);
  await client("reader", [READER_ROLE as string], world.district1);
});
afterAll(() => app?.stop());

describe("API clients with the creates' district roles register for the clubs of their district", () => {
  it("/v1 D-exam and competition creates for another club of the district: 201, no account named, no mail", async () => {
    const before = await app.db.prisma.mailOutbox.count();
    const d = await app.rest("POST", "/v1/registration/dexam", t.manager, dexamWireBody(dexam, clubB, { lastname: "Maschine" }));
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.association).toEqual({ id: clubB, name: "MV Bezirk B" });
    expect(d.headers.location).toBe(`/v1/registration/dexam/${d.body.id}`);
    const c = await app.rest("POST", "/v1/registration/competition", t.manager, competitionWireBody(competition, world.club1, { name: "Maschinenorchester" }));
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const row = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: d.body.id } });
    expect(row.userId).toBeNull();
    expect(row.associationId).toBe(clubB);
    // the audit names the client
    const entry = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { entity: "DexamRegistration", entityId: d.body.id, action: "create" } });
    expect(JSON.stringify(entry)).toContain("api-manager");
    expect(await app.db.prisma.mailOutbox.count()).toBe(before);
    // it reads and changes what it made, as staff
    const got = await app.rest("GET", `/v1/registration/dexam/${d.body.id}`, t.manager);
    expect(got.status).toBe(200);
  });

  it("GraphQL: the same create for a club of the district", async () => {
    const res = await app.gql(
      "mutation($e: ID!, $input: CompetitionRegistrationInput!) { createCompetitionRegistration(eventId: $e, input: $input) { name association { name } } }",
      {
        e: gid("Event", competition),
        input: {
          associationId: clubB,
          name: "Graph-Orchester",
          type: "K",
          cast: "B",
          category: "CAT_3",
          conductorName: "Max Takt",
          numberOfMusicians: 40,
          gdprAccepted: true,
          cancellationAccepted: true,
        },
      },
      t.manager,
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data.createCompetitionRegistration.association.name).toBe("MV Bezirk B");
  });

  it("a club of another district is not found, and nothing is written", async () => {
    const before = await app.db.prisma.dexamRegistration.count();
    const other = await app.rest("POST", "/v1/registration/dexam", t.manager, dexamWireBody(dexam, world.club2, { lastname: "Fremd" }));
    expect(other.status).toBe(404);
    expect(other.body.error).toEqual({ code: "NOT_FOUND", message: "Verein nicht gefunden" });
    // another district's event with its own club: the client manages neither
    const otherEvent = await app.rest("POST", "/v1/registration/dexam", t.manager, dexamWireBody(dexamOther, world.club2, { lastname: "Fremd" }));
    expect(otherEvent.status).toBe(404);
    expect(await app.db.prisma.dexamRegistration.count()).toBe(before);
  });

  it("a client without the creates' district roles registers for no club", async () => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.reader, dexamWireBody(dexam, clubB, { lastname: "Leser" }));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Verein nicht gefunden");
  });

  it("idempotency keys are the client's own: the replay answers the first registration with Idempotent-Replayed", async () => {
    const body = dexamWireBody(dexam, clubB, { lastname: "Einmal" });
    const first = await app.rest("POST", "/v1/registration/dexam", t.manager, body, { "idempotency-key": "client-key-1" });
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await app.rest("POST", "/v1/registration/dexam", t.manager, body, { "idempotency-key": "client-key-1" });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers.location).toBe(`/v1/registration/dexam/${first.body.id}`);
    expect(await app.db.prisma.dexamRegistration.count({ where: { lastname: "Einmal" } })).toBe(1);
  });

  it("what stays a person's: the takeover and the own account", async () => {
    const viewer = await app.rest("GET", "/v1/user/0", t.manager);
    expect(viewer.status).toBe(403);
  });
});
