// What a deleted registration leaves behind (registrations/traces.ts): the automatic deletion, an
// event's deletion and a registration's deletion take its audit entries, outbox mails and files
// with them, so that no row of any table still names the deleted child. The
// search reads every table of the schema (information_schema) as JSON rows. Also: the audit log's
// retention (AUDIT_RETENTION_DAYS, enforced by the expiry round), the outbox giving up on an
// undeliverable mail, and the default automatic-deletion day of new events (shared/eventExpiration.ts).
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredEvents, runExpiryJob } from "../../../server/src/domains/events/expiry.ts";
import { GIVE_UP_DAYS, mailSender } from "../../../server/src/mail/outbox.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, DAY, dexamEventWithLocations, dexamWireBody, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: world.userIds.member }, data: complete });
});
afterAll(() => app.stop());

type Hit = { table: string; row: string };

/** Every row of every table of the schema whose JSON form contains one of `words` (case-insensitive). */
async function rowsNaming(words: string[]): Promise<Hit[]> {
  const tables = await app.db.prisma.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
  expect(tables.map((x) => x.table_name)).toEqual(expect.arrayContaining(["AuditEntry", "MailOutbox", "DexamRegistration", "StoredFile", "IdempotencyKey"]));
  const hits: Hit[] = [];
  for (const { table_name } of tables) {
    const quoted = `"${table_name.replaceAll('"', '""')}"`;
    const pattern = words.map((w) => `row_to_json(t)::text ILIKE '%${w}%'`).join(" OR ");
    const rows = await app.db.prisma.$queryRawUnsafe<{ j: string }[]>(`SELECT row_to_json(t)::text AS j FROM ${quoted} t WHERE ${pattern}`);
    for (const r of rows) hits.push({ table: table_name, row: r.j });
  }
  return hits;
}

