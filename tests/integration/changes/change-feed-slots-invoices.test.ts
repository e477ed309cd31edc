// The change feed carries timetable slots and invoices (docs/decisions.md "Change feed"): a mirror
// built only from the feed equals the source after random plans, moves, publications, deletions and
// issued invoices, for each principal as its read rules say: the district's staff every slot, a
// club's member only its registrations' slots of published locations (publishing changes no slot
// row: the trigger writes an update of each), invoices to invoice staff and the club. Fixed seed,
// bounded runs; the planning and publishing of the product's own services reach the feed too.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../../server/src/generated/prisma/client.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let club3: number;
let at: { event: number; theory: number; practice: number };
const tokens: Record<string, string> = {};
const PRINCIPALS = ["admin", "member", "member2", "staff2", "role:registration_read", "role:invoice_read", "role:event_manage"] as const;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  club3 = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } })).id;
  at = await dexamEventWithLocations(app.db.prisma, world.district1, "Zeitplan-Feed");
  for (const name of PRINCIPALS) tokens[name] = await app.token(world.subjects[name]);
});
afterAll(() => app?.stop());

type Entry = { cursor: string; type: string; id: number; operation: string; version: number | null };
const SYNCED = new Set(["timetable_slot", "invoice"]);

/** A principal's mirror of the slots and invoices, built only from the feed over /v1. */
class Mirror {
  rows = new Map<string, number | null>();
  cursor: string | undefined;
  constructor(readonly token: string) {}
  async follow(): Promise<void> {
    for (;;) {
      const res = await app.rest("GET", `/v1/changes?limit=200${this.cursor ? `&after=${this.cursor}` : ""}`, this.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const c of res.body.changes as Entry[]) {
        if (!SYNCED.has(c.type)) continue;
        if (c.operation === "deleted") this.rows.delete(`${c.type}:${c.id}`);
        else this.rows.set(`${c.type}:${c.id}`, c.version);
      }
      this.cursor = res.body.cursor;
      if (!res.body.has_more) return;
    }
  }
}

type Op = { kind: "register" | "plan" | "move" | "publish" | "unplan" | "deregister" | "invoice"; pick: number };
const opArb = fc.record({
  kind: fc.constantFrom("register", "register", "plan", "plan", "move", "publish", "unplan", "deregister", "invoice"),
  pick: fc.nat(1000),
}) as fc.Arbitrary<Op>;

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
const nth = <T>(rows: T[], pick: number): T | undefined => (rows.length ? rows[pick % rows.length] : undefined);

/** One op in one transaction: the writes the timetable and invoice services make, at random. */
async function apply(tx: Tx, op: Op, n: number) {
  const clubs = [world.club1, club3];
  const locations = [at.theory, at.practice];
  if (op.kind === "register")
    return tx.dexamRegistration.create({
      data: {
        eventId: at.event,
        firstname: `K ${n}`,
        lastname: "Klar",
        birthdate: new Date("2012-04-05"),
        gender: "F",
        associationId: clubs[op.pick % 2],
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: at.theory,
        practiceLocationId: at.practice,
      },
    });
  if (op.kind === "plan") {
    const r = nth(await tx.dexamRegistration.findMany({ where: { eventId: at.event }, orderBy: { id: "asc" } }), op.pick);
    const part = op.pick % 2 ? "PRACTICE" : "THEORY";
    if (!r || (await tx.timetableSlot.findUnique({ where: { part_registrationId: { part, registrationId: r.id } } }))) return;
    const start = 8 * 60 + (n % 40) * 15;
    return tx.timetableSlot.create({
      data: {
        eventId: at.event,
        locationId: locations[op.pick % 2],
        part,
        registrationId: r.id,
        room: "Raum 1",
        day: new Date("2031-03-15"),
        startMinute: start,
        endMinute: start + 15,
      },
    });
  }
  if (op.kind === "move" || op.kind === "unplan") {
    const s = nth(await tx.timetableSlot.findMany({ where: { eventId: at.event }, orderBy: { id: "asc" } }), op.pick);
    if (!s) return;
    if (op.kind === "unplan") return tx.timetableSlot.delete({ where: { id: s.id } });
    const start = 8 * 60 + (n % 40) * 15;
    return tx.timetableSlot.update({
      where: { id: s.id },
      data: { startMinute: start, endMinute: start + 15, locked: true, version: { increment: 1 }, sequence: { increment: 1 } },
    });
  }
  if (op.kind === "publish") {
    // only the theory location is ever published: the practice slots stay the staff's
    const locationId = at.theory;
    const rules = await tx.timetableRules.findUnique({ where: { locationId } });
    if (!rules) return tx.timetableRules.create({ data: { locationId, rooms: ["Raum 1"] } });
    if (!rules.published)
      return tx.timetableRules.update({ where: { locationId }, data: { published: true, publishedAt: new Date(), version: { increment: 1 } } });
    return;
  }
  if (op.kind === "deregister") {
    // a registration's deletion takes its slots with it (registrations/traces.ts), in its transaction
    const r = nth(await tx.dexamRegistration.findMany({ where: { eventId: at.event }, orderBy: { id: "asc" } }), op.pick);
    if (!r) return;
    await tx.timetableSlot.deleteMany({ where: { registrationId: r.id, part: { in: ["THEORY", "PRACTICE"] } } });
    return tx.dexamRegistration.delete({ where: { id: r.id } });
  }
  const associationId = clubs[op.pick % 2];
  return tx.invoice.create({
    data: {
      districtAssociationId: world.district1,
      associationId,
      eventId: at.event,
      number: `2031-${String(n).padStart(5, "0")}`,
      issueDate: new Date("2031-03-01"),
      dueDate: new Date("2031-03-15"),
      serviceDate: new Date("2031-03-15"),
      eventName: "Zeitplan-Feed",
      seller: {},
      buyer: {},
      netCents: 1500,
      vatCents: 0,
      totalCents: 1500,
      xml: "<x/>",
      createdBy: "test",
    },
  });
}

