// Workbooks that describe more than they weigh, and file names that are free text (review of
// 2026-11-25). A 7 KB upload naming "A2:XFD1048576" as merged, a <col> range of 200 million columns
// or a row numbered 100,000,000 made exceljs (or the PC Juror reader walking every row) build an
// object per cell, column or row and ran the server out of memory: no answer at all. They are
// refused before exceljs parses them (results/xlsx.ts checkSheetSizes). And the consent-forms zip
// built its entry names from the children's names as written, so "Anna/../../x" lost the id prefix
// and two such names overwrote each other.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, strToU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMITS_RULE } from "../../../client/src/help/rules.ts";
import {
  cellsInRange,
  checkSheetSizes,
  checkXmlShape,
  MAX_SHEET_ROWS,
  MAX_WORKBOOK_CELLS,
  MAX_WORKBOOK_ROWS,
  MAX_XML_DEPTH,
  MAX_XML_ELEMENTS,
  TOO_MANY_CELLS,
  UploadRejected,
  XmlShape,
} from "../../../server/src/domains/results/xlsx.ts";
import { spreadsheetPool, WORKBOOKS_BUSY } from "../../../server/src/workers/pool.ts";
import { flatElements, multipart, nestedElements, upload, workbookWithSheet as workbook } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { campEventWithLocations, competitionEventWithHall, dexamEventWithLocations } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let practice: number;
let competition: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  practice = (await dexamEventWithLocations(app.db.prisma, world.district1)).practice;
  competition = await competitionEventWithHall(app.db.prisma, world.district1);
});
afterAll(() => app.stop());

const TOO_BIG = "Die Datei enthält zu viele Zeilen, Spalten oder verbundene Zellen";
const merged = (ref: string) => (xml: string) => xml.replace("</sheetData>", `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`);
const columns = (max: number) => (xml: string) => xml.replace("<sheetData>", `<cols><col min="1" max="${max}" width="10" customWidth="1"/></cols><sheetData>`);
const rowAt = (r: number) => (xml: string) => xml.replace("</sheetData>", `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>x</t></is></c></row></sheetData>`);
const validated = (sqref: string) => (xml: string) =>
  xml.replace(
    "</sheetData>",
    `</sheetData><dataValidations count="1"><dataValidation type="whole" sqref="${sqref}"><formula1>0</formula1></dataValidation></dataValidations>`,
  );

