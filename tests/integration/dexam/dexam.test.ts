// D-exam registrations through GraphQL and /v1: the server rules of spec sections 4 and 5.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remarksOf } from "../../../server/src/domains/registrations/remarks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, dexamEventWithLocations, dexamWireBody, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let camp: number;
let theory: number;
let practice: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const base = openEventFields(world.district1);
  ({ event, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1));
  camp = (
    await app.db.prisma.event.create({
      data: {
        ...base,
        name: "Freizeit",
        formType: "DEXAM_CAMP",
        cancellationConditions: "Storno kostet",
        locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
      },
    })
  ).id;
});
afterAll(() => app.stop());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_URL = `data:application/pdf;base64,${PDF.toString("base64")}`;
const campTheory = async () => (await app.db.prisma.eventLocation.findFirstOrThrow({ where: { eventId: camp } })).id;
const campBody = async (over: Record<string, unknown> = {}) => ({
  ...body({ event_id: camp, type: "D1", practice_location_id: null, theory_location_id: await campTheory() }),
  cancellation_accepted: true,
  health_consent_accepted: true,
  camp_extension: { meal_request: "standard", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
  file_upload: PDF_URL,
  file_upload_name: "einverstaendnis.pdf",
  ...over,
});
const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
const gqlBody = async (query: string, variables: Record<string, unknown>, token: string) => (await app.gql(query, variables, token)).body as any;

const body = (over: Record<string, unknown> = {}) => dexamWireBody({ event, theory, practice }, world.club1, over);

describe("D-exam registrations", () => {
  it("[R-API050][R-VA042] a member registers a D2 clarinet candidate for the own club", async () => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      firstname: "Lena",
      instrument: "Clarinet",
      type: "D2",
      gender: "f",
      association_id: world.club1,
      songs_complete: false,
      cancelled_at: null,
    });
  });

  it("[R-VA042][R-VA043][R-RO015] a member cannot register for another club; registration_manage may register any club of the district", async () => {
    expect((await app.rest("POST", "/v1/registration/dexam", t.member2, body({ association_id: world.club1 }))).status).toBe(404);
    expect((await app.rest("POST", "/v1/registration/dexam", t["role:registration_manage"], body())).status).toBe(201);
  });

  it("[R-ST030][R-ST031] after the deadline only registration_manage registers", async () => {
    await app.db.prisma.event.update({ where: { id: event }, data: { registrationDeadline: new Date(Date.now() - DAY) } });
    const late = await app.rest("POST", "/v1/registration/dexam", t.member, body());
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Der Anmeldeschluss ist vorbei");
    expect((await app.rest("POST", "/v1/registration/dexam", t["role:registration_manage"], body())).status).toBe(201);
    await app.db.prisma.event.update({ where: { id: event }, data: { registrationDeadline: new Date(Date.now() + 30 * DAY) } });
  });

  it("[R-ST022] an incomplete profile blocks new registrations", async () => {
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: null } });
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, body());
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Fehler: Benutzerprofil unvollständig");
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711" } });
  });

  it("[R-RO014] members list only their own clubs' registrations; registration_read all of the district's event", async () => {
    const mine = await app.rest("GET", `/v1/registrations/event/${event}/dexam`, t.member);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((r: any) => r.association_id === world.club1)).toBe(true);
    expect((await app.rest("GET", `/v1/registrations/event/${event}/dexam`, t.member2)).body).toEqual([]);
    const staff = await app.rest("GET", `/v1/registrations/event/${event}/dexam`, t["role:registration_read"]);
    expect(staff.body.length).toBe(mine.body.length);
    expect((await app.rest("GET", `/v1/registrations/event/${event}/dexam`, t.staff2)).body).toEqual([]);
  });

  it("[R-EV015][R-EV016][R-API051] in phase SongsOnly only the songs change", async () => {
    const created = (await app.rest("POST", "/v1/registration/dexam", t.member, body())).body;
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "SONGS_ONLY" } });
    const songs = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));
    const res = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created, firstname: "Geändert", songs });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstname: "Lena", songs_complete: true });
    expect(res.body.songs[0]).toEqual({ number: "1", name: "Stück 1" });
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NONE" } });
    const closed = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...res.body, songs });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe("In dieser Bearbeitungsphase kann die Anmeldung nicht mehr geändert werden");
    const office = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...res.body, firstname: "Korrigiert" });
    expect(office.body.firstname).toBe("Korrigiert");
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NO_RESTRICTIONS" } });
  });

  it("[R-RO023][R-RO024][R-API049] outside NoRestrictions a member can only cancel; a cancellation is final; cancelled rows cannot be deleted", async () => {
    const created = (await app.rest("POST", "/v1/registration/dexam", t.member, body())).body;
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "SONGS_ONLY" } });
    expect((await app.rest("DELETE", `/v1/registration/dexam/${created.id}`, t.member)).status).toBe(409);
    const cancelled = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created, cancelled_at: "2000-01-01T00:00:00Z" });
    expect(cancelled.status).toBe(200);
    expect(new Date(cancelled.body.cancelled_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await app.gql(
      "mutation($id: ID!) { cancelDexamRegistration(id: $id) { id } }",
      { id: Buffer.from(`DexamRegistration:${created.id}`).toString("base64") },
      t.member,
    );
    expect(again.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    // the club cannot delete a cancelled registration, not even in NoRestrictions (R-RO024); registration_manage can on an erasure request (erasure.test.ts)
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NO_RESTRICTIONS" } });
    const byClub = await app.rest("DELETE", `/v1/registration/dexam/${created.id}`, t.member);
    expect(byClub.status).toBe(409);
    expect(byClub.body.error.message).toBe("Eine stornierte Anmeldung kann nicht gelöscht werden");
  });

  it("[R-BC024][R-BC025] camp health data and emergency contacts are stored encrypted and read back for the club", async () => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, {
      ...body({
        event_id: camp,
        type: "D1",
        practice_location_id: null,
        theory_location_id: (await app.db.prisma.eventLocation.findFirstOrThrow({ where: { eventId: camp } })).id,
      }),
      cancellation_accepted: true,
      health_consent_accepted: true,
      camp_extension: {
        diseases: "Asthma",
        allergies: "Nüsse",
        meal_request: "vegetarian",
        vaccinations: [{ type: "tetanus", available: true, date: "2020-05-01" }],
        emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
      },
      file_upload: PDF_URL,
      file_upload_name: "einverstaendnis.pdf",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.camp_extension).toMatchObject({
      diseases: "Asthma",
      meal_request: "vegetarian",
      emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
    });
    const raw = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: res.body.id } });
    const bytes = Buffer.from(raw.campDataEncrypted as Uint8Array).toString("latin1");
    for (const secret of ["Asthma", "Nüsse", "Mama Klar", "491701234567"]) expect(bytes).not.toContain(secret);
    const missing = await app.rest("POST", "/v1/registration/dexam", t.member, { ...body({ event_id: camp }), cancellation_accepted: true });
    expect(missing.status).toBe(400);
  });
});

