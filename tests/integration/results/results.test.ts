// Results management through /v1 and GraphQL: theory results, practice evaluation sheets (blank
// export -> filled -> upload several at once -> points -> certificate list), the PC Juror round
// trip with a real macro workbook, the other exports, upload safety (every rejection leaves the
// database unchanged) and who may download what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptJson } from "../../../server/src/crypto/aead.ts";
import { readPracticeSheet } from "../../../server/src/domains/results/sheet.ts";
import { ExcelJS, fillPracticeSheet, pcJurorWorkbook, toMacroWorkbook, unzip, upload, zipBomb } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};

let dexam: number;
let theory: number;
let practice: number;
let practice2: number;
const reg: Record<string, number> = {};
let camp: number;
let competition: number;
let hall: number;
let church: number;
const band: Record<string, number> = {};

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  const sig = await prisma.storedFile.create({ data: { name: "sig.png", mimeType: "image/png", size: PNG.length, sha256: "x", data: new Uint8Array(PNG) } });
  await prisma.districtAssociation.update({ where: { id: world.district1 }, data: { signatureFileId: sig.id } });
  const base = openEventFields(world.district1);
  const e = await prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen Frühjahr",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie Musikschule", type: "DEXAM_THEORY", street: "Weg 1", city: "Stadt", dexamTypes: ["D1", "D2"] },
          {
            name: "Praxis Klarinette",
            type: "DEXAM_PRACTICE",
            street: "Weg 2",
            postcode: "70173",
            city: "Stadt",
            start: new Date("2099-05-01T07:00:00Z"),
            end: new Date("2099-05-01T15:00:00Z"),
            dexamTypes: ["D1", "D2"],
            instruments: ["CLARINET", "PERCUSSION"],
          },
          { name: "Praxis Nord", type: "DEXAM_PRACTICE", street: "Weg 3", city: "Nord", dexamTypes: ["D2"], instruments: ["CLARINET"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexam = e.id;
  theory = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = e.locations.find((l) => l.name === "Praxis Klarinette")!.id;
  practice2 = e.locations.find((l) => l.name === "Praxis Nord")!.id;
  const person = (lastname: string, firstname: string, over: Record<string, unknown> = {}) =>
    prisma.dexamRegistration
      .create({
        data: {
          eventId: dexam,
          firstname,
          lastname,
          birthdate: new Date("2012-04-05"),
          gender: "F",
          associationId: world.club1,
          instrument: "CLARINET",
          type: "D2",
          theoryLocationId: theory,
          practiceLocationId: practice,
          songs: [
            { number: "12", name: "Menuett" },
            { number: "7", name: "Etüde" },
          ],
          ...over,
        },
      })
      .then((r) => r.id);
  reg.lang = await person("Lang", "Kim");
  reg.mueller = await person("Müller", "Jörg");
  reg.schmidt = await person("Schmidt", "Anna", { cancelledAt: new Date() });
  reg.nord = await person("Nord", "Nina", { practiceLocationId: practice2 });
  // practice passed earlier (verified partial result): theory only
  reg.teil = await person("Teil", "Tim", {
    practiceLocationId: null,
    partialResultType: "PRACTICE",
    partialResultDistrict: "KV Eins",
    partialResultYear: 2098,
    partialResultLocation: "Praxis Alt",
    partialResultPoints: 50,
    existingPartialResultVerified: true,
  });
  reg.trommel = await person("Trommel", "Tom", { instrument: "PERCUSSION", songs: [] });

  camp = (
    await prisma.event.create({
      data: {
        ...base,
        name: "Freizeit",
        formType: "DEXAM_CAMP",
        locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
      },
      include: { locations: true },
    })
  ).id;
  const campTheory = (await prisma.eventLocation.findFirstOrThrow({ where: { eventId: camp } })).id;
  await prisma.dexamRegistration.create({
    data: {
      eventId: camp,
      firstname: "Clara",
      lastname: "Camp",
      birthdate: new Date("2013-01-01"),
      gender: "F",
      associationId: world.club1,
      instrument: "FLUTE",
      type: "D1",
      theoryLocationId: campTheory,
      mealRequest: "VEGAN",
      campDataEncrypted: new Uint8Array(
        encryptJson(app.services.dataKey, { allergies: "Erdnüsse", emergencyContacts: [{ name: "Papa Camp", phone: "0711123" }], vaccinations: [] }),
      ),
    },
  });

  const c = await prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiele",
      formType: "COMPETITION",
      locations: {
        create: [
          { name: "Stadthalle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] },
          { name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["G"] },
        ],
      },
    },
    include: { locations: true },
  });
  competition = c.id;
  hall = c.locations.find((l) => l.name === "Stadthalle")!.id;
  church = c.locations.find((l) => l.name === "Kirche")!.id;
  const group = (name: string, over: Record<string, unknown> = {}) =>
    prisma.competitionRegistration
      .create({
        data: {
          eventId: competition,
          name,
          associationId: world.club1,
          type: "K",
          cast: "B",
          category: "CAT_4",
          conductorName: "Max Takt",
          numberOfMusicians: 55,
          locationId: hall,
          songs: [
            { name: "Marsch", composer: "Fučík", publisher: "Verlag A", arranger: null, duration: 245 },
            { name: "Suite", composer: "Holst", publisher: "Verlag B", arranger: "X", duration: 600 },
          ],
          ...over,
        },
      })
      .then((r) => r.id);
  band.orchester = await group("Blasorchester Musterstadt");
  band.jugend = await group("Jugendorchester", { cast: "JB", category: "CAT_2" });
  band.quartett = await group("Holzbläserquartett", {
    type: "G",
    cast: "E",
    category: null,
    ageGroup: "III",
    numberOfMusicians: 4,
    members: "Anna\nBen\nCarla\nDirk",
    locationId: church,
  });
  band.storniert = await group("Abgemeldet", { cancelledAt: new Date() });
});
afterAll(() => app.stop());

