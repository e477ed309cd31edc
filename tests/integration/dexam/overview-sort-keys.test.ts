// The overviews' stored sort keys of "Note" (gradeKey) and "Stücke" (songsCompleteKey; D-exams, competitions):
// every write that changes what they are worked out from writes them with the row (create,
// edit, the songs-only edit, the partial result's verification, the takeover, theory points,
// practice sheets, deleting a result), and the start-up sweep fills rows from before the keys.
// Each step checks the key moved to what the column shows: a path that forgot the key leaves
// the previous value (or NULL) and fails here. The key never reaches the registering side before the
// results are published ("Meine Daten"). The order itself: tests/integration/api/sorting.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillCompetitionOverviewKeys } from "../../../server/src/domains/competition/service.ts";
import { fillOverviewKeys } from "../../../server/src/domains/dexam/service.ts";
import { fillPracticeSheet, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let at: { event: number; theory: number; practice: number };
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  at = await dexamEventWithLocations(app.db.prisma, world.district1, "D-Prüfungen Sortierschlüssel");
});
afterAll(() => app.stop());

const SONGS = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));

/** The stored sort keys of a registration. */
const keys = (id: number) => app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id }, select: { gradeKey: true, songsCompleteKey: true } });

/** A registration the member creates through /v1 (a D2 clarinet at theory and practice unless `over` says otherwise): its wire answer. */
async function create(over: Record<string, unknown> = {}, token = t.member) {
  const res = await app.rest("POST", "/v1/registration/dexam", token, dexamWireBody(at, world.club1, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
}

/** An edit through /v1 of the registration as last answered, with `over` changed: the new answer. */
async function edit(r: Record<string, unknown>, over: Record<string, unknown>, token = t.member) {
  const res = await app.rest("PUT", "/v1/registration/dexam", token, { ...r, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown> & { id: number };
}

async function setTheory(id: number, points: number) {
  const res = await app.rest("PUT", `/v1/registration/dexam/${id}/location/${at.theory}/theory_result`, t["role:results_manage"], { theory_points: points });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function deleteResult(id: number, location: number) {
  const res = await app.rest("DELETE", `/v1/registration/dexam/${id}/location/${location}/result`, t["role:results_manage"]);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

/** Uploads the practice sheet of registration `id` filled with `points`. */
async function uploadSheet(id: number, points: number) {
  const blank = await app.rest("GET", `/v1/export/location/${at.practice}/dexam/blank_practice_sheets`, t["role:results_manage"]);
  expect(blank.status).toBe(200);
  const [name, data] = Object.entries(unzip(blank.raw)).find(([n]) => n.startsWith(`Praxisbogen_R${id}_`)) ?? [];
  expect(name, `sheet of ${id}`).toBeDefined();
  const res = await upload(app, `/v1/registration/dexam/location/${at.practice}/practice_sheets`, t["role:results_manage"], "files", [
    { name: name as string, data: await fillPracticeSheet(data as Uint8Array, points) },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("the overview's sort keys follow every write", () => {
  it("create and edit: the pieces key follows the songs and the practice location (none booked: complete)", async () => {
    const r = await create({ firstname: "Stefan", songs: [] });
    expect(await keys(r.id)).toEqual({ gradeKey: null, songsCompleteKey: false });
    const theoryOnly = await create({ firstname: "Theo", practice_location_id: null });
    expect(await keys(theoryOnly.id)).toEqual({ gradeKey: null, songsCompleteKey: true });
    const withSongs = await create({ firstname: "Sina", songs: SONGS });
    expect(await keys(withSongs.id)).toEqual({ gradeKey: null, songsCompleteKey: true });

    const songs = await edit(r, { songs: SONGS });
    expect(await keys(r.id)).toEqual({ gradeKey: null, songsCompleteKey: true });
    const fewer = await edit(songs, { songs: SONGS.slice(0, 3) });
    expect((await keys(r.id)).songsCompleteKey).toBe(false);
    // the practice exam dropped: no pieces needed
    await edit(fewer, { practice_location_id: null });
    expect((await keys(r.id)).songsCompleteKey).toBe(true);
  });

  it("theory points, practice sheets and deleting a result: the grade key follows the pass rule", async () => {
    const r = await create({ firstname: "Paula", songs: SONGS });
    await setTheory(r.id, 20);
    expect((await keys(r.id)).gradeKey).toBe("FAILED");
    await setTheory(r.id, 30);
    // the practice part is still open
    expect((await keys(r.id)).gradeKey).toBeNull();
    await uploadSheet(r.id, 40);
    expect((await keys(r.id)).gradeKey).toBe("PASSED");
    // the key holds the grade over every result: "Meine Daten" answers the grade of what the member sees
    const exported = async () =>
      ((await app.rest("GET", "/v1/user/0/export", t.member)).body.dexamRegistrations as { id: number; gradeKey: unknown; theoryPoints: unknown }[]).find(
        (x) => x.id === r.id,
      );
    expect(await exported()).toMatchObject({ gradeKey: null, theoryPoints: null });
    await app.db.prisma.eventLocation.updateMany({ where: { id: { in: [at.theory, at.practice] } }, data: { publishResults: true } });
    try {
      expect(await exported()).toMatchObject({ gradeKey: "PASSED", theoryPoints: 30 });
    } finally {
      await app.db.prisma.eventLocation.updateMany({ where: { id: { in: [at.theory, at.practice] } }, data: { publishResults: false } });
    }
    await uploadSheet(r.id, 20);
    expect((await keys(r.id)).gradeKey).toBe("FAILED");
    await deleteResult(r.id, at.practice);
    expect((await keys(r.id)).gradeKey).toBeNull();
    await uploadSheet(r.id, 40);
    expect((await keys(r.id)).gradeKey).toBe("PASSED");
    await deleteResult(r.id, at.theory);
    expect((await keys(r.id)).gradeKey).toBeNull();
  });

  it("the partial result's verification (and its reset by a changed partial result) moves the grade key", async () => {
    const r = await create({
      firstname: "Vera",
      theory_location_id: null,
      songs: SONGS,
      existing_partial_result: { type: "theory", district_association: "KV Nord", year: 2025, location: "Nordstadt", points: 30 },
    });
    await uploadSheet(r.id, 40);
    // an unverified partial result does not count
    expect((await keys(r.id)).gradeKey).toBeNull();
    const current = (await app.rest("GET", `/v1/registration/dexam/${r.id}`, t.member)).body;
    const verified = await edit(current, { existing_partial_result_verified: true }, t["role:registration_manage"]);
    expect((await keys(r.id)).gradeKey).toBe("PASSED");
    // the member changes the partial result: it needs checking again, the grade is open
    await edit(verified, { existing_partial_result: { ...(verified.existing_partial_result as object), points: 31 } });
    expect((await keys(r.id)).gradeKey).toBeNull();
  });

  it("the takeover writes the new registration's keys; the songs-only edit phase moves the pieces key", async () => {
    const src = await create({ firstname: "Till", songs: SONGS });
    await setTheory(src.id, 31);
    await uploadSheet(src.id, 20);
    const taken = await app.rest("POST", `/v1/registration/dexam/${src.id}/takeover`, t["role:registration_manage"], {
      event_id: at.event,
      practice_location_id: at.practice,
      gdpr_accepted: true,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    // the theory part carried (verified), the practice exam booked anew without pieces
    expect(await keys(taken.body.id)).toEqual({ gradeKey: null, songsCompleteKey: false });

    await app.db.prisma.event.update({ where: { id: at.event }, data: { editPhase: "SONGS_ONLY" } });
    try {
      await edit(taken.body, { songs: SONGS });
      expect(await keys(taken.body.id)).toEqual({ gradeKey: null, songsCompleteKey: true });
    } finally {
      await app.db.prisma.event.update({ where: { id: at.event }, data: { editPhase: "NO_RESTRICTIONS" } });
    }
  });

  it("the start-up sweep fills the keys of rows written before them, once, leaving version and updatedAt", async () => {
    const row = (firstname: string, data: Record<string, unknown>) =>
      app.db.prisma.dexamRegistration.create({
        data: {
          eventId: at.event,
          associationId: world.club1,
          firstname,
          lastname: "Alt",
          birthdate: new Date("2012-04-05"),
          gender: "F",
          instrument: "CLARINET",
          type: "D2",
          theoryLocationId: at.theory,
          practiceLocationId: at.practice,
          ...data,
        },
      });
    const passed = await row("Anna", { theoryPoints: 30, practicePoints: 40, songs: SONGS });
    const failed = await row("Berta", { theoryPoints: 10, songs: [] });
    const open = await row("Cora", { practiceLocationId: null, theoryPoints: 30 });
    expect(await keys(passed.id)).toEqual({ gradeKey: null, songsCompleteKey: null });
    expect(await fillOverviewKeys(app.db.prisma, 2)).toBe(3);
    expect(await keys(passed.id)).toEqual({ gradeKey: "PASSED", songsCompleteKey: true });
    expect(await keys(failed.id)).toEqual({ gradeKey: "FAILED", songsCompleteKey: false });
    expect(await keys(open.id)).toEqual({ gradeKey: null, songsCompleteKey: true });
    const after = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: passed.id } });
    expect(after.version).toBe(passed.version);
    expect(after.updatedAt).toEqual(passed.updatedAt);
    expect(await fillOverviewKeys(app.db.prisma)).toBe(0);
  });
});

describe("the competition overview's pieces key follows every write", () => {
  const PIECES = [
    { name: "Festlicher Einzug", composer: "Hans Hornung", publisher: "Musikverlag Muster", arranger: null, duration: 420 },
    { name: "Bilder einer Landschaft", composer: "Erika Ehrlich", publisher: "Edition Beispiel", arranger: null, duration: 600 },
  ];
  const pieces = (id: number) =>
    app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id }, select: { songsCompleteKey: true } }).then((r) => r.songsCompleteKey);

  it("create, edit and the songs-only edit phase write it; the start-up sweep fills older rows", async () => {
    const event = await competitionEventWithHall(app.db.prisma, world.district1);
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(event, world.club1, { songs: [] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await pieces(created.body.id)).toBe(false);
    const complete = await app.rest(
      "POST",
      "/v1/registration/competition",
      t.member,
      competitionWireBody(event, world.club1, { name: "Jugend", songs: PIECES }),
    );
    expect(await pieces(complete.body.id)).toBe(true);

    const edited = await app.rest("PUT", "/v1/registration/competition", t.member, { ...complete.body, songs: PIECES.slice(0, 1) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await pieces(complete.body.id)).toBe(false);
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "SONGS_ONLY" } });
    const songs = await app.rest("PUT", "/v1/registration/competition", t.member, { ...edited.body, songs: PIECES });
    expect(songs.status, JSON.stringify(songs.body)).toBe(200);
    expect(await pieces(complete.body.id)).toBe(true);

    const older = await app.db.prisma.competitionRegistration.create({
      data: { eventId: event, associationId: world.club1, name: "Alt", conductorName: "D", type: "K", cast: "B", numberOfMusicians: 30, songs: PIECES },
    });
    expect(await pieces(older.id)).toBeNull();
    expect(await fillCompetitionOverviewKeys(app.db.prisma)).toBe(1);
    expect(await pieces(older.id)).toBe(true);
    expect((await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: older.id } })).version).toBe(older.version);
  });
});
