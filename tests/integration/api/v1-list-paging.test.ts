// The /v1 lists in pages (docs/decisions.md "/v1 REST", "Lists page"): `limit` and an opaque
// `cursor`, the next page's address in a Link header (RFC 8288, rel="next"), `updatedSince`, an
// `updated_at` on every record, strict parameters (an unknown one is 400 VALIDATION naming it), and
// one read path: the /v1 list and the GraphQL connection read the same service list in the same
// order. Each list is walked while rows are inserted between its pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from "../../../server/src/domains/lists.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

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

/** A fresh district with a D-exam and a competition event and a club, so each list holds only the run's rows. */
async function freshScope() {
  const prisma = app.db.prisma;
  const n = ++runs;
  const district = (await prisma.districtAssociation.create({ data: { name: `KV Seiten ${n}`, iamRef: `seiten-${n}`, gdprLink: "g", impressLink: "i" } })).id;
  const dexamEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Seiten D", formType: "DEXAM" } })).id;
  const competitionEvent = (await prisma.event.create({ data: { ...openEventFields(district), name: "Seiten W", formType: "COMPETITION" } })).id;
  const club = (await prisma.association.create({ data: { name: "Seiten Verein", districtAssociationId: district } })).id;
  return { district, dexamEvent, competitionEvent, club };
}
type Scope = Awaited<ReturnType<typeof freshScope>>;

// sort values with ties, case and umlauts, so the id decides among equals
const NAMES = ["Äbi", "abi", "Abi", "Müller", "Zeller"];

/** One /v1 list: its address for a scope and how to insert one more of its rows (returns the new id). */
type List = { name: string; path: (s: Scope) => string; insert: (s: Scope, i: number) => Promise<number> };

const LISTS: List[] = [
  {
    name: "events",
    path: (s) => `/v1/events?districtId=${s.district}`,
    insert: async (s, i) =>
      (
        await app.db.prisma.event.create({
          data: { ...openEventFields(s.district), name: `E ${i}`, formType: "DEXAM", registrationDeadline: new Date(Date.UTC(2031, 0, 1 + (i % 3))) },
        })
      ).id,
  },
  {
    name: "associations",
    path: (s) => `/v1/associations?districtId=${s.district}`,
    insert: async (s, i) => (await app.db.prisma.association.create({ data: { name: NAMES[i % NAMES.length], districtAssociationId: s.district } })).id,
  },
  {
    name: "users",
    path: (s) => `/v1/users?districtId=${s.district}`,
    insert: async (s, i) =>
      (
        await app.db.prisma.user.create({
          data: { lastname: NAMES[i % NAMES.length], firstname: "Anna", email: `seiten-${s.district}-${i}@example.org`, districtAssociationId: s.district },
        })
      ).id,
  },
  {
    name: "districtassociations",
    path: () => "/v1/districtassociations",
    insert: async (s, i) =>
      (
        await app.db.prisma.districtAssociation.create({
          data: { name: NAMES[i % NAMES.length], iamRef: `s-${s.district}-${i}`, gdprLink: "g", impressLink: "i" },
        })
      ).id,
  },
  {
    name: "locations",
    path: (s) => `/v1/event/${s.dexamEvent}/locations`,
    insert: async (s, i) =>
      (
        await app.db.prisma.eventLocation.create({
          data: { eventId: s.dexamEvent, name: NAMES[i % NAMES.length], type: "DEXAM_THEORY", street: "S", city: "C" },
        })
      ).id,
  },
  {
    name: "dexam registrations",
    path: (s) => `/v1/registrations/event/${s.dexamEvent}/dexam`,
    insert: async (s, i) =>
      (
        await app.db.prisma.dexamRegistration.create({
          data: {
            eventId: s.dexamEvent,
            associationId: s.club,
            lastname: NAMES[i % NAMES.length],
            firstname: "Anna",
            birthdate: new Date("2012-05-01"),
            gender: "F",
            instrument: "FLUTE",
            type: "D1",
          },
        })
      ).id,
  },
  {
    name: "competition registrations",
    path: (s) => `/v1/registrations/event/${s.competitionEvent}/competition`,
    insert: async (s, i) =>
      (
        await app.db.prisma.competitionRegistration.create({
          data: {
            eventId: s.competitionEvent,
            associationId: s.club,
            name: NAMES[i % NAMES.length],
            conductorName: "D",
            type: "T",
            cast: "S",
            numberOfMusicians: 10,
          },
        })
      ).id,
  },
];