describe("D-exam consent forms", () => {
  it("[R-DF026][R-VA035][R-VA006] a camp registration needs the consent form in create mode; a rejected upload stores nothing", async () => {
    const files = await app.db.prisma.storedFile.count();
    const regs = await app.db.prisma.dexamRegistration.count();
    const missing = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ file_upload: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.file_upload).toBe("Bitte eine Datei auswählen");
    const big = `data:application/pdf;base64,${Buffer.concat([PDF, Buffer.alloc(5_242_881 - PDF.length)]).toString("base64")}`;
    const tooBig = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ file_upload: big }));
    expect(tooBig.body.error.fields.file_upload).toBe("Die Datei ist zu groß. Maximal 5 MB erlaubt");
    const fake = `data:application/pdf;base64,${Buffer.from("MZ executable").toString("base64")}`;
    const renamed = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ file_upload: fake }));
    expect(renamed.body.error.fields.file_upload).toBe("Der Inhalt der Datei passt nicht zu ihrer Endung");
    const wrongType = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ file_upload_name: "a.docx" }));
    expect(wrongType.body.error.fields.file_upload).toBe("Dieser Dateityp ist nicht erlaubt");
    // a valid file with an invalid registration: nothing is written either
    const invalid = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ firstname: "" }));
    expect(invalid.status).toBe(400);
    expect(await app.db.prisma.storedFile.count()).toBe(files);
    expect(await app.db.prisma.dexamRegistration.count()).toBe(regs);
    // not a camp event: no consent form
    const notCamp = await app.rest("POST", "/v1/registration/dexam", t.member, { ...body(), file_upload: PDF_URL, file_upload_name: "a.pdf" });
    expect(notCamp.body.error.fields.file_upload).toBe("Eine Einverständniserklärung gibt es nur bei Freizeiten");
  });

  it("[R-API040][R-API033][R-RO029][R-API035] the consent form downloads for the club and registration staff, the zip for staff only", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Zipper" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.consent_form_file).toEqual({ name: "einverstaendnis.pdf" });
    const id = created.body.id;
    for (const seg of ["consent_form", "consent-form"]) {
      const res = await app.rest("GET", `/v1/export/registration/dexam/${id}/${seg}`, t.member);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toMatch(/filename="?einverstaendnis\.pdf"?(;|$)/);
      expect(res.raw.equals(PDF)).toBe(true);
    }
    expect((await app.rest("GET", `/v1/export/registration/dexam/${id}/consent_form`, t["role:registration_read"])).status).toBe(200);
    expect((await app.rest("GET", `/v1/export/registration/dexam/${id}/consent_form`, t.member2)).status).toBe(404);
    expect((await app.rest("GET", `/v1/export/registration/dexam/${id}/consent_form`, t.staff2)).status).toBe(404);
    // GraphQL: the overview's row flag and the file name
    const q = await gqlBody(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { consentFormFile { name size } viewerCan { downloadConsentForm } } } }",
      { id: gid("DexamRegistration", id) },
      t.member,
    );
    expect(q.data.node).toEqual({ consentFormFile: { name: "einverstaendnis.pdf", size: PDF.length }, viewerCan: { downloadConsentForm: true } });

    const { unzipSync } = await import("fflate");
    for (const seg of ["consent_forms", "consent-forms"]) {
      const res = await app.rest("GET", `/v1/export/event/${camp}/${seg}`, t["role:registration_read"]);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      const entries = unzipSync(new Uint8Array(res.raw));
      const name = Object.keys(entries).find((n) => n.startsWith(`${id}_Zipper_`));
      expect(name).toBe(`${id}_Zipper_Lena.pdf`);
      expect(Buffer.from(entries[name!]).equals(PDF)).toBe(true);
    }
    expect((await app.rest("GET", `/v1/export/event/${camp}/consent_forms`, t.member)).status).toBe(403);
    expect((await app.rest("GET", `/v1/export/event/${camp}/consent_forms`, t.staff2)).status).toBe(404);
  });
});

