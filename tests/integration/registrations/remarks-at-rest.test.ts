// Free-text remarks and the camp meal request at rest (docs/decisions.md "Encryption at rest"): the
// stored rows, read by SQL, hold neither in plaintext; every door (GraphQL, /v1, the overview
// export, "Meine Daten", the history) reads them back; rows from before keep reading the same until
// the start-up sweep seals them.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptJson } from "../../../server/src/crypto/aead.ts";
import { sealMealRequests } from "../../../server/src/domains/dexam/service.ts";
import { sealPlainRemarks } from "../../../server/src/domains/registrations/remarks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamWireBody, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let camp: { event: number; theory: number; practice: number };
let competition: number;

const REMARK = "Rollstuhl, bitte ebenerdiger Raum";
const BAND_REMARK = "Zwei Rollstuhlplätze für Eltern";

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.updateMany({
    where: { id: { in: [world.userIds.member] } },
    data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" },
  });
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Freizeit Bemerkungen",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  camp = { event: e.id, theory: e.locations[0].id, practice: 0 };
  competition = await competitionEventWithHall(app.db.prisma, world.district1, { cancellationConditions: "Storno kostet" });
});
afterAll(() => app.stop());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const campBody = (over: Record<string, unknown> = {}) => ({
  ...dexamWireBody(camp, world.club1, { type: "D1", practice_location_id: null }),
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: { meal_request: "vegan", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
  file_upload: `data:application/pdf;base64,${PDF.toString("base64")}`,
  file_upload_name: "einverstaendnis.pdf",
  ...over,
});

/** The whole stored row as PostgreSQL holds it: every column as text (bytea as hex, so also as its bytes in latin1). */
async function rawRow(table: "DexamRegistration" | "CompetitionRegistration", id: number): Promise<string> {
  const rows: Record<string, unknown>[] = await app.db.prisma.$queryRawUnsafe(`SELECT * FROM "${table}" WHERE id = $1`, id);
  expect(rows).toHaveLength(1);
  return Object.values(rows[0])
    .map((v) => (v instanceof Uint8Array ? `${Buffer.from(v).toString("latin1")} ${Buffer.from(v).toString("hex")}` : JSON.stringify(v)))
    .join("\n");
}
const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");

const dexamRemarks = async (id: number) => {
  const v1 = (await app.rest("GET", `/v1/registration/dexam/${id}`, t.member)).body;
  const q = await app.gql(
    "query($id: ID!) { node(id: $id) { ... on DexamRegistration { remarks camp { mealRequest } } } }",
    { id: gid("DexamRegistration", id) },
    t.member,
  );
  const node = (q.body as any).data.node;
  return { v1: v1.remarks, meal: v1.camp_extension?.meal_request, graphql: node.remarks, graphqlMeal: node.camp.mealRequest };
};
const competitionRemarks = async (id: number) => {
  const v1 = (await app.rest("GET", `/v1/registration/competition/${id}`, t.member)).body;
  const q = await app.gql(
    "query($id: ID!) { node(id: $id) { ... on CompetitionRegistration { remarks } } }",
    { id: gid("CompetitionRegistration", id) },
    t.member,
  );
  return { v1: v1.remarks, graphql: (q.body as any).data.node.remarks };
};

/** Every cell of the overview export of an event, as text. */
async function overviewCells(eventId: number): Promise<string[]> {
  const res = await app.rest("GET", `/v1/export/event/${eventId}/overview`, t.admin);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(res.raw) as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.worksheets[0].eachRow((row) => row.eachCell((c) => out.push(String(c.value))));
  return out;
}

describe("free-text remarks and the meal request at rest", () => {
  it("a D-exam registration's remarks and meal request are not in its stored row (read by SQL), and every door reads them back", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ lastname: "Bemerkt", remarks: REMARK }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const raw = await rawRow("DexamRegistration", id);
    expect(raw).toContain("Bemerkt"); // the row is there, names are plain
    for (const secret of ["Rollstuhl", "ebenerdig", "vegan", "VEGAN"]) {
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(hex(secret));
    }
    expect(await dexamRemarks(id)).toEqual({ v1: REMARK, meal: "vegan", graphql: REMARK, graphqlMeal: "VEGAN" });
    expect(await overviewCells(camp.event)).toContain(REMARK);
    // the overview screen's list and the /v1 list
    const list = await app.gql(
      "query($e: ID!) { dexamRegistrations(eventId: $e, first: 50) { edges { node { lastname remarks } } } }",
      { e: gid("Event", camp.event) },
      t.admin,
    );
    expect((list.body as any).data.dexamRegistrations.edges.map((e: any) => e.node)).toContainEqual({ lastname: "Bemerkt", remarks: REMARK });
    const v1List = await app.rest("GET", `/v1/registrations/event/${camp.event}/dexam`, t.admin);
    expect((v1List.body as { id: number; remarks: string }[]).find((r) => r.id === id)?.remarks).toBe(REMARK);
    const mine = await app.rest("GET", "/v1/user/0/export", t.member);
    expect(mine.status).toBe(200);
    const own = (mine.body.dexamRegistrations as { id: number; remarks: string | null; remarksEncrypted?: unknown }[]).find((r) => r.id === id);
    expect(own?.remarks).toBe(REMARK);
    expect(own).not.toHaveProperty("remarksEncrypted");
  });

  it("a competition registration's remarks are sealed too (they may speak of health as well), and read back through /v1, GraphQL and the export", async () => {
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competition, world.club1, { remarks: BAND_REMARK }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const raw = await rawRow("CompetitionRegistration", id);
    expect(raw).toContain("Blasorchester Musterstadt");
    expect(raw).not.toContain("Rollstuhl");
    expect(raw).not.toContain(hex("Rollstuhl"));
    expect(await competitionRemarks(id)).toEqual({ v1: BAND_REMARK, graphql: BAND_REMARK });
    expect(await overviewCells(competition)).toContain(BAND_REMARK);
  });

  it("an update audits the remarks by name only; the same text sealed anew, or moved from the plain column, is no change", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ lastname: "Geaendert", remarks: "alt" }));
    const put = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created.body, remarks: "neu, Asthma-Spray dabei" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const same = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...put.body, firstname: "Lea" });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    // a row from before: the same text in the plain column, then an update that seals it
    await app.db.prisma
      .$executeRaw`UPDATE "DexamRegistration" SET "remarks" = ${"neu, Asthma-Spray dabei"}, "remarksEncrypted" = NULL WHERE id = ${created.body.id}`;
    const moved = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...same.body, firstname: "Leni" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await rawRow("DexamRegistration", created.body.id)).not.toContain("Asthma");
    const entries = await app.db.prisma.auditEntry.findMany({
      where: { entity: "DexamRegistration", entityId: created.body.id, action: "update" },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => (e.details as { changed: string[] }).changed)).toEqual([["remarks"], ["firstname"], ["firstname"]]);
    expect(JSON.stringify(entries.map((e) => e.details))).not.toContain("Asthma");
  });

  it("rows from before (remarks and meal request in plain columns) read the same, and the start-up sweeps seal them without a new version", async () => {
    const d = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ lastname: "Altbestand" }));
    const c = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competition, world.club1, { name: "Altes Orchester" }));
    // as written before remarks and the meal request were sealed
    const campWithoutMeal = new Uint8Array(encryptJson(app.services.dataKey, { vaccinations: [], emergencyContacts: [{ name: "Papa", phone: "0711123456" }] }));
    await app.db.prisma.$executeRaw`UPDATE "DexamRegistration" SET "remarks" = ${REMARK}, "remarksEncrypted" = NULL,
      "mealRequest" = 'VEGETARIAN'::"MealRequest", "campDataEncrypted" = ${campWithoutMeal} WHERE id = ${d.body.id}`;
    await app.db.prisma.$executeRaw`UPDATE "CompetitionRegistration" SET "remarks" = ${BAND_REMARK}, "remarksEncrypted" = NULL WHERE id = ${c.body.id}`;
    const before = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: d.body.id } });
    expect(await rawRow("DexamRegistration", d.body.id)).toContain("Rollstuhl");
    expect(await rawRow("DexamRegistration", d.body.id)).toContain("VEGETARIAN");
    expect(await dexamRemarks(d.body.id)).toEqual({ v1: REMARK, meal: "vegetarian", graphql: REMARK, graphqlMeal: "VEGETARIAN" });
    expect(await competitionRemarks(c.body.id)).toEqual({ v1: BAND_REMARK, graphql: BAND_REMARK });

    expect(await sealPlainRemarks(app.db.prisma, app.services.dataKey)).toBeGreaterThanOrEqual(2);
    expect(await sealMealRequests(app.db.prisma, app.services.dataKey)).toBeGreaterThanOrEqual(1);
    for (const plain of ["Rollstuhl", "VEGETARIAN", "vegetarian"]) expect(await rawRow("DexamRegistration", d.body.id)).not.toContain(plain);
    expect(await rawRow("CompetitionRegistration", c.body.id)).not.toContain("Rollstuhl");
    const after = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: d.body.id } });
    expect(after.remarks).toBeNull();
    expect(after.version).toBe(before.version);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await dexamRemarks(d.body.id)).toEqual({ v1: REMARK, meal: "vegetarian", graphql: REMARK, graphqlMeal: "VEGETARIAN" });
    expect(await competitionRemarks(c.body.id)).toEqual({ v1: BAND_REMARK, graphql: BAND_REMARK });
    // nothing left: a second replica's sweep changes nothing
    expect(await sealPlainRemarks(app.db.prisma, app.services.dataKey)).toBe(0);
  });
});
