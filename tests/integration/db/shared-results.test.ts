// Start-page answers shared across requests (graphql/sharedResults.ts): the events list
// and the district associations are read once for everybody of one scope, and any change to an
// event, a location or a district association shows on the next request, whoever made it.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPersistedOperations } from "../../../server/src/graphql/persisted.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

const persisted = loadPersistedOperations("client/src/__generated__/persisted-operations.json");
const idOf = (name: string) => {
  const hit = [...persisted].find(([, text]) => text.startsWith(`query ${name}(`) || text.startsWith(`query ${name} `));
  if (!hit) throw new Error(`${name} is not a persisted operation`);
  return hit[0];
};
const START = idOf("StartEventsQuery");
const SHELL = idOf("AppShellQuery");
const from = new Date().toISOString().slice(0, 10);

let app: TestApp;
let fresh: TestApp; // the same database, nothing shared: what a first read answers
let world: World;
let draftId: number;
let eventId: number;

type Body = { data?: any; errors?: unknown[] };
async function send(target: TestApp, documentId: string, variables: Record<string, unknown>, subject: string): Promise<{ body: Body; statements: number }> {
  const token = await target.token(subject);
  const { result, queries } = await recordQueries(() =>
    target.fastify.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      payload: JSON.stringify({ documentId, variables }),
    }),
  );
  const body = result.json() as Body;
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return { body, statements: queries.length };
}
const start = (subject: string, d: number | null = null, target = app) => send(target, START, { districtAssociationId: d, from }, subject);
const names = (body: Body) => body.data.events.edges.map((e: { node: { name: string } }) => e.node.name);

beforeAll(async () => {
  const dataKey = crypto.randomBytes(32);
  app = await startTestApp({ dataKey });
  fresh = await startTestApp({ db: app.db, dataKey, env: { SHARED_RESULT_SECONDS: "0" } });
  world = await createWorld(app.db.prisma);
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Frühjahrsprüfung",
      formType: "DEXAM",
      start: new Date(Date.now() + 40 * DAY),
      locations: { create: [{ name: "Aula", type: "DEXAM_THEORY", street: "Weg 1", city: "Eins", start: new Date(Date.now() + 40 * DAY) }] },
    },
  });
  eventId = e.id;
  await app.db.prisma.event.create({
    data: { ...openEventFields(world.district2), name: "Wertungsspiel Zwei", formType: "COMPETITION", start: new Date(Date.now() + 50 * DAY) },
  });
  // district 1's staff see it, nobody else yet
  const draft = await app.db.prisma.event.create({
    data: { ...openEventFields(world.district1), name: "Entwurf", formType: "DEXAM", startPublishing: new Date(Date.now() + 10 * DAY) },
  });
  draftId = draft.id;
  // the first request of each user records the last activity (an update): not what is measured
  for (const name of ["member", "member2", "role:registration_read", "staff2", "admin"]) await start(world.subjects[name]);
});
afterAll(async () => {
  await fresh?.stop();
  await app?.stop();
});