/** What a principal may read: every slot and invoice, or those of `club` (slots once published), or none. */
async function expected(scope: { slots: "all" | "published" | "none"; invoices: "all" | "none"; club?: number }) {
  const prisma = app.db.prisma;
  const rows: Record<string, number | null> = {};
  if (scope.slots !== "none") {
    const own = scope.club ? (await prisma.dexamRegistration.findMany({ where: { associationId: scope.club }, select: { id: true } })).map((r) => r.id) : null;
    const slots = await prisma.timetableSlot.findMany({
      where: {
        eventId: at.event,
        ...(own ? { registrationId: { in: own } } : {}),
        ...(scope.slots === "published" ? { location: { timetableRules: { published: true } } } : {}),
      },
    });
    for (const s of slots) rows[`timetable_slot:${s.id}`] = s.version;
  }
  if (scope.invoices === "all" || scope.club) {
    for (const i of await prisma.invoice.findMany({ where: scope.club ? { associationId: scope.club } : { districtAssociationId: world.district1 } }))
      rows[`invoice:${i.id}`] = null;
  }
  return rows;
}

describe("change feed: timetable slots and invoices", () => {
  it("a mirror built only from the feed equals what each principal may read, after random plans, moves, publications, deletions and invoices", async () => {
    const runs = fc.sample(fc.array(opArb, { minLength: 40, maxLength: 40 }), { seed: 20261202, numRuns: 3 });
    const mirrors = Object.fromEntries(PRINCIPALS.map((p) => [p, new Mirror(tokens[p])])) as Record<(typeof PRINCIPALS)[number], Mirror>;
    let n = 0;
    for (const ops of runs) {
      for (const op of ops) await app.db.prisma.$transaction((tx) => apply(tx, op, n++));
      for (const m of Object.values(mirrors)) await m.follow();
      const rows = (name: (typeof PRINCIPALS)[number]) => Object.fromEntries(mirrors[name].rows);
      expect(rows("admin")).toEqual(await expected({ slots: "all", invoices: "all" }));
      // the district's timetable readers see every slot, no invoice; invoice staff every invoice, no slot
      expect(rows("role:registration_read")).toEqual(await expected({ slots: "all", invoices: "none" }));
      expect(rows("role:event_manage")).toEqual(await expected({ slots: "all", invoices: "none" }));
      expect(rows("role:invoice_read")).toEqual(await expected({ slots: "none", invoices: "all" }));
      // the club: its registrations' published slots and its invoices; another district nothing
      expect(rows("member")).toEqual(await expected({ slots: "published", invoices: "none", club: world.club1 }));
      expect(rows("member2")).toEqual({});
      expect(rows("staff2")).toEqual({});
    }
    // the runs did publish, move and delete
    const changes = await app.db.prisma.change.groupBy({ by: ["entity", "operation"], _count: true, where: { entity: { in: [...SYNCED] } } });
    expect(changes.map((c) => `${c.entity}.${c.operation}`).sort()).toEqual(
      ["invoice.created", "timetable_slot.created", "timetable_slot.deleted", "timetable_slot.updated"].sort(),
    );
    expect(await app.db.prisma.timetableRules.count({ where: { published: true, location: { eventId: at.event } } })).toBeGreaterThan(0);
  });

  it("the product's planning and publishing reach the feed: staff see the planned slots, the club sees them when published", async () => {
    const e = await dexamEventWithLocations(app.db.prisma, world.district1, "Zeitplan-Dienst");
    const r = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: e.event,
        firstname: "Paula",
        lastname: "Plan",
        birthdate: new Date("2012-04-05"),
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: e.theory,
        practiceLocationId: e.practice,
      },
    });
    const staff = new Mirror(tokens["role:event_manage"]);
    const member = new Mirror(tokens.member);
    await staff.follow();
    await member.follow();
    const save = await app.rest("PUT", `/v1/event/location/${e.theory}/timetable/rules`, tokens["role:event_manage"], {
      version: 0,
      days: [{ day: "2031-03-15", start: "09:00", end: "12:00", breaks: [] }],
      rooms: ["Saal"],
      practice_minutes: 20,
      practice_overrides: [],
      theory_minutes: 90,
      theory_capacity: 30,
      warmup_minutes: 10,
      changeover_minutes: 5,
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const plan = await app.rest("POST", `/v1/event/${e.event}/timetable/plan`, tokens["role:event_manage"], { start_over: false });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const slot = await app.db.prisma.timetableSlot.findUniqueOrThrow({ where: { part_registrationId: { part: "THEORY", registrationId: r.id } } });
    await staff.follow();
    await member.follow();
    expect(staff.rows.get(`timetable_slot:${slot.id}`)).toBe(slot.version);
    expect(member.rows.has(`timetable_slot:${slot.id}`)).toBe(false);

    const rules = await app.db.prisma.timetableRules.findUniqueOrThrow({ where: { locationId: e.theory } });
    const publish = await app.rest("POST", `/v1/event/location/${e.theory}/timetable/publish`, tokens["role:event_manage"], { version: rules.version });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
    await member.follow();
    expect(member.rows.get(`timetable_slot:${slot.id}`)).toBe(slot.version);
    // the registration's deletion takes the slot with it: a tombstone for the club that saw it
    const del = await app.rest("DELETE", `/v1/registration/dexam/${r.id}`, tokens.admin);
    expect([200, 204]).toContain(del.status);
    await member.follow();
    expect(member.rows.has(`timetable_slot:${slot.id}`)).toBe(false);
  });
});