const tablesOf = (hits: Hit[]) => [...new Set(hits.map((h) => h.table))].sort();
const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")}`;
const later = (days: number) => new Date(Date.now() + days * DAY);
/** The office (registration_manage) changes a registration: its audit entry keeps old and new values, and the registering member is mailed. */
async function rename(registration: Record<string, unknown>, kind: "dexam" | "competition", change: Record<string, unknown>) {
  const res = await app.rest("PUT", `/v1/registration/${kind}`, t["role:registration_manage"], { ...registration, file_upload: null, ...change });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const expireIn = (eventId: number, days: number) => app.db.prisma.event.update({ where: { id: eventId }, data: { expiration: later(days) } });

describe("no row anywhere names a deleted child", () => {
  it("the automatic deletion (fake clock) leaves no row of any table naming the children of the deleted events: registrations, health data, results, files, audit entries and mails included", async () => {
    // a camp with a child's health data, consent form, results and practice sheet
    const camp = await app.db.prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Sommerfreizeit Spurensuche",
        formType: "DEXAM_CAMP",
        expiration: later(5),
        locations: {
          create: [
            { name: "Theorie", type: "DEXAM_THEORY", street: "Weg 1", city: "Eins", dexamTypes: ["D1"], publishResults: true },
            { name: "Vorbereitung", type: "DEXAM_PREPARATION", street: "Weg 3", city: "Drei", dexamTypes: ["D1"] },
          ],
        },
      },
      include: { locations: { orderBy: { id: "asc" } } },
    });
    const [theory, preparation] = camp.locations;
    const created = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      {
        ...dexamWireBody({ event: camp.id, theory: theory.id, practice: 0 }, world.club1, {
          firstname: "Quirinella",
          lastname: "Spurenreich",
          type: "D1",
          practice_location_id: null,
          preparation_location_id: preparation.id,
        }),
        remarks: "Quirinella Spurenreich reist später an",
        cancellation_accepted: true,
        health_consent_accepted: true,
        camp_extension: {
          diseases: "Asthma",
          intolerances: "Laktose",
          allergies: "Nüsse",
          meal_request: "vegan",
          vaccinations: [],
          emergency_contact: [{ name: "Mama Spurenreich", phone: "0711123456" }],
        },
        file_upload: PDF_URL,
        file_upload_name: "Einverständnis Quirinella Spurenreich.pdf",
      },
      { "Idempotency-Key": "spuren-camp-1" },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const child = created.body.id as number;
    // the office renames her (the audit keeps old and new names, a "changed" mail names her)
    const renamed = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], {
      ...created.body,
      firstname: "Quirinella Maria",
      file_upload: null,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // a theory result at a published location: an audit entry with points and a results mail
    const result = await app.rest("PUT", `/v1/registration/dexam/${child}/location/${theory.id}/theory_result`, t["role:results_manage"], {
      theory_points: 31.5,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    // a practice sheet named after her
    const sheet = await app.db.prisma.storedFile.create({
      data: { name: "D1_Spurenreich_Quirinella.xlsx", mimeType: "application/octet-stream", size: 1, sha256: "x", data: Buffer.from("x") },
    });
    await app.db.prisma.dexamRegistration.update({ where: { id: child }, data: { practiceSheetFileId: sheet.id } });

    // these mails went out (sent rows are kept for a while); the competition's waits
    await app.services.mail.flush();

    // a competition of the same district: a duo conducted by her brother
    const competitionId = await competitionEventWithHall(app.db.prisma, world.district1);
    await expireIn(competitionId, 6);
    const band = await app.rest(
      "POST",
      "/v1/registration/competition",
      t.member,
      competitionWireBody(competitionId, world.club1, { name: "Duo Spurenreich", conductor_name: "Theobald Spurenreich" }),
      { "Idempotency-Key": "spuren-band-1" },
    );
    expect(band.status, JSON.stringify(band.body)).toBe(201);
    await app.db.prisma.competitionRegistration.update({ where: { id: band.body.id }, data: { points: 88.5, mark: "sehr gut" } });

    // an event that stays, with another child
    const kept = await dexamEventWithLocations(app.db.prisma, world.district1, "Bleibt");
    await expireIn(kept.event, 400);
    const stays = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      dexamWireBody(kept, world.club1, { firstname: "Bleibtreu", lastname: "Fortbestand" }),
    );
    expect(stays.status, JSON.stringify(stays.body)).toBe(201);
    await rename(stays.body, "dexam", { lastname: "Fortbestand-Neu" });

    const NAMES = ["Quirinella", "Spurenreich"];
    const before = await rowsNaming(NAMES);
    // the test would see them: the registrations, the files, the audit log and the outbox name the children
    expect(tablesOf(before)).toEqual(expect.arrayContaining(["AuditEntry", "CompetitionRegistration", "DexamRegistration", "MailOutbox", "StoredFile"]));

    const report = await deleteExpiredEvents(app.db.prisma, later(10));
    expect(report).toMatchObject({ events: 2, dexamRegistrations: 1, competitionRegistrations: 1, campHealthRecords: 1, results: 2, files: 2 });
    // create, change, theory result; the competition's create
    expect(report?.auditEntries).toBe(4);
    // created, changed, results (sent); the competition's created (waiting)
    expect(report?.mails).toBe(4);

    expect(await rowsNaming(NAMES)).toEqual([]);
    // what stays: the system's entry per event with the counts, no names; the other event's child with her traces
    const expire = await app.db.prisma.auditEntry.findFirst({ where: { action: "expire", entityId: camp.id } });
    expect(expire?.details).toMatchObject({ name: "Sommerfreizeit Spurensuche", dexamRegistrations: 1, files: 2 });
    expect(expire?.details).toMatchObject({ auditEntries: 3, mails: 3 });
    expect(tablesOf(await rowsNaming(["Fortbestand"]))).toEqual(["AuditEntry", "DexamRegistration", "MailOutbox"]);
  });

  it("deleting an event (event_manage) takes what names its registrations with it: audit entries and mails", async () => {
    const at = await dexamEventWithLocations(app.db.prisma, world.district1, "Wird gelöscht");
    const r = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(at, world.club1, { firstname: "Xaveria", lastname: "Eventweg" }), {
      "Idempotency-Key": "event-weg-1",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await rename(r.body, "dexam", { lastname: "Eventweg-Neu" });
    await app.services.mail.flush();
    expect(tablesOf(await rowsNaming(["Eventweg"]))).toEqual(["AuditEntry", "DexamRegistration", "MailOutbox"]);
    expect((await app.rest("DELETE", `/v1/event/${at.event}`, t["role:event_manage"])).status).toBe(204);
    expect(await rowsNaming(["Eventweg"])).toEqual([]);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { entity: "Event", action: "delete", entityId: at.event } });
    expect(entry?.details).toEqual({ name: "Wird gelöscht", files: 0, auditEntries: 2, mails: 2 });
  });

  it("deleting a D-exam or competition registration takes its earlier audit entries and mails with it; its deletion's entry keeps who and the counts, and the notice of the deletion leaves the outbox once sent", async () => {
    const at = await dexamEventWithLocations(app.db.prisma, world.district1, "Einzeln");
    const r = await app.rest("POST", "/v1/registration/dexam", t.member, dexamWireBody(at, world.club1, { firstname: "Yolanthe", lastname: "Einzelweg" }), {
      "Idempotency-Key": "einzel-weg-1",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const competitionId = await competitionEventWithHall(app.db.prisma, world.district1);
    const band = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competitionId, world.club1, { name: "Trio Einzelweg" }), {
      "Idempotency-Key": "einzel-weg-2",
    });
    expect(band.status, JSON.stringify(band.body)).toBe(201);
    await rename(r.body, "dexam", { lastname: "Einzelweg-Neu" });
    await rename(band.body, "competition", { name: "Trio Einzelweg Neu" });
    await app.services.mail.flush();
    expect(tablesOf(await rowsNaming(["Einzelweg"]))).toEqual(["AuditEntry", "CompetitionRegistration", "DexamRegistration", "MailOutbox"]);

    expect((await app.rest("DELETE", `/v1/registration/dexam/${r.body.id}`, t.member)).status).toBe(204);
    expect((await app.rest("DELETE", `/v1/registration/competition/${band.body.id}`, t["role:registration_manage"])).status).toBe(204);
    // until it is sent, only the notice of the deletion names them
    expect(tablesOf(await rowsNaming(["Einzelweg"]))).toEqual(["MailOutbox"]);
    expect((await app.db.prisma.mailOutbox.findMany({ where: { sentAt: null, kind: "deleted" } })).length).toBeGreaterThanOrEqual(2);
    await app.services.mail.flush();
    expect(await rowsNaming(["Einzelweg"])).toEqual([]);
    // the keys stay their 24 hours (no names in them): a retried create answers 404, not a new registration (R-API050)
    expect(await app.db.prisma.idempotencyKey.count({ where: { key: { in: ["einzel-weg-1", "einzel-weg-2"] } } })).toBe(2);
    const entries = await app.db.prisma.auditEntry.findMany({
      where: {
        action: "delete",
        OR: [
          { entity: "DexamRegistration", entityId: r.body.id },
          { entity: "CompetitionRegistration", entityId: band.body.id },
        ],
      },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => [e.entity, e.actorUserId, e.details])).toEqual([
      ["DexamRegistration", world.userIds.member, { files: 0, auditEntries: 2, mails: 2 }],
      ["CompetitionRegistration", world.userIds["role:registration_manage"], { files: 0, auditEntries: 2, mails: 2 }],
    ]);
  });
});

