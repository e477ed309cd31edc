// The change feed's promise (docs/decisions.md "Change feed"): a mirror built only from the feed
// equals the source. Two Prisma clients (two replicas' pools) write random creates, updates and
// deletes at the same time, some in transactions that stay open over several statements while the
// other commits, and a reader follows the feed through /v1 while they write: a change committed
// after a later-numbered one must still arrive (the cursor orders by transaction below the oldest
// running one). Fixed seed, bounded runs.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../server/src/db/client.ts";
import type { PrismaClient } from "../../../server/src/generated/prisma/client.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let second: Database;
let world: World;
let admin: string;
let member: string;
let club3: number;

beforeAll(async () => {
  app = await startTestApp();
  second = await openDatabase(app.db.url, { migrate: false });
  world = await createWorld(app.db.prisma);
  club3 = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } })).id;
  admin = await app.token(world.subjects.admin);
  member = await app.token(world.subjects.member);
});
afterAll(async () => {
  await second?.close();
  await app?.stop();
});

type Op = { kind: "club" | "event" | "location" | "dexam" | "user"; action: "create" | "update" | "delete"; pick: number; hold: number };
const opArb = fc.record({
  kind: fc.constantFrom("club", "event", "location", "dexam", "dexam", "user"),
  action: fc.constantFrom("create", "create", "update", "update", "delete"),
  pick: fc.nat(1000),
  // how many further statements the transaction runs before it commits (a slow transaction)
  hold: fc.nat(3),
}) as fc.Arbitrary<Op>;

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
const nth = <T>(rows: T[], pick: number): T | undefined => (rows.length ? rows[pick % rows.length] : undefined);
const bump = { version: { increment: 1 } };

async function apply(tx: Tx, op: Op, n: number) {
  const district = world.district1;
  const clubs = [world.club1, club3];
  if (op.kind === "club") {
    if (op.action === "create") return tx.association.create({ data: { name: `MV ${n}`, districtAssociationId: district } });
    const c = nth(
      await tx.association.findMany({ where: { districtAssociationId: district, id: { notIn: [world.club1, club3] } }, orderBy: { id: "asc" } }),
      op.pick,
    );
    if (!c) return;
    if (op.action === "update") return tx.association.update({ where: { id: c.id }, data: { name: `MV ${n}`, ...bump } });
    return tx.association.delete({ where: { id: c.id } });
  }
  if (op.kind === "event") {
    if (op.action === "create")
      return tx.event.create({
        data: {
          name: `E ${n}`,
          formType: "DEXAM",
          districtAssociationId: district,
          registrationDeadline: new Date(Date.now() + DAY),
          startPublishing: new Date(Date.now() - DAY),
          finishPublishing: new Date(Date.now() + 9 * DAY),
          privacyPolicy: "p",
        },
      });
    const e = nth(await tx.event.findMany({ orderBy: { id: "asc" } }), op.pick);
    if (!e) return;
    if (op.action === "update") return tx.event.update({ where: { id: e.id }, data: { name: `E ${n}`, ...bump } });
    return tx.event.delete({ where: { id: e.id } });
  }
  if (op.kind === "location") {
    const l = nth(await tx.eventLocation.findMany({ orderBy: { id: "asc" } }), op.pick);
    if (op.action === "create" || !l) {
      const e = nth(await tx.event.findMany({ orderBy: { id: "asc" } }), op.pick);
      return e && tx.eventLocation.create({ data: { name: `O ${n}`, type: "DEXAM_THEORY", eventId: e.id, street: "S", city: "C" } });
    }
    if (op.action === "update") return tx.eventLocation.update({ where: { id: l.id }, data: { name: `O ${n}`, ...bump } });
    // a location no registration names
    return tx.eventLocation.delete({ where: { id: l.id } });
  }
  if (op.kind === "dexam") {
    const r = nth(await tx.dexamRegistration.findMany({ orderBy: { id: "asc" } }), op.pick);
    if (op.action === "create" || !r) {
      const e = nth(await tx.event.findMany({ orderBy: { id: "asc" } }), op.pick);
      return (
        e &&
        tx.dexamRegistration.create({
          data: {
            eventId: e.id,
            firstname: `K ${n}`,
            lastname: "Klar",
            birthdate: new Date("2012-04-05"),
            gender: "F",
            associationId: clubs[op.pick % 2],
            instrument: "CLARINET",
            type: "D1",
          },
        })
      );
    }
    // an update moves it between a club of the member and another club
    if (op.action === "update")
      return tx.dexamRegistration.update({ where: { id: r.id }, data: { associationId: clubs[op.pick % 2], firstname: `K ${n}`, ...bump } });
    return tx.dexamRegistration.delete({ where: { id: r.id } });
  }
  if (op.action === "create")
    return tx.user.create({ data: { email: `u${n}@test.example`, firstname: "U", lastname: `${n}`, districtAssociationId: district } });
  const u = nth(await tx.user.findMany({ where: { email: { startsWith: "u" }, subject: null }, orderBy: { id: "asc" } }), op.pick);
  if (!u) return;
  if (op.action === "update") return tx.user.update({ where: { id: u.id }, data: { lastname: `${n}`, ...bump } });
  return tx.user.delete({ where: { id: u.id } });
}