/** Everything an upload could change: stored files, points, sheets, marks. */
async function snapshot() {
  const prisma = app.db.prisma;
  return {
    files: await prisma.storedFile.count(),
    dexam: (await prisma.dexamRegistration.findMany({ orderBy: { id: "asc" } })).map((r) => [
      r.id,
      r.theoryPoints?.toString() ?? null,
      r.practicePoints?.toString() ?? null,
      r.practiceSheetFileId,
      r.version,
    ]),
    competition: (await prisma.competitionRegistration.findMany({ orderBy: { id: "asc" } })).map((r) => [
      r.id,
      r.points?.toString() ?? null,
      r.mark,
      r.version,
    ]),
  };
}

async function firstSheetRows(raw: Uint8Array): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(raw) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const values = (ws.getRow(i).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, j) => [h, values[j] ?? ""])));
  }
  return rows;
}

const practicePoints = async (id: number) => {
  const r = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
  return r.practicePoints === null ? null : Number(r.practicePoints);
};

/** The blank sheets of a location, by registration id. */
async function blankSheets(location: number, token = t["role:results_manage"]): Promise<Map<number, { name: string; data: Uint8Array }>> {
  const res = await app.rest("GET", `/v1/export/location/${location}/dexam/blank_practice_sheets`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const out = new Map<number, { name: string; data: Uint8Array }>();
  for (const [name, data] of Object.entries(unzip(res.raw))) {
    const m = /^Praxisbogen_R(\d+)_L(\d+)_/.exec(name);
    if (m) out.set(Number(m[1]), { name, data });
  }
  return out;
}

const uploadSheets = (location: number, files: { name: string; data: Uint8Array }[], token: string | null = t["role:results_manage"]) =>
  upload(app, `/v1/registration/dexam/location/${location}/practice_sheets`, token, "files", files);

describe("theory results", () => {
  it("[R-RE007][R-RE008][R-API054][R-API067] results_manage enters theory points at the registration's theory location", async () => {
    const url = `/v1/registration/dexam/${reg.lang}/location/${theory}/theory_result`;
    const res = await app.rest("PUT", url, t["role:results_manage"], { theory_points: 30.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: reg.lang, result: { theory_points: 30.5 } });
    expect((await app.rest("PUT", url, t["role:results_read"], { theory_points: 30 })).status).toBe(403);
    expect((await app.rest("PUT", url, t.member, { theory_points: 30 })).status).toBe(403);
    expect((await app.rest("PUT", url, t.staff2, { theory_points: 30 })).status).toBe(404);
    expect((await app.rest("PUT", url, t.admin, { theory_points: 31 })).body.result.theory_points).toBe(31);
  });

  it("[R-VA036][R-BC008] theory points are required, 0..100, step 0.01; only at the theory location", async () => {
    const url = `/v1/registration/dexam/${reg.mueller}/location/${theory}/theory_result`;
    for (const [body, message] of [
      [{}, "Bitte eine Punktzahl eingeben"],
      [{ theory_points: "20" }, "Die Punktzahl muss eine Zahl sein"],
      [{ theory_points: 100.5 }, "Die Punktzahl muss zwischen 0 und 100 liegen"],
      [{ theory_points: -1 }, "Die Punktzahl muss zwischen 0 und 100 liegen"],
      [{ theory_points: 12.345 }, "Die Punktzahl darf höchstens zwei Nachkommastellen haben"],
    ] as const) {
      const res = await app.rest("PUT", url, t["role:results_manage"], body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields.theory_points).toBe(message);
    }
    const wrong = await app.rest("PUT", `/v1/registration/dexam/${reg.mueller}/location/${practice}/theory_result`, t["role:results_manage"], {
      theory_points: 20,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.location_id).toBe("Dieser Ort ist nicht der Theorieprüfungsort der Anmeldung");
    const cancelled = await app.rest("PUT", `/v1/registration/dexam/${reg.schmidt}/location/${theory}/theory_result`, t["role:results_manage"], {
      theory_points: 20,
    });
    expect(cancelled.status).toBe(409);
    expect((await app.rest("PUT", url, t["role:results_manage"], { theory_points: 0 })).status).toBe(200);
  });

  it("[R-RE005][R-RE007] GraphQL: the results table and setDexamTheoryResult", async () => {
    const set = await app.gql(
      "mutation($r: ID!, $l: Int!, $p: Float!) { setDexamTheoryResult(registrationId: $r, locationId: $l, theoryPoints: $p) { databaseId theoryPoints } }",
      { r: gid("DexamRegistration", reg.mueller), l: theory, p: 24 },
      t["role:results_manage"],
    );
    expect(set.body.data?.setDexamTheoryResult).toEqual({ databaseId: reg.mueller, theoryPoints: 24 });
    const q =
      "query($e: ID!, $l: Int, $s: String) { dexamResults(eventId: $e, locationId: $l, search: $s) { databaseId lastname associationName instrument type theoryPoints } }";
    const list = await app.gql(q, { e: gid("Event", dexam), l: theory }, t["role:results_read"]);
    expect(list.body.data.dexamResults.map((r: any) => r.lastname)).toEqual(["Lang", "Müller", "Nord", "Schmidt", "Teil", "Trommel"]);
    expect(list.body.data.dexamResults[1]).toMatchObject({ associationName: "MV Eins", instrument: "CLARINET", type: "D2", theoryPoints: 24 });
    expect((await app.gql(q, { e: gid("Event", dexam), s: "mül" }, t["role:results_read"])).body.data.dexamResults).toHaveLength(1);
    expect((await app.gql(q, { e: gid("Event", dexam) }, t.member)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(q, { e: gid("Event", dexam) }, t.staff2)).body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("[R-RE007] setDexamTheoryResult with the row's version: saved once; a save based on an older version is refused with the conflict message", async () => {
    const m =
      "mutation($r: ID!, $l: ID!, $p: Float!, $v: Int) { setDexamTheoryResult(registrationId: $r, location: $l, theoryPoints: $p, version: $v) { theoryPoints version } }";
    const r = gid("DexamRegistration", reg.mueller);
    const l = gid("EventLocation", theory);
    const before = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.mueller } });
    const first = await app.gql(m, { r, l, p: 24, v: before.version }, t["role:results_manage"]);
    expect(first.body.data?.setDexamTheoryResult).toEqual({ theoryPoints: 24, version: before.version + 1 });
    // a second tab still holds the old version: refused, nothing changed
    const stale = await app.gql(m, { r, l, p: 26, v: before.version }, t["role:results_manage"]);
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toContain("Die Daten wurden inzwischen von jemand anderem geändert");
    const after = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.mueller } });
    expect(Number(after.theoryPoints)).toBe(24);
    expect(after.version).toBe(before.version + 1);
  });
});

