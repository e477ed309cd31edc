// Camp health data (camp data, meal request, consent form) go only to the account that registered
// the child and to the district's registration staff (docs/decisions.md "Who reads camp health
// data"): every door, GraphQL, /v1 single and list reads, the consent-form download, the edit. And
// every read leaves one access record per request (docs/decisions.md "Reads of health data are recorded").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let camp: number;
let campTheory: number;
let plain: { event: number; theory: number; practice: number };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const CAMP = {
  diseases: "Asthma",
  allergies: "Nüsse",
  meal_request: "vegan",
  vaccinations: [{ type: "tetanus", available: true, date: "2021-03-01" }],
  emergency_contact: [{ name: "Mama", phone: "0711123456" }],
};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  // "member" registers; "target" is a second account of the same club (the second account)
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.target] } }, data: complete });
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Freizeit Gesundheit",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  camp = e.id;
  campTheory = e.locations[0].id;
  plain = await dexamEventWithLocations(app.db.prisma, world.district1, "Ohne Freizeit");
});
afterAll(() => app.stop());

const campBody = (over: Record<string, unknown> = {}) => ({
  event_id: camp,
  firstname: "Klara",
  lastname: "Camp",
  birthdate: "2013-02-03",
  gender: "f",
  association_id: world.club1,
  instrument: "Flute",
  type: "D1",
  theory_location_id: campTheory,
  gdpr_accepted: true,
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: CAMP,
  file_upload: `data:application/pdf;base64,${PDF.toString("base64")}`,
  file_upload_name: "einverstaendnis.pdf",
  ...over,
});