const withParams = (path: string, params: string) => `${path}${path.includes("?") ? "&" : "?"}${params}`;
const LINK = /^<([^>]+)>; rel="next"$/;

/** The next page's address from a Link header, as a path on the test server (null: none). */
function nextOf(headers: Record<string, unknown>): string | null {
  const link = headers.link as string | undefined;
  if (link === undefined) return null;
  const m = LINK.exec(link);
  expect(m, link).not.toBeNull();
  const url = new URL((m as RegExpExecArray)[1]);
  return `${url.pathname}${url.search}`;
}

describe.each(LISTS)("GET $name", (list) => {
  it("walks every row once in a stable order while another writer inserts rows, following the Link header", async () => {
    const s = await freshScope();
    const before: number[] = [];
    for (let i = 0; i < 7; i++) before.push(await list.insert(s, i));
    const seen: number[] = [];
    let url: string | null = withParams(list.path(s), "limit=2");
    let pages = 0;
    let inserted = 100;
    while (url) {
      // another writer inserts a row while the page is read, wherever it sorts: nothing repeats or goes missing
      const [res] = await Promise.all([app.rest<{ id: number; updated_at: string }[]>("GET", url, token), list.insert(s, inserted++)]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(2);
      for (const row of res.body) expect(new Date(row.updated_at).toISOString()).toBe(row.updated_at);
      seen.push(...res.body.map((r) => r.id));
      url = nextOf(res.headers);
      if (url) expect(new URL(url, "http://x").searchParams.get("limit")).toBe("2");
      pages++;
      expect(pages).toBeLessThan(30);
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // the order of the walk is the list's order: a subsequence of the whole list read now
    const all = (await app.rest<{ id: number }[]>("GET", withParams(list.path(s), `limit=${MAX_LIST_LIMIT}`), token)).body.map((r) => r.id);
    expect(all.filter((id) => seen.includes(id))).toEqual(seen);
  });

  it("refuses an unknown parameter (page) with 400 VALIDATION naming it, a bad limit or cursor too", async () => {
    const s = await freshScope();
    const page = await app.rest("GET", withParams(list.path(s), "page=2"), token);
    expect(page.status).toBe(400);
    expect(page.body.error.code).toBe("VALIDATION");
    expect(page.body.error.fields.page).toMatch(/^Unbekannter Parameter; erlaubt sind: .*limit, cursor, updatedSince/);
    expect(page.headers.link).toBeUndefined();
    for (const limit of ["0", String(MAX_LIST_LIMIT + 1), "-1", "1.5", "abc", "01", ""]) {
      const res = await app.rest("GET", withParams(list.path(s), `limit=${limit}`), token);
      if (limit === "") expect(res.status).toBe(200);
      else {
        expect(res.status, limit).toBe(400);
        expect(res.body.error.fields.limit).toBe(`Bitte eine ganze Zahl von 1 bis ${MAX_LIST_LIMIT} angeben`);
      }
    }
    const cursor = await app.rest("GET", withParams(list.path(s), "cursor=abc"), token);
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.code).toBe("INVALID_CURSOR");
    const since = await app.rest("GET", withParams(list.path(s), "updatedSince=gestern"), token);
    expect(since.status).toBe(400);
    expect(Object.keys(since.body.error.fields)).toEqual(["updatedSince"]);
  });

  it("updatedSince answers only the rows changed at or after the instant", async () => {
    const s = await freshScope();
    const old = await list.insert(s, 1);
    const recent = await list.insert(s, 2);
    const model = {
      events: app.db.prisma.event,
      associations: app.db.prisma.association,
      users: app.db.prisma.user,
      districtassociations: app.db.prisma.districtAssociation,
      locations: app.db.prisma.eventLocation,
      "dexam registrations": app.db.prisma.dexamRegistration,
      "competition registrations": app.db.prisma.competitionRegistration,
    }[list.name] as unknown as { update(a: object): Promise<unknown> };
    await model.update({ where: { id: old }, data: { updatedAt: new Date("2020-01-01T00:00:00Z") } });
    await model.update({ where: { id: recent }, data: { updatedAt: new Date("2030-06-01T12:00:00Z") } });
    const ids = async (since: string) =>
      (await app.rest<{ id: number }[]>("GET", withParams(list.path(s), `limit=${MAX_LIST_LIMIT}&updatedSince=${encodeURIComponent(since)}`), token)).body.map(
        (r) => r.id,
      );
    const at = await ids("2030-06-01T12:00:00Z");
    expect(at).toContain(recent);
    expect(at).not.toContain(old);
    expect(await ids("2030-06-01T14:00:01+02:00")).not.toContain(recent);
    expect(await ids("2019-12-31")).toEqual(expect.arrayContaining([old, recent]));
  });
});

describe("limits and the Link header", () => {
  it(`answers ${DEFAULT_LIST_LIMIT} rows without limit and names the rest in Link; the last page has none`, async () => {
    const s = await freshScope();
    await app.db.prisma.association.createMany({
      data: Array.from({ length: DEFAULT_LIST_LIMIT + 1 }, (_, i) => ({ name: `Stapel ${String(i).padStart(3, "0")}`, districtAssociationId: s.district })),
    });
    const first = await app.rest<{ id: number }[]>("GET", `/v1/associations?districtId=${s.district}&search=Stapel`, token);
    expect(first.body).toHaveLength(DEFAULT_LIST_LIMIT);
    const link = first.headers.link as string;
    const m = LINK.exec(link) as RegExpExecArray;
    const next = new URL(m[1]);
    // PUBLIC_URL's origin, the same path, every parameter as sent and the cursor
    expect(next.pathname).toBe("/v1/associations");
    expect(next.searchParams.get("districtId")).toBe(String(s.district));
    expect(next.searchParams.get("search")).toBe("Stapel");
    expect(next.searchParams.get("cursor")).toMatch(/^[A-Za-z0-9_-]+$/);
    const last = await app.rest<{ id: number }[]>("GET", `${next.pathname}${next.search}`, token);
    expect(last.body).toHaveLength(1);
    expect(last.headers.link).toBeUndefined();
    const max = await app.rest<{ id: number }[]>("GET", `/v1/associations?districtId=${s.district}&limit=${MAX_LIST_LIMIT}`, token);
    expect(max.body).toHaveLength(DEFAULT_LIST_LIMIT + 2);
    expect(max.headers.link).toBeUndefined();
  });

  it("a cursor of one list is refused by another (INVALID_CURSOR)", async () => {
    const s = await freshScope();
    for (let i = 0; i < 3; i++) await LISTS[1].insert(s, i);
    const clubs = await app.rest("GET", `/v1/associations?districtId=${s.district}&limit=1`, token);
    const cursor = new URL(LINK.exec(clubs.headers.link as string)?.[1] as string).searchParams.get("cursor");
    const users = await app.rest("GET", `/v1/users?cursor=${cursor}`, token);
    expect(users.status).toBe(400);
    expect(users.body.error.code).toBe("INVALID_CURSOR");
  });

  it("a read that takes no parameters refuses any", async () => {
    const res = await app.rest("GET", "/v1/event/1?expand=locations", token);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "VALIDATION",
      message: expect.stringContaining("Unbekannter Parameter"),
      fields: { expand: "Unbekannter Parameter: diese Adresse nimmt keine Parameter" },
    });
  });
});

describe("one read path", () => {
  it("the /v1 list and the GraphQL connection answer the same rows in the same order, and take each other's cursors", async () => {
    const s = await freshScope();
    for (let i = 0; i < 6; i++) await LISTS[2].insert(s, i);
    const v1 = (await app.rest<{ id: number }[]>("GET", `/v1/users?districtId=${s.district}`, token)).body.map((r) => r.id);
    const gql = await app.gql<{ users: { edges: { cursor: string; node: { databaseId: number } }[] } }>(
      `{ users(districtAssociationId: ${s.district}, first: 100) { edges { cursor node { databaseId } } } }`,
      {},
      token,
    );
    const edges = gql.body.data?.users.edges ?? [];
    expect(edges.map((e) => e.node.databaseId)).toEqual(v1);
    // the third edge's cursor continues the /v1 walk after the third row
    const rest = await app.rest<{ id: number }[]>("GET", `/v1/users?districtId=${s.district}&cursor=${edges[2].cursor}`, token);
    expect(rest.body.map((r) => r.id)).toEqual(v1.slice(3));
  });
});
