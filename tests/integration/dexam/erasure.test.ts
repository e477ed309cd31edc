// Erasure and access requests (docs/decisions.md "Erasure on request"): registration_manage deletes
// a cancelled registration (the club still cannot, R-RO024), erases only the camp data of a camp
// registration after the camp, and finds one child's registrations across the district's events to
// export (JSON, .xlsx) or erase them. Every export is checked field by field against the database.
import crypto from "node:crypto";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptJson } from "../../../server/src/crypto/aead.ts";
import { remarksOf } from "../../../server/src/domains/registrations/remarks.ts";
import { fileNamePart } from "../../../server/src/domains/results/rules.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const dataKey = crypto.randomBytes(32);
const t: Record<string, string> = {};
let camp: number;
let campTheory: number;
let other: number;
let otherTheory: number;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_URL = `data:application/pdf;base64,${PDF.toString("base64")}`;

const openEvent = (name: string, formType: "DEXAM" | "DEXAM_CAMP", districtAssociationId: number) =>
  app.db.prisma.event.create({
    data: {
      districtAssociationId,
      name,
      formType,
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      start: new Date(Date.now() + 40 * DAY),
      end: new Date(Date.now() + 45 * DAY),
      privacyPolicy: "p",
      locations: { create: [{ name: `${name} T`, type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });

const campBody = (eventId: number, theory: number, over: Record<string, unknown> = {}) => ({
  event_id: eventId,
  firstname: "Mila",
  lastname: "Müller",
  birthdate: "2013-02-03",
  gender: "f",
  association_id: world.club1,
  instrument: "Clarinet",
  type: "D1",
  theory_location_id: theory,
  practice_location_id: null,
  gdpr_accepted: true,
  cancellation_accepted: true,
  camp_extension: {
    meal_request: "vegetarian",
    allergies: "Nüsse",
    diseases: "Asthma",
    vaccinations: [{ type: "tetanus", available: true, date: "2020-05-01" }],
    emergency_contact: [{ name: "Mama Müller", phone: "0711 1234" }],
  },
  file_upload: PDF_URL,
  file_upload_name: "einverstaendnis.pdf",
  health_consent_accepted: true,
  ...over,
});

async function register(token: string, body: Record<string, unknown>): Promise<number> {
  const res = await app.rest("POST", "/v1/registration/dexam", token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** the camp is over: its dates move into the past */
const endCamp = (eventId: number) =>
  app.db.prisma.event.update({ where: { id: eventId }, data: { start: new Date(Date.now() - 10 * DAY), end: new Date(Date.now() - 5 * DAY) } });

beforeAll(async () => {
  app = await startTestApp({ dataKey });
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.updateMany({
    where: { id: { in: [world.userIds.member, world.userIds.member2] } },
    data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt", country: "DE" },
  });
  const c = await openEvent("Sommerfreizeit", "DEXAM_CAMP", world.district1);
  camp = c.id;
  campTheory = c.locations[0].id;
  const o = await openEvent("Herbstfreizeit", "DEXAM_CAMP", world.district1);
  other = o.id;
  otherTheory = o.locations[0].id;
});
afterAll(() => app.stop());

const DELETE_DEXAM = "mutation($id: ID!) { deleteDexamRegistration(id: $id) }";
const ERASE = "mutation($id: ID!) { eraseDexamCampData(id: $id) { databaseId camp { allergies } consentFormFile { name } viewerCan { eraseCampData } } }";
const SEARCH =
  "query($f: String!, $l: String!, $b: String!) { personRegistrations(firstname: $f, lastname: $l, birthdate: $b) { databaseId firstname event { name } cancelledAt viewerCan { delete eraseCampData } } }";

describe("deleting a cancelled registration", () => {
  it("registration_manage deletes a cancelled D-exam registration (audited); the club, registration_read and another district cannot", async () => {
    const id = await register(t.member, campBody(camp, campTheory, { firstname: "Storno" }));
    expect(
      (
        await app.rest("PUT", `/v1/registration/dexam`, t.member, {
          ...(
            await app.rest("GET", `/v1/registration/dexam/${id}`, t.member)
          ).body,
          cancelled_at: "2000-01-01T00:00:00Z",
        })
      ).status,
    ).toBe(200);
    const byClub = await app.rest("DELETE", `/v1/registration/dexam/${id}`, t.member);
    expect(byClub.status).toBe(409);
    expect(byClub.body.error.message).toBe("Eine stornierte Anmeldung kann nicht gelöscht werden");
    expect((await app.gql(DELETE_DEXAM, { id: gid("DexamRegistration", id) }, t["role:registration_read"])).body.errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    expect((await app.gql(DELETE_DEXAM, { id: gid("DexamRegistration", id) }, t.staff2)).body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const fileId = (await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } })).consentFormFileId!;
    const res = await app.gql(DELETE_DEXAM, { id: gid("DexamRegistration", id) }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    expect(await app.db.prisma.dexamRegistration.count({ where: { id } })).toBe(0);
    expect(await app.db.prisma.storedFile.count({ where: { id: fileId } })).toBe(0);
    const entries = await app.db.prisma.auditEntry.findMany({ where: { entity: "DexamRegistration", entityId: id, action: "delete" } });
    expect(entries.map((e) => e.actorUserId)).toEqual([world.userIds["role:registration_manage"]]);
  });

  it("the row menu offers delete on a cancelled row to registration_manage only", async () => {
    const id = await register(t.member, campBody(camp, campTheory, { firstname: "Menü" }));
    await app.rest("PUT", `/v1/registration/dexam`, t.member, {
      ...(await app.rest("GET", `/v1/registration/dexam/${id}`, t.member)).body,
      cancelled_at: "2000-01-01T00:00:00Z",
    });
    const q = "query($id: ID!) { node(id: $id) { ... on DexamRegistration { viewerCan { delete cancel } } } }";
    expect((await app.gql(q, { id: gid("DexamRegistration", id) }, t["role:registration_manage"])).body.data.node.viewerCan).toEqual({
      delete: true,
      cancel: false,
    });
    expect((await app.gql(q, { id: gid("DexamRegistration", id) }, t.member)).body.data.node.viewerCan).toEqual({ delete: false, cancel: false });
  });

  it("registration_manage deletes a cancelled competition registration over /v1; user_manage and the club cannot", async () => {
    const eventId = await competitionEventWithHall(app.db.prisma, world.district1);
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(eventId, world.club1));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const cancel = await app.gql("mutation($id: ID!) { cancelCompetitionRegistration(id: $id) { id } }", { id: gid("CompetitionRegistration", id) }, t.member);
    expect(cancel.body.errors).toBeUndefined();
    expect((await app.rest("DELETE", `/v1/registration/competition/${id}`, t.member)).status).toBe(409);
    // user_manage alone does not even read competition registrations
    expect([404, 409]).toContain((await app.rest("DELETE", `/v1/registration/competition/${id}`, t["role:user_manage"])).status);
    expect((await app.rest("DELETE", `/v1/registration/competition/${id}`, t["role:registration_manage"])).status).toBe(204);
    expect(await app.db.prisma.competitionRegistration.count({ where: { id } })).toBe(0);
    expect(await app.db.prisma.auditEntry.count({ where: { entity: "CompetitionRegistration", entityId: id, action: "delete" } })).toBe(1);
  });
});

describe("erasing only the camp data", () => {
  it("is refused before the camp has ended, and for events that are no camp", async () => {
    const id = await register(t.member, campBody(other, otherTheory, { firstname: "Früh" }));
    const early = await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t["role:registration_manage"]);
    expect(early.body.errors?.[0]).toMatchObject({
      message: "Die Angaben zur Freizeit können erst nach dem Ende der Freizeit gelöscht werden",
      extensions: { code: "CONFLICT" },
    });
    const plain = await openEvent("Prüfung", "DEXAM", world.district1);
    await app.db.prisma.event.update({ where: { id: plain.id }, data: { end: new Date(Date.now() - DAY) } });
    const exam = await register(t.member, {
      ...campBody(plain.id, plain.locations[0].id),
      camp_extension: undefined,
      file_upload: undefined,
      health_consent_accepted: undefined,
    });
    const refused = await app.gql(ERASE, { id: gid("DexamRegistration", exam) }, t["role:registration_manage"]);
    expect(refused.body.errors?.[0].message).toBe("Nur Anmeldungen zu Freizeiten haben Angaben zur Freizeit");
  });

  it("after the camp, registration_manage erases health data and consent form; the registration stays; audited; a second time is refused", async () => {
    const id = await register(t.member, campBody(camp, campTheory, { firstname: "Erika" }));
    await endCamp(camp);
    const before = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
    expect(before.campDataEncrypted).not.toBeNull();
    const q = "query($id: ID!) { node(id: $id) { ... on DexamRegistration { viewerCan { eraseCampData } } } }";
    expect((await app.gql(q, { id: gid("DexamRegistration", id) }, t["role:registration_manage"])).body.data.node.viewerCan.eraseCampData).toBe(true);
    expect((await app.gql(q, { id: gid("DexamRegistration", id) }, t.member)).body.data.node.viewerCan.eraseCampData).toBe(false);
    expect((await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t.member)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t["role:registration_read"])).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t.staff2)).body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const res = await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.eraseDexamCampData).toEqual({ databaseId: id, camp: null, consentFormFile: null, viewerCan: { eraseCampData: false } });
    const after = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ campDataEncrypted: null, mealRequest: null, consentFormFileId: null, firstname: "Erika", version: before.version + 1 });
    expect(await app.db.prisma.storedFile.count({ where: { id: before.consentFormFileId! } })).toBe(0);
    const entry = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { entity: "DexamRegistration", entityId: id, action: "eraseCampData" } });
    expect(entry).toMatchObject({ actorUserId: world.userIds["role:registration_manage"], details: { campData: true, consentForm: true } });
    expect(JSON.stringify(entry)).not.toMatch(/Nüsse|Asthma/);
    const again = await app.gql(ERASE, { id: gid("DexamRegistration", id) }, t.admin);
    expect(again.body.errors?.[0].message).toBe("Die Angaben zur Freizeit sind bereits gelöscht");
  });
});