describe("a district association's deletion", () => {
  it("takes what names the registrations of its events and of its clubs (also at another district's event) with it", async () => {
    // district 2 is deleted here: this file's other tests use district 1 only
    const own = await dexamEventWithLocations(app.db.prisma, world.district2, "Kreis Zwei");
    const elsewhere = await dexamEventWithLocations(app.db.prisma, world.district1, "Kreis Eins");
    const registration = (at: { event: number; theory: number }, firstname: string) =>
      app.db.prisma.dexamRegistration.create({
        data: {
          eventId: at.event,
          firstname,
          lastname: "Kreisweg",
          birthdate: new Date("2012-04-05"),
          gender: "F",
          associationId: world.club2,
          instrument: "FLUTE",
          type: "D1",
          theoryLocationId: at.theory,
        },
      });
    for (const r of [await registration(own, "Zenobia"), await registration(elsewhere, "Zita")]) {
      // a history entry naming her, and a mail about her to an account of district 1 (which stays)
      await app.db.prisma.auditEntry.create({
        data: { actorLabel: "x", action: "update", entity: "DexamRegistration", entityId: r.id, details: { values: { lastname: ["Kreiswe", "Kreisweg"] } } },
      });
      await app.db.prisma.mailOutbox.create({
        data: { userId: world.userIds.member, kind: "changed", payload: { registration: "dexam", id: r.id, participant: `${r.firstname} Kreisweg` } },
      });
    }
    expect(tablesOf(await rowsNaming(["Kreisweg"]))).toEqual(["AuditEntry", "DexamRegistration", "MailOutbox"]);
    expect((await app.rest("DELETE", `/v1/districtassociation/${world.district2}`, t.admin)).status).toBe(204);
    expect(await rowsNaming(["Kreisweg"])).toEqual([]);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { entity: "DistrictAssociation", action: "delete", entityId: world.district2 } });
    expect(entry?.details).toEqual({ name: "KV Zwei", files: 0, auditEntries: 2, mails: 2 });
  });
});