/** A camp registration of club 1 made by `who` over /v1. */
async function registered(who = "member", over: Record<string, unknown> = {}): Promise<number> {
  const res = await app.rest("POST", "/v1/registration/dexam", t[who], campBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const accesses = () => app.db.prisma.healthDataAccess.findMany({ orderBy: { id: "asc" } });
const NODE = `query($id: ID!) { node(id: $id) { ... on DexamRegistration {
  camp { diseases allergies mealRequest emergencyContacts { name phone } } campDataWithheld consentFormFile { name }
  viewerCan { readCampData downloadConsentForm }
} } }`;

describe("who reads camp health data", () => {
  it("the registering account and registration staff read the camp data over GraphQL; a second account of the club sees only that there are some", async () => {
    const id = await registered();
    const as = async (who: string) => (await app.gql(NODE, { id: gid("DexamRegistration", id) }, t[who])).body.data.node;
    for (const reader of ["member", "role:registration_read", "role:registration_manage", "admin"]) {
      const node = await as(reader);
      expect(node, reader).toMatchObject({
        camp: { diseases: "Asthma", allergies: "Nüsse", mealRequest: "VEGAN", emergencyContacts: [{ name: "Mama", phone: "0711123456" }] },
        campDataWithheld: false,
        consentFormFile: { name: "einverstaendnis.pdf" },
        viewerCan: { readCampData: true, downloadConsentForm: true },
      });
    }
    expect(await as("target")).toEqual({
      camp: null,
      campDataWithheld: true,
      consentFormFile: null,
      viewerCan: { readCampData: false, downloadConsentForm: false },
    });
  });

  it("/v1: the single and the list read answer camp_extension to the registering account only, camp_data_withheld to the second account", async () => {
    const id = await registered();
    const mine = await app.rest("GET", `/v1/registration/dexam/${id}`, t.member);
    expect(mine.body).toMatchObject({ camp_extension: { diseases: "Asthma", meal_request: "vegan" }, camp_data_withheld: false });
    expect(mine.body.consent_form_file).toEqual({ name: "einverstaendnis.pdf" });
    const other = await app.rest("GET", `/v1/registration/dexam/${id}`, t.target);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({
      firstname: "Klara",
      camp_extension: null,
      camp_data_withheld: true,
      consent_form_file: null,
      consent_form_file_id: null,
    });
    const list = await app.rest("GET", `/v1/registrations/event/${camp}/dexam`, t.target);
    const row = list.body.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ camp_extension: null, camp_data_withheld: true });
    expect(JSON.stringify(list.body)).not.toContain("Asthma");
    const staff = await app.rest("GET", `/v1/registrations/event/${camp}/dexam`, t["role:registration_read"]);
    expect(staff.body.find((r: { id: number }) => r.id === id).camp_extension).toMatchObject({ diseases: "Asthma" });
  });

  it("the consent form: the registering account and staff download it, the second account of the club gets 403", async () => {
    const id = await registered();
    const url = `/v1/export/registration/dexam/${id}/consent_form`;
    expect((await app.rest("GET", url, t.member)).raw.equals(PDF)).toBe(true);
    expect((await app.rest("GET", url, t["role:registration_read"])).status).toBe(200);
    const refused = await app.rest("GET", url, t.target);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("nur das Konto, das angemeldet hat");
  });

  it("a second account of the club edits the registration without the camp data: the stored values stay, unchecked", async () => {
    const id = await registered();
    const before = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
    // what the client sends for such an account: no camp data (it never received any)
    const res = await app.rest("PUT", "/v1/registration/dexam", t.target, {
      ...campBody({ camp_extension: null }),
      id,
      version: before.version,
      lastname: "Neu",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ lastname: "Neu", camp_extension: null, camp_data_withheld: true });
    // trying to overwrite changes nothing either
    const overwrite = await app.rest("PUT", "/v1/registration/dexam", t.target, {
      ...campBody({ camp_extension: { ...CAMP, diseases: "überschrieben" } }),
      id,
      version: before.version + 1,
    });
    expect(overwrite.status, JSON.stringify(overwrite.body)).toBe(200);
    const mine = await app.rest("GET", `/v1/registration/dexam/${id}`, t.member);
    expect(mine.body.camp_extension).toMatchObject({ diseases: "Asthma", allergies: "Nüsse", meal_request: "vegan" });
    const after = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(after.campDataEncrypted!).equals(Buffer.from(before.campDataEncrypted!))).toBe(true);
    // the registering account still changes them
    const changed = await app.rest("PUT", "/v1/registration/dexam", t.member, {
      ...campBody({ camp_extension: { ...CAMP, diseases: "keine" } }),
      id,
      version: after.version,
    });
    expect(changed.body.camp_extension).toMatchObject({ diseases: "keine" });
  });

  it("registration staff who register for a club are its registrant: the club's accounts see only the notice", async () => {
    const id = await registered("role:registration_manage");
    expect((await app.rest("GET", `/v1/registration/dexam/${id}`, t.member)).body).toMatchObject({ camp_extension: null, camp_data_withheld: true });
  });
});

