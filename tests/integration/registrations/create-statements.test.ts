// Creating a registration (benchmark figure 3 "deadline rush"): one transaction reads the event
// under a share lock and writes the registration (with a camp's consent form), its audit entry, its
// key and its mail, and the /v1 answer is built from those rows. Proven here on both databases: the
// answer equals the registration read back, a create is checked against the event as a concurrent
// change leaves it, and a failing audit insert leaves no registration (atomicity). The statement
// count itself is in create-statements.pg.test.ts (it counts pg's queries).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../../server/src/auth/principal.ts";
import { createCompetition } from "../../../server/src/domains/competition/service.ts";
import type { ServiceCtx } from "../../../server/src/domains/context.ts";
import { createDexam } from "../../../server/src/domains/dexam/service.ts";
import { lockEventForRegistration } from "../../../server/src/domains/registrations/access.ts";
import { DEXAM_MSG } from "../../../server/src/shared/messages.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { gid, inTimeZone, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexam: number;
let theory: number;
let practice: number;
let camp: number;
let campTheory: number;
let competition: number;
let hall: number;
/** a second club of district 1 that no principal belongs to */
let club3: number;

const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")}`;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  club3 = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } })).id;
  const base = openEventFields(world.district1);
  const e = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen",
      formType: "DEXAM",
      locations: {
        create: [
          {
            name: "Theorie",
            type: "DEXAM_THEORY",
            street: "S",
            city: "C",
            dexamTypes: ["D1", "D2"],
            publishResults: true,
            start: new Date("2027-03-01T08:30:00.250Z"),
            end: new Date("2027-03-01T12:00:00Z"),
          },
          { name: "Praxis Klarinette", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET", "FLUTE"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexam = e.id;
  theory = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
  const c = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "Freizeit",
      formType: "DEXAM_CAMP",
      cancellationConditions: "Storno kostet",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  camp = c.id;
  campTheory = c.locations[0].id;
  const w = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiele",
      formType: "COMPETITION",
      locations: {
        create: [
          { name: "Stadthalle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K", "T", "U", "M"] },
          { name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["G", "B"] },
        ],
      },
    },
    include: { locations: true },
  });
  competition = w.id;
  hall = w.locations.find((l) => l.name === "Stadthalle")!.id;
});
afterAll(() => app.stop());

const dexamBody = (over: Record<string, unknown> = {}) => ({
  event_id: dexam,
  firstname: "Lena",
  lastname: "Klar",
  birthdate: "2012-04-05",
  gender: "f",
  association_id: world.club1,
  instrument: "Clarinet",
  type: "D2",
  theory_location_id: theory,
  practice_location_id: practice,
  songs: [{ number: "12", name: "Menuett" }],
  remarks: "  bitte vormittags ",
  gdpr_accepted: true,
  cancellation_accepted: true,
  ...over,
});
const campBody = (over: Record<string, unknown> = {}) =>
  dexamBody({
    event_id: camp,
    type: "D1",
    theory_location_id: campTheory,
    practice_location_id: null,
    songs: [],
    health_consent_accepted: true,
    camp_extension: {
      meal_request: "vegan",
      allergies: "Erdnüsse",
      vaccinations: [{ type: "tetanus", available: true, date: "2020-01-02" }],
      emergency_contact: [{ name: "Papa", phone: "0711123456" }],
    },
    file_upload: PDF_URL,
    file_upload_name: "einverstaendnis.pdf",
    ...over,
  });
const competitionBody = (over: Record<string, unknown> = {}) => ({
  event_id: competition,
  name: "Blasorchester Musterstadt",
  association_id: world.club1,
  type: "K",
  cast: "B",
  category: 4,
  conductor_name: "Max Takt",
  number_of_musicians: 55,
  songs: [{ name: "Pflichtstück", composer: "A", publisher: "V", duration: 360 }],
  gdpr_accepted: true,
  cancellation_accepted: true,
  ...over,
});

