// Audit log and the personal data export (item 8): every change records who,
// when and what (the names of changed fields, never health data); staff with the area's manage
// role read a record's history; a person downloads everything stored about them as JSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let camp: number;
let theory: number;
let registration: number;
const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")}`;
const TRAIL = "query($id: ID!) { auditTrail(id: $id) { edges { node { action actor actorUserId changedFields details at } } } }";

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  const e = await app.db.prisma.event.create({
    data: {
      districtAssociationId: world.district1,
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      privacyPolicy: "p",
      name: "Freizeit",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  camp = e.id;
  theory = e.locations[0].id;
  const body = {
    event_id: camp,
    firstname: "Lena",
    lastname: "Klar",
    birthdate: "2012-04-05",
    gender: "f",
    association_id: world.club1,
    instrument: "Clarinet",
    type: "D1",
    theory_location_id: theory,
    practice_location_id: null,
    gdpr_accepted: true,
    cancellation_accepted: true,
    health_consent_accepted: true,
    camp_extension: { meal_request: "standard", allergies: "Erdnüsse", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
    file_upload: PDF_URL,
    file_upload_name: "einverstaendnis.pdf",
  };
  const created = await app.rest("POST", "/v1/registration/dexam", t.member, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  registration = created.body.id;
  const updated = await app.rest("PUT", "/v1/registration/dexam", t.member, {
    ...body,
    id: registration,
    version: created.body.version,
    firstname: "Lene",
    camp_extension: { ...body.camp_extension, allergies: "Erdnüsse, Sellerie" },
    file_upload: undefined,
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
});
afterAll(() => app.stop());

describe("audit log", () => {
  it("records who, when and which fields changed; health data only by name, never its value", async () => {
    const res = await app.gql(TRAIL, { id: gid("DexamRegistration", registration) }, t["role:registration_manage"]);
    expect(res.body.errors).toBeUndefined();
    const entries = res.body.data.auditTrail.edges.map((e: any) => e.node);
    expect(entries.map((e: any) => e.action)).toEqual(["update", "create"]); // newest first
    expect(entries[0]).toMatchObject({ actor: world.subjects.member, actorUserId: world.userIds.member, changedFields: ["campData", "firstname"] });
    expect(Date.parse(entries[0].at)).toBeGreaterThan(Date.now() - 60_000);
    const raw = await app.db.prisma.auditEntry.findMany({ where: { entity: "DexamRegistration", entityId: registration } });
    expect(JSON.stringify(raw)).not.toMatch(/Erdnüsse|Sellerie/);
  });

  it("the history shows old and new values of the changed fields; health data and remarks by name only", async () => {
    const current = await app.rest("GET", `/v1/registration/dexam/${registration}`, t.member);
    const put = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...current.body, remarks: "Asthma, Spray dabei", gender: "m" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await app.gql(
      "query($id: ID!) { auditTrail(id: $id) { edges { node { changes { field label before after } } } } }",
      { id: gid("DexamRegistration", registration) },
      t["role:registration_manage"],
    );
    expect(res.body.errors).toBeUndefined();
    const [latest, earlier] = res.body.data.auditTrail.edges.map((e: any) => e.node.changes);
    expect(earlier).toEqual([
      { field: "campData", label: "Freizeitangaben (Gesundheitsdaten)", before: null, after: null },
      { field: "firstname", label: "Vorname", before: "Lena", after: "Lene" },
    ]);
    expect(latest).toEqual([
      { field: "gender", label: "Geschlecht", before: "weiblich", after: "männlich" },
      { field: "remarks", label: "Bemerkungen", before: null, after: null },
    ]);
    const raw = JSON.stringify(await app.db.prisma.auditEntry.findMany({ where: { entity: "DexamRegistration", entityId: registration } }));
    expect(raw).not.toMatch(/Erdnüsse|Sellerie|Asthma/);
  });

  it("results staff read a registration's history too; staff of another district get NOT_FOUND; an area without the role is FORBIDDEN", async () => {
    const id = gid("DexamRegistration", registration);
    expect((await app.gql(TRAIL, { id }, t["role:results_manage"])).body.data?.auditTrail.edges.length).toBeGreaterThanOrEqual(2);
    expect((await app.gql(TRAIL, { id }, t.staff2)).body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await app.gql(TRAIL, { id }, t["role:event_manage"])).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await app.gql(TRAIL, { id }, t.member)).body.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("an event's update names its changed fields for event_manage", async () => {
    const e = await app.rest("GET", `/v1/event/${camp}`, t["role:event_manage"]);
    expect(e.status).toBe(200);
    // the first save stores the deadline as the day's end in Berlin (the test created it as any instant)
    const first = await app.rest("PUT", "/v1/event", t["role:event_manage"], e.body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const unchanged = await app.rest("PUT", "/v1/event", t["role:event_manage"], first.body);
    expect(unchanged.status).toBe(200);
    const put = await app.rest("PUT", "/v1/event", t["role:event_manage"], { ...unchanged.body, name: "Sommerfreizeit" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await app.gql(TRAIL, { id: gid("Event", camp) }, t["role:event_manage"]);
    expect(res.body.data.auditTrail.edges[0].node).toMatchObject({ action: "update", changedFields: ["name"] });
    expect(res.body.data.auditTrail.edges[1].node).toMatchObject({ action: "update", changedFields: [] }); // an unchanged save
  });

  it("a machine client's change is recorded under its client subject, with no user id", async () => {
    await app.db.prisma.apiClient.create({
      data: { clientId: "api-audit", name: "Audit", secretHash: "scrypt$x", roles: ["event_manage"], districtAssociationId: world.district1 },
    });
    const token = await app.token("api-audit", { client_id: "api-audit" });
    const e = await app.rest("GET", `/v1/event/${camp}`, token);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect((await app.rest("PUT", "/v1/event", token, e.body)).status).toBe(200);
    const last = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { entity: "Event", entityId: camp }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ actorLabel: "client:api-audit", actorUserId: null, action: "update" });
  });

  it("the history of a record type without one is refused with a German message", async () => {
    // StoredFile is no Node type, so its "global id" is none the API encodes: INVALID_ID
    const res = await app.gql(TRAIL, { id: gid("StoredFile", 1) }, t.admin);
    expect(res.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Ungültige ID/), extensions: { code: "INVALID_ID" } });
  });
});

describe("personal data export", () => {
  it("a member downloads everything stored about them as JSON: account without secrets, clubs, registrations with their camp data, audit entries", async () => {
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { passwordHash: "scrypt$secret" } });
    const res = await app.rest("GET", "/v1/user/0/export", t.member);
    expect(res.status).toBe(200);
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body as any;
    expect(data.account).toMatchObject({ id: world.userIds.member, email: "member@test.example", phone: "+49711", city: "Stadt" });
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$secret/);
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.account.inviteCode).toBeUndefined();
    expect(data.clubs.map((c: any) => c.id)).toContain(world.club1);
    expect(data.dexamRegistrations).toHaveLength(1);
    expect(data.dexamRegistrations[0]).toMatchObject({
      firstname: "Lene",
      event: { id: camp },
      consentFormFile: { name: "einverstaendnis.pdf" },
      campData: { allergies: "Erdnüsse, Sellerie" },
    });
    expect(data.dexamRegistrations[0].campDataEncrypted).toBeUndefined();
    expect(data.auditEntries.map((e: any) => e.action)).toEqual(expect.arrayContaining(["create", "update"]));
  });

  it("another user's export holds nothing of this member", async () => {
    const res = await app.rest("GET", "/v1/user/0/export", t.member2);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/Lene|Erdnüsse/);
  });
});