describe("retention of the audit log and the outbox", () => {
  it("the expiry round deletes audit entries older than AUDIT_RETENTION_DAYS, and only those", async () => {
    const old = await app.db.prisma.auditEntry.create({
      data: { actorLabel: "x", action: "update", entity: "User", entityId: 1, at: new Date(Date.now() - 40 * DAY) },
    });
    const recent = await app.db.prisma.auditEntry.create({
      data: { actorLabel: "x", action: "update", entity: "User", entityId: 1, at: new Date(Date.now() - 20 * DAY) },
    });
    const lines: string[] = [];
    const report = await runExpiryJob(app.db.prisma, new Date(), (l) => lines.push(l), { auditRetentionDays: 30 });
    expect(report?.expiredAuditEntries).toBeGreaterThanOrEqual(1);
    expect(await app.db.prisma.auditEntry.count({ where: { id: old.id } })).toBe(0);
    expect(await app.db.prisma.auditEntry.count({ where: { id: recent.id } })).toBe(1);
    expect(lines.some((l) => /^Änderungsprotokoll: \d+ Eintrag\/Einträge nach Ablauf der Aufbewahrungsfrist gelöscht$/.test(l))).toBe(true);
    // the default keeps it (730 days)
    expect((await deleteExpiredEvents(app.db.prisma, new Date()))?.expiredAuditEntries).toBe(0);
    expect(await app.db.prisma.auditEntry.count({ where: { id: recent.id } })).toBe(1);
  });

  it(`an undeliverable mail is retried for ${GIVE_UP_DAYS} days, then given up and deleted (logged)`, async () => {
    const lines: string[] = [];
    const failing = mailSender({
      sql: app.db.read,
      outbox: {
        deliver: async () => {
          throw new Error("550 Postfach unbekannt");
        },
      } as never,
      publicUrl: "http://localhost",
      retrySeconds: 0,
      auto: false,
      log: (l) => lines.push(l),
    });
    const user = world.userIds.member;
    const payload = { account: "A", by: "B" };
    const young = await app.db.prisma.mailOutbox.create({
      data: { userId: user, kind: "clubAssigned", payload, createdAt: new Date(Date.now() - (GIVE_UP_DAYS - 1) * DAY) },
    });
    const old = await app.db.prisma.mailOutbox.create({
      data: { userId: user, kind: "clubAssigned", payload, createdAt: new Date(Date.now() - (GIVE_UP_DAYS + 1) * DAY) },
    });
    await failing.flush();
    await failing.close();
    expect(await app.db.prisma.mailOutbox.count({ where: { id: old.id } })).toBe(0);
    const retried = await app.db.prisma.mailOutbox.findUniqueOrThrow({ where: { id: young.id } });
    expect([retried.sentAt, retried.lastError]).toEqual([null, "550 Postfach unbekannt"]);
    expect(lines).toContain(`E-Mail ${old.id} nach ${GIVE_UP_DAYS} Tagen und 0 Versuch(en) aufgegeben und gelöscht: nicht zugestellt`);
    await app.db.prisma.mailOutbox.delete({ where: { id: young.id } });
  });
});

