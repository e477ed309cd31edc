// Page walks through every connection while rows come and go (server/src/graphql/cursor.ts): a
// keyset cursor is a position in the list, so deleting the row the endCursor points at, or rows
// before or after it, or inserting rows, never loses or repeats a row that existed for the whole
// walk. A cursor of another connection, or anything that is no cursor, is refused with
// INVALID_CURSOR; first and last together follow the Relay specification. Generated with
// fast-check (seeded, bounded).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";
import { recordQueries } from "../../support/statements.ts";

let app: TestApp;
let world: World;
let token: string;
let runs = 0;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
});
afterAll(() => app.stop());

/**
 * Where a run's rows live: a fresh district with a D-exam and a competition event and a club, and
 * another fresh district for the events list (which would otherwise hold those two events) and the club.
 */
type Scope = { district: number; eventDistrict: number; dexamEvent: number; competitionEvent: number; club: number; auditId: number };

async function freshScope(): Promise<Scope> {
  const prisma = app.db.prisma;
  const n = ++runs;
  const district = (await prisma.districtAssociation.create({ data: { name: `KV Lauf ${n}`, iamRef: `lauf-${n}`, gdprLink: "g", impressLink: "i" } })).id;
  const eventDistrict = (
    await prisma.districtAssociation.create({ data: { name: `KV Termine ${n}`, iamRef: `termine-${n}`, gdprLink: "g", impressLink: "i" } })
  ).id;
  const dexamEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Lauf D", formType: "DEXAM" } })).id;
  const competitionEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Lauf W", formType: "COMPETITION" } })).id;
  // the registrations' club lives in the events list's district, so the clubs list holds only its own rows
  const club = (await prisma.association.create({ data: { name: "Lauf Verein", districtAssociationId: eventDistrict } })).id;
  return { district, eventDistrict, dexamEvent, competitionEvent, club, auditId: club };
}

// sort values with ties, case and umlauts (German collation), NULL-free
const NAMES = ["Äbi", "abi", "Abi", "Müller", "Zeller"];
const FIRST = ["Anna", "anna", "Ben"];
const deadline = (i: number) => new Date(Date.UTC(2031, 0, 1 + (i % 3)));

/** One connection: how to list it, which field of a node names the row, how to insert and delete one. */
type Connection = {
  field: string;
  args: (s: Scope) => string;
  label: string;
  insert: (s: Scope, label: string, i: number) => Promise<unknown>;
  remove: (s: Scope, label: string) => Promise<unknown>;
};