const gqlCreate = () =>
  app.gql(
    "mutation($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id } }",
    {
      e: gid("Event", dexam),
      input: {
        firstname: "Lena",
        lastname: "Atomar",
        birthdate: "2012-04-05",
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: theory,
        practiceLocationId: practice,
        gdprAccepted: true,
        cancellationAccepted: true,
      },
    },
    t.member,
  );

const counts = async () => ({
  dexam: await app.db.prisma.dexamRegistration.count(),
  competition: await app.db.prisma.competitionRegistration.count(),
  files: await app.db.prisma.storedFile.count(),
  audit: await app.db.prisma.auditEntry.count(),
});

const memberPrincipal = (): Principal => ({
  kind: "user",
  userId: world.userIds.member,
  subject: world.subjects.member,
  roles: [],
  districtAssociationId: world.district1,
  associationIds: [world.club1],
  blocked: false,
  profileComplete: true,
});
const ctxOf = (principal: Principal): ServiceCtx => ({ principal, prisma: app.db.prisma, services: app.services });

describe("a create answers from memory what a read answers", () => {
  const cases: [string, string, () => Record<string, unknown>][] = [
    ["a member, D-exam", "member", () => dexamBody()],
    ["a member, camp with consent form and health data", "member", () => campBody()],
    [
      "registration_manage for another club of the district, with a verified partial result",
      "role:registration_manage",
      () =>
        dexamBody({
          association_id: club3,
          theory_location_id: null,
          existing_partial_result: { type: "theory", district_association: "KV Eins", year: 2025, location: "Stadt", points: 87.5 },
          existing_partial_result_verified: true,
        }),
    ],
    ["admin for a club of another district", "admin", () => dexamBody({ association_id: world.club2 })],
  ];
  for (const [name, who, body] of cases) {
    it(`[R-API050] ${name}: the 201 answer equals GET /v1/registration/dexam/{id} field for field`, async () => {
      const created = await app.rest("POST", "/v1/registration/dexam", t[who], body());
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await app.rest("GET", `/v1/registration/dexam/${created.body.id}`, t[who]);
      expect(read.status).toBe(200);
      expect(created.body).toEqual(read.body);
      expect(created.body.association).toEqual({ id: body().association_id, name: expect.any(String) });
    });
  }

  it("[R-API055][R-RE029] a takeover's 201 answer equals the new registration read back; its audit entry names the source", async () => {
    const src = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ firstname: "Tom", lastname: "Teil" }));
    expect(src.status, JSON.stringify(src.body)).toBe(201);
    await app.db.prisma.dexamRegistration.update({ where: { id: src.body.id }, data: { theoryPoints: 31.5, practicePoints: 28 } });
    const taken = await app.rest("POST", `/v1/registration/dexam/${src.body.id}/takeover`, t.member, {
      event_id: dexam,
      practice_location_id: practice,
      gdpr_accepted: true,
      cancellation_accepted: true,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ firstname: "Tom", existing_partial_result: { type: "theory", points: 31.5 }, existing_partial_result_verified: true });
    const read = await app.rest("GET", `/v1/registration/dexam/${taken.body.id}`, t.member);
    expect(taken.body).toEqual(read.body);
    const entry = await app.db.prisma.auditEntry.findFirstOrThrow({ where: { entity: "DexamRegistration", entityId: taken.body.id } });
    expect(entry).toMatchObject({ action: "takeover", details: { from: src.body.id }, districtAssociationId: world.district1 });
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: taken.body.id } })).takenOverFromId).toBe(src.body.id);
  });

  it("[R-API050] a camp answer names the stored consent form; the file is the registration's", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ lastname: "Datei" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.consent_form_file).toEqual({ name: "einverstaendnis.pdf" });
    const row = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id }, include: { consentFormFile: true } });
    expect(row.consentFormFileId).toBe(created.body.consent_form_file_id);
    expect(row.consentFormFile?.name).toBe("einverstaendnis.pdf");
  });

  it("[R-API046] competition creates (a member; registration_manage with location and documents) answer as a read does", async () => {
    for (const [who, body] of [
      ["member", competitionBody()],
      ["role:registration_manage", competitionBody({ association_id: club3, location_id: hall, documents_complete: true, name: "Jugendorchester" })],
    ] as const) {
      const created = await app.rest("POST", "/v1/registration/competition", t[who], body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const read = await app.rest("GET", `/v1/registration/competition/${created.body.id}`, t[who]);
      expect(created.body).toEqual(read.body);
    }
  });

  it("[R-API050][R-API046] the created rows are exactly what Prisma reads back, and each has its audit entry", async () => {
    const ctx = ctxOf(memberPrincipal());
    const d = await createDexam(ctx, dexam, {
      firstname: "Rohe",
      lastname: "Zeile",
      birthdate: "2011-12-31",
      gender: "D",
      associationId: world.club1,
      instrument: "CLARINET",
      type: "D2",
      theoryLocationId: null,
      practiceLocationId: practice,
      partialResult: { type: "THEORY", districtAssociation: "KV", year: 2024, location: "Ort", points: 91.25 },
      songs: [{ number: "7", name: "Lied" }],
      gdprAccepted: true,
      cancellationAccepted: true,
    });
    expect(d.registration).toEqual(await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: d.registration.id } }));
    const c = await createCompetition(ctx, competition, {
      name: "Quartett",
      associationId: world.club1,
      type: "G",
      cast: "E",
      ageGroup: "III",
      conductorName: "D",
      numberOfMusicians: 4,
      members: "A\nB\nC\nD",
      songs: [{ name: "S", composer: "C", publisher: "P", duration: 100 }],
      gdprAccepted: true,
      cancellationAccepted: true,
    });
    expect(c.registration).toEqual(await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: c.registration.id } }));
    for (const [entity, row] of [
      ["DexamRegistration", d.registration],
      ["CompetitionRegistration", c.registration],
    ] as const) {
      const entries = await app.db.prisma.auditEntry.findMany({ where: { entity, entityId: row.id } });
      expect(entries).toEqual([
        {
          id: expect.any(Number),
          at: expect.any(Date),
          actorUserId: world.userIds.member,
          actorLabel: world.subjects.member,
          action: "create",
          entity,
          entityId: row.id,
          districtAssociationId: world.district1,
          details: null,
        },
      ]);
    }
  });

  it("a create keeps stored instants, days and amounts whatever the server's time zone", async () => {
    await inTimeZone("America/New_York", async () => {
      const ctx = ctxOf(memberPrincipal());
      const d = await createDexam(ctx, dexam, {
        firstname: "Zeit",
        lastname: "Zone",
        birthdate: "2012-01-01",
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D2",
        theoryLocationId: null,
        practiceLocationId: practice,
        partialResult: { type: "THEORY", districtAssociation: "KV", year: 2025, location: "Ort", points: 40.5 },
        gdprAccepted: true,
        cancellationAccepted: true,
      });
      const stored = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: d.registration.id } });
      expect(d.registration).toEqual(stored);
      expect(stored.birthdate.toISOString()).toBe("2012-01-01T00:00:00.000Z");
      expect(String(stored.partialResultPoints)).toBe("40.5");
      expect(Math.abs(stored.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    });
  });

  it("the event a create checks is Prisma's event with its locations (ordered by id); another form or an id out of range is not found", async () => {
    const locked = (id: number, forms: ("DEXAM" | "COMPETITION")[]) => app.db.prisma.$transaction((tx) => lockEventForRegistration(tx, id, forms));
    const event = await locked(dexam, ["DEXAM"]);
    expect(event).toEqual(await app.db.prisma.event.findUniqueOrThrow({ where: { id: dexam }, include: { locations: { orderBy: { id: "asc" } } } }));
    expect(event.locations.find((l) => l.id === theory)?.start?.toISOString()).toBe("2027-03-01T08:30:00.250Z");
    await expect(locked(dexam, ["COMPETITION"])).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(locked(2 ** 31, ["DEXAM"])).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a create is checked against the event as it is when the create is written", () => {
  const db = () => app.db.prisma;
  const stored = async (lastname: string) => ({
    rows: await db().dexamRegistration.count({ where: { lastname } }),
    audit: await db().auditEntry.count({
      where: { entity: "DexamRegistration", entityId: { in: (await db().dexamRegistration.findMany({ where: { lastname } })).map((r) => r.id) } },
    }),
  });
  const deadline = async () => (await db().event.findUniqueOrThrow({ where: { id: dexam } })).registrationDeadline;

  it("[R-ST030][R-ST031] a deadline moved into the past by an operator's SQL: the very next create is refused", async () => {
    const was = await deadline();
    expect((await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Vorher" }))).status).toBe(201);
    await db().$executeRawUnsafe(`UPDATE "Event" SET "registrationDeadline" = now() - interval '1 day' WHERE id = ${dexam}`);
    try {
      const late = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Zuspaet" }));
      expect(late.status, JSON.stringify(late.body)).toBe(409);
      expect(late.body.error.message).toBe("Der Anmeldeschluss ist vorbei");
      expect(await stored("Zuspaet")).toEqual({ rows: 0, audit: 0 });
    } finally {
      await db().event.update({ where: { id: dexam }, data: { registrationDeadline: was } });
    }
  });

  it("[R-ST030][R-ST031] a create sent while the deadline is being moved into the past waits for that change and is refused", async () => {
    const was = await deadline();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let changed!: () => void;
    const updated = new Promise<void>((r) => {
      changed = r;
    });
    // an editor's transaction that has changed the event but not yet committed
    const editor = db().$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE "Event" SET "registrationDeadline" = now() - interval '1 day' WHERE id = ${dexam}`);
        changed();
        await held;
      },
      { timeout: 60_000, maxWait: 60_000 },
    );
    try {
      await updated;
      let answered = false;
      const late = app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Waehrenddessen" })).finally(() => {
        answered = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(answered).toBe(false);
      release();
      await editor;
      const res = await late;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.message).toBe("Der Anmeldeschluss ist vorbei");
      expect(await stored("Waehrenddessen")).toEqual({ rows: 0, audit: 0 });
    } finally {
      release();
      await editor.catch(() => undefined);
      await db().event.update({ where: { id: dexam }, data: { registrationDeadline: was } });
    }
  });

  it("[R-VA023] a practice location that stopped examining the instrument: the create is checked against the location as it is", async () => {
    expect((await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Vorher" }))).status).toBe(201);
    await db().$executeRawUnsafe(`UPDATE "EventLocation" SET instruments = '{FLUTE}' WHERE id = ${practice}`);
    try {
      const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Ohneklarinette" }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ practice_location_id: DEXAM_MSG.locationInstrument });
      expect(await stored("Ohneklarinette")).toEqual({ rows: 0, audit: 0 });
    } finally {
      await db().eventLocation.update({ where: { id: practice }, data: { instruments: ["CLARINET", "FLUTE"] } });
    }
  });
});

describe("creates arriving together: each its own", () => {
  it("[R-API050][R-API046] D-exams, camps with their consent forms and competitions sent at once: each answer is its own registration with its own file and one audit entry", async () => {
    const sent = [
      ...[0, 1, 2].map((i) => ["/v1/registration/dexam", dexamBody({ lastname: `Gleichzeitig${i}` })] as const),
      ...[0, 1].map((i) => ["/v1/registration/dexam", campBody({ lastname: `Lager${i}`, file_upload_name: `einverstaendnis-${i}.pdf` })] as const),
      ...[0, 1].map((i) => ["/v1/registration/competition", competitionBody({ name: `Ensemble${i}` })] as const),
    ];
    const answers = await Promise.all(sent.map(([url, body]) => app.rest("POST", url, t.member, body)));
    for (const [i, res] of answers.entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [url, body] = sent[i];
      const read = await app.rest("GET", `${url}/${res.body.id}`, t.member);
      expect(res.body).toEqual(read.body);
      if ("lastname" in body) expect(res.body.lastname).toBe(body.lastname);
      else expect(res.body.name).toBe(body.name);
      if ("file_upload_name" in body) expect(res.body.consent_form_file).toEqual({ name: body.file_upload_name });
      const entity = url.endsWith("dexam") ? "DexamRegistration" : "CompetitionRegistration";
      expect(await app.db.prisma.auditEntry.count({ where: { entity, entityId: res.body.id, action: "create" } })).toBe(1);
    }
    // each consent form belongs to exactly one registration
    const camps = await app.db.prisma.dexamRegistration.findMany({ where: { lastname: { startsWith: "Lager" } }, include: { consentFormFile: true } });
    expect(camps.map((c) => [c.lastname, c.consentFormFile?.name]).sort()).toEqual([
      ["Lager0", "einverstaendnis-0.pdf"],
      ["Lager1", "einverstaendnis-1.pdf"],
    ]);
  });

  it("[R-API050] one create the database refuses does not take the others with it: they are written once each, it not at all", async () => {
    const db = app.db.prisma;
    await db.$executeRawUnsafe(
      `CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.lastname = 'Abgelehnt' THEN RAISE EXCEPTION 'refused (test)'; END IF; RETURN NEW; END $$`,
    );
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_one BEFORE INSERT ON "DexamRegistration" FOR EACH ROW EXECUTE FUNCTION refuse_one()`);
    try {
      const names = ["Angenommen0", "Abgelehnt", "Angenommen1", "Angenommen2"];
      const answers = await Promise.all(names.map((lastname) => app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname }))));
      expect(answers.map((a) => a.status)).toEqual([201, 500, 201, 201]);
      for (const lastname of names) {
        const rows = await db.dexamRegistration.findMany({ where: { lastname } });
        expect(rows, lastname).toHaveLength(lastname === "Abgelehnt" ? 0 : 1);
        for (const r of rows) expect(await db.auditEntry.count({ where: { entity: "DexamRegistration", entityId: r.id } })).toBe(1);
      }
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_one ON "DexamRegistration"`);
      await db.$executeRawUnsafe("DROP FUNCTION refuse_one()");
    }
  });
});

describe("registration and audit entry: both or neither", () => {
  it("[R-API050][R-API046] when the audit insert fails, the create answers an error and stores nothing (no registration, no file)", async () => {
    const db = app.db.prisma;
    await db.$executeRawUnsafe(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused (test)'; END $$`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_audit BEFORE INSERT ON "AuditEntry" FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      const before = await counts();
      for (const [url, body] of [
        ["/v1/registration/dexam", dexamBody({ lastname: "Atomar" })],
        ["/v1/registration/dexam", campBody({ lastname: "Atomar" })],
        ["/v1/registration/competition", competitionBody({ name: "Atomar" })],
      ] as const) {
        const res = await app.rest("POST", url, t.member, body);
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(500);
      }
      const gql = await gqlCreate();
      expect(gql.body.errors?.length, JSON.stringify(gql.body)).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);
      expect(await db.dexamRegistration.count({ where: { lastname: "Atomar" } })).toBe(0);
      expect(await db.competitionRegistration.count({ where: { name: "Atomar" } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_audit ON "AuditEntry"`);
      await db.$executeRawUnsafe("DROP FUNCTION refuse_audit()");
    }
    // the trigger was the only obstacle: the same create succeeds without it
    const ok = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ lastname: "Atomar" }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await db.auditEntry.count({ where: { entity: "DexamRegistration", entityId: ok.body.id, action: "create" } })).toBe(1);
    const gqlOk = await gqlCreate();
    expect(gqlOk.body.errors, JSON.stringify(gqlOk.body)).toBeUndefined();
    expect(gqlOk.body.data.createDexamRegistration.id).toEqual(expect.any(String));
  });
});
