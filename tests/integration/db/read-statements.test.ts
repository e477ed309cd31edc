// The start page's two queries cost a fixed, small number of SQL statements (every round
// trip to the database is a large part of a request's cost on the 2-core machine), and what the
// shortcuts answer is the same as a fresh read: the viewer comes from the row authentication read
// in the same request, district associations from one read per request, and a location's
// visibility from its already-checked event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, inTimeZone, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

let app: TestApp;
let world: World;

/** SQL statements sent while `run` runs (PostgreSQL through pg, or PGlite). */
async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const { result, queries } = await recordQueries(run);
  return { result, statements: queries.length };
}

const VIEWER = `{
  viewer { roles districtAssociationId firstname lastname email isComplete districtAssociation { databaseId name impressLink } }
  districtAssociations { databaseId name gdprLink }
}`;
const EVENTS = `query($d: Int, $from: Date!) {
  events(districtAssociationId: $d, from: $from, first: 100) {
    edges { node { name published districtAssociation { name } locations { name type city } } }
  }
}`;
const from = new Date(Date.now() - 400 * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (let i = 1; i <= 3; i++) {
    await app.db.prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: `Prüfung ${i}`,
        formType: "DEXAM",
        start: new Date(Date.now() + (10 + i) * DAY),
        locations: {
          create: [
            { name: `Theorie ${i}`, type: "DEXAM_THEORY", street: "Weg 1", city: "Eins" },
            { name: `Praxis ${i}`, type: "DEXAM_PRACTICE", street: "Weg 2", city: "Zwei" },
          ],
        },
      },
    });
  }
  // not yet published: members see neither it nor its location
  await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Entwurf",
      formType: "DEXAM",
      startPublishing: new Date(Date.now() + 10 * DAY),
      locations: { create: [{ name: "Geheim", type: "DEXAM_THEORY", street: "Weg 3", city: "Drei" }] },
    },
  });
});
afterAll(() => app.stop());

describe("statements per start-page request", () => {
  it("the viewer query (shell) takes 2 statements: the principal's row and all district associations", async () => {
    const token = await app.token(world.subjects.member);
    await app.gql(VIEWER, {}, token); // records the last activity (an update) once
    const { result, statements } = await countStatements(() => app.gql(VIEWER, {}, token));
    expect(result.body.errors).toBeUndefined();
    const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } });
    expect(result.body.data.viewer).toEqual({
      roles: [],
      districtAssociationId: world.district1,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      isComplete: false,
      districtAssociation: { databaseId: world.district1, name: "KV Eins", impressLink: "https://e.test/1/impressum" },
    });
    expect(result.body.data.districtAssociations.map((d: { name: string }) => d.name)).toEqual(["KV Eins", "KV Zwei"]);
    expect(statements).toBe(2);
  });

  it("the events query takes 3 statements whatever the number of events: principal, events with their locations (joined), district associations", async () => {
    const token = await app.token(world.subjects.member);
    await app.gql(VIEWER, {}, token);
    const { result, statements } = await countStatements(() => app.gql(EVENTS, { d: world.district1, from }, token));
    expect(result.body.errors).toBeUndefined();
    const events = result.body.data.events.edges.map((e: { node: unknown }) => e.node);
    expect(events.map((e: { name: string }) => e.name).sort()).toEqual(["Prüfung 1", "Prüfung 2", "Prüfung 3"]);
    for (const e of events) {
      expect(e.districtAssociation).toEqual({ name: "KV Eins" });
      expect(e.locations.map((l: { type: string }) => l.type).sort()).toEqual(["DEXAM_PRACTICE", "DEXAM_THEORY"]);
    }
    expect(statements).toBe(3);
  });
});

describe("statements per overview request", () => {
  const OVERVIEW = `query($e: ID!, $n: Int) {
    dexamRegistrations(eventId: $e, first: $n) {
      totalCount
      edges { node { databaseId firstname association { name } theoryPoints grade songsComplete viewerCan { edit delete takeOver } } }
    }
  }`;
  it("the D-exam overview takes 3 statements whatever the page size: principal, the page with its relations (joined), the count", async () => {
    const event = await app.db.prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Übersicht",
        formType: "DEXAM",
        locations: { create: [{ name: "Theorie Ü", type: "DEXAM_THEORY", street: "Weg 4", city: "Vier", publishResults: true }] },
      },
      include: { locations: true },
    });
    await app.db.prisma.dexamRegistration.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        eventId: event.id,
        associationId: world.club1,
        firstname: `Vorname${i}`,
        lastname: `Nachname${String(i).padStart(2, "0")}`,
        birthdate: new Date("2012-05-01"),
        gender: "F" as const,
        instrument: "FLUTE" as const,
        type: "D1" as const,
        theoryLocationId: event.locations[0].id,
        theoryPoints: i,
      })),
    });
    const token = await app.token(world.subjects["role:registration_manage"]);
    await app.gql(VIEWER, {}, token); // records the last activity (an update) once
    for (const n of [2, 20]) {
      const { result, statements } = await countStatements(() => app.gql(OVERVIEW, { e: gid("Event", event.id), n }, token));
      expect(result.body.errors).toBeUndefined();
      const connection = result.body.data.dexamRegistrations;
      expect(connection.totalCount).toBe(30);
      expect(connection.edges).toHaveLength(n);
      expect(connection.edges[1].node).toMatchObject({ firstname: "Vorname1", association: { name: expect.any(String) }, theoryPoints: 1 });
      expect(statements).toBe(3);
    }
  });
});