describe("account deletion and the audit log", () => {
  it("after deleting their account, the person's audit entries no longer say who (no user id, no subject, no e-mail)", async () => {
    const me = world.userIds.member2;
    const sub = world.subjects.member2;
    const token = t.member2;
    const profile = await app.rest("GET", "/v1/user/0", token);
    const saved = await app.rest("PUT", "/v1/user", token, {
      ...profile.body,
      firstname: "Mira",
      phone: "+49711",
      address: { street: "Weg 2", postcode: "70173", city: "Stadt", country: "DE" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await app.db.prisma.auditEntry.count({ where: { actorUserId: me } })).toBeGreaterThan(0);
    expect((await app.rest("DELETE", "/v1/user/0", token)).status).toBeLessThan(300);
    const rows = await app.db.prisma.auditEntry.findMany({ where: { entity: "User", entityId: me } });
    expect(rows.map((r) => r.action)).toEqual(["update", "delete"]);
    expect(rows.every((r) => r.actorUserId === null && r.actorLabel === "gelöschter Benutzer")).toBe(true);
    const all = JSON.stringify(await app.db.prisma.auditEntry.findMany());
    expect(all).not.toContain(sub);
    expect(all).not.toContain("member2@test.example");
    // the account's old and new values went with it
    expect(all).not.toContain("Mira");
  });

  it("staff deleting a user record no e-mail address in the log", async () => {
    const victim = await app.db.prisma.user.create({
      data: { email: "weg@test.example", firstname: "Wolf", lastname: "Weg", districtAssociationId: world.district1 },
    });
    expect((await app.rest("DELETE", `/v1/user/${victim.id}`, t["role:user_manage"])).status).toBeLessThan(300);
    expect(JSON.stringify(await app.db.prisma.auditEntry.findMany())).not.toContain("weg@test.example");
  });
});