describe("consent forms at rest", () => {
  const stored = (id: number) =>
    app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id }, include: { consentFormFile: true } }).then((r) => r.consentFormFile!);
  const downloads = async (id: number, lastname: string) => {
    const { unzipSync } = await import("fflate");
    const got: Buffer[] = [];
    for (const seg of ["consent_form", "consent-form"]) got.push((await app.rest("GET", `/v1/export/registration/dexam/${id}/${seg}`, t.member)).raw);
    for (const seg of ["consent_forms", "consent-forms"]) {
      const entries = unzipSync(new Uint8Array((await app.rest("GET", `/v1/export/event/${camp}/${seg}`, t["role:registration_read"])).raw));
      got.push(Buffer.from(entries[`${id}_${lastname}_Lena.pdf`]));
    }
    return got;
  };

  it("[R-API040][R-API035] the bytes in the database are not the uploaded ones; both download routes and the zip give back the original", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Sealed" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const file = await stored(created.body.id);
    expect(file.encrypted).toBe(true);
    expect(file.size).toBe(PDF.length);
    const raw = Buffer.from(file.data);
    expect(raw.equals(PDF)).toBe(false);
    expect(raw.includes(Buffer.from("%PDF"))).toBe(false);
    expect(raw.includes(Buffer.from("endobj"))).toBe(false);
    for (const got of await downloads(created.body.id, "Sealed")) expect(got.equals(PDF)).toBe(true);
  });

  it("[R-API040][R-API035] a file stored in plaintext before keeps downloading, and the start-up sweep seals it", async () => {
    const { sealPlaintextFiles } = await import("../../../server/src/domains/files/stored.ts");
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Legacy" }));
    const before = await stored(created.body.id);
    // as written before files were encrypted (the migration marks those rows encrypted = false)
    await app.db.prisma.storedFile.update({ where: { id: before.id }, data: { data: new Uint8Array(PDF), encrypted: false } });
    for (const got of await downloads(created.body.id, "Legacy")) expect(got.equals(PDF)).toBe(true);
    expect(await sealPlaintextFiles(app.db.prisma, app.services.dataKey)).toBeGreaterThanOrEqual(1);
    const after = await stored(created.body.id);
    expect(after.encrypted).toBe(true);
    expect(Buffer.from(after.data).includes(Buffer.from("%PDF"))).toBe(false);
    for (const got of await downloads(created.body.id, "Legacy")) expect(got.equals(PDF)).toBe(true);
    // nothing left to seal: a second replica's sweep changes nothing
    expect(await sealPlaintextFiles(app.db.prisma, app.services.dataKey)).toBe(0);
    expect(Buffer.from((await stored(created.body.id)).data).equals(Buffer.from(after.data))).toBe(true);
    // the sealed row's hash is of its sealed bytes
    expect(after.sha256).toBe(sha256(after.data));
  });

  it("StoredFile.sha256 is the hash of the sealed bytes, so it confirms no guessed consent form; the migration rewrites the hashes of older sealed rows", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Hashed" }));
    const file = await stored(created.body.id);
    expect(file.sha256).not.toBe(sha256(PDF)); // the guess "this PDF" is not confirmed
    expect(file.sha256).toBe(sha256(file.data));
    // a sealed row from before, still carrying the plaintext's hash, as the migration finds it
    await app.db.prisma.storedFile.update({ where: { id: file.id }, data: { sha256: sha256(PDF) } });
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, "../../../prisma/migrations/20261128100000_stored_file_hash_of_sealed_bytes/migration.sql"),
      "utf8",
    );
    await app.db.prisma.$executeRawUnsafe(migration);
    expect((await stored(created.body.id)).sha256).toBe(sha256(file.data));
  });
});

