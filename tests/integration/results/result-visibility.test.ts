// Results reach the registering side only once their location publishes them (R-RE021, R-RO017).
// Every door that answers a club member is asked the same questions twice: before any result was
// entered, and after staff entered results that are not published. The answers must be identical
// (only `version` and `updatedAt` move: they say that staff changed the record, not what; see
// docs/decisions.md "Results before publication"). Staff keep seeing everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../server/src/auth/permissions.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let theory: number;
let practice: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  ({ event, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1, "Ergebnis-Sichtbarkeit"));
});
afterAll(() => app.stop());

const gql = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body as any;
const ROW_FIELDS = `databaseId theoryPoints practicePoints grade hasPracticeSheet
  viewerCan { edit delete cancel manage takeOver downloadPracticeSheet downloadConsentForm }`;
/** `version` and `updatedAt` say that staff touched the record, not what: left out of the comparison */
const withoutStamps = (o: Record<string, unknown>) => {
  const { version: _v, updatedAt: _u, updated_at: _w, ...rest } = o;
  return rest;
};
const takeoverBody = () => ({ event_id: event, practice_location_id: practice, gdpr_accepted: true });

/** Everything a member is answered about registration `id`, through every door. */
async function memberView(id: number, token = t.member) {
  const node = await gql(`query($id: ID!) { node(id: $id) { ... on DexamRegistration { ${ROW_FIELDS} } } }`, { id: gid("DexamRegistration", id) }, token);
  const list = await gql(
    `query($e: ID!) { dexamRegistrations(eventId: $e, first: 100) { edges { node { ${ROW_FIELDS} } } } }`,
    { e: gid("Event", event) },
    token,
  );
  const rest = await app.rest("GET", `/v1/registration/dexam/${id}`, token);
  const restList = await app.rest("GET", `/v1/registrations/event/${event}/dexam`, token);
  const sheet = await app.rest("GET", `/v1/export/registration/dexam/${id}/practice_sheet`, token);
  const mine = await app.rest("GET", "/v1/user/0/export", token);
  const rows = await app.db.prisma.dexamRegistration.count();
  const takeover = await app.rest("POST", `/v1/registration/dexam/${id}/takeover`, token, takeoverBody());
  const takeoverGql = await gql(
    "mutation($id: ID!, $input: DexamTakeoverInput!) { takeOverDexamPartialResult(id: $id, input: $input) { id } }",
    { id: gid("DexamRegistration", id), input: { eventId: gid("Event", event), practiceLocationId: practice, gdprAccepted: true } },
    token,
  );
  const listRows = (restList.body.data ?? restList.body) as Record<string, unknown>[];
  return {
    node: node.data.node,
    listNode: list.data.dexamRegistrations.edges.map((e: any) => e.node).find((n: any) => n.databaseId === id),
    rest: withoutStamps(rest.body),
    restList: withoutStamps(listRows.find((r) => r.id === id) as Record<string, unknown>),
    sheet: { status: sheet.status, error: sheet.body?.error },
    mine: withoutStamps(mine.body.dexamRegistrations.find((r: any) => r.id === id)),
    takeover: { status: takeover.status, body: takeover.body },
    takeoverGql: takeoverGql.errors?.map((e: any) => ({ message: e.message, code: e.extensions?.code })),
    written: (await app.db.prisma.dexamRegistration.count()) - rows,
  };
}

/** Results as staff enter them: theory points through the results mutation, the practice part as a sheet upload stores it. */
async function enter(id: number, r: { theory?: number; practice?: number }) {
  if (r.theory !== undefined) {
    const set = await gql(
      "mutation($r: ID!, $l: Int!, $p: Float!) { setDexamTheoryResult(registrationId: $r, locationId: $l, theoryPoints: $p) { theoryPoints } }",
      { r: gid("DexamRegistration", id), l: theory, p: r.theory },
      t["role:results_manage"],
    );
    expect(set.errors).toBeUndefined();
  }
  if (r.practice !== undefined) {
    const file = await app.db.prisma.storedFile.create({
      data: { name: `Praxisbogen_R${id}.xlsx`, mimeType: "application/octet-stream", size: 3, sha256: "x", data: new Uint8Array([1, 2, 3]) },
    });
    await app.db.prisma.dexamRegistration.update({ where: { id }, data: { practicePoints: r.practice, practiceSheetFileId: file.id } });
  }
}

const CASES: { name: string; theory?: number; practice?: number }[] = [
  { name: "a passed theory part (33.33)", theory: 33.33 },
  { name: "a passed theory part (80)", theory: 80 },
  { name: "a failed theory part", theory: 10 },
  { name: "a passed practice part with its sheet", practice: 40 },
  { name: "both parts passed", theory: 30, practice: 40 },
  { name: "both parts failed", theory: 10, practice: 20 },
  { name: "theory passed, practice failed", theory: 30, practice: 20 },
];

