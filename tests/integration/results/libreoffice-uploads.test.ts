// Uploads of workbooks that LibreOffice itself wrote: practice sheets and PC
// Juror lists are edited the way people edit them — a row deleted, a row inserted, rows re-sorted,
// the header row deleted, points typed with a decimal comma — and saved again by LibreOffice
// (tests/support/libreoffice_edit.py: one headless soffice over UNO for all files). After a
// deleted or inserted row LibreOffice writes an empty <row r="1048576">, which must count for
// nothing. The edits run once in beforeAll; each test uploads its files.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pcJurorWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, dexamEventWithLocations, practiceCandidate } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

const EDIT_SCRIPT = path.resolve(import.meta.dirname, "../../support/libreoffice_edit.py");

type Op =
  | { op: "deleteRows" | "insertRows"; sheet: string; row: number; count?: number }
  | { op: "setValue"; sheet: string; cell: string; value: number }
  | { op: "setString"; sheet: string; cell: string; value: string }
  | { op: "sort"; sheet: string; range: string; column: number; descending?: boolean };

let app: TestApp;
let world: World;
let token: string;
let dir: string;
let practice: number;
let competition: number;
const regs: Record<string, number> = {};
const bands: number[] = [];
/** the files as LibreOffice saved them, by job name */
const saved: Record<string, { name: string; data: Buffer }> = {};

/** Runs all jobs in one LibreOffice process; each job's result is saved under its name. */
function libreOffice(jobs: { key: string; name: string; data: Uint8Array; out: string; ops: Op[] }[]) {
  const inDir = path.join(dir, "in");
  const outDir = path.join(dir, "out");
  fs.mkdirSync(inDir);
  fs.mkdirSync(outDir);
  const spec = jobs.map((j) => {
    const input = path.join(inDir, `${j.key}${path.extname(j.name)}`);
    fs.writeFileSync(input, j.data);
    return { in: input, out: path.join(outDir, `${j.key}${path.extname(j.out)}`), ops: j.ops };
  });
  fs.writeFileSync(path.join(dir, "jobs.json"), JSON.stringify(spec));
  const r = spawnSync("/usr/bin/python3", [EDIT_SCRIPT, path.join(dir, "jobs.json")], { encoding: "utf8", timeout: 180_000 });
  if (r.status !== 0) throw new Error(`libreoffice_edit.py failed (${r.status}): ${r.stderr}`);
  jobs.forEach((j, i) => {
    saved[j.key] = { name: j.out, data: fs.readFileSync(spec[i].out) };
  });
}

const P = "Praxisbogen";
const J = "Auswertung";
const JUROR_HEADERS = ["Anmelde-ID", "Punkte", "Prädikat"];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "anmeldesystem-lo-edit-"));
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects["role:results_manage"]);
  const prisma = app.db.prisma;
  const at = await dexamEventWithLocations(prisma, world.district1);
  practice = at.practice;
  const songs = [
    { number: "3", name: "Romanze" },
    { number: "1", name: "Air" },
  ];
  for (const who of ["deleted", "inserted", "sorted", "title", "comma"]) regs[who] = await practiceCandidate(prisma, at, world.club1, who, songs);
  competition = await competitionEventWithHall(prisma, world.district1);
  for (const name of ["Orchester A", "Orchester B", "Orchester C"])
    bands.push(
      (
        await prisma.competitionRegistration.create({
          data: { eventId: competition, name, associationId: world.club1, type: "K", cast: "B", conductorName: "D", numberOfMusicians: 30 },
        })
      ).id,
    );

  const res = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, token);
  expect(res.status).toBe(200);
  const blank = Object.entries(unzip(res.raw));
  const sheetOf = (who: string) => {
    const [name, data] = blank.find(([n]) => n.startsWith(`Praxisbogen_R${regs[who]}_`))!;
    return { name, data, out: name };
  };
  // rows 3 to 5: the three bands, row 2 the header row (after a title row)
  const juror = await pcJurorWorkbook(JUROR_HEADERS, [
    [bands[0], 80, "gut"],
    [bands[1], 91.5, "sehr gut"],
    [bands[2], 70, "gut"],
  ]);
  const jurorJob = (out = "pcjuror.xlsm") => ({ name: "pcjuror.xlsm", data: juror, out });
  libreOffice([
    {
      key: "sheetDeleted",
      ...sheetOf("deleted"),
      ops: [
        { op: "setValue", sheet: P, cell: "D21", value: 72.5 },
        { op: "deleteRows", sheet: P, row: 12 },
      ],
    },
    {
      key: "sheetInserted",
      ...sheetOf("inserted"),
      ops: [
        { op: "setValue", sheet: P, cell: "D21", value: 55 },
        { op: "insertRows", sheet: P, row: 13, count: 2 },
      ],
    },
    {
      key: "sheetSorted",
      ...sheetOf("sorted"),
      ops: [
        { op: "setValue", sheet: P, cell: "D21", value: 48.25 },
        { op: "sort", sheet: P, range: "A15:A16", column: 1 },
      ],
    },
    {
      key: "sheetTitle",
      ...sheetOf("title"),
      ops: [
        { op: "setValue", sheet: P, cell: "D21", value: 40 },
        { op: "deleteRows", sheet: P, row: 1 },
      ],
    },
    { key: "sheetComma", ...sheetOf("comma"), ops: [{ op: "setString", sheet: P, cell: "D21", value: "2,5" }] },
    { key: "jurorDeleted", ...jurorJob(), ops: [{ op: "deleteRows", sheet: J, row: 4 }] },
    { key: "jurorInserted", ...jurorJob(), ops: [{ op: "insertRows", sheet: J, row: 4, count: 3 }] },
    { key: "jurorSorted", ...jurorJob(), ops: [{ op: "sort", sheet: J, range: "A3:C5", column: 2, descending: true }] },
    { key: "jurorHeader", ...jurorJob(), ops: [{ op: "deleteRows", sheet: J, row: 2 }] },
    { key: "jurorComma", ...jurorJob(), ops: [{ op: "setString", sheet: J, cell: "B3", value: "2,5" }] },
    { key: "jurorXlsx", ...jurorJob("pcjuror.xlsx"), ops: [{ op: "setValue", sheet: J, cell: "B4", value: 66.75 }] },
  ]);
}, 240_000);
afterAll(async () => {
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const uploadSheet = (key: string) =>
  upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, token, "files", [{ name: saved[key].name, data: saved[key].data }]);
const uploadJuror = (key: string) => upload(app, `/v1/registration/competition/event/${competition}/pc_juror`, token, "file", [saved[key]]);
const sheetXml = (key: string) =>
  Object.entries(unzip(saved[key].data))
    .filter(([n]) => n.startsWith("xl/worksheets/"))
    .map(([, b]) => Buffer.from(b).toString("utf8"))
    .join("");
const practicePoints = async (who: string) => Number((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: regs[who] } })).practicePoints);