const CONNECTIONS: Connection[] = [
  {
    field: "events",
    args: (s) => `districtAssociationId: ${s.eventDistrict}`,
    label: "description",
    insert: (s, label, i) =>
      app.db.prisma.event.create({
        data: { ...openEventFields(s.eventDistrict), name: `E ${i}`, description: label, formType: "DEXAM", registrationDeadline: deadline(i) },
      }),
    remove: (s, label) => app.db.prisma.event.deleteMany({ where: { districtAssociationId: s.eventDistrict, description: label } }),
  },
  {
    field: "associations",
    args: (s) => `districtAssociationId: ${s.district}`,
    label: "invoiceEmail",
    insert: (s, label, i) =>
      app.db.prisma.association.create({ data: { name: NAMES[i % NAMES.length], districtAssociationId: s.district, invoiceEmail: label } }),
    remove: (s, label) => app.db.prisma.association.deleteMany({ where: { districtAssociationId: s.district, invoiceEmail: label } }),
  },
  {
    field: "users",
    args: (s) => `districtAssociationId: ${s.district}`,
    label: "email",
    insert: (s, label, i) =>
      app.db.prisma.user.create({
        data: { lastname: NAMES[i % NAMES.length], firstname: FIRST[i % FIRST.length], email: label, districtAssociationId: s.district },
      }),
    remove: (s, label) => app.db.prisma.user.deleteMany({ where: { districtAssociationId: s.district, email: label } }),
  },
  {
    field: "dexamRegistrations",
    args: (s) => `eventId: "${gid("Event", s.dexamEvent)}"`,
    label: "remarks",
    insert: (s, label, i) =>
      app.db.prisma.dexamRegistration.create({
        data: {
          eventId: s.dexamEvent,
          associationId: s.club,
          lastname: NAMES[i % NAMES.length],
          firstname: FIRST[i % FIRST.length],
          remarks: label,
          birthdate: new Date("2012-05-01"),
          gender: "F",
          instrument: "FLUTE",
          type: "D1",
        },
      }),
    remove: (s, label) => app.db.prisma.dexamRegistration.deleteMany({ where: { eventId: s.dexamEvent, remarks: label } }),
  },
  {
    field: "competitionRegistrations",
    args: (s) => `eventId: "${gid("Event", s.competitionEvent)}"`,
    label: "conductorName",
    insert: (s, label, i) =>
      app.db.prisma.competitionRegistration.create({
        data: {
          eventId: s.competitionEvent,
          associationId: s.club,
          name: NAMES[i % NAMES.length],
          conductorName: label,
          type: "T",
          cast: "S",
          numberOfMusicians: 10,
        },
      }),
    remove: (s, label) => app.db.prisma.competitionRegistration.deleteMany({ where: { eventId: s.competitionEvent, conductorName: label } }),
  },
  {
    field: "auditTrail",
    args: (s) => `id: "${gid("Association", s.auditId)}"`,
    label: "action",
    insert: (s, label) =>
      app.db.prisma.auditEntry.create({
        data: { actorLabel: "test", action: label, entity: "Association", entityId: s.auditId, districtAssociationId: s.district },
      }),
    remove: (s, label) => app.db.prisma.auditEntry.deleteMany({ where: { entity: "Association", entityId: s.auditId, action: label } }),
  },
];

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
type Page = { labels: string[]; cursors: string[]; pageInfo: PageInfo };