describe("the automatic-deletion day of a new event", () => {
  const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const body = (over: Record<string, unknown>) => ({
    name: "Neu",
    district_association_id: world.district1,
    edit_phase: "NoRestrictions",
    registration_deadline: "2027-05-31",
    start_publishing: isoIn(-1),
    finish_publishing: isoIn(90),
    privacy_policy: "Datenschutz",
    ...over,
  });

  it("without a day: a camp is deleted three months after its last day, a D-exam at the end of the second following year, a competition at the end of the following year", async () => {
    const post = (over: Record<string, unknown>) => app.rest("POST", "/v1/event", t["role:event_manage"], body(over));
    const camp = await post({ form_type: "dexam_camp", start: "2027-08-02T08:00:00Z", end: "2027-08-07T14:00:00Z" });
    expect(camp.status, JSON.stringify(camp.body)).toBe(201);
    expect(camp.body.expiration).toBe("2027-11-07");
    const dexam = await post({ form_type: "dexam", start: "2027-03-14T08:00:00Z", expiration: null });
    expect(dexam.body.expiration).toBe("2029-12-31");
    // no dates: the deadline's day is the last day
    const competition = await post({ form_type: "competition" });
    expect(competition.body.expiration).toBe("2028-12-31");
    // a chosen day stays; an edit that empties it gets the default again (GraphQL and /v1 share the service)
    const chosen = await post({ form_type: "dexam_camp", end: "2027-08-07T14:00:00Z", expiration: "2027-09-01" });
    expect(chosen.body.expiration).toBe("2027-09-01");
    const emptied = await app.rest("PUT", "/v1/event", t["role:event_manage"], {
      ...body({ form_type: "dexam_camp", end: "2027-08-07T14:00:00Z", expiration: null }),
      id: chosen.body.id,
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(emptied.body.expiration).toBe("2027-11-07");
    const gql = await app.gql(
      `mutation($input: UpdateEventInput!, $id: ID!) { updateEvent(id: $id, input: $input) { expiration } }`,
      {
        id: gid("Event", chosen.body.id),
        input: {
          version: (await app.db.prisma.event.findUniqueOrThrow({ where: { id: chosen.body.id } })).version,
          name: "Neu",
          editPhase: "NO_RESTRICTIONS",
          registrationDeadline: "2027-05-31",
          startPublishing: isoIn(-1),
          finishPublishing: isoIn(90),
          privacyPolicy: "Datenschutz",
          end: "2027-08-10T14:00:00Z",
        },
      },
      t["role:event_manage"],
    );
    expect(gql.body.errors).toBeUndefined();
    expect(new Date(gql.body.data.updateEvent.expiration).toISOString()).toBe("2027-11-10T22:59:59.000Z");
  });

  it("a duplicate of an event kept without a day gets the default of its form type from its moved dates", async () => {
    const source = await app.db.prisma.event.create({
      data: {
        name: "Alte Freizeit",
        districtAssociationId: world.district1,
        formType: "DEXAM_CAMP",
        registrationDeadline: new Date("2026-05-31T21:59:59Z"),
        startPublishing: new Date("2026-01-01T00:00:00Z"),
        finishPublishing: new Date("2026-09-01T00:00:00Z"),
        start: new Date("2026-08-02T08:00:00Z"),
        end: new Date("2026-08-07T14:00:00Z"),
        privacyPolicy: "p",
      },
    });
    const res = await app.gql(
      `mutation($id: ID!) { duplicateEvent(sourceId: $id, startDay: "2027-08-02") { expiration end } }`,
      { id: gid("Event", source.id) },
      t["role:event_manage"],
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.duplicateEvent.expiration).toBe("2027-11-07T22:59:59.000Z");
  });
});
