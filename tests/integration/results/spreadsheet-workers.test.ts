// Spreadsheets off the request thread: a heavy but valid workbook (90,000 rows)
// took 44-61 s on the main thread and held every other request meanwhile. Uploads are now parsed
// in piscina threads with a heap limit (server/src/workers/pool.ts): other requests are answered
// while one is parsed, a full queue answers 503 with Retry-After, a thread that runs out of heap
// answers 413 and the next upload works. The pool's size and queue come from SPREADSHEET_* here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SPREADSHEET_POOL } from "../../../server/src/workers/defaults.ts";
import { spreadsheetPool, WORKBOOK_TOO_HEAVY, WORKBOOKS_BUSY } from "../../../server/src/workers/pool.ts";
import { fillPracticeSheet, heavyWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let practice: number;
const regs: number[] = [];
const sheets = new Map<number, { name: string; data: Uint8Array }>();

beforeAll(async () => {
  app = await startTestApp({ env: { SPREADSHEET_THREADS: "1", SPREADSHEET_QUEUE: "1" } });
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const at = await dexamEventWithLocations(app.db.prisma, world.district1);
  practice = at.practice;
  for (const [lastname, firstname] of [
    ["Klar", "Lena"],
    ["Holz", "Ben"],
    ["Rohr", "Mia"],
  ]) {
    const r = await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: at.event,
        firstname,
        lastname,
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: at.theory,
        practiceLocationId: at.practice,
      },
    });
    regs.push(r.id);
  }
  // the blank sheets come out of a thread too (built and zipped there)
  const res = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t["role:results_manage"]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (const [name, data] of Object.entries(unzip(res.raw))) sheets.set(Number(/^Praxisbogen_R(\d+)_/.exec(name)?.[1]), { name, data });
  await spreadsheetPool.warm();
}, 120_000);
afterAll(async () => {
  spreadsheetPool.configure(DEFAULT_SPREADSHEET_POOL);
  await app.stop();
});

const uploadSheet = (id: number, data: Uint8Array) =>
  upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [{ name: sheets.get(id)!.name, data }]);
const points = async (id: number) => {
  const stored = (await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } })).practicePoints;
  return stored === null ? null : Number(stored);
};
/** Resolves once `ok()` holds, checked after each turn of the event loop (a state, not a time). */
async function until(ok: () => boolean) {
  while (!ok()) await new Promise((r) => setImmediate(r));
}

describe("spreadsheet threads", () => {
  it("[R-RE009][R-API052] SPREADSHEET_THREADS and SPREADSHEET_QUEUE set the pool: one upload runs, one waits, the next is answered 503 with Retry-After and the German message", async () => {
    expect(spreadsheetPool.settings).toMatchObject({ threads: 1, queue: 1 });
    const held = await spreadsheetPool.slots.acquire(); // the one thread's place
    const data = await fillPracticeSheet(sheets.get(regs[0])!.data, 61);
    const waiting = uploadSheet(regs[0], data);
    await until(() => spreadsheetPool.slots.busyCount === 2); // the upload waits in the queue
    const busy = await uploadSheet(regs[1], await fillPracticeSheet(sheets.get(regs[1])!.data, 62));
    expect(busy.status).toBe(503);
    expect(busy.body.error).toMatchObject({ code: "UNAVAILABLE", message: WORKBOOKS_BUSY });
    // exports wait for the same places
    const zip = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t["role:results_manage"]);
    expect(zip.status).toBe(503);
    expect(zip.headers["retry-after"]).toBe("5");
    held();
    const done = await waiting;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await points(regs[0])).toBe(61);
    expect(await points(regs[1])).toBeNull();
  });

  it("[R-RE009][R-API052] a heavy but valid workbook (90,000 rows) is parsed in a thread while other requests are answered", async () => {
    const heavy = heavyWorkbook(await fillPracticeSheet(sheets.get(regs[1])!.data, 47.5), 90_000);
    const finished: string[] = [];
    const uploading = uploadSheet(regs[1], heavy).then((res) => {
      finished.push("upload");
      return res;
    });
    await until(() => spreadsheetPool.slots.busyCount === 1); // the upload has the thread
    const config = await app.fastify.inject({ method: "GET", url: "/config.json" });
    finished.push("config");
    const start = await app.gql(`query { events(first: 10) { edges { node { name } } } }`, {}, t.member);
    finished.push("start page");
    expect(config.statusCode).toBe(200);
    expect(start.body.errors).toBeUndefined();
    const res = await uploading;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(finished).toEqual(["config", "start page", "upload"]);
    expect(await points(regs[1])).toBe(47.5);
  }, 180_000);

  it("[R-RE009][R-API052] a thread that runs out of its heap answers 413 with a German message naming the file, and the next upload works", async () => {
    spreadsheetPool.configure({ memoryMb: 32 });
    const heavy = heavyWorkbook(await fillPracticeSheet(sheets.get(regs[2])!.data, 80), 90_000);
    const res = await uploadSheet(regs[2], heavy);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: `„${sheets.get(regs[2])!.name}“: ${WORKBOOK_TOO_HEAVY}` });
    expect(await points(regs[2])).toBeNull();
    const next = await uploadSheet(regs[2], await fillPracticeSheet(sheets.get(regs[2])!.data, 80));
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await points(regs[2])).toBe(80);
  }, 180_000);
});