/** A writer: each op in its own transaction, which runs `hold` more statements before it commits. */
async function writer(prisma: PrismaClient, ops: Op[], base: number) {
  for (const [i, op] of ops.entries()) {
    try {
      await prisma.$transaction(async (tx) => {
        await apply(tx, op, base + i);
        for (let h = 0; h < op.hold; h++) await tx.$queryRaw`SELECT 1`;
      });
    } catch {
      // the other writer deleted the row first, or a deadlock: rolled back, nothing to mirror
    }
  }
}

type Entry = { cursor: string; type: string; id: number; operation: string; version: number | null };

/** A mirror of what one principal reads, built only from the feed (and, for members, reads of a changed row). */
class Mirror {
  rows = new Map<string, number | null>();
  cursor: string | undefined;
  constructor(
    readonly token: string,
    readonly refetch: boolean,
  ) {}
  async follow(): Promise<void> {
    for (;;) {
      const res = await app.rest("GET", `/v1/changes?limit=50${this.cursor ? `&after=${this.cursor}` : ""}`, this.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const c of res.body.changes as Entry[]) await this.apply(c);
      this.cursor = res.body.cursor;
      if (!res.body.has_more) return;
    }
  }
  private async apply(c: Entry) {
    const key = `${c.type}:${c.id}`;
    if (c.operation === "deleted") this.rows.delete(key);
    else if (!this.refetch) this.rows.set(key, c.version);
    else if (c.type === "dexam_registration") {
      const got = await app.rest("GET", `/v1/registration/dexam/${c.id}`, this.token);
      if (got.status === 404) this.rows.delete(key);
      else this.rows.set(key, got.body.version);
    }
  }
}

async function source(prisma: PrismaClient): Promise<Map<string, number>> {
  const rows = new Map<string, number>();
  const put = (type: string, list: { id: number; version: number }[]) => {
    for (const r of list) rows.set(`${type}:${r.id}`, r.version);
  };
  const v = { select: { id: true, version: true } } as const;
  put("association", await prisma.association.findMany(v));
  put("user", await prisma.user.findMany(v));
  put("event", await prisma.event.findMany(v));
  put("location", await prisma.eventLocation.findMany(v));
  put("dexam_registration", await prisma.dexamRegistration.findMany(v));
  return rows;
}

describe("change feed under concurrent writers (PostgreSQL)", () => {
  it("a mirror built only from the feed equals the source after random creates, updates and deletes by two clients", async () => {
    const runs = fc.sample(fc.tuple(fc.array(opArb, { minLength: 30, maxLength: 30 }), fc.array(opArb, { minLength: 30, maxLength: 30 })), {
      seed: 20261201,
      numRuns: 3,
    });
    const adminMirror = new Mirror(admin, false);
    const memberMirror = new Mirror(member, true);
    for (const [r, [a, b]] of runs.entries()) {
      let done = false;
      const writing = Promise.all([writer(app.db.prisma, a, r * 1000), writer(second.prisma, b, r * 1000 + 500)]).finally(() => {
        done = true;
      });
      // the reader follows while they write
      while (!done) await adminMirror.follow();
      await writing;
      await adminMirror.follow();
      await memberMirror.follow();
      const all = await source(app.db.prisma);
      expect(Object.fromEntries(adminMirror.rows)).toEqual(Object.fromEntries(all));
      const own = await app.db.prisma.dexamRegistration.findMany({ where: { associationId: world.club1 }, select: { id: true, version: true } });
      expect(Object.fromEntries(memberMirror.rows)).toEqual(Object.fromEntries(own.map((x) => [`dexam_registration:${x.id}`, x.version])));
    }
    // the runs did write and delete
    expect((await app.db.prisma.change.count({ where: { operation: "deleted" } })) > 0).toBe(true);
  });
});