describe("the camp meal request at rest", () => {
  const row = (id: number) => app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } });
  const mealOf = async (id: number) => {
    const viaV1 = (await app.rest("GET", `/v1/registration/dexam/${id}`, t.member)).body.camp_extension?.meal_request;
    const q = await gqlBody(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { camp { mealRequest allergies } } } }",
      { id: gid("DexamRegistration", id) },
      t.member,
    );
    return { viaV1, viaGraphql: q.data.node.camp.mealRequest, allergies: q.data.node.camp.allergies };
  };

  it("[R-BC025] is sealed with the camp data: the plain column stays empty, and it reads back through /v1 and GraphQL", async () => {
    const created = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      await campBody({
        lastname: "Vegan",
        camp_extension: { meal_request: "vegan", allergies: "Nüsse", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const r = await row(created.body.id);
    expect(r.mealRequest).toBeNull();
    expect(Buffer.from(r.campDataEncrypted as Uint8Array).toString("latin1")).not.toMatch(/VEGAN|vegan/i);
    expect(await mealOf(created.body.id)).toEqual({ viaV1: "vegan", viaGraphql: "VEGAN", allergies: "Nüsse" });
  });

  it("[R-BC025] a row from before (meal request in the plain column) reads the same, and the start-up sweep moves it into the sealed data without a new version", async () => {
    const { sealMealRequests } = await import("../../../server/src/domains/dexam/service.ts");
    const { encryptJson } = await import("../../../server/src/crypto/aead.ts");
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Altbestand" }));
    const id = created.body.id as number;
    // as written before: the meal request plain, the sealed data without it
    const oldSealed = new Uint8Array(encryptJson(app.services.dataKey, { allergies: "Pollen", vaccinations: [], emergencyContacts: [] }));
    await app.db.prisma.dexamRegistration.update({ where: { id }, data: { mealRequest: "VEGETARIAN", campDataEncrypted: oldSealed } });
    const before = await row(id);
    expect(await mealOf(id)).toEqual({ viaV1: "vegetarian", viaGraphql: "VEGETARIAN", allergies: "Pollen" });

    expect(await sealMealRequests(app.db.prisma, app.services.dataKey)).toBeGreaterThanOrEqual(1);
    const after = await row(id);
    expect(after.mealRequest).toBeNull();
    expect(after.version).toBe(before.version);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await mealOf(id)).toEqual({ viaV1: "vegetarian", viaGraphql: "VEGETARIAN", allergies: "Pollen" });
    // nothing left: a second replica's sweep changes nothing
    expect(await sealMealRequests(app.db.prisma, app.services.dataKey)).toBe(0);
  });
});

