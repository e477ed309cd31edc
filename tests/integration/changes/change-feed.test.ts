// The change feed (domains/changes, docs/decisions.md "Change feed"): creates, updates and
// deletions of the synced tables in commit order from a cursor, through GraphQL and /v1, each only
// for a principal who may read its row (a tombstone: as the row was), with its retention.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeChangeCursor } from "../../../server/src/domains/changes/feed.ts";
import { pruneChanges } from "../../../server/src/domains/changes/retention.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, DAY, dexamEventWithLocations, gid, practiceCandidate } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const name of ["admin", "member", "member2", "role:registration_read", "staff2", "role:results_read"])
    tokens[name] = await app.token(world.subjects[name]);
});
afterAll(() => app?.stop());

type Entry = { cursor: string; type: string; id: number; operation: string; version: number | null };

/** Every change the principal sees after `after`, page by page over /v1. */
async function readAll(token: string, after?: string, limit = 7): Promise<{ changes: Entry[]; cursor: string }> {
  const changes: Entry[] = [];
  let cursor = after;
  for (;;) {
    const res = await app.rest("GET", `/v1/changes?limit=${limit}${cursor ? `&after=${cursor}` : ""}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.has_more) return { changes, cursor: cursor as string };
  }
}

const key = (c: Entry) => `${c.type}:${c.id}:${c.operation}`;

describe("change feed", () => {
  it("answers every existing row from the beginning, then creates, updates and deletes in order from the cursor", async () => {
    const start = await readAll(tokens.admin);
    expect(start.changes.map(key)).toEqual(expect.arrayContaining([`association:${world.club1}:created`, `user:${world.userIds.member}:created`]));

    const event = await app.db.prisma.event.create({
      data: {
        name: "Feed",
        formType: "COMPETITION",
        districtAssociationId: world.district1,
        registrationDeadline: new Date(),
        startPublishing: new Date(),
        finishPublishing: new Date(Date.now() + DAY),
        privacyPolicy: "p",
      },
    });
    await app.db.prisma.event.update({ where: { id: event.id }, data: { name: "Feed 2", version: { increment: 1 } } });
    await app.db.prisma.event.delete({ where: { id: event.id } });
    const next = await readAll(tokens.admin, start.cursor);
    expect(next.changes.map(key)).toEqual([`event:${event.id}:created`, `event:${event.id}:updated`, `event:${event.id}:deleted`]);
    expect(next.changes.map((c) => c.version)).toEqual([1, 2, 2]);
    // read to its end: the same cursor answers nothing new
    expect((await readAll(tokens.admin, next.cursor)).changes).toEqual([]);
  });

  it("GraphQL pages the same feed with global ids and event types", async () => {
    const club = await app.db.prisma.association.create({ data: { name: "MV Feed", districtAssociationId: world.district1 } });
    const all = await readAll(tokens.admin);
    const res = await app.gql(
      `query($after: String) { changes(first: 500, after: $after) { edges { cursor node { entity operation objectId databaseId version eventType } } pageInfo { hasNextPage endCursor } } }`,
      { after: all.changes.at(-2)?.cursor },
      tokens.admin,
    );
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.changes;
    expect(page.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { entity: "ASSOCIATION", operation: "CREATED", objectId: gid("Association", club.id), databaseId: club.id, version: 1, eventType: "association.created" },
    ]);
    expect(page.pageInfo.hasNextPage).toBe(false);
    // the end cursor resumes after the club: nothing new
    const again = await app.gql(`query($after: String) { changes(after: $after) { edges { cursor } } }`, { after: page.pageInfo.endCursor }, tokens.admin);
    expect(again.body.data.changes.edges).toEqual([]);
    const back = await app.gql(`{ changes(last: 2) { edges { cursor } } }`, {}, tokens.admin);
    expect(back.body.errors?.[0].extensions?.code).toBe("VALIDATION");
  });

  it("shows a principal only the changes of rows it may read; a deletion only of rows it could read", async () => {
    const at1 = await dexamEventWithLocations(app.db.prisma, world.district1, "Feed D1");
    const at2 = await dexamEventWithLocations(app.db.prisma, world.district2, "Feed D2");
    const before = {
      member: (await readAll(tokens.member)).cursor,
      member2: (await readAll(tokens.member2)).cursor,
      staff: (await readAll(tokens["role:registration_read"])).cursor,
    };
    const mine = await practiceCandidate(app.db.prisma, at1, world.club1, "Eigene");
    const other = await practiceCandidate(app.db.prisma, at2, world.club2, "Fremde");
    await app.db.prisma.dexamRegistration.delete({ where: { id: mine } });
    await app.db.prisma.dexamRegistration.delete({ where: { id: other } });
    const member = (await readAll(tokens.member, before.member)).changes.filter((c) => c.type === "dexam_registration");
    expect(member.map(key)).toEqual([`dexam_registration:${mine}:created`, `dexam_registration:${mine}:deleted`]);
    const member2 = (await readAll(tokens.member2, before.member2)).changes.filter((c) => c.type === "dexam_registration");
    expect(member2.map(key)).toEqual([`dexam_registration:${other}:created`, `dexam_registration:${other}:deleted`]);
    // results_read staff read results, not registrations: no registration changes
    expect((await readAll(tokens["role:results_read"])).changes.filter((c) => c.type === "dexam_registration")).toEqual([]);

    // an event's deletion takes its registrations: their tombstones reach the district's staff
    const third = await practiceCandidate(app.db.prisma, at1, world.club1, "Dritte");
    await app.db.prisma.event.delete({ where: { id: at1.event } });
    const staff = (await readAll(tokens["role:registration_read"], before.staff)).changes;
    expect(staff.map(key)).toEqual(
      expect.arrayContaining([`dexam_registration:${third}:deleted`, `location:${at1.theory}:deleted`, `event:${at1.event}:deleted`]),
    );
    expect(staff.map(key)).not.toContain(`dexam_registration:${other}:created`);
  });

  it("a registration moved to another club reaches the old club's members as an update, which they can no longer read", async () => {
    const club3 = await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } });
    const eventId = await competitionEventWithHall(app.db.prisma, world.district1);
    const r = await app.db.prisma.competitionRegistration.create({
      data: { eventId, name: "Kapelle", associationId: world.club1, type: "K", cast: "B", conductorName: "M", numberOfMusicians: 5 },
    });
    const from = (await readAll(tokens.member)).cursor;
    await app.db.prisma.competitionRegistration.update({ where: { id: r.id }, data: { associationId: club3.id, version: { increment: 1 } } });
    expect((await readAll(tokens.member, from)).changes.map(key)).toEqual([`competition_registration:${r.id}:updated`]);
    expect((await app.rest("GET", `/v1/registration/competition/${r.id}`, tokens.member)).status).toBe(404);
  });

  it("bookkeeping of a row (the last activity, sort keys) is no change", async () => {
    const from = (await readAll(tokens.admin)).cursor;
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { lastActive: new Date() } });
    expect((await readAll(tokens.admin, from)).changes).toEqual([]);
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "0123 4567", version: { increment: 1 } } });
    expect((await readAll(tokens.admin, from)).changes.map(key)).toEqual([`user:${world.userIds.member}:updated`]);
  });

  it("refuses a forged cursor, one older than the retention, and a page size beyond 1000", async () => {
    const forged = await app.rest("GET", "/v1/changes?after=bm9wZQ", tokens.admin);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe("INVALID_CURSOR");
    // beyond the bigint columns: refused, not a database error
    const huge = encodeChangeCursor({ txid: 9999999999999999999n, seq: 1n, issued: Date.now() });
    expect((await app.rest("GET", `/v1/changes?after=${huge}`, tokens.admin)).body.error.code).toBe("INVALID_CURSOR");
    const old = encodeChangeCursor({ txid: 1n, seq: 1n, issued: Date.now() - 31 * DAY });
    const expired = await app.rest("GET", `/v1/changes?after=${old}`, tokens.admin);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe("INVALID_CURSOR");
    expect(expired.body.error.message).toContain("30 Tage");
    expect((await app.rest("GET", "/v1/changes?limit=1001", tokens.admin)).status).toBe(400);
    expect((await app.rest("GET", "/v1/changes", null)).status).toBe(401);
  });

  it("retention prunes superseded changes and old tombstones, and keeps the latest change of every row", async () => {
    const club = await app.db.prisma.association.create({ data: { name: "MV Alt", districtAssociationId: world.district1 } });
    await app.db.prisma.association.update({ where: { id: club.id }, data: { name: "MV Älter", version: { increment: 1 } } });
    const gone = await app.db.prisma.association.create({ data: { name: "MV Weg", districtAssociationId: world.district1 } });
    await app.db.prisma.association.delete({ where: { id: gone.id } });
    // nothing is old yet
    expect(await app.db.prisma.$transaction((tx) => pruneChanges(tx, new Date(), 30))).toBe(0);
    const later = new Date(Date.now() + 31 * DAY);
    expect(await app.db.prisma.$transaction((tx) => pruneChanges(tx, later, 30))).toBeGreaterThanOrEqual(4);
    expect(
      await app.db.prisma.change.findMany({ where: { entity: "association", rowId: { in: [club.id, gone.id] } }, select: { rowId: true, operation: true } }),
    ).toEqual([{ rowId: club.id, operation: "updated" }]);
    const all = await readAll(tokens.admin, undefined, 1000);
    expect(all.changes.map(key)).toContain(`association:${club.id}:updated`);
    expect(all.changes.filter((c) => c.id === gone.id && c.type === "association")).toEqual([]);
  });
});