describe("results before publication", () => {
  let n = 0;
  const register = async () => {
    n += 1;
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody({ event, theory, practice }, world.club1, { lastname: `Sicht${n}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  for (const c of CASES)
    it(`[R-RE021][R-RO017][R-RO030][R-RE031] a member with ${c.name}, unpublished, gets exactly what they get without a result`, async () => {
      const id = await register();
      const before = await memberView(id);
      expect(before.takeover.status).toBe(409);
      expect(before.written).toBe(0);
      await enter(id, c);
      const after = await memberView(id);
      expect(after).toEqual(before);
    });

  it("[R-RE021][R-RO017] staff of the district see unpublished results; registration_manage takes an unpublished part over", async () => {
    const id = await register();
    await enter(id, { theory: 33.33, practice: 20 });
    const read = await gql(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { theoryPoints practicePoints grade hasPracticeSheet viewerCan { takeOver downloadPracticeSheet } } } }",
      { id: gid("DexamRegistration", id) },
      t["role:registration_read"],
    );
    expect(read.data.node).toEqual({
      theoryPoints: 33.33,
      practicePoints: 20,
      grade: "FAILED",
      hasPracticeSheet: true,
      viewerCan: { takeOver: false, downloadPracticeSheet: true },
    });
    expect((await app.rest("GET", `/v1/export/registration/dexam/${id}/practice_sheet`, t["role:registration_read"])).status).toBe(200);
    const manager = await app.rest("POST", `/v1/registration/dexam/${id}/takeover`, t["role:registration_manage"], takeoverBody());
    expect(manager.status, JSON.stringify(manager.body)).toBe(201);
    expect(manager.body.existing_partial_result).toMatchObject({ type: "theory", points: 33.33 });
  });

  it("[R-RE021][R-RO030][R-RE031] once the theory location publishes, the member takes the passed theory part over; the unpublished practice part does not count", async () => {
    const id = await register();
    await enter(id, { theory: 30, practice: 40 });
    // staff see a complete pass: nothing to take over
    const staff = await app.rest("POST", `/v1/registration/dexam/${id}/takeover`, t["role:registration_manage"], takeoverBody());
    expect(staff.status).toBe(409);
    expect(staff.body.error.message).toMatch(/bereits vollständig bestanden/);
    await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { publishResults: true } });
    try {
      const flags = await gql(
        "query($id: ID!) { node(id: $id) { ... on DexamRegistration { theoryPoints practicePoints grade hasPracticeSheet viewerCan { takeOver downloadPracticeSheet } } } }",
        { id: gid("DexamRegistration", id) },
        t.member,
      );
      expect(flags.data.node).toEqual({
        theoryPoints: 30,
        practicePoints: null,
        grade: null,
        hasPracticeSheet: false,
        viewerCan: { takeOver: true, downloadPracticeSheet: false },
      });
      const ok = await app.rest("POST", `/v1/registration/dexam/${id}/takeover`, t.member, takeoverBody());
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(ok.body).toMatchObject({
        existing_partial_result: { type: "theory", points: 30 },
        existing_partial_result_verified: true,
        result: { theory_points: null },
      });
    } finally {
      await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { publishResults: false } });
    }
  });

  it("[R-RE021][R-RO027] the practice sheet reaches the member with the published practice part, not before", async () => {
    const id = await register();
    await enter(id, { practice: 40 });
    expect((await app.rest("GET", `/v1/export/registration/dexam/${id}/practice_sheet`, t.member)).status).toBe(404);
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: true } });
    try {
      const view = await memberView(id);
      expect(view.node).toMatchObject({ practicePoints: 40, hasPracticeSheet: true, viewerCan: { downloadPracticeSheet: true } });
      expect(view.rest.practice_sheet_file_id).toEqual(expect.any(Number));
      expect(view.mine).toMatchObject({ practicePoints: 40, practiceSheetFile: { name: `Praxisbogen_R${id}.xlsx` } });
      expect(view.sheet.status).toBe(200);
    } finally {
      await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: false } });
    }
  });
});

describe("competition results before publication", () => {
  it("[R-RE021][R-RO017] points and mark stay hidden from the member until every location publishes; staff see them", async () => {
    const competition = await competitionEventWithHall(app.db.prisma, world.district1);
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competition, world.club1));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const view = async (token: string) => {
      const node = await gql(
        "query($id: ID!) { node(id: $id) { ... on CompetitionRegistration { points mark } } }",
        { id: gid("CompetitionRegistration", id) },
        token,
      );
      const rest = await app.rest("GET", `/v1/registration/competition/${id}`, token);
      const mine = await app.rest("GET", "/v1/user/0/export", token);
      return {
        node: node.data.node,
        rest: withoutStamps(rest.body),
        mine: withoutStamps(mine.body.competitionRegistrations.find((r: any) => r.id === id) ?? {}),
      };
    };
    const before = await view(t.member);
    await app.db.prisma.competitionRegistration.update({ where: { id }, data: { points: 91.5, mark: "mit sehr gutem Erfolg" } });
    expect(await view(t.member)).toEqual(before);
    expect((await view(t["role:registration_read"])).node).toEqual({ points: 91.5, mark: "mit sehr gutem Erfolg" });
  });
});

describe("doors reserved to staff", () => {
  it("[R-RE021][R-RP006] every operation that lists results for staff admits only roles that see unpublished results", () => {
    for (const op of ["results.list", "results.certificateList", "results.practiceSheets", "event.statistic", "export.overview"] as const) {
      const access = PERMISSIONS[op].access;
      expect(Array.isArray(access), op).toBe(true);
      // the roles that see unpublished results: the district roles of results.practiceSheet
      for (const role of access as readonly string[]) expect(PERMISSIONS["results.practiceSheet"].districtRoles, `${op}: ${role}`).toContain(role);
    }
  });
});