describe("one child's data: search, export, erasure", () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    // the same child in two camps of district 1, written in different case; a namesake born on another day; the same name in district 2
    await app.db.prisma.event.update({ where: { id: other }, data: { start: new Date(Date.now() + 40 * DAY), end: new Date(Date.now() + 45 * DAY) } });
    first = await register(t.member, campBody(other, otherTheory, { firstname: "Jonas", lastname: "Jäger", birthdate: "2012-07-08" }));
    const exam = await openEvent("Frühjahrsprüfung", "DEXAM", world.district1);
    second = await register(t.member, {
      ...campBody(exam.id, exam.locations[0].id, { firstname: "jonas", lastname: "JÄGER", birthdate: "2012-07-08" }),
      camp_extension: undefined,
      file_upload: undefined,
      health_consent_accepted: undefined,
    });
    await register(t.member, campBody(other, otherTheory, { firstname: "Jonas", lastname: "Jäger", birthdate: "2012-07-09" }));
    const foreign = await openEvent("Fremd", "DEXAM_CAMP", world.district2);
    await register(
      t.member2,
      campBody(foreign.id, foreign.locations[0].id, { firstname: "Jonas", lastname: "Jäger", birthdate: "2012-07-08", association_id: world.club2 }),
    );
    // a change by the office: its audit entry belongs to the export
    const row = (await app.rest("GET", `/v1/registration/dexam/${first}`, t["role:registration_manage"])).body;
    expect((await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...row, remarks: "Telefonisch geändert" })).status).toBe(200);
  });

  it("finds the child's registrations in the own district only, names in any case, exactly that birth date", async () => {
    const res = await app.gql(SEARCH, { f: " JONAS ", l: "jäger", b: "2012-07-08" }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.personRegistrations.map((r: any) => r.databaseId).sort()).toEqual([first, second].sort());
    const admin = await app.gql(SEARCH, { f: "Jonas", l: "Jäger", b: "2012-07-08" }, t.admin);
    expect(admin.body.data.personRegistrations).toHaveLength(3);
    expect((await app.gql(SEARCH, { f: "Jonas", l: "Jäger", b: "2012-07-08" }, t.staff2)).body.data.personRegistrations).toHaveLength(1);
    expect((await app.gql(SEARCH, { f: "Jonas", l: "Jäger", b: "2012-07-08" }, t["role:registration_read"])).body.errors?.[0].extensions?.code).toBe(
      "FORBIDDEN",
    );
    const bad = await app.gql(SEARCH, { f: "Jonas", l: "", b: "2012-02-30" }, t["role:registration_manage"]);
    expect(bad.body.errors?.[0].extensions?.code).toBe("VALIDATION");
  });

  it("the JSON export holds every stored field of each registration, its camp data, files, audit entries and mails, as the database holds them", async () => {
    const res = await app.rest("GET", "/v1/export/person?firstname=jonas&lastname=J%C3%A4ger&birthdate=2012-07-08", t["role:registration_manage"]);
    expect(res.status, res.raw.toString()).toBe(200);
    expect(String(res.headers["content-disposition"])).toContain("Auskunft_");
    const data = res.body;
    expect(data.person).toEqual({ firstname: "jonas", lastname: "Jäger", birthdate: "2012-07-08" });
    const rows = await app.db.prisma.dexamRegistration.findMany({
      where: { id: { in: [first, second] } },
      include: { event: { include: { districtAssociation: true } }, association: true, theoryLocation: true, consentFormFile: true },
      orderBy: { id: "asc" },
    });
    expect(data.dexamRegistrations.map((r: any) => r.id)).toEqual(rows.map((r) => r.id));
    for (const [i, row] of rows.entries()) {
      const got = data.dexamRegistrations[i];
      const { campDataEncrypted, remarksEncrypted, mealRequest: _m, event, association, theoryLocation, consentFormFile, ...stored } = row;
      // the remarks as they read: sealed at rest (registrations/remarks.ts)
      const columns = { ...stored, remarks: remarksOf(dataKey, { remarks: stored.remarks, remarksEncrypted }) };
      expect(got.remarksEncrypted).toBeUndefined();
      for (const [key, value] of Object.entries(columns)) {
        const expected = value instanceof Date ? (key === "birthdate" ? value.toISOString().slice(0, 10) : value.toISOString()) : value;
        expect(got[key], key).toEqual(expected === null || typeof expected !== "object" ? expected : JSON.parse(JSON.stringify(expected)));
      }
      if (row.id === first) {
        expect(got.campData).toEqual(decryptJson(dataKey, campDataEncrypted!));
        expect(got.campData).toMatchObject({ allergies: "Nüsse", diseases: "Asthma", mealRequest: "VEGETARIAN" });
      } else expect([campDataEncrypted, got.campData]).toEqual([null, null]);
      expect(got.event).toMatchObject({
        id: event.id,
        name: event.name,
        districtAssociation: { id: event.districtAssociationId, name: event.districtAssociation.name },
      });
      expect(got.association).toEqual({ id: association.id, name: association.name });
      expect(got.theoryLocation).toMatchObject({ id: theoryLocation!.id, name: theoryLocation!.name });
      expect(got.consentFormFile).toEqual(
        consentFormFile
          ? {
              id: consentFormFile.id,
              name: consentFormFile.name,
              mimeType: consentFormFile.mimeType,
              size: consentFormFile.size,
              createdAt: consentFormFile.createdAt.toISOString(),
            }
          : null,
      );
      expect(got.campDataEncrypted).toBeUndefined();
    }
    const audit = await app.db.prisma.auditEntry.findMany({
      where: { entity: "DexamRegistration", entityId: { in: [first, second] } },
      orderBy: { id: "asc" },
    });
    expect(data.auditEntries).toEqual(
      audit.map((e) => ({
        id: e.id,
        at: e.at.toISOString(),
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        actorLabel: e.actorLabel,
        details: e.details,
      })),
    );
    expect(data.auditEntries.map((e: any) => e.action)).toEqual(["create", "create", "update"]);
    const mails = (await app.db.prisma.mailOutbox.findMany({ orderBy: { id: "asc" } })).filter(
      (m) => (m.payload as any).registration === "dexam" && [first, second].includes((m.payload as any).id),
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(data.mails).toEqual(
      mails.map((m) => ({
        id: m.id,
        userId: m.userId,
        kind: m.kind,
        payload: m.payload,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        attempts: m.attempts,
      })),
    );
  });

  it("the .xlsx export shows the same data readably: every registration's fields, camp data, audit entries and mails", async () => {
    const res = await app.rest("GET", "/v1/export/person/xlsx?firstname=Jonas&lastname=J%C3%A4ger&birthdate=2012-07-08", t["role:registration_manage"]);
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet("Daten")!;
    const lines: string[][] = [];
    sheet.eachRow((r) => lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
    expect(lines[0]).toEqual(["Bereich", "Anmeldung", "Feld", "Wert"]);
    const field = (id: number, label: string) => lines.find((l) => l[0] === "Anmeldung" && l[1] === String(id) && l[2] === label)?.[3];
    expect(field(first, "Vorname")).toBe("Jonas");
    expect(field(second, "Vorname")).toBe("jonas");
    expect(field(first, "Bemerkungen")).toBe("Telefonisch geändert");
    expect(field(first, "Freizeit: Allergien")).toBe("Nüsse");
    expect(field(first, "Freizeit: Krankheiten")).toBe("Asthma");
    expect(field(first, "Einverständniserklärung")).toMatch(/^einverstaendnis\.pdf/);
    expect(lines.filter((l) => l[0] === "Protokoll")).toHaveLength(3);
    expect(lines.filter((l) => l[0] === "E-Mail").length).toBeGreaterThan(0);
    const info = wb.getWorksheet("Angaben")!;
    expect(info.getCell("B1").value).toBe("Jonas");
    expect(info.getCell("B4").value).toBe(2);
  });

  it("the export refuses registration_read and a malformed birth date", async () => {
    expect((await app.rest("GET", "/v1/export/person?firstname=Jonas&lastname=J%C3%A4ger&birthdate=2012-07-08", t["role:registration_read"])).status).toBe(403);
    expect((await app.rest("GET", "/v1/export/person?firstname=Jonas&lastname=J%C3%A4ger&birthdate=8.7.2012", t["role:registration_manage"])).status).toBe(400);
  });

  it("an erasure request deletes the found registrations, also in a closed edit phase", async () => {
    await app.db.prisma.event.update({ where: { id: other }, data: { editPhase: "NONE" } });
    for (const id of [first, second])
      expect((await app.gql(DELETE_DEXAM, { id: gid("DexamRegistration", id) }, t["role:registration_manage"])).body.errors).toBeUndefined();
    expect((await app.gql(SEARCH, { f: "Jonas", l: "Jäger", b: "2012-07-08" }, t["role:registration_manage"])).body.data.personRegistrations).toEqual([]);
  });
});