describe("practice sheets", () => {
  it("[R-RE009][R-RE010][R-API038][R-API052][R-API033][R-API032][R-API039][R-API041] blank sheets -> points -> upload several at once -> practice points and stored sheets", async () => {
    const under = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t["role:results_manage"]);
    const hyphen = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank-practice-sheets`, t["role:results_manage"]);
    expect(under.headers["content-type"]).toBe("application/zip");
    expect(String(under.headers["content-disposition"])).toContain(`Blanko-Auswertungsboegen_L${practice}_Praxis_Klarinette.zip`);
    const names = Object.keys(unzip(under.raw)).sort();
    expect(Object.keys(unzip(hyphen.raw)).sort()).toEqual(names);
    // one sheet per active registration of the location: not the cancelled one, not the other location's
    expect(names).toEqual(
      [
        `Praxisbogen_R${reg.lang}_L${practice}_Lang_Kim.xlsx`,
        `Praxisbogen_R${reg.mueller}_L${practice}_Mueller_Joerg.xlsx`,
        `Praxisbogen_R${reg.trommel}_L${practice}_Trommel_Tom.xlsx`,
      ].sort(),
    );
    const sheets = await blankSheets(practice);
    const before = await snapshot();
    const muellerSheet = await fillPracticeSheet(sheets.get(reg.mueller)!.data, 20);
    const res = await uploadSheets(practice, [
      { name: sheets.get(reg.lang)!.name, data: await fillPracticeSheet(sheets.get(reg.lang)!.data, 72.5) },
      { name: sheets.get(reg.mueller)!.name, data: muellerSheet },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.uploaded).toBe(2);
    expect(await practicePoints(reg.lang)).toBe(72.5);
    expect(await practicePoints(reg.mueller)).toBe(20);
    expect((await snapshot()).files).toBe(before.files + 2);
    const stored = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.lang }, include: { practiceSheetFile: true } });
    expect(stored.practiceSheetFile?.name).toBe(sheets.get(reg.lang)!.name);
    // uploading again replaces the sheet (the old file goes)
    const again = await uploadSheets(practice, [{ name: sheets.get(reg.lang)!.name, data: await fillPracticeSheet(sheets.get(reg.lang)!.data, 73) }]);
    expect(again.status).toBe(200);
    expect(await practicePoints(reg.lang)).toBe(73);
    expect((await snapshot()).files).toBe(before.files + 2);
    // stored encrypted like the consent forms (names and points): not the uploaded bytes in the database; the
    // downloads serve the sheet's clean copy (its values, ids and points; sheet.ts storedPracticeSheet)
    const mueller = (await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.mueller }, include: { practiceSheetFile: true } }))
      .practiceSheetFile!;
    expect(mueller).toMatchObject({ encrypted: true });
    expect(Buffer.from(mueller.data).includes(muellerSheet.subarray(0, 4))).toBe(false); // no "PK\x03\x04"
    const served = (await app.rest("GET", `/v1/export/registration/dexam/${reg.mueller}/practice_sheet`, t.admin)).raw;
    expect(mueller.size).toBe(served.length);
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.load(served as unknown as ArrayBuffer);
    expect(readPracticeSheet(copy)).toMatchObject({ registrationId: reg.mueller, locationId: practice, points: 20 });
    const zip = unzip((await app.rest("GET", `/v1/export/location/${practice}/dexam/practice_sheets`, t.admin)).raw);
    expect(Buffer.from(zip[mueller.name]).equals(served)).toBe(true);
  });

  it("[R-API036][R-EV020][R-RE023][R-RE024][R-API033] the certificate list holds exactly the passed candidates", async () => {
    // Lang: theory 31, practice 73 -> passed; Müller: practice 20 -> failed; Teil: verified practice part + theory 26 -> passed
    await app.rest("PUT", `/v1/registration/dexam/${reg.teil}/location/${theory}/theory_result`, t["role:results_manage"], { theory_points: 26 });
    const res = await app.rest("GET", `/v1/export/event/${dexam}/dexam/certificate_list`, t["role:results_read"]);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toContain(`Liste_fuer_Urkundendruck_${dexam}_D-Pruefungen_Fruehjahr.xlsx`);
    const rows = await firstSheetRows(res.raw);
    expect(rows.map((r) => r.Nachname)).toEqual(["Lang", "Teil"]);
    expect(rows[0]).toMatchObject({ Vorname: "Kim", Geburtsdatum: new Date("2012-04-05T00:00:00Z"), Verein: "MV Eins", Instrument: "Klarinette", Kurs: "D2" });
    expect(rows[0]["Theorie-Punkte"]).toBe(31);
    expect(rows[0]["Praxis-Punkte"]).toBe(73);
    expect(String(rows[1].Hinweis)).toContain("Praxis aus Teilprüfung");
    const hyphen = await app.rest("GET", `/v1/export/event/${dexam}/dexam-certificate-list`, t["role:results_manage"]);
    expect((await firstSheetRows(hyphen.raw)).map((r) => r.Nachname)).toEqual(["Lang", "Teil"]);
    // the signature image of the district travels with the list
    expect(Object.keys(unzip(res.raw)).some((n) => n.startsWith("xl/media/"))).toBe(true);
    expect((await app.rest("GET", `/v1/export/event/${dexam}/dexam/certificate_list`, t["role:registration_manage"])).status).toBe(403);
    expect((await app.rest("GET", `/v1/export/event/${dexam}/dexam/certificate_list`, t.staff2)).status).toBe(404);
    // a competition has no certificate list: a clear answer, not "not found"
    const wrongType = await app.rest("GET", `/v1/export/event/${competition}/dexam/certificate_list`, t["role:results_read"]);
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error).toMatchObject({ code: "CONFLICT", message: "Die Liste für den Urkundendruck gibt es nur für D-Prüfungen" });
  });

  it("[R-API039][R-API041][R-RO017][R-RE020][R-API033] filled sheets: zip for staff; the single sheet for staff, and for the club once published", async () => {
    for (const seg of ["practice_sheets", "practice-sheets"]) {
      const zip = await app.rest("GET", `/v1/export/location/${practice}/dexam/${seg}`, t["role:registration_read"]);
      expect(zip.status).toBe(200);
      expect(Object.keys(unzip(zip.raw)).sort()).toEqual(
        [`Praxisbogen_R${reg.lang}_L${practice}_Lang_Kim.xlsx`, `Praxisbogen_R${reg.mueller}_L${practice}_Mueller_Joerg.xlsx`].sort(),
      );
    }
    expect((await app.rest("GET", `/v1/export/location/${practice}/dexam/practice_sheets`, t["role:event_manage"])).status).toBe(403);
    expect((await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t["role:event_manage"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t.member)).status).toBe(403);
    const empty = await app.rest("GET", `/v1/export/location/${practice2}/dexam/practice_sheets`, t["role:results_read"]);
    expect(Object.keys(unzip(empty.raw))).toEqual(["LIESMICH.txt"]);
    expect((await app.rest("GET", `/v1/export/location/${theory}/dexam/blank_practice_sheets`, t["role:results_read"])).status).toBe(409);

    const single = (who: string, seg = "practice_sheet") => app.rest("GET", `/v1/export/registration/dexam/${reg.lang}/${seg}`, t[who]);
    for (const who of ["admin", "role:registration_read", "role:registration_manage", "role:results_read", "role:results_manage"]) {
      const res = await single(who);
      expect(res.status, who).toBe(200);
      expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(String(res.headers["content-disposition"])).toContain(`Praxisbogen_R${reg.lang}_L${practice}_Lang_Kim.xlsx`);
    }
    expect((await single("role:registration_read", "practice-sheet")).status).toBe(200);
    for (const who of ["member", "member2", "staff2", "role:event_manage"]) expect((await single(who)).status, who).toBe(404);
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: true } });
    expect((await single("member")).status).toBe(200);
    expect((await single("member2")).status).toBe(404);
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: false } });
    // without a sheet: not found
    expect((await app.rest("GET", `/v1/export/registration/dexam/${reg.trommel}/practice_sheet`, t.admin)).status).toBe(404);
  });

  it("[R-RE011][R-RE012][R-RE013][R-BC002][R-BC004] rejected uploads name the file and leave the database unchanged", async () => {
    const sheets = await blankSheets(practice);
    const nord = (await blankSheets(practice2)).get(reg.nord)!;
    const trommel = sheets.get(reg.trommel)!;
    const good = { name: trommel.name, data: await fillPracticeSheet(trommel.data, 50) };
    const before = await snapshot();
    const foreign = new ExcelJS.Workbook();
    foreign.addWorksheet("Praxisbogen").getCell("D21").value = 50;
    const forged = await fillPracticeSheet(trommel.data, 50).then(async (buf) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      wb.getWorksheet("Kennung")!.getCell("B2").value = reg.lang;
      return Buffer.from(await wb.xlsx.writeBuffer());
    });
    const cases: [string, { name: string; data: Uint8Array }[], RegExp][] = [
      [
        "wrong location",
        [good, { name: nord.name, data: await fillPracticeSheet(nord.data, 50) }],
        new RegExp(`„${nord.name}“: Dieser Praxisbogen gehört zu einem anderen Prüfungsort \\(Ort Nr\\. ${practice2}\\), nicht zu „Praxis Klarinette“`),
      ],
      ["renamed", [{ name: "Bogen Trommel.xlsx", data: good.data }], /„Bogen Trommel\.xlsx“: Der Dateiname wurde geändert/],
      ["renamed to another registration", [{ name: `Praxisbogen_R${reg.lang}_L${practice}_Lang_Kim.xlsx`, data: good.data }], /Der Dateiname wurde geändert/],
      ["corrupt", [good, { name: trommel.name.replace(".xlsx", "_2.xlsx"), data: Buffer.from("PK\x03\x04 kaputt") }], /beschädigt/],
      ["not a zip", [{ name: trommel.name, data: Buffer.from("%PDF-1.4\n") }], /beschädigt oder keine gültige Excel-Datei/],
      ["zip bomb", [{ name: trommel.name, data: zipBomb() }], /entpackt zu groß/],
      ["wrong extension", [{ name: trommel.name.replace(".xlsx", ".xlsm"), data: toMacroWorkbook(good.data) }], /Dieser Dateityp ist nicht erlaubt/],
      ["pdf", [{ name: "Praxisbogen.pdf", data: Buffer.from("%PDF-1.4\n") }], /Dieser Dateityp ist nicht erlaubt/],
      ["macro workbook named .xlsx", [{ name: trommel.name, data: toMacroWorkbook(good.data) }], /passt nicht zu ihrer Endung/],
      ["foreign workbook", [{ name: trommel.name, data: Buffer.from(await foreign.xlsx.writeBuffer()) }], /kein Praxisbogen dieses Anmeldesystems/],
      ["forged ids", [{ name: `Praxisbogen_R${reg.lang}_L${practice}_x.xlsx`, data: forged }], /kein Praxisbogen dieses Anmeldesystems/],
      ["out of range", [{ name: trommel.name, data: await fillPracticeSheet(trommel.data, 100.5) }], /zwischen 0 und 100/],
      ["too many decimals", [{ name: trommel.name, data: await fillPracticeSheet(trommel.data, 50.125) }], /zwei Nachkommastellen/],
      ["missing", [{ name: trommel.name, data: trommel.data }], /Die Punktzahl der Praxisprüfung fehlt/],
      ["text", [{ name: trommel.name, data: await fillPracticeSheet(trommel.data, "gut") }], /muss eine Zahl sein/],
      [
        "formula without cached value",
        [{ name: trommel.name, data: await fillPracticeSheet(trommel.data, { formula: "40+2" } as ExcelJS.CellFormulaValue) }],
        /fehlt/,
      ],
      ["twice in one upload", [good, { name: `${trommel.name.replace(".xlsx", "")} (1).xlsx`, data: good.data }], /schon ein anderer Bogen in diesem Upload/],
    ];
    for (const [label, files, message] of cases) {
      const res = await uploadSheets(practice, files);
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe("VALIDATION");
      expect(res.body.error.message, label).toMatch(/^Keine Praxisbögen übernommen: /);
      expect(res.body.error.message, label).toMatch(message);
      expect(await snapshot(), label).toEqual(before);
    }
    // a registration cancelled after the export
    await app.db.prisma.dexamRegistration.update({ where: { id: reg.trommel }, data: { cancelledAt: new Date() } });
    const cancelled = await uploadSheets(practice, [good]);
    expect(cancelled.body.error.message).toMatch(/ist storniert/);
    await app.db.prisma.dexamRegistration.update({ where: { id: reg.trommel }, data: { cancelledAt: null } });
    expect(await snapshot()).toEqual(before);
  });

  it("[R-BC002][R-VA005][R-VA006][R-VA046] the 5 MB limit per file: 5242880 bytes pass the size check, 5242881 do not", async () => {
    const before = await snapshot();
    const exact = await uploadSheets(practice, [{ name: "Praxisbogen_R1_L1_x.xlsx", data: Buffer.alloc(5_242_880, 1) }]);
    expect(exact.status).toBe(400);
    expect(exact.body.error.message).toMatch(/beschädigt/);
    const over = await uploadSheets(practice, [{ name: "Praxisbogen_R1_L1_x.xlsx", data: Buffer.alloc(5_242_881, 1) }]);
    expect(over.status).toBe(413);
    expect(over.body.error.message).toBe("„Praxisbogen_R1_L1_x.xlsx“: Die Datei ist zu groß. Maximal 5 MB erlaubt");
    const none = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], "files", []);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe("Bitte eine Datei auswählen");
    const json = await app.rest("POST", `/v1/registration/dexam/location/${practice}/practice_sheets`, t["role:results_manage"], { files: [] });
    expect(json.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("[R-RP019] uploads: results_read and other districts may not; a theory location is refused", async () => {
    const sheets = await blankSheets(practice);
    const file = { name: sheets.get(reg.trommel)!.name, data: await fillPracticeSheet(sheets.get(reg.trommel)!.data, 40) };
    expect((await uploadSheets(practice, [file], t["role:results_read"])).status).toBe(403);
    expect((await uploadSheets(practice, [file], t.member)).status).toBe(403);
    expect((await uploadSheets(practice, [file], t.staff2)).status).toBe(404);
    expect((await uploadSheets(practice, [file], null)).status).toBe(401);
    expect((await uploadSheets(theory, [file])).status).toBe(409);
  });

  it("[R-RE014][R-API053] deleting a result: theory points, or practice points with the stored sheet", async () => {
    const before = await snapshot();
    const del = (location: number, token = t["role:results_manage"]) =>
      app.rest("DELETE", `/v1/registration/dexam/${reg.mueller}/location/${location}/result`, token);
    expect((await del(practice, t["role:results_read"])).status).toBe(403);
    expect((await del(practice2)).status).toBe(400);
    expect((await del(practice)).status).toBe(204);
    const r = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: reg.mueller } });
    expect(r.practicePoints).toBeNull();
    expect(r.practiceSheetFileId).toBeNull();
    expect(Number(r.theoryPoints)).toBe(24);
    expect(await app.db.prisma.storedFile.count()).toBe(before.files - 1);
    const gql = await app.gql(
      "mutation($r: ID!, $l: Int!) { deleteDexamResult(registrationId: $r, locationId: $l) { theoryPoints practicePoints hasPracticeSheet } }",
      { r: gid("DexamRegistration", reg.mueller), l: theory },
      t["role:results_manage"],
    );
    expect(gql.body.data.deleteDexamResult).toEqual({ theoryPoints: null, practicePoints: null, hasPracticeSheet: false });
  });
});

describe("PC Juror", () => {
  it("[R-API034][R-RE018][R-API033] the PC Juror Importliste lists the active registrations with all jury fields", async () => {
    for (const path of ["competition/pc_juror_import", "competition-pc-juror-import"]) {
      const res = await app.rest("GET", `/v1/export/event/${competition}/${path}`, t["role:results_read"]);
      expect(res.status).toBe(200);
      expect(String(res.headers["content-disposition"])).toContain(`PC_Juror_Importliste_${competition}_Wertungsspiele.xlsx`);
      const rows = await firstSheetRows(res.raw);
      expect(rows.map((r) => r["Anmelde-ID"]).sort()).toEqual([band.orchester, band.jugend, band.quartett].sort());
      expect(rows.map((r) => r.Name).sort()).toEqual(["Blasorchester Musterstadt", "Holzbläserquartett", "Jugendorchester"]);
      const orchester = rows.find((r) => r.Name === "Blasorchester Musterstadt")!;
      expect(orchester).toMatchObject({
        "Anmelde-ID": band.orchester,
        Verein: "MV Eins",
        Wertungsart: "K",
        Besetzung: "B",
        Kategorie: 4,
        Dirigent: "Max Takt",
        "Anzahl Musiker": 55,
        Ort: "Stadthalle",
        "Stück 1 Titel": "Marsch",
        "Stück 1 Komponist": "Fučík",
        "Stück 1 Verlag": "Verlag A",
        "Stück 1 Dauer": "04:05",
        "Stück 2 Arrangeur": "X",
        Gesamtdauer: "14:05",
      });
      expect(rows.find((r) => r.Name === "Holzbläserquartett")).toMatchObject({ Altersgruppe: "III", Mitglieder: "Anna; Ben; Carla; Dirk" });
    }
    expect((await app.rest("GET", `/v1/export/event/${competition}/competition/pc_juror_import`, t["role:registration_read"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/export/event/${competition}/competition/pc_juror_import`, t["role:event_manage"])).status).toBe(403);
    expect((await app.rest("GET", `/v1/export/event/${competition}/competition/pc_juror_import`, t.staff2)).status).toBe(404);
    const wrongType = await app.rest("GET", `/v1/export/event/${dexam}/competition/pc_juror_import`, t.admin);
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error).toMatchObject({ code: "CONFLICT", message: "PC Juror (Importliste und Ergebnisse) gibt es nur für Wertungsspiele" });
  });

  const juror = (file: Uint8Array, name = "pcjuror.xlsm", token = t["role:results_manage"]) =>
    upload(app, `/v1/registration/competition/event/${competition}/pc_juror`, token, "file", [{ name, data: file }]);

  it("[R-RE016][R-RE017][R-RE018][R-API043][R-BC005] pcjuror.xlsm: reordered and extra columns, umlaut headers; points and marks stored", async () => {
    const file = await pcJurorWorkbook(
      ["Startnr.", "Ensemble", "PRÄDIKAT", "Juror 1", "Gesamtpunkte", "anmelde-id", "Bemerkung"],
      [
        [1, "Blasorchester Musterstadt", "mit hervorragendem Erfolg", 93, 92.5, band.orchester, ""],
        [2, "Jugendorchester", "mit sehr gutem Erfolg", 85, { formula: "F4", result: 84.25 } as ExcelJS.CellValue, String(band.jugend), "x"],
        [3, "Holzbläserquartett", null, null, null, band.quartett, "nicht angetreten"],
      ],
      { titleRows: 2 },
    );
    const res = await juror(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toBe(2);
    const rows = await app.db.prisma.competitionRegistration.findMany({ where: { eventId: competition }, orderBy: { id: "asc" } });
    const of = (id: number) => rows.find((r) => r.id === id)!;
    expect([Number(of(band.orchester).points), of(band.orchester).mark]).toEqual([92.5, "mit hervorragendem Erfolg"]);
    expect([Number(of(band.jugend).points), of(band.jugend).mark]).toEqual([84.25, "mit sehr gutem Erfolg"]);
    expect(of(band.quartett).points).toBeNull();
  });

  it("[R-RE021][R-RE022][R-RE019][R-RO017] competition results stay hidden from members until every location publishes", async () => {
    const mine = async () =>
      (await app.rest("GET", `/v1/registration/competition/${band.orchester}`, t.member)).body.result as { points: number | null; mark: string | null };
    expect(await mine()).toEqual({ points: null, mark: null });
    await app.db.prisma.eventLocation.update({ where: { id: hall }, data: { publishResults: true } });
    expect(await mine()).toEqual({ points: null, mark: null });
    await app.db.prisma.eventLocation.update({ where: { id: church }, data: { publishResults: true } });
    expect(await mine()).toEqual({ points: 92.5, mark: "mit hervorragendem Erfolg" });
    const list = await app.gql(
      "query($e: ID!) { competitionResults(eventId: $e) { databaseId points mark } }",
      { e: gid("Event", competition) },
      t["role:results_read"],
    );
    expect(list.body.data.competitionResults.find((r: any) => r.databaseId === band.jugend)).toEqual({
      databaseId: band.jugend,
      points: 84.25,
      mark: "mit sehr gutem Erfolg",
    });
  });

  it("[R-RE018][R-BC005] a bad PC Juror file is refused as a whole with a German error list", async () => {
    const before = await snapshot();
    const other = await app.db.prisma.competitionRegistration.create({
      data: { eventId: competition, name: "X", associationId: world.club1, type: "K", cast: "B", conductorName: "D", numberOfMusicians: 3 },
    });
    await app.db.prisma.competitionRegistration.delete({ where: { id: other.id } });
    const headers = ["Anmelde-ID", "Punkte", "Prädikat"];
    const cases: [string, Uint8Array, string, RegExp][] = [
      [
        "unknown id",
        await pcJurorWorkbook(headers, [
          [band.orchester, 50, "gut"],
          [other.id, 50, "gut"],
        ]),
        "pcjuror.xlsm",
        new RegExp(`Zeile 4: Die Anmeldung ${other.id} gehört nicht zu dieser Veranstaltung`),
      ],
      ["cancelled", await pcJurorWorkbook(headers, [[band.storniert, 50, "gut"]]), "pcjuror.xlsm", /ist storniert/],
      [
        "out of range",
        await pcJurorWorkbook(headers, [
          [band.orchester, 50, "gut"],
          [band.jugend, 150, "gut"],
        ]),
        "pcjuror.xlsm",
        /Zeile 4 \(Anmeldung \d+\): Die Punkte müssen zwischen 0 und 100 liegen/,
      ],
      ["not a number", await pcJurorWorkbook(headers, [[band.orchester, "sehr gut", "gut"]]), "pcjuror.xlsm", /sind keine Zahl/],
      ["missing column", await pcJurorWorkbook(["Anmelde-ID", "Punkte"], [[band.orchester, 50]]), "pcjuror.xlsm", /Keine Kopfzeile/],
      ["no results", await pcJurorWorkbook(headers, []), "pcjuror.xlsm", /keine Ergebnisse/],
      [
        "csv extension",
        await pcJurorWorkbook(headers, [[band.orchester, 50, "gut"]]),
        "pcjuror.csv",
        /Dieser Dateityp ist nicht erlaubt; erwartet wird .*\(\.xlsx/,
      ],
      ["macro workbook named .xlsx", await pcJurorWorkbook(headers, [[band.orchester, 50, "gut"]]), "pcjuror.xlsx", /passt nicht zu ihrer Endung/],
      [
        "plain workbook named .xlsm",
        new Uint8Array(await new ExcelJS.Workbook().xlsx.writeBuffer()),
        "pcjuror.xlsm",
        /passt nicht zu ihrer Endung|keine gültige Excel-Datei/,
      ],
      ["zip bomb", zipBomb(), "pcjuror.xlsm", /entpackt zu groß/],
      ["corrupt", Buffer.from("kein Excel"), "pcjuror.xlsm", /beschädigt/],
    ];
    for (const [label, file, name, message] of cases) {
      const res = await juror(file, name);
      expect(res.status, label).toBe(400);
      expect(res.body.error.message, label).toMatch(/^Keine Ergebnisse übernommen: /);
      expect(res.body.error.message, label).toMatch(message);
      const after = await snapshot();
      expect(after.competition, label).toEqual(before.competition);
    }
    const two = await upload(app, `/v1/registration/competition/event/${competition}/pc_juror`, t["role:results_manage"], "file", [
      { name: "a.xlsm", data: await pcJurorWorkbook(headers, [[band.orchester, 1, "x"]]) },
      { name: "b.xlsm", data: await pcJurorWorkbook(headers, [[band.orchester, 2, "y"]]) },
    ]);
    expect(two.body.error.message).toMatch(/genau eine Datei/);
    expect((await juror(await pcJurorWorkbook(headers, [[band.orchester, 1, "x"]]), "pcjuror.xlsm", t["role:results_read"])).status).toBe(403);
    expect((await juror(await pcJurorWorkbook(headers, [[band.orchester, 1, "x"]]), "pcjuror.xlsm", t.staff2)).status).toBe(404);
    expect((await snapshot()).competition).toEqual(before.competition);
  });
});