describe("registration_manage fields, results and takeover", () => {
  const publish = (publishResults: boolean) => app.db.prisma.eventLocation.updateMany({ where: { id: { in: [theory, practice] } }, data: { publishResults } });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it("[R-RO034][R-RP014] only registration_manage changes the verified flag and the cancellation date", async () => {
    const r = await create({
      practice_location_id: null,
      existing_partial_result: { type: "practice", district_association: "KV Nord", year: 2025, location: "Nordstadt", points: 40.5 },
    });
    expect(r.existing_partial_result_verified).toBe(false);
    const forbidden = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...r, existing_partial_result_verified: true });
    expect(forbidden.status).toBe(403);
    const verified = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...r, existing_partial_result_verified: true });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.existing_partial_result_verified).toBe(true);
    // the member changes the partial result: it needs checking again
    const changed = await app.rest("PUT", "/v1/registration/dexam", t.member, {
      ...verified.body,
      existing_partial_result: { ...verified.body.existing_partial_result, points: 45 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.existing_partial_result_verified).toBe(false);
    // a member's cancellation is final; registration_manage can take it back
    const cancelled = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...changed.body, cancelled_at: "2020-01-01T00:00:00Z" });
    expect(new Date(cancelled.body.cancelled_at).getFullYear()).toBeGreaterThan(2020);
    expect((await app.rest("PUT", "/v1/registration/dexam", t.member, { ...cancelled.body, cancelled_at: null })).status).toBe(403);
    const back = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...cancelled.body, cancelled_at: null });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.cancelled_at).toBeNull();
    const gql = await gqlBody(
      "mutation($id: ID!, $input: UpdateDexamRegistrationInput!) { updateDexamRegistration(id: $id, input: $input) { id } }",
      {
        id: gid("DexamRegistration", r.id),
        input: {
          firstname: "Lena",
          lastname: "Klar",
          birthdate: "2012-04-05",
          gender: "F",
          associationId: world.club1,
          instrument: "CLARINET",
          type: "D2",
          theoryLocationId: theory,
          existingPartialResultVerified: true,
          version: back.body.version,
        },
      },
      t.member,
    );
    expect(gql.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });

  it("[R-RO017][R-RE020][R-RO008][R-API048] members see results and the grade once the location publishes them; staff always", async () => {
    const r = await create({ lastname: "Ergebnis" });
    await app.db.prisma.dexamRegistration.update({ where: { id: r.id }, data: { theoryPoints: 30, practicePoints: 20 } });
    const read = (who: string) =>
      gqlBody(
        "query($id: ID!) { node(id: $id) { ... on DexamRegistration { theoryPoints practicePoints grade } } }",
        { id: gid("DexamRegistration", r.id) },
        t[who],
      );
    expect((await read("member")).data.node).toEqual({ theoryPoints: null, practicePoints: null, grade: null });
    expect((await read("role:registration_read")).data.node).toEqual({ theoryPoints: 30, practicePoints: 20, grade: "FAILED" });
    expect((await read("role:results_read")).data).toEqual({ node: null });
    await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { publishResults: true } });
    expect((await read("member")).data.node).toEqual({ theoryPoints: 30, practicePoints: null, grade: null });
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: true } });
    expect((await read("member")).data.node).toEqual({ theoryPoints: 30, practicePoints: 20, grade: "FAILED" });
    const rest = await app.rest("GET", `/v1/registration/dexam/${r.id}`, t.member);
    expect(rest.body).toMatchObject({
      result: { theory_points: 30, practice_points: 20 },
      mark: "nicht bestanden",
      practice_location: { publish_results: true },
    });
    await app.db.prisma.eventLocation.updateMany({ where: { id: { in: [theory, practice] } }, data: { publishResults: false } });
  });

  it("[R-RE029][R-RE030][R-RE031][R-RE032][R-API055][R-RO032] taking over a passed theory part creates a verified registration for the same person, once", async () => {
    const src = await create({ firstname: "Tom", lastname: "Teil", birthdate: "2011-02-03", gender: "m" });
    await app.db.prisma.dexamRegistration.update({ where: { id: src.id }, data: { theoryPoints: 31.5, practicePoints: 28 } });
    // members take over published results only (tests/integration/results/result-visibility.test.ts)
    await publish(true);
    const url = `/v1/registration/dexam/${src.id}/takeover`;
    // the theory part is already passed: it cannot be repeated
    const repeat = await app.rest("POST", url, t.member, { event_id: event, theory_location_id: theory, practice_location_id: practice, gdpr_accepted: true });
    expect(repeat.status).toBe(400);
    expect(repeat.body.error.message).toBe("Die Theorieprüfung ist bereits bestanden und kann nicht wiederholt werden");
    const noPractice = await app.rest("POST", url, t.member, { event_id: event, gdpr_accepted: true });
    expect(noPractice.body.error.fields.practice_location_id).toBe("Bitte einen Ort für die Praxisprüfung wählen");
    const noConsent = await app.rest("POST", url, t.member, { event_id: event, practice_location_id: practice });
    expect(noConsent.body.error.fields.gdpr_accepted).toBe("Dieses Feld ist ein Pflichtfeld");
    expect((await app.rest("POST", url, t.member2, { event_id: event, practice_location_id: practice, gdpr_accepted: true })).status).toBe(404);
    expect((await app.rest("POST", url, t["role:registration_read"], { event_id: event, practice_location_id: practice, gdpr_accepted: true })).status).toBe(
      403,
    );

    const ok = await app.rest("POST", url, t.member, { event_id: event, practice_location_id: practice, gdpr_accepted: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({
      firstname: "Tom",
      lastname: "Teil",
      birthdate: "2011-02-03",
      gender: "m",
      association_id: world.club1,
      instrument: "Clarinet",
      type: "D2",
      theory_location_id: null,
      practice_location_id: practice,
      existing_partial_result: { type: "theory", points: 31.5, location: "Theorie" },
      existing_partial_result_verified: true,
    });
    expect(ok.body.id).not.toBe(src.id);
    // the source stays as it was; a second takeover is rejected
    const source = await app.rest("GET", `/v1/registration/dexam/${src.id}`, t.member);
    expect(source.body).toMatchObject({ firstname: "Tom", theory_location_id: theory, existing_partial_result: null });
    const again = await app.rest("POST", url, t.member, { event_id: event, practice_location_id: practice, gdpr_accepted: true });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Dieses Teilergebnis wurde bereits in eine neue Anmeldung übernommen");
    const flags = await gqlBody(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { viewerCan { takeOver } } } }",
      { id: gid("DexamRegistration", src.id) },
      t.member,
    );
    expect(flags.data.node.viewerCan.takeOver).toBe(false);
    // the new registration passes with practice >= 36 thanks to the verified theory part
    await app.db.prisma.dexamRegistration.update({ where: { id: ok.body.id }, data: { practicePoints: 36 } });
    const grade = await gqlBody(
      "query($id: ID!) { node(id: $id) { ... on DexamRegistration { grade } } }",
      { id: gid("DexamRegistration", ok.body.id) },
      t["role:registration_read"],
    );
    expect(grade.data.node.grade).toBe("PASSED");
    await publish(false);
  });

  it("[R-RO030][R-RE031] nothing to take over without a passed part, or when the exam is passed", async () => {
    const failed = await create({ lastname: "Durchgefallen" });
    await publish(true);
    await app.db.prisma.dexamRegistration.update({ where: { id: failed.id }, data: { theoryPoints: 10, practicePoints: 10 } });
    const res = await app.rest("POST", `/v1/registration/dexam/${failed.id}/takeover`, t.member, {
      event_id: event,
      practice_location_id: practice,
      gdpr_accepted: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Es gibt kein bestandenes Teilergebnis, das übernommen werden kann");
    await app.db.prisma.dexamRegistration.update({ where: { id: failed.id }, data: { theoryPoints: 30, practicePoints: 40 } });
    const passed = await app.rest("POST", `/v1/registration/dexam/${failed.id}/takeover`, t.member, {
      event_id: event,
      theory_location_id: theory,
      gdpr_accepted: true,
    });
    expect(passed.body.error.message).toMatch(/bereits vollständig bestanden/);
    const gql = await gqlBody(
      "mutation($id: ID!, $input: DexamTakeoverInput!) { takeOverDexamPartialResult(id: $id, input: $input) { id } }",
      { id: gid("DexamRegistration", failed.id), input: { eventId: gid("Event", event), theoryLocationId: theory, gdprAccepted: true } },
      t.member,
    );
    expect(gql.errors?.[0].extensions.code).toBe("CONFLICT");
    await publish(false);
  });

  it("[R-RO018][R-RO019][R-RO020] the row menu flags follow the edit phase and the role", async () => {
    const r = await create({ lastname: "Menü" });
    const flags = async (who: string) =>
      (
        await gqlBody(
          "query($id: ID!) { node(id: $id) { ... on DexamRegistration { viewerCan { edit delete cancel manage } } } }",
          { id: gid("DexamRegistration", r.id) },
          t[who],
        )
      ).data.node.viewerCan;
    expect(await flags("member")).toEqual({ edit: "ALL", delete: true, cancel: false, manage: false });
    expect(await flags("role:registration_read")).toEqual({ edit: "NONE", delete: false, cancel: false, manage: false });
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "SONGS_ONLY" } });
    expect(await flags("member")).toEqual({ edit: "SONGS", delete: false, cancel: true, manage: false });
    expect(await flags("role:registration_manage")).toEqual({ edit: "ALL", delete: true, cancel: false, manage: true });
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NO_RESTRICTIONS" } });
  });

  it("[R-RO018] no lost updates: the second of two edits based on the same version is refused", async () => {
    const r = await create({ lastname: "Parallel" });
    expect(r.version).toBe(1);
    const first = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...r, remarks: "Büro A" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...r, remarks: "Verein B" });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/inzwischen von jemand anderem geändert/);
    const stored = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: r.id } });
    expect(remarksOf(app.services.dataKey, stored)).toBe("Büro A");
    // without a version (a /v1 client that does not send it) the save goes through
    const { version: _v, ...unversioned } = first.body;
    expect((await app.rest("PUT", "/v1/registration/dexam", t.member, { ...unversioned, remarks: "Verein B" })).status).toBe(200);
    const gql = await gqlBody(
      "mutation($id: ID!, $input: UpdateDexamRegistrationInput!) { updateDexamRegistration(id: $id, input: $input) { version } }",
      {
        id: gid("DexamRegistration", r.id),
        input: {
          firstname: "Lena",
          lastname: "Parallel",
          birthdate: "2012-04-05",
          gender: "F",
          associationId: world.club1,
          instrument: "CLARINET",
          type: "D2",
          theoryLocationId: theory,
          version: 2,
        },
      },
      t.member,
    );
    expect(gql.errors?.[0].extensions.code).toBe("CONFLICT");
  });
});

