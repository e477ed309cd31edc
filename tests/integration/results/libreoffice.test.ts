// Every generated spreadsheet opens in a real spreadsheet program: LibreOffice headless (Debian's
// libreoffice-calc-nogui; `npm test` installs it and poppler-utils when missing) converts the blank
// practice sheet, the overview list, the certificate list and the PC Juror Importliste to CSV in
// one run, and a filled practice sheet saved again by LibreOffice uploads fine (its hidden ids,
// defined name and points survive). Each run uses its own LibreOffice profile.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPracticeSheet, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { openEventFields } from "../../support/fixtures.ts";
import { soffice as runSoffice } from "../../support/libreoffice.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dir: string;
let event: number;
let practice: number;
let competition: number;
const reg: Record<string, number> = {};

/** One soffice run over several files, in this run's folder. */
const soffice = (format: string, files: string[], outdir: string) => runSoffice(format, files, outdir, dir);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "anmeldesystem-lo-"));
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  // the district's signature image (1x1 PNG), printed on the certificate list's "Angaben" sheet
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  );
  const sig = await prisma.storedFile.create({ data: { name: "sig.png", mimeType: "image/png", size: png.length, sha256: "x", data: new Uint8Array(png) } });
  await prisma.districtAssociation.update({ where: { id: world.district1 }, data: { signatureFileId: sig.id } });
  const base = openEventFields(world.district1);
  const e = await prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen Herbst",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D2"] },
          { name: "Praxis Klarinette", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] },
        ],
      },
    },
    include: { locations: true },
  });
  event = e.id;
  const theory = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
  const person = (lastname: string, firstname: string, theoryPoints: number | null) =>
    prisma.dexamRegistration
      .create({
        data: {
          eventId: event,
          firstname,
          lastname,
          birthdate: new Date("2011-09-30"),
          gender: "M",
          associationId: world.club1,
          instrument: "CLARINET",
          type: "D2",
          theoryLocationId: theory,
          practiceLocationId: practice,
          theoryPoints,
          songs: [{ number: "3", name: "Romanze" }],
        },
      })
      .then((r) => r.id);
  reg.weiss = await person("Weiß", "Jürgen", 28);
  reg.bach = await person("Bach", "Anna", 20);
  const c = await prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiele Herbst",
      formType: "COMPETITION",
      locations: { create: [{ name: "Stadthalle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] }] },
    },
    include: { locations: true },
  });
  competition = c.id;
  await prisma.competitionRegistration.create({
    data: {
      eventId: competition,
      name: "Blasorchester Weiß",
      associationId: world.club1,
      type: "K",
      cast: "B",
      category: "CAT_3",
      conductorName: "Max Takt",
      numberOfMusicians: 50,
      locationId: c.locations[0].id,
      songs: [{ name: "Ouvertüre", composer: "Suppé", publisher: "V", arranger: null, duration: 245 }],
    },
  });
});
afterAll(async () => {
  await app?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The words of a PDF per page with their text size: poppler's pdftotext -bbox gives each word's box;
 * its height is the font size times (ascent + descent), 1.117 for Liberation Sans.
 */
function pdfWords(file: string): { width: number; height: number; words: { text: string; size: number }[] }[] {
  const r = spawnSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  if (r.error || r.status !== 0)
    throw new Error(`pdftotext fehlt oder scheitert (apt-get install poppler-utils; npm test installs it): ${r.stderr ?? r.error}`);
  return r.stdout
    .split("<page ")
    .slice(1)
    .map((chunk) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk)!;
      const words = [...chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        text: m[5]
          .replace(/&amp;/g, "&")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&quot;/g, '"'),
        size: (Number(m[4]) - Number(m[2])) / 1.117,
      }));
      return { width: Number(size[1]), height: Number(size[2]), words };
    });
}

/** The base names of the fonts a PDF embeds (pdffonts, without the subset prefix). */
function pdfFonts(file: string): string[] {
  const r = spawnSync("pdffonts", [file], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`pdffonts: ${r.stderr}`);
  return r.stdout
    .split("\n")
    .slice(2)
    .map((l) => l.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ""))
    .filter(Boolean);
}