describe("overview list", () => {
  it("[R-API037][R-API042] D-exam overview for registration staff, per event or location, with results", async () => {
    const res = await app.rest("GET", `/v1/export/event/${dexam}/overview`, t["role:registration_read"]);
    expect(res.status).toBe(200);
    expect(String(res.headers["content-disposition"])).toContain(`Uebersicht_${dexam}_D-Pruefungen_Fruehjahr.xlsx`);
    const rows = await firstSheetRows(res.raw);
    expect(rows.map((r) => r.Nachname)).toEqual(["Lang", "Müller", "Nord", "Schmidt", "Teil", "Trommel"]);
    expect(rows[0]).toMatchObject({ ID: reg.lang, Vorname: "Kim", Instrument: "Klarinette", Kurs: "D2", "Stück 1": "12 – Menuett", Ergebnis: "bestanden" });
    expect(rows[3]["Storniert am"]).not.toBe("");
    expect(Object.keys(rows[0])).not.toContain("Allergien");
    const nord = await firstSheetRows((await app.rest("GET", `/v1/export/event/${dexam}/overview?locationId=${practice2}`, t["role:registration_manage"])).raw);
    expect(nord.map((r) => r.Nachname)).toEqual(["Nord"]);
    expect((await app.rest("GET", `/v1/export/event/${dexam}/overview?locationId=${hall}`, t.admin)).status).toBe(404);
    for (const who of ["role:results_read", "role:event_manage", "member"])
      expect((await app.rest("GET", `/v1/export/event/${dexam}/overview`, t[who])).status).toBe(403);
    expect((await app.rest("GET", `/v1/export/event/${dexam}/overview`, t.staff2)).status).toBe(404);
  });

  it("[R-API037] a large overview is read in pages and still lists every registration once, in name order (ties by id)", async () => {
    const big = await app.db.prisma.event.create({
      data: { ...openEventFields(world.district1), name: "Viele", formType: "DEXAM" },
    });
    // 1,203 rows over three pages of 500, many with the same name (the cursor must not skip or repeat ties)
    const names = ["Becker", "Adam", "Becker", "Zorn"];
    await app.db.prisma.dexamRegistration.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({
        eventId: big.id,
        firstname: i % 7 === 0 ? "Anna" : "Ben",
        lastname: names[i % names.length],
        birthdate: new Date("2012-01-01"),
        gender: "F" as const,
        associationId: world.club1,
        instrument: "CLARINET" as const,
        type: "D1" as const,
      })),
    });
    const rows = await firstSheetRows((await app.rest("GET", `/v1/export/event/${big.id}/overview`, t["role:registration_manage"])).raw);
    const stored = await app.db.prisma.dexamRegistration.findMany({
      where: { eventId: big.id },
      orderBy: [{ lastname: "asc" }, { firstname: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    expect(rows).toHaveLength(1203);
    expect(rows.map((r) => r.ID)).toEqual(stored.map((r) => r.id));
  });

  it("[R-API037][R-BC024] camp overview: the health data decrypted for registration staff", async () => {
    const rows = await firstSheetRows((await app.rest("GET", `/v1/export/event/${camp}/overview`, t["role:registration_read"])).raw);
    expect(rows[0]).toMatchObject({ Nachname: "Camp", Essenswunsch: "Vegan", Allergien: "Erdnüsse", Notfallkontakte: "Papa Camp 0711123" });
  });

  it("[R-API037] competition overview with the competition columns", async () => {
    const rows = await firstSheetRows((await app.rest("GET", `/v1/export/event/${competition}/overview`, t["role:registration_manage"])).raw);
    expect(rows.map((r) => r.Name)).toEqual(["Abgemeldet", "Blasorchester Musterstadt", "Holzbläserquartett", "Jugendorchester"]);
    expect(rows[1]).toMatchObject({ Wertungsart: "K – Konzertmusik", Besetzung: "Blasorchester", Kategorie: "4 – schwer", Punkte: 92.5 });
  });
});