describe("the consent to the camp's health data (Art. 9(2)(a) GDPR)", () => {
  const MESSAGE =
    "Ohne Einwilligung in die Verarbeitung der Gesundheitsdaten durch eine sorgeberechtigte Person (oder mit deren Einverständnis) ist keine Anmeldung zur Freizeit möglich";
  const counts = async () => ({
    registrations: await app.db.prisma.dexamRegistration.count(),
    files: await app.db.prisma.storedFile.count(),
    mails: await app.db.prisma.mailOutbox.count(),
    audit: await app.db.prisma.auditEntry.count(),
  });
  const createByGraphql = async (over: Record<string, unknown>, token: string) =>
    gqlBody(
      `mutation($e: ID!, $input: DexamRegistrationInput!) {
        createDexamRegistration(eventId: $e, input: $input) { databaseId healthConsentAccepted gdprAccepted }
      }`,
      {
        e: gid("Event", camp),
        input: {
          firstname: "Gina",
          lastname: "Gesund",
          birthdate: "2013-02-03",
          gender: "F",
          associationId: world.club1,
          instrument: "CLARINET",
          type: "D1",
          theoryLocationId: await campTheory(),
          gdprAccepted: true,
          cancellationAccepted: true,
          camp: { mealRequest: "STANDARD", allergies: "Gräser", emergencyContacts: [{ name: "Papa", phone: "0711123456" }] },
          consentForm: { name: "einverstaendnis.pdf", dataUrl: PDF_URL },
          ...over,
        },
      },
      token,
    );

  it("/v1 refuses a camp registration without it, in German, and writes nothing (no row, file, mail or audit entry)", async () => {
    const before = await counts();
    for (const consent of [undefined, false, null]) {
      const res = await app.rest(
        "POST",
        "/v1/registration/dexam",
        t.member,
        await campBody({ lastname: "Ohneeinwilligung", health_consent_accepted: consent }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ health_consent_accepted: MESSAGE });
    }
    // the privacy consent does not stand in for it
    const privacyOnly = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ gdpr_accepted: true, health_consent_accepted: false }));
    expect(privacyOnly.body.error.fields.health_consent_accepted).toBe(MESSAGE);
    // registration_manage entering it by phone confirms the guardians' consent just the same
    const byPhone = await app.rest("POST", "/v1/registration/dexam", t["role:registration_manage"], await campBody({ health_consent_accepted: undefined }));
    expect(byPhone.status).toBe(400);
    expect(byPhone.body.error.fields.health_consent_accepted).toBe(MESSAGE);
    expect(await counts()).toEqual(before);
    expect(await app.db.prisma.dexamRegistration.count({ where: { lastname: "Ohneeinwilligung" } })).toBe(0);

    const given = await app.rest("POST", "/v1/registration/dexam", t.member, await campBody({ lastname: "Miteinwilligung" }));
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body.health_consent_accepted).toBe(true);
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: given.body.id } })).healthConsentAccepted).toBe(true);
    expect((await app.rest("GET", `/v1/registration/dexam/${given.body.id}`, t.member)).body.health_consent_accepted).toBe(true);
  });

  it("GraphQL refuses a camp registration without it and writes nothing; with it the registration records it", async () => {
    const before = await counts();
    for (const token of [t.member, t["role:registration_manage"]]) {
      const refused = await createByGraphql({}, token);
      expect(refused.errors?.[0]?.extensions?.code, JSON.stringify(refused)).toBe("VALIDATION");
      expect(refused.errors[0].extensions.fields).toEqual({ healthConsentAccepted: MESSAGE });
      const declined = await createByGraphql({ healthConsentAccepted: false }, token);
      expect(declined.errors[0].extensions.fields).toEqual({ healthConsentAccepted: MESSAGE });
    }
    expect(await counts()).toEqual(before);
    const created = await createByGraphql({ healthConsentAccepted: true }, t.member);
    expect(created.errors).toBeUndefined();
    expect(created.data.createDexamRegistration).toMatchObject({ healthConsentAccepted: true, gdprAccepted: true });
  });

  it("a takeover into a camp needs it too: refused without it (nothing written), recorded with it", async () => {
    const target = await app.db.prisma.event.create({
      data: {
        ...openEventFields(world.district1),
        name: "Freizeit mit Übernahme",
        formType: "DEXAM_CAMP",
        locations: { create: [{ name: "Praxis Freizeit", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] }] },
      },
      include: { locations: true },
    });
    const src = await app.rest("POST", "/v1/registration/dexam", t.member, body({ firstname: "Uwe", lastname: "Übernahme" }));
    expect(src.status, JSON.stringify(src.body)).toBe(201);
    await app.db.prisma.dexamRegistration.update({ where: { id: src.body.id }, data: { theoryPoints: 31.5 } });
    await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { publishResults: true } });
    const url = `/v1/registration/dexam/${src.body.id}/takeover`;
    const takeover = {
      event_id: target.id,
      practice_location_id: target.locations[0].id,
      gdpr_accepted: true,
      camp_extension: { meal_request: "standard", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
      file_upload: PDF_URL,
      file_upload_name: "einverstaendnis.pdf",
    };
    const before = await counts();
    const refused = await app.rest("POST", url, t.member, takeover);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.fields).toEqual({ health_consent_accepted: MESSAGE });
    expect(await counts()).toEqual(before);
    const ok = await app.rest("POST", url, t.member, { ...takeover, health_consent_accepted: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ event_id: target.id, health_consent_accepted: true, existing_partial_result_verified: true });
  });

  it("other D-exams take no health consent: one sent is refused, the registration records none", async () => {
    const refused = await app.rest("POST", "/v1/registration/dexam", t.member, body({ health_consent_accepted: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      health_consent_accepted: "Eine Einwilligung in die Verarbeitung von Gesundheitsdaten gibt es nur bei Freizeiten",
    });
    const plain = await app.rest("POST", "/v1/registration/dexam", t.member, body({ lastname: "Ohnefreizeit" }));
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.health_consent_accepted).toBe(false);
  });
});