/** RFC 4180 CSV as LibreOffice writes it (quoted text, "" inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) rows.push([...row, cell]);
  return rows;
}

const download = async (url: string, token = t.admin) => {
  const res = await app.rest("GET", url, token);
  expect(res.status, url).toBe(200);
  return res.raw;
};

describe("LibreOffice opens every generated spreadsheet", () => {
  it("[R-API042][R-BC004] blank sheet, overview, certificate list and PC Juror Importliste convert to CSV with their content", async () => {
    // practice points for the certificate list: Weiß passes (28 / 40), Bach does not (theory 20)
    const sheets = unzip(await download(`/v1/export/location/${practice}/dexam/blank_practice_sheets`));
    const filled = await Promise.all(
      Object.entries(sheets).map(async ([name, data]) => ({ name, data: await fillPracticeSheet(data, name.includes(`_R${reg.weiss}_`) ? 40 : 50) })),
    );
    expect((await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t.admin, "files", filled)).status).toBe(200);

    const inDir = path.join(dir, "in");
    const outDir = path.join(dir, "csv");
    fs.mkdirSync(inDir);
    const files: Record<string, Uint8Array> = {
      "blank.xlsx": Object.entries(sheets).find(([n]) => n.includes(`_R${reg.weiss}_`))![1],
      "overview.xlsx": await download(`/v1/export/event/${event}/overview`),
      "certificates.xlsx": await download(`/v1/export/event/${event}/dexam/certificate_list`),
      "pcjuror.xlsx": await download(`/v1/export/event/${competition}/competition/pc_juror_import`),
    };
    for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(inDir, name), data);
    soffice(
      "csv:Text - txt - csv (StarCalc):44,34,76,1",
      Object.keys(files).map((n) => path.join(inDir, n)),
      outDir,
    );
    const csv = (name: string) => parseCsv(fs.readFileSync(path.join(outDir, name.replace(".xlsx", ".csv")), "utf8"));

    const blank = csv("blank.xlsx").flat().join("\n");
    expect(blank).toContain("Auswertungsbogen Praxisprüfung");
    expect(blank).toContain("Weiß, Jürgen");
    expect(blank).toContain("Romanze");
    expect(blank).toContain("ab 36 Punkten");
    expect(blank).toContain(`Anmeldung Nr. ${reg.weiss}`);

    const overview = csv("overview.xlsx");
    expect(overview[0].slice(0, 4)).toEqual(["ID", "Nachname", "Vorname", "Geburtsdatum"]);
    expect(overview.find((r) => r[0] === String(reg.weiss))?.slice(1, 4)).toEqual(["Weiß", "Jürgen", "30.09.2011"]);
    expect(overview.find((r) => r[0] === String(reg.bach))?.slice(1, 3)).toEqual(["Bach", "Anna"]);

    const certificates = csv("certificates.xlsx").filter((r) => r.some(Boolean));
    expect(certificates).toHaveLength(2);
    expect(certificates[1].slice(0, 10)).toEqual([
      String(reg.weiss),
      "Weiß",
      "Jürgen",
      "30.09.2011",
      "MV Eins",
      "Klarinette",
      "D2",
      "28.00",
      "40.00",
      "bestanden",
    ]);

    const pcjuror = csv("pcjuror.xlsx");
    expect(pcjuror[0].slice(0, 4)).toEqual(["Anmelde-ID", "Verein", "Name", "Wertungsart"]);
    const row = Object.fromEntries(pcjuror[0].map((h, i) => [h, pcjuror[1][i]]));
    expect(row).toMatchObject({
      Name: "Blasorchester Weiß",
      "Stück 1 Titel": "Ouvertüre",
      "Stück 1 Komponist": "Suppé",
      "Stück 1 Dauer": "04:05",
      Kategorie: "3",
    });
  });

  it("[R-API042][R-RO007][R-EV020][R-RE010] every export prints on A4 with text of 8 pt or more, in one sans-serif font family", async () => {
    const inDir = path.join(dir, "print-in");
    const outDir = path.join(dir, "print-pdf");
    fs.mkdirSync(inDir);
    const files: Record<string, Uint8Array> = {
      "blank.xlsx": Object.values(unzip(await download(`/v1/export/location/${practice}/dexam/blank_practice_sheets`)))[0],
      "overview.xlsx": await download(`/v1/export/event/${event}/overview`),
      "competition.xlsx": await download(`/v1/export/event/${competition}/overview`),
      "certificates.xlsx": await download(`/v1/export/event/${event}/dexam/certificate_list`),
      "pcjuror.xlsx": await download(`/v1/export/event/${competition}/competition/pc_juror_import`),
    };
    for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(inDir, name), data);
    soffice(
      "pdf",
      Object.keys(files).map((n) => path.join(inDir, n)),
      outDir,
    );
    for (const name of Object.keys(files)) {
      const pdf = path.join(outDir, name.replace(".xlsx", ".pdf"));
      const pages = pdfWords(pdf);
      expect(pages.length, name).toBeGreaterThan(0);
      for (const page of pages) {
        // A4, either way round
        expect([Math.round(page.width), Math.round(page.height)].sort(), name).toEqual([595, 842]);
        for (const w of page.words) expect(w.size, `${name}: "${w.text}"`).toBeGreaterThanOrEqual(8);
      }
      // one font family, a sans-serif LibreOffice has (no fallback to a serif font)
      expect(pdfFonts(pdf), name).toEqual(expect.arrayContaining([expect.stringMatching(/LiberationSans/)]));
      for (const f of pdfFonts(pdf)) expect(f, name).toMatch(/LiberationSans/);
    }
    // the wide lists continue across pages with the key columns repeated: every page of the
    // D-exam overview names the candidates
    for (const page of pdfWords(path.join(outDir, "overview.pdf")).filter((p) => p.words.some((w) => w.text === "Bach"))) {
      expect(page.words.map((w) => w.text)).toEqual(expect.arrayContaining(["Nachname", "Vorname"]));
    }
    // the signature image prints once, on one page (not cut by a page break)
    const images = spawnSync("pdfimages", ["-list", path.join(outDir, "certificates.pdf")], { encoding: "utf8" })
      .stdout.split("\n")
      .slice(2)
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols[2] === "image"); // page, num, type (an alpha channel comes as "smask")
    expect(images).toHaveLength(1);
    // the "Angaben" sheet keeps labels and values on one page; the PC Juror return note too
    const juror = pdfWords(path.join(outDir, "pcjuror.pdf"));
    const back = juror.find((p) => p.words.some((w) => w.text === "Rückweg"));
    expect(back?.words.map((w) => w.text)).toEqual(expect.arrayContaining(["Kreisverband", "KV", "Erstellt", "(Wertungsspiele)."]));
    expect(juror.filter((p) => p.words.some((w) => /pcjuror\.xlsm|Ergebnisverwaltung/.test(w.text)))).toHaveLength(1);
  });

  it("[R-RE009][R-RE010][R-RE013] a filled sheet saved again by LibreOffice keeps its ids and uploads", async () => {
    const [name, data] = Object.entries(unzip(await download(`/v1/export/location/${practice}/dexam/blank_practice_sheets`))).find(([n]) =>
      n.includes(`_R${reg.bach}_`),
    )!;
    const inDir = path.join(dir, "roundtrip-in");
    const outDir = path.join(dir, "roundtrip-out");
    fs.mkdirSync(inDir);
    fs.writeFileSync(path.join(inDir, name), await fillPracticeSheet(data, 61.25));
    soffice("xlsx:Calc MS Excel 2007 XML", [path.join(inDir, name)], outDir);
    const saved = fs.readFileSync(path.join(outDir, name));
    // written by LibreOffice, not by us
    expect(Buffer.from(unzip(saved)["docProps/app.xml"]).toString("utf8")).toMatch(/LibreOffice/);
    const res = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", [{ name, data: saved }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.bach } });
    expect(Number(r.practicePoints)).toBe(61.25);
  });
});