describe("Meine Daten", () => {
  it("holds the mails sent to the person, the calendar feed's state, changes others made to their registrations, as the database holds them", async () => {
    const mine = await register(t.member, campBody(camp, campTheory, { firstname: "Meike" }));
    // the camp may have ended in an earlier test: a change by the office goes through any phase
    const row = (await app.rest("GET", `/v1/registration/dexam/${mine}`, t["role:registration_manage"])).body;
    expect((await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...row, remarks: "Vom Büro" })).status).toBe(200);
    expect((await app.gql("mutation { enableCalendarFeed { url } }", {}, t.member)).body.errors).toBeUndefined();
    const res = await app.rest("GET", "/v1/user/0/export", t.member);
    expect(res.status).toBe(200);
    const data = res.body;
    const outbox = await app.db.prisma.mailOutbox.findMany({ where: { userId: world.userIds.member }, orderBy: { id: "asc" } });
    expect(outbox.length).toBeGreaterThan(1);
    expect(data.mails).toEqual(
      outbox.map((m) => ({
        id: m.id,
        kind: m.kind,
        payload: m.payload,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        attempts: m.attempts,
        nextAttemptAt: m.nextAttemptAt.toISOString(),
        lastError: m.lastError,
      })),
    );
    const feed = await app.db.prisma.calendarFeed.findUniqueOrThrow({ where: { userId: world.userIds.member } });
    expect(data.calendarFeed).toEqual({ enabled: true, since: feed.createdAt.toISOString() });
    expect(JSON.stringify(data)).not.toContain(feed.tokenHash);
    const ids = data.dexamRegistrations.map((r: any) => r.id);
    expect(ids).toContain(mine);
    const others = await app.db.prisma.auditEntry.findMany({
      where: { entity: "DexamRegistration", entityId: { in: ids }, OR: [{ actorUserId: null }, { actorUserId: { not: world.userIds.member } }] },
      orderBy: { id: "asc" },
    });
    expect(others.length).toBeGreaterThan(0);
    expect(data.changesByOthers).toEqual(
      others.map((e) => ({ at: e.at.toISOString(), action: e.action, entity: e.entity, entityId: e.entityId, actorLabel: e.actorLabel, details: e.details })),
    );
    expect(data.changesByOthers.some((e: any) => e.entityId === mine && e.action === "update")).toBe(true);
    expect((await app.gql("mutation { disableCalendarFeed }", {}, t.member)).body.errors).toBeUndefined();
    expect((await app.rest("GET", "/v1/user/0/export", t.member)).body.calendarFeed).toEqual({ enabled: false, since: null });
  });

  it("the consent forms of the own registrations come as one zip with the stored bytes; another user gets none of them", async () => {
    const res = await app.rest("GET", "/v1/user/0/export/consent_forms", t.member);
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(res.raw));
    const rows = await app.db.prisma.dexamRegistration.findMany({
      where: { userId: world.userIds.member, consentFormFileId: { not: null } },
      orderBy: { id: "asc" },
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(entries).sort()).toEqual(rows.map((r) => `${r.id}_${fileNamePart(r.lastname)}_${fileNamePart(r.firstname)}.pdf`).sort());
    for (const bytes of Object.values(entries)) expect(Buffer.from(bytes).equals(PDF)).toBe(true);
    const other = unzipSync(new Uint8Array((await app.rest("GET", "/v1/user/0/export/consent_forms", t["role:event_manage"])).raw));
    expect(Object.keys(other)).toEqual(["LIESMICH.txt"]);
  });
});
