// D-exam registrations through GraphQL and /v1: the server rules of spec sections 4 and 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app.ts";
import { createWorld, type World } from "../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let camp: number;
let theory: number;
let practice: number;
const DAY = 86400_000;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const base = {
    districtAssociationId: world.district1,
    registrationDeadline: new Date(Date.now() + 30 * DAY),
    startPublishing: new Date(Date.now() - DAY),
    finishPublishing: new Date(Date.now() + 90 * DAY),
    privacyPolicy: "p",
  };
  const e = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
          { name: "Praxis Klarinette", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D2"], instruments: ["CLARINET"] },
        ],
      },
    },
    include: { locations: true },
  });
  event = e.id;
  theory = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
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

const body = (over: Record<string, unknown> = {}) => ({
  event_id: event,
  firstname: "Lena",
  lastname: "Klar",
  birthdate: "2012-04-05",
  gender: "f",
  association_id: world.club1,
  instrument: "Clarinet",
  type: "D2",
  theory_location_id: theory,
  practice_location_id: practice,
  gdpr_accepted: true,
  ...over,
});

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

  it("[R-VA042][R-VA043] a member cannot register for another club; registration_manage may register any club of the district", async () => {
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
    const closed = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created, songs });
    expect(closed.status).toBe(409);
    const office = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...created, firstname: "Korrigiert" });
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
    expect((await app.rest("DELETE", `/v1/registration/dexam/${created.id}`, t["role:registration_manage"])).status).toBe(409);
    await app.db.prisma.event.update({ where: { id: event }, data: { editPhase: "NO_RESTRICTIONS" } });
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
      camp_extension: {
        diseases: "Asthma",
        allergies: "Nüsse",
        meal_request: "vegetarian",
        vaccinations: [{ type: "tetanus", available: true, date: "2020-05-01" }],
        emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
      },
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