/** One page of `c` in `s`; `args` the page arguments as GraphQL text. */
async function page(c: Connection, s: Scope, args: Record<string, number | string | null>): Promise<Page> {
  const pageArgs = Object.entries(args)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? JSON.stringify(v) : v}`);
  const res = await app.gql(
    `{ list: ${c.field}(${[c.args(s), ...pageArgs].join(", ")}) { edges { cursor node { ${c.label} } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
    {},
    token,
  );
  expect(res.body.errors, `${c.field} ${JSON.stringify(args)}`).toBeUndefined();
  const { edges, pageInfo } = res.body.data.list as { edges: { cursor: string; node: Record<string, string> }[]; pageInfo: PageInfo };
  return { labels: edges.map((e) => e.node[c.label]), cursors: edges.map((e) => e.cursor), pageInfo };
}
const fullRead = async (c: Connection, s: Scope) => (await page(c, s, { first: 100 })).labels;

/** What happens between two pages of a walk. */
const step = fc.record({
  deleteEnd: fc.boolean(),
  deleteSeen: fc.option(fc.nat(20), { nil: null }),
  deleteUnseen: fc.option(fc.nat(20), { nil: null }),
  insert: fc.array(fc.nat(14), { maxLength: 2 }),
});

describe("page walks while rows are deleted and inserted", () => {
  for (const c of CONNECTIONS) {
    it(`${c.field}: every row that exists for the whole walk is seen exactly once, in the list's order`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat(14), { minLength: 2, maxLength: 7 }),
          fc.integer({ min: 1, max: 3 }),
          fc.array(step, { maxLength: 5 }),
          async (initial, size, steps) => {
            const s = await freshScope();
            let next = 0;
            const label = () => `r${s.district}-${next++}@lauf.test`;
            const present = new Set<string>();
            for (const i of initial) {
              const l = label();
              await c.insert(s, l, i);
              present.add(l);
            }
            const stable = new Set(present);
            const created = new Set(present);
            const seen: string[] = [];
            let after: string | null = null;
            for (let n = 0; n < 40; n++) {
              const p = await page(c, s, { first: size, after });
              seen.push(...p.labels);
              if (!p.pageInfo.hasNextPage) break;
              after = p.pageInfo.endCursor;
              const todo = steps[n];
              if (!todo) continue;
              const drop = async (l: string | undefined) => {
                if (l === undefined || !present.has(l)) return;
                await c.remove(s, l);
                present.delete(l);
                stable.delete(l);
              };
              if (todo.deleteEnd) await drop(p.labels.at(-1));
              if (todo.deleteSeen !== null) await drop(seen[todo.deleteSeen % seen.length]);
              const unseen = [...present].filter((l) => !seen.includes(l));
              if (todo.deleteUnseen !== null && unseen.length) await drop(unseen[todo.deleteUnseen % unseen.length]);
              for (const i of todo.insert) {
                const l = label();
                await c.insert(s, l, i);
                present.add(l);
                created.add(l);
              }
            }
            // no row twice, no row that never was, and every row that stayed throughout exactly once
            expect(new Set(seen).size).toBe(seen.length);
            for (const l of seen) expect(created.has(l)).toBe(true);
            for (const l of stable) expect(seen).toContain(l);
            // in the order of a full read of the list as it is now
            const now = (await fullRead(c, s)).filter((l) => stable.has(l));
            expect(seen.filter((l) => stable.has(l))).toEqual(now);
          },
        ),
        { numRuns: 3, seed: 20261126 + c.field.length },
      );
    });
  }

  it("the row the endCursor points at is deleted: the next page continues after its position (the issue's example)", async () => {
    const c = CONNECTIONS.find((x) => x.field === "dexamRegistrations") as Connection;
    const s = await freshScope();
    for (const [i, l] of ["a", "b", "c", "d"].entries()) await c.insert(s, l, i);
    const all = await fullRead(c, s);
    const first = await page(c, s, { first: 2 });
    expect(first.labels).toEqual(all.slice(0, 2));
    await c.remove(s, all[1]);
    const second = await page(c, s, { first: 2, after: first.pageInfo.endCursor });
    expect(second.labels).toEqual(all.slice(2));
    expect(second.pageInfo.hasNextPage).toBe(false);
  });
});

