// Names in German order everywhere a list is sorted by name (the database's "und-x-icu" collation
// of the name columns, the same on PostgreSQL and PGlite, as Intl.Collator("de")): the overview
// screen's list, the overview export and the zip of blank practice sheets, whose entry names keep
// ø, æ and ß readable. Also: the event-type refusals of exports that do not apply, and the keys of
// a rejected upload's per-file errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExcelJS, fillPracticeSheet, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexam: number;
let practice: number;
let competition: number;

// in German order (DIN 5007-1: umlauts as their base letter, ß as ss)
const GERMAN = ["Bach", "Bäcker", "Braun", "Köhler", "Krüger", "Øster", "Öztürk", "Straub", "Strauß", "Wagner"];
const collator = new Intl.Collator("de");

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const prisma = app.db.prisma;
  const base = openEventFields(world.district1);
  const e = await prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen Sommer",
      formType: "DEXAM",
      locations: {
        create: [{ name: "Praxis Süd", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1"], instruments: ["CLARINET"] }],
      },
    },
    include: { locations: true },
  });
  dexam = e.id;
  practice = e.locations[0].id;
  // created in reverse alphabetical byte order, so an id or byte order cannot pass for German order
  const firstnames: Record<string, string> = { Øster: "Søren", Strauß: "Ælfgifu" };
  for (const lastname of [...GERMAN].sort().reverse())
    await prisma.dexamRegistration.create({
      data: {
        eventId: dexam,
        firstname: firstnames[lastname] ?? "Kim",
        lastname,
        birthdate: new Date("2012-07-05"),
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D1",
        practiceLocationId: practice,
      },
    });
  competition = (await prisma.event.create({ data: { ...base, name: "Wertungsspiele", formType: "COMPETITION" } })).id;
});
afterAll(async () => {
  await app?.stop();
});

describe("German sort order", () => {
  it("[R-RO004][R-RO007] the D-exam list of the overview screen sorts last names in German order", async () => {
    expect([...GERMAN].sort(collator.compare)).toEqual(GERMAN);
    const res = await app.rest("GET", `/v1/registrations/event/${dexam}/dexam`, t.admin);
    expect(res.status).toBe(200);
    expect((res.body as { lastname: string }[]).map((r) => r.lastname)).toEqual(GERMAN);
    // the screen's GraphQL list, read in pages of 4 (the cursor compares in the same order)
    const names: string[] = [];
    type Page = { dexamRegistrations: { edges: { node: { lastname: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    for (let after: string | null = null; ; ) {
      const page: { body: { data?: Page } } = await app.gql<Page>(
        "query($e: ID!, $a: String) { dexamRegistrations(eventId: $e, first: 4, after: $a) { edges { node { lastname } } pageInfo { hasNextPage endCursor } } }",
        { e: gid("Event", dexam), a: after },
        t.admin,
      );
      const list: Page["dexamRegistrations"] = page.body.data!.dexamRegistrations;
      names.push(...list.edges.map((e) => e.node.lastname));
      if (!list.pageInfo.hasNextPage) break;
      after = list.pageInfo.endCursor;
    }
    expect(names).toEqual(GERMAN);
  });

  it("[R-RO007][R-API037][R-API042] the overview export lists its rows in German order", async () => {
    const res = await app.rest("GET", `/v1/export/event/${dexam}/overview`, t.admin);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(res.raw) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const names: string[] = [];
    for (let r = 2; r <= ws.rowCount; r++) names.push(String(ws.getRow(r).getCell(2).value));
    expect(names).toEqual(GERMAN);
  });

  it("[R-RE013][R-API038] blank practice sheets: zip entries in German order, names transliterated (ø -> oe, æ -> ae, ß -> ss)", async () => {
    const res = await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t.admin);
    expect(res.status).toBe(200);
    const names = Object.keys(unzip(res.raw));
    const lastnames = names.map((n) => /^Praxisbogen_R\d+_L\d+_([^_]+)_/.exec(n)?.[1]);
    expect(lastnames).toEqual(["Bach", "Baecker", "Braun", "Koehler", "Krueger", "Oester", "Oeztuerk", "Straub", "Strauss", "Wagner"]);
    expect(names.find((n) => n.includes("_Oester_"))).toMatch(/_Oester_Soeren\.xlsx$/);
    expect(names.find((n) => n.includes("_Strauss_"))).toMatch(/_Strauss_Aelfgifu\.xlsx$/);
  });
});

describe("exports that do not apply to the event's kind", () => {
  it("[R-EV020][R-API036][R-API034][R-API035] certificate list, PC Juror and consent forms answer CONFLICT with a German reason", async () => {
    const cases: [string, string, string][] = [
      [`/v1/export/event/${competition}/dexam/certificate_list`, t.admin, "Die Liste für den Urkundendruck gibt es nur für D-Prüfungen"],
      [`/v1/export/event/${dexam}/competition/pc_juror_import`, t.admin, "PC Juror (Importliste und Ergebnisse) gibt es nur für Wertungsspiele"],
      [`/v1/export/event/${competition}/consent_forms`, t.admin, "Einverständniserklärungen gibt es nur für D-Prüfungen Freizeit"],
      // a D-exam without camp collects no consent forms: no empty zip
      [`/v1/export/event/${dexam}/consent_forms`, t["role:registration_read"], "Einverständniserklärungen gibt es nur für D-Prüfungen Freizeit"],
    ];
    for (const [url, token, message] of cases) {
      const res = await app.rest("GET", url, token);
      expect(res.status, url).toBe(409);
      expect(res.body.error, url).toMatchObject({ code: "CONFLICT", message });
    }
    const upload409 = await upload(app, `/v1/registration/competition/event/${dexam}/pc_juror`, t.admin, "file", [
      { name: "pcjuror.xlsm", data: new Uint8Array(4) },
    ]);
    expect(upload409.status).toBe(409);
    // another district still learns nothing about the event
    expect((await app.rest("GET", `/v1/export/event/${dexam}/consent_forms`, t.staff2)).status).toBe(404);
    expect((await app.rest("GET", `/v1/export/event/${competition}/dexam/certificate_list`, t.staff2)).status).toBe(404);
  });
});

describe("upload errors point at the file", () => {
  it("[R-RE009][R-RE011][R-BC002] a rejected practice sheet's error is keyed by its position in the upload", async () => {
    const zip = unzip((await app.rest("GET", `/v1/export/location/${practice}/dexam/blank_practice_sheets`, t.admin)).raw);
    const good = await Promise.all(
      Object.entries(zip)
        .slice(0, 3)
        .map(async ([name, data]) => ({ name, data: await fillPracticeSheet(data, 50) })),
    );
    const files = [...good, { name: "kaputt.xlsx", data: new Uint8Array([1, 2, 3]) }, { name: "notiz.txt", data: new Uint8Array([65]) }];
    const before = await app.db.prisma.dexamRegistration.count({ where: { eventId: dexam, practicePoints: { not: null } } });
    const res = await upload(app, `/v1/registration/dexam/location/${practice}/practice_sheets`, t.admin, "files", files);
    expect(res.status).toBe(400);
    const fields = res.body.error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(["files.3", "files.4"]);
    expect(fields["files.3"]).toContain("„kaputt.xlsx“");
    expect(fields["files.4"]).toContain("„notiz.txt“");
    expect(await app.db.prisma.dexamRegistration.count({ where: { eventId: dexam, practicePoints: { not: null } } })).toBe(before);
  });
});