describe("reads of health data are recorded", () => {
  it("a /v1 read of a camp registration writes one record: who, which registration, which door", async () => {
    const id = await registered();
    const before = (await accesses()).length;
    // the record keeps the server's clock, in UTC like every instant, whatever the database session's time zone
    const clock = app.services.now;
    const at = new Date("2027-01-15T23:30:00.000Z");
    app.services.now = () => at;
    try {
      await app.rest("GET", `/v1/registration/dexam/${id}`, t["role:registration_read"]);
    } finally {
      app.services.now = clock;
    }
    const after = await accesses();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({
      actorUserId: world.userIds["role:registration_read"],
      door: "rest",
      registrationIds: [id],
      districtAssociationId: world.district1,
    });
    // the retention: HEALTH_DATA_ACCESS_LOG_DAYS (365 by default) after the read
    const last = after.at(-1)!;
    expect(last.at).toEqual(at);
    expect(last.expiresAt).toEqual(new Date("2028-01-15T23:30:00.000Z"));
  });

  it("a list read writes one record for all its camp rows; a list without health data and a withheld read write none", async () => {
    const a = await registered();
    const b = await registered("member", { firstname: "Berta" });
    let before = (await accesses()).length;
    await app.rest("GET", `/v1/registrations/event/${camp}/dexam`, t["role:registration_manage"]);
    const all = await accesses();
    expect(all.length).toBe(before + 1);
    expect(all.at(-1)!.door).toBe("restList");
    expect(all.at(-1)!.registrationIds).toEqual(expect.arrayContaining([a, b]));
    before = all.length;
    await app.rest("GET", `/v1/registrations/event/${plain.event}/dexam`, t["role:registration_manage"]);
    await app.rest("GET", `/v1/registration/dexam/${a}`, t.target);
    await app.rest("GET", `/v1/registrations/event/${camp}/dexam`, t.target);
    await app.gql(NODE, { id: gid("DexamRegistration", a) }, t.target);
    expect((await accesses()).length).toBe(before);
  });

  it("GraphQL: the camp fields of a whole page are one record; a page without the camp field writes none", async () => {
    const a = await registered();
    const b = await registered("member", { firstname: "Bruno" });
    const page = `query($e: ID!, $camp: Boolean!) { dexamRegistrations(eventId: $e, first: 100) { edges { node { databaseId camp @include(if: $camp) { allergies } } } } }`;
    const before = (await accesses()).length;
    const res = await app.gql(page, { e: gid("Event", camp), camp: false }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    expect((await accesses()).length).toBe(before);
    await app.gql(page, { e: gid("Event", camp), camp: true }, t["role:registration_manage"]);
    const all = await accesses();
    expect(all.length).toBe(before + 1);
    expect(all.at(-1)).toMatchObject({ door: "graphql", actorUserId: world.userIds["role:registration_manage"] });
    expect(all.at(-1)!.registrationIds).toEqual(expect.arrayContaining([a, b]));
  });

  it("the consent-form downloads and the overview export are recorded with their door", async () => {
    const id = await registered();
    const before = (await accesses()).length;
    await app.rest("GET", `/v1/export/registration/dexam/${id}/consent_form`, t.member);
    await app.rest("GET", `/v1/export/event/${camp}/consent_forms`, t["role:registration_read"]);
    const overview = await app.rest("GET", `/v1/export/event/${camp}/overview`, t["role:registration_read"]);
    expect(overview.status).toBe(200);
    const added = (await accesses()).slice(before);
    expect(added.map((a) => a.door)).toEqual(["consentForm", "consentForms", "overviewExport"]);
    expect(added[0]).toMatchObject({ actorUserId: world.userIds.member, registrationIds: [id] });
    for (const a of added.slice(1)) expect(a.registrationIds).toContain(id);
  });

  it('the per-child export (JSON and Excel), "Meine Daten" and its consent-form zip are recorded with their door', async () => {
    const id = await registered("member", { firstname: "Ida", lastname: "Auskunft", birthdate: "2012-09-10" });
    const before = (await accesses()).length;
    const person = "firstname=Ida&lastname=Auskunft&birthdate=2012-09-10";
    expect((await app.rest("GET", `/v1/export/person?${person}`, t["role:registration_manage"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/export/person/xlsx?${person}`, t["role:registration_manage"])).status).toBe(200);
    expect((await app.rest("GET", "/v1/user/0/export", t.member)).status).toBe(200);
    expect((await app.rest("GET", "/v1/user/0/export/consent_forms", t.member)).status).toBe(200);
    const added = (await accesses()).slice(before);
    expect(added.map((a) => a.door)).toEqual(["childExport", "childExportXlsx", "viewerExport", "viewerConsentForms"]);
    expect(added[0]).toMatchObject({ actorUserId: world.userIds["role:registration_manage"], registrationIds: [id] });
    for (const a of added.slice(2)) {
      expect(a.actorUserId).toBe(world.userIds.member);
      expect(a.registrationIds).toContain(id);
    }
  });
});