describe("practice sheets saved by LibreOffice", () => {
  it("[R-RE009][R-RE010] a row deleted, rows inserted, rows re-sorted, the title row deleted: each sheet uploads with its points", async () => {
    // what LibreOffice writes after a deleted or inserted row
    expect(sheetXml("sheetDeleted")).toMatch(/<row r="1048576"[^>]*>(<\/row>)?/);
    for (const [key, who, points] of [
      ["sheetDeleted", "deleted", 72.5],
      ["sheetInserted", "inserted", 55],
      ["sheetSorted", "sorted", 48.25],
      ["sheetTitle", "title", 40],
    ] as const) {
      const res = await uploadSheet(key);
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(await practicePoints(who), key).toBe(points);
    }
  });

  it("[R-RE010] points typed with a decimal comma as text (2,5) are read as 2.5", async () => {
    // LibreOffice stored the text as it was typed, not as a number
    expect(sheetXml("sheetComma")).toMatch(/<c r="D21"[^>]*t="s"/);
    const res = await uploadSheet("sheetComma");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await practicePoints("comma")).toBe(2.5);
  });
});

describe("PC Juror lists saved by LibreOffice", () => {
  const stored = async () =>
    (await app.db.prisma.competitionRegistration.findMany({ where: { id: { in: bands } }, orderBy: { id: "asc" } })).map((r) =>
      r.points === null ? null : Number(r.points),
    );

  it("[R-RE016][R-RE017] a row deleted, empty rows inserted, rows re-sorted: the results are taken over", async () => {
    expect(sheetXml("jurorDeleted")).toMatch(/<row r="1048576"/);
    const deleted = await uploadJuror("jurorDeleted");
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.updated).toBe(2);
    expect(await stored()).toEqual([80, null, 70]);
    for (const key of ["jurorInserted", "jurorSorted"]) {
      const res = await uploadJuror(key);
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.updated, key).toBe(3);
    }
    expect(await stored()).toEqual([80, 91.5, 70]);
  });

  it("[R-RE016][R-RE018] the header row deleted: the missing header is named, not the size of the file", async () => {
    const res = await uploadJuror("jurorHeader");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Keine Kopfzeile mit den Spalten");
    expect(JSON.stringify(res.body)).not.toContain("zu viele Zeilen");
  });

  it("[R-RE017] points typed with a decimal comma as text (2,5) are read as 2.5", async () => {
    const res = await uploadJuror("jurorComma");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored())[0]).toBe(2.5);
  });

  it("[R-RE016] the list filled by hand and saved as an Excel workbook (.xlsx) is taken over by the same rules", async () => {
    const res = await uploadJuror("jurorXlsx");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored())[1]).toBe(66.75);
  });
});