describe("the shortcuts answer what a fresh read would", () => {
  it("the principal's row read past Prisma keeps the stored instants whatever the server's time zone", async () => {
    const token = await app.token(world.subjects.member);
    await app.gql(VIEWER, {}, token);
    await inTimeZone("America/New_York", async () => {
      const res = await app.gql(`{ viewer { lastActive } }`, {}, token);
      expect(res.body.errors).toBeUndefined();
      const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.member } });
      expect(res.body.data.viewer.lastActive).toBe(row.lastActive?.toISOString());
    });
  });

  it("[R-AU030] requests arriving together read their principals' rows in one statement, each its own user's row", async () => {
    const names = Object.keys(world.subjects).filter((n) => n !== "blocked");
    const tokens = await Promise.all(names.map((n) => app.token(world.subjects[n])));
    await Promise.all(tokens.map((t) => app.gql(`{ viewer { email } }`, {}, t))); // last activity recorded (an update) once
    const { result, queries } = await recordQueries(() => Promise.all(tokens.map((t) => app.gql(`{ viewer { email } }`, {}, t))));
    const rows = await app.db.prisma.user.findMany({ where: { id: { in: names.map((n) => world.userIds[n]) } } });
    const email = new Map(rows.map((r) => [r.id, r.email]));
    expect(result.map((r) => r.body.data?.viewer?.email)).toEqual(names.map((n) => email.get(world.userIds[n])));
    const principalReads = queries.filter((q) => q.text.includes(`WHERE u.subject = ANY`));
    expect(principalReads.length).toBeGreaterThanOrEqual(1);
    expect(principalReads.length).toBeLessThan(names.length);
  });

  it("[R-AU030] a principal's row is never answered from an earlier request's read: blocking acts on the very next request", async () => {
    const token = await app.token(world.subjects.target);
    expect((await app.gql(`{ viewer { email } }`, {}, token)).status).toBe(200);
    await app.db.prisma.user.update({ where: { id: world.userIds.target }, data: { blocked: true } });
    try {
      expect((await app.gql(`{ viewer { email } }`, {}, token)).status).toBe(403);
    } finally {
      await app.db.prisma.user.update({ where: { id: world.userIds.target }, data: { blocked: false } });
    }
  });

  it("a profile change shows in the viewer of the very next request", async () => {
    const token = await app.token(world.subjects.target);
    await app.gql(VIEWER, {}, token);
    const { version } = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    const input = {
      firstname: "Neu",
      lastname: "Name",
      email: "neu@test.example",
      phone: "+49 1",
      street: "S 1",
      postcode: "12345",
      city: "C",
      country: "DE",
      version,
    };
    const saved = await app.gql("mutation($input: ProfileInput!) { updateViewer(input: $input) { firstname } }", { input }, token);
    expect(saved.body.errors).toBeUndefined();
    const after = await app.gql(VIEWER, {}, token);
    expect(after.body.data.viewer).toMatchObject({ firstname: "Neu", lastname: "Name", email: "neu@test.example", isComplete: true });
  });

  it("a renamed district association shows in the next request", async () => {
    const token = await app.token(world.subjects.member);
    await app.db.prisma.districtAssociation.update({ where: { id: world.district2 }, data: { name: "KV Zwei neu" } });
    const g = await app.gql(VIEWER, {}, token);
    expect(g.body.data.districtAssociations.map((d: { name: string }) => d.name)).toContain("KV Zwei neu");
    await app.db.prisma.districtAssociation.update({ where: { id: world.district2 }, data: { name: "KV Zwei" } });
  });

  it("[R-EV004] a location of an unpublished event stays hidden from members by id, and visible to its district's staff", async () => {
    const hidden = await app.db.prisma.eventLocation.findFirstOrThrow({ where: { name: "Geheim" } });
    const q = "query($id: ID!) { node(id: $id) { ... on EventLocation { name } } }";
    const member = await app.gql(q, { id: gid("EventLocation", hidden.id) }, await app.token(world.subjects.member));
    expect(member.body.data?.node ?? null).toBeNull();
    const staff = await app.gql(q, { id: gid("EventLocation", hidden.id) }, await app.token(world.subjects["role:event_manage"]));
    expect(staff.body.data.node).toEqual({ name: "Geheim" });
    // and through its event, which members do not get at all
    const events = await app.gql(EVENTS, { d: world.district1, from }, await app.token(world.subjects.member));
    expect(JSON.stringify(events.body.data)).not.toContain("Geheim");
  });
});