describe("cursors belong to their connection", () => {
  it("[R-ER004] a cursor of one connection given to another is refused with INVALID_CURSOR, as is anything that is no cursor", async () => {
    const s = await freshScope();
    const cursors = new Map<string, string>();
    for (const [i, c] of CONNECTIONS.entries()) {
      await c.insert(s, `x${s.district}-${i}@lauf.test`, i);
      await c.insert(s, `y${s.district}-${i}@lauf.test`, i + 1);
      const p = await page(c, s, { first: 1 });
      cursors.set(c.field, p.pageInfo.endCursor as string);
      // its own cursor pages on
      expect((await page(c, s, { first: 5, after: p.pageInfo.endCursor })).labels).toHaveLength(1);
    }
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const events = JSON.parse(Buffer.from(cursors.get("events") as string, "base64url").toString());
    const malformed = [
      "garbage!",
      "",
      b64("text"),
      b64(null),
      b64({ ...events, v: [events.v[0], "1"] }),
      b64({ ...events, v: [events.v[0]] }),
      b64({ ...events, v: ["gestern", 1] }),
      b64({ ...events, v: [events.v[0], 99_999_999_999] }),
      b64({ ...events, o: "id:asc" }),
      Buffer.from("GPC:N:1").toString("base64"),
    ];
    for (const c of CONNECTIONS) {
      const foreign = [...cursors].filter(([field]) => field !== c.field).map(([, cursor]) => cursor);
      const wrong = c.field === "events" ? [...foreign, ...malformed] : foreign;
      for (const cursor of wrong)
        for (const side of ["after", "before"]) {
          const res = await app.gql(`query($c: String) { list: ${c.field}(${c.args(s)}, first: 5, ${side}: $c) { edges { cursor } } }`, { c: cursor }, token);
          expect(res.body.errors?.[0]?.extensions?.code, `${c.field} ${side} ${cursor}`).toBe("INVALID_CURSOR");
          expect(res.body.errors?.[0]?.message).toBe("Ungültiger Cursor: bitte den startCursor oder endCursor einer Seite dieser Liste übergeben");
          expect(res.body.data?.list ?? null).toBeNull();
        }
    }
  });

  it("totalCount alone reads one count and no page; a bad cursor is still refused", async () => {
    const s = await freshScope();
    const c = CONNECTIONS.find((x) => x.field === "users") as Connection;
    for (let i = 0; i < 3; i++) await c.insert(s, `t${s.district}-${i}@lauf.test`, i);
    const { result, queries } = await recordQueries(() => app.gql(`{ list: users(${c.args(s)}, first: 2) { totalCount } }`, {}, token));
    expect(result.body.data.list.totalCount).toBe(3);
    expect(queries.filter((q) => q.text.includes("ORDER BY"))).toEqual([]);
    const refused = await app.gql(`{ list: users(${c.args(s)}, first: 2, after: "x") { totalCount } }`, {}, token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("INVALID_CURSOR");
  });

  it("[R-ER004] a negative first or last is refused with BAD_USER_INPUT; first: 0 answers no rows", async () => {
    const s = await freshScope();
    const c = CONNECTIONS[0];
    for (const args of ["first: -1", "last: -2", "first: 2, last: -1"]) {
      const res = await app.gql(`{ list: ${c.field}(${c.args(s)}, ${args}) { edges { cursor } } }`, {}, token);
      expect(res.body.errors?.[0]?.extensions?.code, args).toBe("BAD_USER_INPUT");
    }
    await c.insert(s, "only", 0);
    expect((await page(c, s, { first: 0 })).labels).toEqual([]);
  });
});

/** Relay's algorithm over the whole list (labels in order): cursors by position, then first, then last. */
function relay(all: string[], a: { first: number | null; last: number | null; after: number | null; before: number | null }) {
  let edges = all.map((l, i) => ({ l, i }));
  if (a.after !== null) edges = edges.filter((e) => e.i > (a.after as number));
  if (a.before !== null) edges = edges.filter((e) => e.i < (a.before as number));
  const afterCursors = edges.length;
  const first = a.first ?? (a.last === null ? 20 : null);
  if (first !== null && edges.length > first) edges = edges.slice(0, first);
  if (a.last !== null && edges.length > a.last) edges = edges.slice(edges.length - a.last);
  return {
    labels: edges.map((e) => e.l),
    hasPreviousPage: a.last !== null ? afterCursors > a.last : a.after !== null,
    hasNextPage: first !== null ? afterCursors > first : a.before !== null,
  };
}

describe("first, last, after and before together (Relay)", () => {
  it("events(first: 2, last: 1) answers the second row", async () => {
    const c = CONNECTIONS[0];
    const s = await freshScope();
    for (const [i, l] of ["e0", "e1", "e2", "e3"].entries()) await c.insert(s, l, i * 3);
    const p = await page(c, s, { first: 2, last: 1 });
    expect(p.labels).toEqual(["e1"]);
    expect(p.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it("every combination of first, last, after and before answers what Relay's algorithm does over the full list", async () => {
    const s = await freshScope();
    const c = CONNECTIONS.find((x) => x.field === "users") as Connection;
    for (let i = 0; i < 7; i++) await c.insert(s, `u${s.district}-${i}@lauf.test`, i * 2);
    const all = await page(c, s, { first: 100 });
    expect(all.labels).toHaveLength(7);
    const pos = fc.option(fc.integer({ min: 0, max: 6 }), { nil: null });
    const size = fc.option(fc.integer({ min: 0, max: 9 }), { nil: null });
    await fc.assert(
      fc.asyncProperty(size, size, pos, pos, async (first, last, after, before) => {
        const expected = relay(all.labels, { first, last, after, before });
        const got = await page(c, s, {
          first,
          last,
          after: after === null ? null : all.cursors[after],
          before: before === null ? null : all.cursors[before],
        });
        expect(got.labels).toEqual(expected.labels);
        expect({ hasPreviousPage: got.pageInfo.hasPreviousPage, hasNextPage: got.pageInfo.hasNextPage }).toEqual({
          hasPreviousPage: expected.hasPreviousPage,
          hasNextPage: expected.hasNextPage,
        });
        expect(got.pageInfo.startCursor).toBe(got.cursors[0] ?? null);
        expect(got.pageInfo.endCursor).toBe(got.cursors.at(-1) ?? null);
      }),
      { numRuns: 25, seed: 4711 },
    );
  });

  it("walking backwards with last and before sees every row once, in order", async () => {
    const s = await freshScope();
    const c = CONNECTIONS.find((x) => x.field === "dexamRegistrations") as Connection;
    for (let i = 0; i < 7; i++) await c.insert(s, `d${i}`, i);
    const all = (await page(c, s, { first: 100 })).labels;
    const seen: string[] = [];
    let before: string | null = null;
    for (let n = 0; n < 10; n++) {
      const p = await page(c, s, { last: 3, before });
      seen.unshift(...p.labels);
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(seen).toEqual(all);
  });
});

describe("sorted overviews (orderBy)", () => {
  const german = new Intl.Collator("de");
  const CLUBS = ["Zupfer Äpfelbach", "akkordeon Berg", "Blaskapelle Au"];
  type Row = { label: string; lastname: string; firstname: string; club: string; birthdate: string; createdAt: string; cancelledAt: string | null };
  /** `a` may precede `b` in the order of `field` ascending (ties allowed) */
  const before: Record<string, (a: Row, b: Row) => boolean> = {
    LASTNAME: (a, b) => german.compare(a.lastname, b.lastname) <= 0,
    NAME: (a, b) => german.compare(a.lastname, b.lastname) <= 0,
    FIRSTNAME: (a, b) => german.compare(a.firstname, b.firstname) <= 0,
    CLUB: (a, b) => german.compare(a.club, b.club) <= 0,
    BIRTHDATE: (a, b) => a.birthdate <= b.birthdate,
    CREATED_AT: (a, b) => a.createdAt <= b.createdAt,
    STATUS: (a, b) => a.cancelledAt === null || (b.cancelledAt !== null && a.cancelledAt >= b.cancelledAt),
  };
  const lists = [
    { field: "dexamRegistrations", fields: ["LASTNAME", "FIRSTNAME", "CLUB", "BIRTHDATE", "CREATED_AT", "STATUS"] },
    { field: "competitionRegistrations", fields: ["NAME", "CLUB", "CREATED_AT", "STATUS"] },
  ];

  for (const list of lists)
    it(`${list.field}: every orderBy field and direction sorts as its column, and a walk survives deleting each endCursor row`, async () => {
      const s = await freshScope();
      const prisma = app.db.prisma;
      const clubs: number[] = [];
      for (const name of CLUBS) clubs.push((await prisma.association.create({ data: { name, districtAssociationId: s.eventDistrict } })).id);
      const rows = new Map<string, Row>();
      const insert = async (i: number) => {
        const label = `o${s.district}-${i}`;
        const row: Row = {
          label,
          lastname: NAMES[(i * 2) % NAMES.length],
          firstname: FIRST[i % FIRST.length],
          club: CLUBS[i % CLUBS.length],
          birthdate: new Date(Date.UTC(2010 + (i % 3), 0, 1)).toISOString(),
          createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))).toISOString(),
          cancelledAt: i % 3 === 0 ? new Date(Date.UTC(2026, 1, 1 + (i % 5))).toISOString() : null,
        };
        const common = {
          associationId: clubs[i % CLUBS.length],
          createdAt: new Date(row.createdAt),
          cancelledAt: row.cancelledAt ? new Date(row.cancelledAt) : null,
        };
        if (list.field === "dexamRegistrations")
          await prisma.dexamRegistration.create({
            data: {
              ...common,
              eventId: s.dexamEvent,
              lastname: row.lastname,
              firstname: row.firstname,
              remarks: label,
              birthdate: new Date(row.birthdate),
              gender: "F",
              instrument: "FLUTE",
              type: "D1",
            },
          });
        else
          await prisma.competitionRegistration.create({
            data: { ...common, eventId: s.competitionEvent, name: row.lastname, conductorName: label, type: "T", cast: "S", numberOfMusicians: 9 },
          });
        rows.set(label, row);
      };
      const remove = (label: string) =>
        list.field === "dexamRegistrations"
          ? prisma.dexamRegistration.deleteMany({ where: { eventId: s.dexamEvent, remarks: label } })
          : prisma.competitionRegistration.deleteMany({ where: { eventId: s.competitionEvent, conductorName: label } });
      const labelField = list.field === "dexamRegistrations" ? "remarks" : "conductorName";
      const eventId = gid("Event", list.field === "dexamRegistrations" ? s.dexamEvent : s.competitionEvent);
      const read = async (orderBy: string, args: string) => {
        const res = await app.gql(
          `query($e: ID!) { list: ${list.field}(eventId: $e, orderBy: ${orderBy}, ${args}) { edges { node { ${labelField} } } pageInfo { hasNextPage endCursor } } }`,
          { e: eventId },
          token,
        );
        expect(res.body.errors, `${orderBy} ${args}`).toBeUndefined();
        const { edges, pageInfo } = res.body.data.list as { edges: { node: Record<string, string> }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
        return { labels: edges.map((e) => e.node[labelField]), pageInfo };
      };
      let next = 0;
      for (; next < 12; next++) await insert(next);
      for (const field of list.fields)
        for (const direction of ["ASC", "DESC"]) {
          const orderBy = `{ field: ${field}, direction: ${direction} }`;
          const all = (await read(orderBy, "first: 100")).labels;
          expect(all, orderBy).toHaveLength(rows.size);
          for (let i = 1; i < all.length; i++) {
            const [a, b] = [rows.get(all[i - 1]) as Row, rows.get(all[i]) as Row];
            expect(direction === "ASC" ? before[field](a, b) : before[field](b, a), `${orderBy}: ${a.label} before ${b.label}`).toBe(true);
          }
          // a walk in pages of 3 deleting every endCursor row (and adding one): the others once each, in order
          const stable = new Set(all);
          const seen: string[] = [];
          let after = "";
          for (let n = 0; n < 20; n++) {
            const p = await read(orderBy, `first: 3${after ? `, after: "${after}"` : ""}`);
            seen.push(...p.labels);
            if (!p.pageInfo.hasNextPage) break;
            after = p.pageInfo.endCursor;
            const end = p.labels.at(-1) as string;
            await remove(end);
            rows.delete(end);
            stable.delete(end);
            await insert(next++);
          }
          expect(new Set(seen).size, orderBy).toBe(seen.length);
          expect(
            seen.filter((l) => stable.has(l)),
            orderBy,
          ).toEqual(all.filter((l) => stable.has(l)));
        }
      // a cursor belongs to its order
      const byName = await read(`{ field: CLUB }`, "first: 1");
      const res = await app.gql(
        `query($e: ID!, $a: String) { list: ${list.field}(eventId: $e, orderBy: { field: CREATED_AT }, first: 1, after: $a) { edges { cursor } } }`,
        { e: eventId, a: byName.pageInfo.endCursor },
        token,
      );
      expect(res.body.errors?.[0]?.extensions?.code).toBe("INVALID_CURSOR");
    });
});