describe("workbooks that describe more than they weigh", () => {
  it("[R-RE009][R-API052] a practice-sheet upload with a huge merged range, column range or row number is refused at once, not parsed", async () => {
    for (const edit of [merged("A2:XFD1048576"), columns(200_000_000), rowAt(100_000_000), validated("A1:XFD1048576")]) {
      const data = await workbook(edit);
      expect(data.length).toBeLessThan(20_000);
      const res = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [
        { name: `Praxisbogen_R1_L${practice}_Klar_Lena.xlsx`, data },
      ]);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(TOO_BIG);
    }
  });

  it("[R-RE016][R-API043] a PC Juror list with a row numbered 100,000,000 is refused, not walked row by row", async () => {
    const res = await upload(app, `/v1/registration/competition/event/${competition}/pc_juror`, t["role:results_manage"], "file", [
      { name: "pcjuror.xlsm", data: await workbook(rowAt(100_000_000), true) },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(TOO_BIG);
  });

  it("ranges are counted as Excel reads them; ordinary sheets pass", () => {
    expect(cellsInRange("A2:XFD1048576")).toBe(16_384 * 1_048_575);
    expect(cellsInRange("$B$3:$C$4")).toBe(4);
    expect(cellsInRange("D7")).toBe(1);
    expect(cellsInRange("A:A")).toBe(1_048_576);
    expect(cellsInRange("1:2")).toBe(2 * 16_384);
    const sheet = (xml: string) => new Map([["xl/worksheets/sheet1.xml", strToU8(xml)]]);
    const ordinary = `<worksheet><cols><col min="1" max="3"/></cols><sheetData><row r="${MAX_SHEET_ROWS}"><c r="C${MAX_SHEET_ROWS}"/></row></sheetData><mergeCells><mergeCell ref="A1:C2"/></mergeCells></worksheet>`;
    expect(() => checkSheetSizes(sheet(ordinary))).not.toThrow();
    const beyond = MAX_SHEET_ROWS + 1;
    expect(() => checkSheetSizes(sheet(`<worksheet><sheetData><row r="${beyond}"><c r="A${beyond}"><v>1</v></c></row></sheetData></worksheet>`))).toThrow(
      UploadRejected,
    );
    // a row without a value counts for nothing and is dropped (LibreOffice writes an empty <row r="1048576"> after a deleted row)
    const libre = sheet(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="1048576" ht="12.8"></row><row r="1048575"><c r="B1048575" s="2"/></row><row r="1048574"/></sheetData></worksheet>`,
    );
    expect(() => checkSheetSizes(libre)).not.toThrow();
    expect(strFromU8(libre.get("xl/worksheets/sheet1.xml")!)).toBe(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
    );
    expect(() => checkSheetSizes(sheet(`<worksheet><sheetData><row><c r="XFE1"><v>1</v></c></row></sheetData></worksheet>`))).toThrow(UploadRejected);
    // only worksheets are read this way
    expect(() => checkSheetSizes(new Map([["xl/styles.xml", strToU8('<row r="999999999"/>')]]))).not.toThrow();
  });
});

describe("the row and cell budget, counted while the sheets are inflated", () => {
  const cellsRow = (n: number) => `<row>${"<c><v>1</v></c>".repeat(n)}</row>`;
  const count = (parts: [xml: string, worksheet: boolean][]) => () => {
    const shape = new XmlShape();
    for (const [xml, worksheet] of parts) {
      const part = shape.part(worksheet);
      const bytes = strToU8(xml);
      // fed in pieces, as they come from the inflater: a tag cut in two counts once
      for (let i = 0; i < bytes.length; i += 4093) part.feed(bytes.subarray(i, i + 4093));
      part.end();
    }
  };

  it("[R-RE009][R-API052] more rows or cells than the budget (all worksheets together) are refused with a German message; other parts do not count", () => {
    const rows = (n: number) => `<worksheet><sheetData>${"<row><c/></row>".repeat(n)}</sheetData></worksheet>`;
    expect(count([[rows(MAX_WORKBOOK_ROWS), true]])).not.toThrow();
    // rows without cells count for nothing
    expect(count([[`<worksheet><sheetData>${"<row/><row></row>".repeat(MAX_WORKBOOK_ROWS)}</sheetData></worksheet>`, true]])).not.toThrow();
    expect(
      count([
        [rows(MAX_WORKBOOK_ROWS / 2), true],
        [rows(MAX_WORKBOOK_ROWS / 2 + 1), true],
      ]),
    ).toThrow(TOO_MANY_CELLS);
    const cells = (n: number) => `<worksheet><sheetData>${cellsRow(n)}</sheetData></worksheet>`;
    expect(count([[cells(MAX_WORKBOOK_CELLS), true]])).not.toThrow();
    expect(count([[cells(MAX_WORKBOOK_CELLS + 1), true]])).toThrow(TOO_MANY_CELLS);
    // <col>, <cols>, <rowBreaks> are no rows or cells; a styles part's <c> is not a worksheet's
    expect(count([[`<worksheet><cols>${'<col min="1" max="1"/>'.repeat(MAX_WORKBOOK_ROWS + 1)}</cols><rowBreaks/></worksheet>`, true]])).not.toThrow();
    expect(count([[cells(MAX_WORKBOOK_CELLS + 1), false]])).not.toThrow();
  });

  it("the help page and docs/api.md state the budget the server applies", () => {
    const german = (n: number) => n.toLocaleString("de-DE");
    const budget = `${german(MAX_WORKBOOK_ROWS)} Zeilen und ${german(MAX_WORKBOOK_CELLS)} Zellen`;
    expect(TOO_MANY_CELLS).toContain(budget);
    expect(UPLOAD_LIMITS_RULE).toContain(budget);
    expect(fs.readFileSync("docs/api.md", "utf8")).toContain(
      `**${MAX_WORKBOOK_ROWS.toLocaleString("en-US")} rows and ${MAX_WORKBOOK_CELLS.toLocaleString("en-US")} cells**`,
    );
  });

  it("[R-RE009][R-API052] an upload beyond the cell budget is refused in the thread after its first megabytes, with the German message", async () => {
    const data = await workbook((xml) => xml.replace("</sheetData>", `${cellsRow(MAX_WORKBOOK_CELLS + 1)}</sheetData>`));
    const res = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [
      { name: `Praxisbogen_R1_L${practice}_Klar_Lena.xlsx`, data },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(TOO_MANY_CELLS);
  });
});

describe("workbooks whose XML is too deep or too long", () => {
  const TOO_COMPLEX = "Die Datei ist zu verschachtelt oder enthält zu viele Elemente";
  const practiceUpload = (data: Uint8Array) =>
    upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [
      { name: `Praxisbogen_R1_L${practice}_Klar_Lena.xlsx`, data },
    ]);

  it("[R-RE009][R-API052] 2,000,000 nested or 5,000,000 flat elements are refused with a German message before exceljs parses them, without the memory", async () => {
    for (const edit of [nestedElements(2_000_000), flatElements(5_000_000)]) {
      const data = await workbook(edit);
      expect(data.length).toBeLessThan(100_000); // a few dozen KB sent, 14 or 20 MB inflated: under the zip guard's 50 MB
      const heap = process.memoryUsage().heapUsed;
      const res = await practiceUpload(data);
      expect(res.status).toBe(400);
      // the XML guard's own message: refused by the guard, before any parser read the file (no wall
      // clock: on a loaded 2-core CI machine seconds prove nothing)
      expect(JSON.stringify(res.body)).toContain(TOO_COMPLEX);
      expect((process.memoryUsage().heapUsed - heap) / 1024 / 1024).toBeLessThan(100);
    }
  });

  it("a spreadsheet thread that only refuses crafted workbooks never loads exceljs (bench figure 9: the threads' memory)", () => {
    // a fresh process, as a new thread is: the guards refuse both files; exceljs is loaded first by a workbook that passes them
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "anmeldesystem-lazy-"));
    const script = path.join(dir, "lazy.mts");
    const root = path.resolve(import.meta.dirname, "../../..");
    fs.writeFileSync(
      script,
      `import { createRequire } from "node:module";
       import { loadUploadedWorkbook } from ${JSON.stringify(`${root}/server/src/domains/results/xlsx.ts`)};
       import { flatElements, nestedElements, workbookWithSheet } from ${JSON.stringify(`${root}/tests/fixtures/workbooks.ts`)};
       const files = [await workbookWithSheet(nestedElements(2_000_000)), await workbookWithSheet(flatElements(5_000_000))];
       const good = await workbookWithSheet((xml) => xml);
       const cache = createRequire(import.meta.url).cache;
       // the fixtures build their workbooks with exceljs: forget it, as a new thread has never loaded it
       for (const key of Object.keys(cache)) delete cache[key];
       const loaded = () => Object.keys(cache).some((k) => k.includes("/node_modules/exceljs/"));
       const refused = [];
       for (const f of files) await loadUploadedWorkbook(f, "xlsx").catch((e) => refused.push(e.message));
       const afterRefusals = loaded();
       await loadUploadedWorkbook(good, "xlsx");
       console.log(JSON.stringify({ refused, afterRefusals, afterGood: loaded() }));`,
    );
    const r = spawnSync(path.join(root, "node_modules/.bin/tsx"), [script], { encoding: "utf8", cwd: root, timeout: 120_000 });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").pop() as string)).toEqual({ refused: [TOO_COMPLEX, TOO_COMPLEX], afterRefusals: false, afterGood: true });
  });

  it("[R-RE016][R-API043] a PC Juror list nested deeper than any real workbook is refused too", async () => {
    const res = await upload(app, `/v1/registration/competition/event/${competition}/pc_juror`, t["role:results_manage"], "file", [
      { name: "pcjuror.xlsm", data: await workbook(nestedElements(MAX_XML_DEPTH + 1), true) },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(TOO_COMPLEX);
  });

  it("depth and element count are counted as XML has them: self-closing tags, quoted '>', comments, CDATA; a DOCTYPE is refused", () => {
    const check = (xml: string) => () => checkXmlShape([strToU8(xml)]);
    const deep = (n: number) => `${"<a>".repeat(n)}${"</a>".repeat(n)}`;
    expect(check(`<?xml version="1.0"?>${deep(MAX_XML_DEPTH)}`)).not.toThrow();
    expect(check(deep(MAX_XML_DEPTH + 1))).toThrow(TOO_COMPLEX);
    // siblings and self-closing elements do not nest
    expect(check(`<r>${"<a/>".repeat(MAX_XML_DEPTH + 5)}${"<b x='1'></b>".repeat(MAX_XML_DEPTH + 5)}</r>`)).not.toThrow();
    // markup inside attribute values, comments and CDATA is no element
    expect(check(`<r><c f="a>b" g='<x>'/><!-- <a><a><a> --><![CDATA[${"<a>".repeat(MAX_XML_DEPTH + 1)}]]></r>`)).not.toThrow();
    // the element budget spans all parts of a workbook
    const half = strToU8(`<r>${"<a/>".repeat(MAX_XML_ELEMENTS / 2)}</r>`);
    expect(() => checkXmlShape([half])).not.toThrow();
    expect(() => checkXmlShape([half, half])).toThrow(TOO_COMPLEX);
    expect(check(`<!DOCTYPE x [<!ENTITY a "aaaa">]><r/>`)).toThrow(UploadRejected);
    expect(check(`<r><a x="unterminated`)).toThrow(UploadRejected);
    expect(check(`<r><!-- unterminated`)).toThrow(UploadRejected);
    // the same answers when the bytes come in chunks cut anywhere (as they are inflated)
    const samples = [
      `<?xml version="1.0"?><r><c f="a>b" g='<x>'/><!-- <a> --><![CDATA[<a>]]><d>text</d></r>`,
      deep(MAX_XML_DEPTH + 1),
      `<!DOCTYPE x><r/>`,
      `<r><a x="unterminated`,
    ];
    for (const xml of samples) {
      const whole = (() => {
        try {
          checkXmlShape([strToU8(xml)]);
          return "ok";
        } catch (e) {
          return (e as Error).message;
        }
      })();
      for (let cut = 1; cut < xml.length; cut++) {
        const part = new XmlShape().part();
        const bytes = strToU8(xml);
        let got = "ok";
        try {
          part.feed(bytes.subarray(0, cut));
          part.feed(bytes.subarray(cut));
          part.end();
        } catch (e) {
          got = (e as Error).message;
        }
        expect(got, `${xml} cut at ${cut}`).toBe(whole);
      }
    }
  });

  it("[R-RE009][R-API052] beyond the parsing places and their queue an upload is answered 503 with Retry-After and a German message, and runs once a place is free", async () => {
    const { threads, queue } = spreadsheetPool.settings;
    const held = await Promise.all(Array.from({ length: threads }, () => spreadsheetPool.slots.acquire()));
    const queued = Array.from({ length: queue }, () => spreadsheetPool.slots.acquire());
    const data = await workbook((xml) => xml);
    const busy = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [
      { name: `Praxisbogen_R1_L${practice}_Klar_Lena.xlsx`, data },
    ]);
    expect(busy.status).toBe(503);
    expect(busy.body.error).toMatchObject({ code: "UNAVAILABLE", message: WORKBOOKS_BUSY });
    const juror = multipart("file", [{ name: "pcjuror.xlsm", data: await workbook((xml) => xml, true) }]);
    const headers = await app.fastify.inject({
      method: "POST",
      url: `/v1/registration/competition/event/${competition}/pc_juror`,
      headers: { authorization: `Bearer ${t["role:results_manage"]}`, "content-type": juror.contentType },
      payload: juror.payload,
    });
    expect(headers.statusCode).toBe(503);
    expect(headers.headers["retry-after"]).toBe("5");
    // the slots free: queued work runs first, then the upload is read as usual (not a practice sheet of ours)
    for (const release of held) release();
    await Promise.all(queued.map(async (place) => (await place)()));
    const after = await practiceUpload(data);
    expect(after.status).toBe(400);
    expect(JSON.stringify(after.body)).toContain("kein Praxisbogen");
  });
});

describe("consent forms zip", () => {
  it("[R-API035] every entry keeps its registration id and none overwrites another, whatever the names hold", async () => {
    const camp = await campEventWithLocations(app.db.prisma, world.district1, 'Freizeit "x"\n/../y', true);
    const ids: number[] = [];
    for (const [lastname, firstname] of [
      ["Maier", "Anna/../../x"],
      ["Huber", "Ben/x"],
      ["Öz", "Çelik"],
    ]) {
      const file = await app.db.prisma.storedFile.create({
        data: { name: "scan.pdf", mimeType: "application/pdf", size: 9, sha256: lastname, data: new Uint8Array(Buffer.from(`%PDF-1.4 ${lastname}`)) },
      });
      const r = await app.db.prisma.dexamRegistration.create({
        data: {
          eventId: camp.id,
          firstname,
          lastname,
          birthdate: new Date("2013-01-01T00:00:00Z"),
          gender: "F",
          associationId: world.club1,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: camp.locations[0].id,
          consentFormFileId: file.id,
        },
      });
      ids.push(r.id);
    }
    const res = await app.rest("GET", `/v1/export/event/${camp.id}/consent_forms`, t["role:registration_read"]);
    expect(res.status).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(res.raw))).sort();
    expect(names).toEqual([`${ids[0]}_Maier_Anna_x.pdf`, `${ids[1]}_Huber_Ben_x.pdf`, `${ids[2]}_Oez_Celik.pdf`].sort());
    expect(String(res.headers["content-disposition"])).toContain(`Einverstaendniserklaerungen_${camp.id}_Freizeit_x_y.zip`);
  });
});
