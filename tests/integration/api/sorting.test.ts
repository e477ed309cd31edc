// Server-side sorting of the paged tables: `users(orderBy:)` and
// `associations(orderBy:)`, and the `ID` field of the overviews' orderBy. Every field in both
// directions answers exactly the order its column defines (names and e-mail addresses in German
// order, as Intl.Collator("de"); users who never signed in after every date ascending, before
// every date descending; ties by the list's default order), and a walk in pages under that sort,
// forwards (first/after) and backwards (last/before), sees every row exactly once, in that order.
// A cursor belongs to its order. The D-exam grade and pieces sort by stored keys (their write
// paths: tests/integration/dexam/overview-sort-keys.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillCompetitionOverviewKeys } from "../../../server/src/domains/competition/service.ts";
import { fillOverviewKeys } from "../../../server/src/domains/dexam/service.ts";
import type { Prisma } from "../../../server/src/generated/prisma/client.ts";
import { SORT_MSG } from "../../../server/src/shared/messages.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld } from "../../support/principals.ts";

let app: TestApp;
let token: string;
let runs = 0;

beforeAll(async () => {
  app = await startTestApp();
  const world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects.admin);
});
afterAll(() => app.stop());

const german = new Intl.Collator("de");
const DIRECTIONS = ["ASC", "DESC"] as const;
type Direction = (typeof DIRECTIONS)[number];

/** A fresh district association (its own users, clubs and events). */
async function freshDistrict(): Promise<number> {
  const n = ++runs;
  return (await app.db.prisma.districtAssociation.create({ data: { name: `KV Sortierung ${n}`, iamRef: `sort-${n}`, gdprLink: "g", impressLink: "i" } })).id;
}

/** Ascending comparison of one column; NULL after every value (PostgreSQL's order). */
type Compare<R> = (a: R, b: R) => number;
const text =
  <R>(read: (row: R) => string): Compare<R> =>
  (a, b) =>
    german.compare(read(a), read(b));