describe("shared start-page answers", () => {
  it("a member's start page is answered from the shared answer: one statement (the principal's row), the same body", async () => {
    const first = await start(world.subjects.member);
    const again = await start(world.subjects.member);
    expect(again.statements).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(names(again.body)).toEqual(["Frühjahrsprüfung", "Wertungsspiel Zwei"]);
  });

  it("members of another club and district get the same shared answer, equal to a fresh read", async () => {
    await start(world.subjects.member);
    const other = await start(world.subjects.member2);
    expect(other.statements).toBe(1);
    const unshared = await start(world.subjects.member2, null, fresh);
    expect(unshared.statements).toBeGreaterThan(1);
    expect(other.body).toEqual(unshared.body);
  });

  it("[R-ST006][R-ST007] staff see their district's unpublished event; members and another district's staff never get that answer", async () => {
    const staff = await start(world.subjects["role:registration_read"]);
    expect(names(staff.body)).toContain("Entwurf");
    for (const name of ["member", "member2", "staff2"]) {
      const seen = await start(world.subjects[name]);
      expect(names(seen.body), name).not.toContain("Entwurf");
      expect(seen.body).toEqual((await start(world.subjects[name], null, fresh)).body);
    }
    const admin = await start(world.subjects.admin);
    expect(names(admin.body)).toContain("Entwurf");
  });

  it("[R-ST002] the district filter is part of the key: each district's list is its own", async () => {
    const one = await start(world.subjects.member, world.district1);
    const two = await start(world.subjects.member, world.district2);
    expect(names(one.body)).toEqual(["Frühjahrsprüfung"]);
    expect(names(two.body)).toEqual(["Wertungsspiel Zwei"]);
  });

  it("an event changed by SQL outside the server shows on the next request (the start-page version moved)", async () => {
    await start(world.subjects.member);
    await app.db.prisma.$executeRaw`UPDATE "Event" SET name = 'Frühjahrsprüfung 2027' WHERE id = ${eventId}`;
    const after = await start(world.subjects.member);
    expect(after.statements).toBeGreaterThan(1);
    expect(names(after.body)).toContain("Frühjahrsprüfung 2027");
    expect(after.body).toEqual((await start(world.subjects.member, null, fresh)).body);
  });

  it("[R-ST013][R-ST006] a new location and a published draft show on the next request", async () => {
    await start(world.subjects.member);
    await app.db.prisma.eventLocation.create({ data: { name: "Musikschule", type: "DEXAM_PRACTICE", street: "Weg 2", city: "Zwei", eventId } });
    await app.db.prisma.event.update({ where: { id: draftId }, data: { startPublishing: new Date(Date.now() - DAY) } });
    const after = await start(world.subjects.member);
    const event = after.body.data.events.edges.find((e: { node: { id: string } }) => e.node.id === gid("Event", eventId)).node;
    expect(event.locations.map((l: { name: string }) => l.name)).toContain("Musikschule");
    expect(names(after.body)).toContain("Entwurf");
    await app.db.prisma.event.update({ where: { id: draftId }, data: { startPublishing: new Date(Date.now() + 10 * DAY) } });
    expect(names((await start(world.subjects.member)).body)).not.toContain("Entwurf");
  });

  it("the shell's district associations are shared too, and a rename shows on the next request and in the mutation's own answer", async () => {
    await send(app, SHELL, {}, world.subjects.member);
    const again = await send(app, SHELL, {}, world.subjects.member);
    expect(again.statements).toBe(1); // the principal's row; the viewer comes from it, the districts from the shared list
    const token = await app.token(world.subjects.admin);
    const renamed = await app.gql(
      `mutation($id: ID!, $input: UpdateDistrictAssociationInput!) { updateDistrictAssociation(id: $id, input: $input) { name } }`,
      {
        id: gid("DistrictAssociation", world.district2),
        input: {
          name: "KV Zwei-Neu",
          iamRef: "kv-2",
          gdprLink: "https://e.test/2/dsgvo",
          impressLink: "https://e.test/2/impressum",
          version: (await app.db.prisma.districtAssociation.findUniqueOrThrow({ where: { id: world.district2 } })).version,
        },
      },
      token,
    );
    expect(renamed.body.errors).toBeUndefined();
    expect(renamed.body.data.updateDistrictAssociation.name).toBe("KV Zwei-Neu");
    const shell = await send(app, SHELL, {}, world.subjects.member);
    expect(JSON.stringify(shell.body)).toContain("KV Zwei-Neu");
    const events = await start(world.subjects.member, world.district2);
    expect(events.body.data.events.edges[0].node.districtAssociation.name).toBe("KV Zwei-Neu");
  });

  it("SHARED_RESULT_SECONDS=0 shares nothing: every start page reads events with their locations and district associations", async () => {
    await start(world.subjects.member, null, fresh);
    const again = await start(world.subjects.member, null, fresh);
    expect(again.statements).toBe(3); // principal, events with locations (joined), district associations
  });

  it("a document that is not the app's own is never shared, even under the same operation name", async () => {
    const token = await app.token(world.subjects.admin);
    const own = `query StartEventsQuery($from: Date!) { events(from: $from, first: 100) { edges { node { name canManage } } } }`;
    await app.gql(own, { from }, token);
    const { result, queries } = await recordQueries(() => app.gql(own, { from }, token));
    expect(result.body.errors).toBeUndefined();
    expect(queries.length).toBeGreaterThan(1);
  });
});