const number =
  <R>(read: (row: R) => number | null): Compare<R> =>
  (a, b) => {
    const [x, y] = [read(a), read(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x - y;
  };
const byId = number<{ id: number }>((row) => row.id);

/** The rows in the order of `field` in `direction`, ties by the list's default order (ascending). */
function expected<R extends { id: number }>(rows: R[], column: Compare<R>, direction: Direction, defaults: Compare<R>[]): number[] {
  return [...rows].sort((a, b) => (direction === "ASC" ? column(a, b) : column(b, a)) || defaults.reduce((c, next) => c || next(a, b), 0)).map((row) => row.id);
}

/** A D-exam registration of `eventId` for the club (first name Anna, flute, D1 unless `fields` say otherwise): its id. */
const createDexam = (eventId: number, associationId: number, fields: Partial<Prisma.DexamRegistrationUncheckedCreateInput> & { lastname: string }) =>
  app.db.prisma.dexamRegistration.create({
    data: { eventId, associationId, firstname: "Anna", birthdate: new Date("2012-05-01"), gender: "F", instrument: "FLUTE", type: "D1", ...fields },
    select: { id: true },
  });

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };

/** One page of `list` (the rows' databaseIds) under `orderBy`. */
async function page(list: string, args: string, orderBy: string, pageArgs: string): Promise<{ ids: number[]; pageInfo: PageInfo }> {
  const res = await app.gql(
    `{ list: ${list}(${args}, orderBy: ${orderBy}, ${pageArgs}) { edges { node { databaseId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
    {},
    token,
  );
  expect(res.body.errors, `${list} ${orderBy} ${pageArgs}`).toBeUndefined();
  const { edges, pageInfo } = res.body.data.list as { edges: { node: { databaseId: number } }[]; pageInfo: PageInfo };
  return { ids: edges.map((edge) => edge.node.databaseId), pageInfo };
}

/**
 * For every field and direction: a full read answers `expected`, and walks in pages of `size`
 * forwards and backwards see the same rows once each, in that order.
 */
async function checkOrders<R extends { id: number }>(
  list: string,
  args: string,
  rows: R[],
  columns: Record<string, Compare<R>>,
  defaults: Compare<R>[],
  size = 3,
) {
  for (const [field, column] of Object.entries(columns))
    for (const direction of DIRECTIONS) {
      const orderBy = `{ field: ${field}, direction: ${direction} }`;
      const want = expected(rows, column, direction, defaults);
      expect((await page(list, args, orderBy, "first: 100")).ids, `${list} ${orderBy}`).toEqual(want);

      const forwards: number[] = [];
      let after: string | null = null;
      for (let n = 0; n < 20; n++) {
        const p = await page(list, args, orderBy, `first: ${size}${after ? `, after: "${after}"` : ""}`);
        forwards.push(...p.ids);
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor;
      }
      expect(forwards, `${list} ${orderBy} forwards`).toEqual(want);

      const backwards: number[] = [];
      let before: string | null = null;
      for (let n = 0; n < 20; n++) {
        const p = await page(list, args, orderBy, `last: ${size}${before ? `, before: "${before}"` : ""}`);
        backwards.unshift(...p.ids);
        if (!p.pageInfo.hasPreviousPage) break;
        before = p.pageInfo.startCursor;
      }
      expect(backwards, `${list} ${orderBy} backwards`).toEqual(want);
    }
}

/** A cursor of one order is refused by another field and by the other direction. */
async function checkCursorOrder(list: string, args: string, field: string, other: string) {
  const first = await page(list, args, `{ field: ${field} }`, "first: 1");
  for (const orderBy of [`{ field: ${other} }`, `{ field: ${field}, direction: DESC }`]) {
    const res = await app.gql(
      `{ list: ${list}(${args}, orderBy: ${orderBy}, first: 1, after: "${first.pageInfo.endCursor}") { edges { cursor } } }`,
      {},
      token,
    );
    expect(res.body.errors?.[0]?.extensions?.code, `${list} ${field} cursor with ${orderBy}`).toBe("INVALID_CURSOR");
  }
}

describe("users(orderBy:)", () => {
  type UserRow = { id: number; lastname: string; firstname: string; email: string; lastActive: number | null };
  const LASTNAMES = ["Äbi", "abi", "Zeller", "Müller", "Straub", "Strauß", "Abi", "Öztürk"];
  const FIRSTNAMES = ["Anna", "anna", "Ben", "Ömer"];
  // local parts where German order and byte order differ (umlauts, case)
  const MAILBOXES = ["Zora", "anton", "Änne", "bert", "Berta", "otto", "Öhlmann", "anton.b"];
  const ACTIVE = [null, Date.UTC(2026, 5, 1), Date.UTC(2026, 0, 1), null, Date.UTC(2026, 5, 1), Date.UTC(2025, 11, 24)];
  const DEFAULTS: Compare<UserRow>[] = [text((r) => r.lastname), text((r) => r.firstname), byId];

  it("every field and direction answers its column's order (German order, never signed in last ascending), in pages forwards and backwards", async () => {
    const district = await freshDistrict();
    const rows: UserRow[] = [];
    for (let i = 0; i < 13; i++) {
      const data = {
        lastname: LASTNAMES[i % LASTNAMES.length],
        firstname: FIRSTNAMES[i % FIRSTNAMES.length],
        email: `${MAILBOXES[i % MAILBOXES.length]}${i < MAILBOXES.length ? "" : i}@s${district}.test`,
        lastActive: ACTIVE[i % ACTIVE.length],
      };
      const user = await app.db.prisma.user.create({
        data: { ...data, lastActive: data.lastActive === null ? null : new Date(data.lastActive), districtAssociationId: district },
      });
      rows.push({ id: user.id, ...data });
    }
    const args = `districtAssociationId: ${district}`;
    await checkOrders(
      "users",
      args,
      rows,
      {
        LASTNAME: DEFAULTS[0],
        FIRSTNAME: DEFAULTS[1],
        EMAIL: text((r) => r.email),
        LAST_ACTIVE: number((r) => r.lastActive),
        ID: byId,
      },
      DEFAULTS,
    );
    // the e-mail order is German, not the bytes': Änne before anton, Öhlmann before otto
    const byMail = (await page("users", args, "{ field: EMAIL }", "first: 100")).ids.map((id) => rows.find((r) => r.id === id)?.email.split("@")[0]);
    expect(byMail.indexOf("Änne")).toBeLessThan(byMail.indexOf("anton"));
    expect(byMail.indexOf("Öhlmann")).toBeLessThan(byMail.indexOf("otto"));
    await checkCursorOrder("users", args, "EMAIL", "LASTNAME");
  });

  it("sorts only within the caller's list: user_read staff get their own district's users, sorted", async () => {
    const district = await freshDistrict();
    const staff = await app.db.prisma.user.create({
      data: {
        subject: `sub-sort-${district}`,
        email: `staff@s${district}.test`,
        lastname: "Mitte",
        firstname: "Staff",
        roles: ["user_read"],
        districtAssociationId: district,
      },
    });
    const other = await freshDistrict();
    for (const [i, lastname] of ["Zander", "Ahrens", "Önal"].entries()) {
      await app.db.prisma.user.create({ data: { lastname, firstname: "X", email: `u${i}@s${district}.test`, districtAssociationId: district } });
      await app.db.prisma.user.create({ data: { lastname, firstname: "Y", email: `u${i}@s${other}.test`, districtAssociationId: other } });
    }
    const token = await app.token(staff.subject as string);
    // naming another district is refused for non-admins, not answered with their own
    const named = await app.gql(`{ users(districtAssociationId: ${other}, first: 10) { totalCount } }`, {}, token);
    expect(named.body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const res = await app.gql(`{ users(orderBy: { field: LASTNAME, direction: DESC }, first: 10) { edges { node { lastname firstname } } } }`, {}, token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.users.edges.map((e: { node: { lastname: string; firstname: string } }) => `${e.node.lastname} ${e.node.firstname}`)).toEqual([
      "Zander X",
      "Önal X",
      "Mitte Staff",
      "Ahrens X",
    ]);
  });
});

describe("associations(orderBy:)", () => {
  type ClubRow = { id: number; name: string };
  // a name twice (ties by id), umlauts and case
  const NAMES = ["Zupfer Äpfelbach", "akkordeon Berg", "Blaskapelle Au", "Musikverein Öhringen", "Musikverein Oberndorf", "Blaskapelle Au", "Ärzteorchester"];

  it("NAME and ID in both directions answer their column's order, in pages forwards and backwards", async () => {
    const district = await freshDistrict();
    const rows: ClubRow[] = [];
    for (const name of NAMES)
      rows.push(await app.db.prisma.association.create({ data: { name, districtAssociationId: district }, select: { id: true, name: true } }));
    const args = `districtAssociationId: ${district}`;
    const name = text<ClubRow>((r) => r.name);
    await checkOrders("associations", args, rows, { NAME: name, ID: byId }, [name, byId], 2);
    await checkCursorOrder("associations", args, "NAME", "ID");
  });
});

describe("the overviews' orderBy: ID", () => {
  it("dexamRegistrations and competitionRegistrations sort by the numeric id in both directions, in pages forwards and backwards", async () => {
    const district = await freshDistrict();
    const prisma = app.db.prisma;
    const club = (await prisma.association.create({ data: { name: "MV Sortierung", districtAssociationId: district } })).id;
    const dexam = (await prisma.event.create({ data: { ...openEventFields(district), name: "Sortierung D", formType: "DEXAM" } })).id;
    const competition = (await prisma.event.create({ data: { ...openEventFields(district), name: "Sortierung W", formType: "COMPETITION" } })).id;
    const dexamRows: { id: number }[] = [];
    const competitionRows: { id: number }[] = [];
    for (const [i, name] of ["Zeller", "Abi", "Müller", "Äbi", "Braun", "Abi", "Öztürk"].entries()) {
      dexamRows.push(await createDexam(dexam, club, { lastname: name, cancelledAt: i % 3 === 0 ? new Date() : null }));
      competitionRows.push(
        await prisma.competitionRegistration.create({
          data: { eventId: competition, associationId: club, name, conductorName: "D", type: "T", cast: "S", numberOfMusicians: 9 },
          select: { id: true },
        }),
      );
    }
    await checkOrders("dexamRegistrations", `eventId: "${gid("Event", dexam)}"`, dexamRows, { ID: byId }, [byId]);
    await checkOrders("competitionRegistrations", `eventId: "${gid("Event", competition)}"`, competitionRows, { ID: byId }, [byId]);
    await checkCursorOrder("dexamRegistrations", `eventId: "${gid("Event", dexam)}"`, "ID", "LASTNAME");
  });
});

describe("the overviews' orderBy: every column with a stored value", () => {
  it("D-exam INSTRUMENT (score order) and COURSE, competition TYPE, CAST, LEVEL and DOCUMENTS sort in both directions, in pages forwards and backwards", async () => {
    const district = await freshDistrict();
    const prisma = app.db.prisma;
    const club = (await prisma.association.create({ data: { name: "MV Spalten", districtAssociationId: district } })).id;
    const dexam = (await prisma.event.create({ data: { ...openEventFields(district), name: "Spalten D", formType: "DEXAM" } })).id;
    const competition = (await prisma.event.create({ data: { ...openEventFields(district), name: "Spalten W", formType: "COMPETITION" } })).id;
    // the enums' declaration order is the order of the columns (PostgreSQL sorts enums so)
    const instruments = ["FLUTE", "OBOE", "CLARINET", "TRUMPET", "TUBA", "PERCUSSION"] as const;
    const courses = ["D1", "D2", "D3"] as const;
    type DexamRow = { id: number; lastname: string; firstname: string; instrument: number; course: number };
    const dexamRows: DexamRow[] = [];
    for (const [i, lastname] of ["Zeller", "Abi", "Müller", "Braun", "Abi", "Öztürk", "Kern"].entries()) {
      const instrument = [4, 0, 2, 4, 5, 1, 2][i];
      const course = [2, 0, 1, 1, 0, 2, 0][i];
      const { id } = await createDexam(dexam, club, { lastname, instrument: instruments[instrument], type: courses[course] });
      dexamRows.push({ id, lastname, firstname: "Anna", instrument, course });
    }
    const dexamDefaults = [text<DexamRow>((r) => r.lastname), text<DexamRow>((r) => r.firstname), byId];
    await checkOrders(
      "dexamRegistrations",
      `eventId: "${gid("Event", dexam)}"`,
      dexamRows,
      { INSTRUMENT: number<DexamRow>((r) => r.instrument), COURSE: number<DexamRow>((r) => r.course) },
      dexamDefaults,
    );
    await checkCursorOrder("dexamRegistrations", `eventId: "${gid("Event", dexam)}"`, "INSTRUMENT", "COURSE");
    // /v1 sorts the same list by the same columns: ?sort=instrument, ?sort=-course
    for (const [field, column] of Object.entries({ INSTRUMENT: number<DexamRow>((r) => r.instrument), COURSE: number<DexamRow>((r) => r.course) }))
      for (const direction of DIRECTIONS) {
        const sort = `${direction === "DESC" ? "-" : ""}${field.toLowerCase()}`;
        const res = await app.rest("GET", `/v1/registrations/event/${dexam}/dexam?sort=${sort}`, token);
        expect(res.status).toBe(200);
        expect(
          (res.body as { id: number }[]).map((row) => row.id),
          `/v1 sort=${sort}`,
        ).toEqual(expected(dexamRows, column, direction, dexamDefaults));
      }

    const types = ["T", "K", "U", "G", "M", "B"] as const;
    const casts = ["S", "SK", "E", "BG", "P", "B", "JB", "SL"] as const;
    const categories = ["CAT_1", "CAT_2", "CAT_3", "CAT_4", "CAT_5", "CAT_6"] as const;
    const ageGroups = ["IA", "IB", "II", "III", "IV", "V", "VI"] as const;
    type CompetitionRow = { id: number; name: string; type: number; cast: number; category: number | null; ageGroup: number | null; documents: number };
    const competitionRows: CompetitionRow[] = [];
    const groups: [string, number, number, number | null, number | null, boolean][] = [
      ["Zeller", 1, 5, 2, null, true],
      ["Abi", 3, 0, null, 4, false],
      ["Müller", 0, 7, 4, null, false],
      ["Braun", 5, 2, null, 2, true],
      ["Abi", 4, 6, 2, null, true],
      ["Kern", 3, 1, null, 0, false],
    ];
    for (const [name, type, cast, category, ageGroup, documentsComplete] of groups) {
      const { id } = await prisma.competitionRegistration.create({
        data: {
          eventId: competition,
          associationId: club,
          name,
          conductorName: "D",
          type: types[type],
          cast: casts[cast],
          category: category === null ? null : categories[category],
          ageGroup: ageGroup === null ? null : ageGroups[ageGroup],
          documentsComplete,
          numberOfMusicians: 9,
        },
        select: { id: true },
      });
      competitionRows.push({ id, name, type, cast, category, ageGroup, documents: documentsComplete ? 1 : 0 });
    }
    const category = number<CompetitionRow>((r) => r.category);
    const ageGroup = number<CompetitionRow>((r) => r.ageGroup);
    await checkOrders(
      "competitionRegistrations",
      `eventId: "${gid("Event", competition)}"`,
      competitionRows,
      {
        TYPE: number<CompetitionRow>((r) => r.type),
        CAST: number<CompetitionRow>((r) => r.cast),
        // the category first (rows without one after, ascending), then the age group
        LEVEL: (a, b) => category(a, b) || ageGroup(a, b),
        DOCUMENTS: number<CompetitionRow>((r) => r.documents),
      },
      [text<CompetitionRow>((r) => r.name), byId],
    );
    for (const sort of ["cast", "-level", "documents"]) {
      const res = await app.rest("GET", `/v1/registrations/event/${competition}/competition?sort=${sort}`, token);
      const graphqlOrder = await page(
        "competitionRegistrations",
        `eventId: "${gid("Event", competition)}"`,
        `{ field: ${sort.replace("-", "").toUpperCase()}, direction: ${sort.startsWith("-") ? "DESC" : "ASC"} }`,
        "first: 100",
      );
      expect(
        (res.body as { id: number }[]).map((row) => row.id),
        `/v1 sort=${sort}`,
      ).toEqual(graphqlOrder.ids);
    }
    // an unknown column is a 400 naming the parameter, not the default order
    const refused = await app.rest("GET", `/v1/registrations/event/${competition}/competition?sort=grade`, token);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("sort");
  });
});

describe("the overviews' orderBy: points, for those who see every result", () => {
  it("staff sort D-exam THEORY_POINTS, PRACTICE_POINTS and competition POINTS (no points last ascending) in pages forwards and backwards, at both doors; a member's sort by points is refused at both doors", async () => {
    const district = await freshDistrict();
    const prisma = app.db.prisma;
    const club = (await prisma.association.create({ data: { name: "MV Punkte", districtAssociationId: district } })).id;
    const user = (subject: string, roles: string[], clubs: number[]) =>
      prisma.user.create({
        data: {
          subject,
          email: `${subject}@s${district}.test`,
          lastname: "Test",
          firstname: subject,
          roles: roles as never,
          districtAssociationId: district,
          associations: { create: clubs.map((associationId) => ({ associationId })) },
        },
      });
    await user(`staff-points-${district}`, ["registration_read"], []);
    await user(`member-points-${district}`, [], [club]);
    const staff = await app.token(`staff-points-${district}`);
    const member = await app.token(`member-points-${district}`);
    const dexam = (await prisma.event.create({ data: { ...openEventFields(district), name: "Punkte D", formType: "DEXAM" } })).id;
    const competition = (await prisma.event.create({ data: { ...openEventFields(district), name: "Punkte W", formType: "COMPETITION" } })).id;

    type DexamRow = { id: number; lastname: string; firstname: string; theory: number | null; practice: number | null };
    const dexamRows: DexamRow[] = [];
    const theory = [45.5, null, 100, 45.25, null, 45.5, 0, 99.99];
    const practice = [null, 70, 70, 12.5, null, 88, null, 70.01];
    for (const [i, lastname] of ["Zeller", "Abi", "Müller", "Braun", "Abi", "Öztürk", "Kern", "Äbi"].entries()) {
      const { id } = await createDexam(dexam, club, { lastname, theoryPoints: theory[i], practicePoints: practice[i] });
      dexamRows.push({ id, lastname, firstname: "Anna", theory: theory[i], practice: practice[i] });
    }
    const dexamColumns = { THEORY_POINTS: number<DexamRow>((r) => r.theory), PRACTICE_POINTS: number<DexamRow>((r) => r.practice) };
    const dexamDefaults = [text<DexamRow>((r) => r.lastname), text<DexamRow>((r) => r.firstname), byId];
    const dexamArgs = `eventId: "${gid("Event", dexam)}"`;
    await checkOrders("dexamRegistrations", dexamArgs, dexamRows, dexamColumns, dexamDefaults);
    await checkCursorOrder("dexamRegistrations", dexamArgs, "THEORY_POINTS", "PRACTICE_POINTS");

    type CompetitionRow = { id: number; name: string; points: number | null };
    const competitionRows: CompetitionRow[] = [];
    const points = [null, 88.5, 92, null, 88.5, 61.25, 100];
    for (const [i, name] of ["Zeller", "Abi", "Müller", "Braun", "Abi", "Kern", "Öhringen"].entries()) {
      const { id } = await prisma.competitionRegistration.create({
        data: { eventId: competition, associationId: club, name, conductorName: "D", type: "T", cast: "S", numberOfMusicians: 9, points: points[i] },
        select: { id: true },
      });
      competitionRows.push({ id, name, points: points[i] });
    }
    const competitionArgs = `eventId: "${gid("Event", competition)}"`;
    const byPoints = number<CompetitionRow>((r) => r.points);
    const competitionDefaults = [text<CompetitionRow>((r) => r.name), byId];
    await checkOrders("competitionRegistrations", competitionArgs, competitionRows, { POINTS: byPoints }, competitionDefaults);

    // the district's registration staff (not only admin) sort by points at both doors
    const lists = [
      { list: "dexamRegistrations", args: dexamArgs, path: `/v1/registrations/event/${dexam}/dexam`, field: "THEORY_POINTS" },
      { list: "competitionRegistrations", args: competitionArgs, path: `/v1/registrations/event/${competition}/competition`, field: "POINTS" },
    ];
    const want = {
      THEORY_POINTS: expected(dexamRows, dexamColumns.THEORY_POINTS, "DESC", dexamDefaults),
      POINTS: expected(competitionRows, byPoints, "DESC", competitionDefaults),
    } as Record<string, number[]>;
    for (const { list, args, path, field } of lists) {
      const query = `{ list: ${list}(${args}, orderBy: { field: ${field}, direction: DESC }, first: 100) { edges { node { databaseId } } } }`;
      const allowed = await app.gql(query, {}, staff);
      expect(allowed.body.errors, `${list} staff`).toBeUndefined();
      expect(allowed.body.data.list.edges.map((e: { node: { databaseId: number } }) => e.node.databaseId)).toEqual(want[field]);
      const rest = await app.rest("GET", `${path}?sort=-${field.toLowerCase()}`, staff);
      expect(rest.status, `${path} staff`).toBe(200);
      expect((rest.body as { id: number }[]).map((row) => row.id)).toEqual(want[field]);

      // a member sees results only once published: sorting by them would tell their order
      const refused = await app.gql(query, {}, member);
      expect(refused.body.errors?.[0]?.extensions?.code, `${list} member`).toBe("VALIDATION");
      expect(refused.body.errors?.[0]?.message).toBe(SORT_MSG.resultsHidden);
      const refusedRest = await app.rest("GET", `${path}?sort=${field.toLowerCase()}`, member);
      expect(refusedRest.status, `${path} member`).toBe(400);
      expect(JSON.stringify(refusedRest.body)).toContain(SORT_MSG.resultsHidden);
      // the member's other sorts still answer
      const byId = await app.gql(`{ list: ${list}(${args}, orderBy: { field: ID }, first: 100) { edges { node { databaseId } } } }`, {}, member);
      expect(byId.body.errors, `${list} member ID`).toBeUndefined();
      expect(byId.body.data.list.edges).toHaveLength(list === "dexamRegistrations" ? dexamRows.length : competitionRows.length);
    }
  });
});

describe("the overviews' orderBy: the D-exam grade and pieces (stored keys)", () => {
  it("GRADE (failed before passed, no grade last ascending) and SONGS (incomplete first) sort in both directions with ties, in pages forwards and backwards, at both doors; a member's sort by GRADE is refused, by SONGS answered", async () => {
    const district = await freshDistrict();
    const prisma = app.db.prisma;
    const club = (await prisma.association.create({ data: { name: "MV Note", districtAssociationId: district } })).id;
    const member = `member-grade-${district}`;
    await prisma.user.create({
      data: {
        subject: member,
        email: `${member}@s${district}.test`,
        lastname: "Test",
        firstname: "Mitglied",
        districtAssociationId: district,
        associations: { create: [{ associationId: club }] },
      },
    });
    const memberToken = await app.token(member);
    const event = await prisma.event.create({
      data: {
        ...openEventFields(district),
        name: "Note D",
        formType: "DEXAM",
        locations: { create: [{ name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1"], instruments: ["FLUTE", "PERCUSSION"] }] },
      },
      include: { locations: true },
    });
    const practice = event.locations[0].id;
    const songs = (n: number, numbers = true) => Array.from({ length: n }, (_, i) => ({ number: numbers ? String(i + 1) : null, name: `Stück ${i + 1}` }));
    // grade: 0 failed, 1 passed, null open; pieces: 0 incomplete, 1 complete (no practice exam: complete)
    type Row = { id: number; lastname: string; firstname: string; grade: number | null; songs: number };
    const rows: Row[] = [];
    const cases: [string, Partial<Prisma.DexamRegistrationUncheckedCreateInput>, number | null, number][] = [
      ["Zeller", { theoryPoints: 30, practicePoints: 40, practiceLocationId: practice, songs: songs(4) }, 1, 1],
      ["Abi", { theoryPoints: 10, practiceLocationId: practice, songs: [] }, 0, 0],
      ["Müller", {}, null, 1],
      ["Äbi", { theoryPoints: 30, practicePoints: 40, practiceLocationId: practice, songs: songs(3) }, 1, 0],
      ["Braun", { theoryPoints: 25, partialResultType: "PRACTICE", existingPartialResultVerified: true }, 1, 1],
      ["Abi", { theoryPoints: 25, partialResultType: "PRACTICE", practiceLocationId: practice, instrument: "PERCUSSION", songs: songs(4, false) }, null, 1],
      ["Öztürk", { practicePoints: 20, practiceLocationId: practice }, 0, 0],
      ["Kern", { theoryPoints: 24, practicePoints: 36, practiceLocationId: practice, songs: songs(4, false) }, 1, 0],
    ];
    for (const [lastname, fields, grade, complete] of cases) {
      const { id } = await createDexam(event.id, club, { lastname, type: "D1", ...fields });
      rows.push({ id, lastname, firstname: "Anna", grade, songs: complete });
    }
    // rows written without the keys: the start-up sweep works them out (dexam/service.ts fillOverviewKeys)
    await fillOverviewKeys(prisma);
    const args = `eventId: "${gid("Event", event.id)}"`;
    const columns = { GRADE: number<Row>((r) => r.grade), SONGS: number<Row>((r) => r.songs) };
    const defaults = [text<Row>((r) => r.lastname), text<Row>((r) => r.firstname), byId];
    await checkOrders("dexamRegistrations", args, rows, columns, defaults);
    await checkCursorOrder("dexamRegistrations", args, "GRADE", "SONGS");
    for (const [field, column] of Object.entries(columns))
      for (const direction of DIRECTIONS) {
        const sort = `${direction === "DESC" ? "-" : ""}${field.toLowerCase()}`;
        const res = await app.rest("GET", `/v1/registrations/event/${event.id}/dexam?sort=${sort}`, token);
        expect(res.status, `/v1 sort=${sort}`).toBe(200);
        expect(
          (res.body as { id: number }[]).map((row) => row.id),
          `/v1 sort=${sort}`,
        ).toEqual(expected(rows, column, direction, defaults));
      }

    // a member sees results only once published: the grade's order would tell them
    const query = (field: string) => `{ list: dexamRegistrations(${args}, orderBy: { field: ${field} }, first: 100) { edges { node { databaseId } } } }`;
    const refused = await app.gql(query("GRADE"), {}, memberToken);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(refused.body.errors?.[0]?.message).toBe(SORT_MSG.resultsHidden);
    const refusedRest = await app.rest("GET", `/v1/registrations/event/${event.id}/dexam?sort=-grade`, memberToken);
    expect(refusedRest.status).toBe(400);
    expect(JSON.stringify(refusedRest.body)).toContain(SORT_MSG.resultsHidden);
    // the pieces are no result: the member sorts by them at both doors
    const bySongs = await app.gql(query("SONGS"), {}, memberToken);
    expect(bySongs.body.errors).toBeUndefined();
    expect(bySongs.body.data.list.edges.map((e: { node: { databaseId: number } }) => e.node.databaseId)).toEqual(
      expected(rows, columns.SONGS, "ASC", defaults),
    );
    const bySongsRest = await app.rest("GET", `/v1/registrations/event/${event.id}/dexam?sort=songs`, memberToken);
    expect((bySongsRest.body as { id: number }[]).map((row) => row.id)).toEqual(expected(rows, columns.SONGS, "ASC", defaults));
  });
});

describe("the overviews' orderBy: the competition's pieces (stored key)", () => {
  it("SONGS (incomplete first, as many rows as the type asks for) sorts in both directions with ties, in pages forwards and backwards, at both doors, for members too", async () => {
    const district = await freshDistrict();
    const prisma = app.db.prisma;
    const club = (await prisma.association.create({ data: { name: "MV Stücke", districtAssociationId: district } })).id;
    const competition = (await prisma.event.create({ data: { ...openEventFields(district), name: "Stücke W", formType: "COMPETITION" } })).id;
    const piece = { name: "Marsch", composer: "K", publisher: "V", arranger: null, duration: 300 };
    type Row = { id: number; name: string; songs: number };
    const rows: Row[] = [];
    // type K asks for two pieces, B for four
    const cases: [string, "K" | "B", unknown[], number][] = [
      ["Zeller", "K", [piece, piece], 1],
      ["Abi", "K", [piece], 0],
      ["Müller", "B", [piece, piece], 0],
      ["Braun", "B", [piece, piece, piece, piece], 1],
      ["Abi", "K", [], 0],
      ["Kern", "K", [piece, { ...piece, duration: null }], 0],
      ["Öhringen", "K", [piece, piece], 1],
    ];
    for (const [name, type, songs, complete] of cases) {
      const { id } = await prisma.competitionRegistration.create({
        data: { eventId: competition, associationId: club, name, conductorName: "D", type, cast: "B", numberOfMusicians: 9, songs: songs as never },
        select: { id: true },
      });
      rows.push({ id, name, songs: complete });
    }
    // rows written without the key: the start-up sweep works it out (competition/service.ts fillCompetitionOverviewKeys)
    await fillCompetitionOverviewKeys(prisma);
    const args = `eventId: "${gid("Event", competition)}"`;
    const bySongs = number<Row>((r) => r.songs);
    const defaults = [text<Row>((r) => r.name), byId];
    await checkOrders("competitionRegistrations", args, rows, { SONGS: bySongs }, defaults);
    await checkCursorOrder("competitionRegistrations", args, "SONGS", "NAME");
    const member = `member-songs-${district}`;
    await prisma.user.create({
      data: {
        subject: member,
        email: `${member}@s${district}.test`,
        lastname: "Test",
        firstname: "Mitglied",
        districtAssociationId: district,
        associations: { create: [{ associationId: club }] },
      },
    });
    const memberToken = await app.token(member);
    for (const direction of DIRECTIONS) {
      const sort = `${direction === "DESC" ? "-" : ""}songs`;
      const res = await app.rest("GET", `/v1/registrations/event/${competition}/competition?sort=${sort}`, memberToken);
      expect(res.status, `/v1 sort=${sort}`).toBe(200);
      expect(
        (res.body as { id: number }[]).map((row) => row.id),
        `/v1 sort=${sort}`,
      ).toEqual(expected(rows, bySongs, direction, defaults));
    }
  });
});
