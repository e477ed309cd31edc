// The /v1 routes of spec section 7 one by one: each answers what it names, with the spec's fields,
// 404 for an unknown id, and (create calls) needs the district association in the body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPracticeSheet, pcJurorWorkbook, unzip, upload } from "../../fixtures/workbooks.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexamEvent: number;
let theory: number;
let theory2: number;
let competitionEvent: number;
let hall: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const base = openEventFields(world.district1);
  const d = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen REST",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie Nord", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
          { name: "Theorie Süd", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexamEvent = d.id;
  theory = d.locations.find((l) => l.name === "Theorie Nord")!.id;
  theory2 = d.locations.find((l) => l.name === "Theorie Süd")!.id;
  const c = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiele REST",
      formType: "COMPETITION",
      locations: { create: [{ name: "Stadthalle", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["K"] }] },
    },
    include: { locations: true },
  });
  competitionEvent = c.id;
  hall = c.locations[0].id;
});
afterAll(() => app.stop());

const eventBody = (over: Record<string, unknown> = {}) => ({
  name: "REST-Veranstaltung",
  district_association_id: world.district1,
  form_type: "dexam",
  edit_phase: "NoRestrictions",
  registration_deadline: "2099-07-15",
  start_publishing: new Date(Date.now() - DAY).toISOString(),
  finish_publishing: new Date(Date.now() + 90 * DAY).toISOString(),
  privacy_policy: "Datenschutz",
  ...over,
});
const dexamBody = (location: number, lastname: string) => ({
  event_id: dexamEvent,
  firstname: "Paul",
  lastname,
  birthdate: "2011-01-02",
  gender: "m",
  association_id: world.club1,
  instrument: "Trumpet",
  type: "D1",
  theory_location_id: location,
  gdpr_accepted: true,
});

describe("create calls carry district_association_id", () => {
  it("[R-API009] users, clubs and events are created in the district association named in the body; without it nothing is created", async () => {
    const user = { firstname: "Nora", lastname: "Neu", email: "nora.neu@test.example" };
    const club = { name: "MV Neu" };
    const cases = [
      ["/v1/user", user, "user"],
      ["/v1/association", club, "association"],
      ["/v1/event", eventBody(), "event"],
    ] as const;
    for (const [url, body, table] of cases) {
      const { district_association_id: _omit, ...without } = body as Record<string, unknown>;
      const count = () => (app.db.prisma[table] as unknown as { count(): Promise<number> }).count();
      const before = await count();
      const missing = await app.rest("POST", url, t.admin, without);
      expect(missing.status, url).toBe(400);
      expect(missing.body.error.fields.district_association_id, url).toBe("Dieses Feld ist ein Pflichtfeld");
      expect(await count(), url).toBe(before);
      const created = await app.rest("POST", url, t.admin, { ...body, district_association_id: world.district2 });
      expect(created.status, `${url} ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body.district_association_id, url).toBe(world.district2);
    }
  });
});

describe("clubs and district associations", () => {
  it("[R-API011] GET /v1/association/{id} loads one club; an unknown or foreign one answers 404", async () => {
    const res = await app.rest("GET", `/v1/association/${world.club1}`, t["role:association_read"]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: world.club1, name: "MV Eins", district_association_id: world.district1 });
    expect((await app.rest("GET", "/v1/association/999999", t["role:association_read"])).status).toBe(404);
    expect((await app.rest("GET", `/v1/association/${world.club2}`, t["role:association_read"])).status).toBe(404);
  });

  it("[R-API016] GET /v1/districtassociation/{id} loads one district association; an unknown id answers 404", async () => {
    const res = await app.rest("GET", `/v1/districtassociation/${world.district2}`, t.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: world.district2, name: "KV Zwei", iam_ref: "kv-2", gdpr_link: "https://e.test/2/dsgvo" });
    expect((await app.rest("GET", "/v1/districtassociation/999999", t.admin)).status).toBe(404);
  });

  it("[R-API020] GET /v1/districtassociations lists the district associations by name", async () => {
    const res = await app.rest("GET", "/v1/districtassociations", t.member);
    expect(res.status).toBe(200);
    const names = res.body.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(["KV Eins", "KV Zwei"]));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(res.body.find((d: { id: number }) => d.id === world.district1)).toMatchObject({
      gdpr_link: "https://e.test/1/dsgvo",
      impress_link: "https://e.test/1/impressum",
    });
  });
});

describe("events and locations", () => {
  it("[R-API022] GET /v1/event/{id} loads one event; an unknown id answers 404", async () => {
    const res = await app.rest("GET", `/v1/event/${dexamEvent}`, t.member);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: dexamEvent, name: "D-Prüfungen REST", form_type: "dexam" });
    expect(res.body.locations.map((l: { id: number }) => l.id).sort()).toEqual([theory, theory2].sort());
    expect((await app.rest("GET", "/v1/event/999999", t.member)).status).toBe(404);
  });

  it("[R-API021] GET /v1/event/{eventId}/locations lists the locations of that event only", async () => {
    const res = await app.rest("GET", `/v1/event/${dexamEvent}/locations`, t.member);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { name: string }) => l.name).sort()).toEqual(["Theorie Nord", "Theorie Süd"]);
    expect(res.body.every((l: { event_id: number }) => l.event_id === dexamEvent)).toBe(true);
    const other = await app.rest("GET", `/v1/event/${competitionEvent}/locations`, t.member);
    expect(other.body.map((l: { id: number }) => l.id)).toEqual([hall]);
    expect((await app.rest("GET", "/v1/event/999999/locations", t.member)).status).toBe(404);
  });

  it("[R-API027] GET /v1/event/location/{id} loads one event location; an unknown id answers 404", async () => {
    const res = await app.rest("GET", `/v1/event/location/${hall}`, t.member);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hall, name: "Stadthalle", type: "Competition", event_id: competitionEvent, available_sub_types: ["K"] });
    expect((await app.rest("GET", "/v1/event/location/999999", t.member)).status).toBe(404);
  });

  it("[R-API029] POST /v1/event/location with a JSON body creates a location of the event named in event_id", async () => {
    const res = await app.rest("POST", "/v1/event/location", t["role:event_manage"], {
      event_id: dexamEvent,
      name: "Vorbereitung",
      type: "DExamPreparation",
      address: { street: "Lagerweg 1", postcode: "70173", city: "Stuttgart", country: "Deutschland" },
      start: "2099-07-01T08:00:00.000Z",
      end: "2099-07-05T16:00:00.000Z",
      available_sub_types: ["D1"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: "Vorbereitung", type: "DExamPreparation", event_id: dexamEvent, address: { city: "Stuttgart" } });
    const stored = await app.db.prisma.eventLocation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ eventId: dexamEvent, name: "Vorbereitung", type: "DEXAM_PREPARATION", street: "Lagerweg 1" });
    const noEvent = await app.rest("POST", "/v1/event/location", t["role:event_manage"], { name: "Ohne", type: "DExamTheory" });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.error.fields.event_id).toBe("Dieses Feld ist ein Pflichtfeld");
    await app.rest("DELETE", `/v1/event/location/${res.body.id}`, t["role:event_manage"]);
  });

  it("[R-API023] DELETE /v1/event/{id} deletes an event with its locations", async () => {
    const created = await app.rest("POST", "/v1/event", t["role:event_manage"], eventBody({ name: "Weg damit" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    await app.db.prisma.eventLocation.create({ data: { eventId: id, name: "Ort", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] } });
    const res = await app.rest("DELETE", `/v1/event/${id}`, t["role:event_manage"]);
    expect(res.status).toBe(204);
    expect(await app.db.prisma.event.count({ where: { id } })).toBe(0);
    expect(await app.db.prisma.eventLocation.count({ where: { eventId: id } })).toBe(0);
    expect((await app.rest("GET", `/v1/event/${id}`, t["role:event_manage"])).status).toBe(404);
    expect((await app.rest("DELETE", `/v1/event/${id}`, t["role:event_manage"])).status).toBe(404);
  });
});

describe("registration lists", () => {
  it("[R-API057] GET /v1/registrations/event/{eventId}/dexam lists an event's D-exam registrations, with locationId those of one location", async () => {
    for (const [location, name] of [
      [theory, "Nord"],
      [theory2, "Süd"],
    ] as const) {
      const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody(location, name));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const all = await app.rest("GET", `/v1/registrations/event/${dexamEvent}/dexam`, t["role:registration_read"]);
    expect(all.status).toBe(200);
    expect(all.body.map((r: { lastname: string }) => r.lastname)).toEqual(["Nord", "Süd"]);
    expect(all.body.every((r: { event_id: number }) => r.event_id === dexamEvent)).toBe(true);
    const south = await app.rest("GET", `/v1/registrations/event/${dexamEvent}/dexam?locationId=${theory2}`, t["role:registration_read"]);
    expect(south.body.map((r: { lastname: string; theory_location_id: number }) => [r.lastname, r.theory_location_id])).toEqual([["Süd", theory2]]);
    expect((await app.rest("GET", `/v1/registrations/event/${competitionEvent}/dexam`, t["role:registration_read"])).body).toEqual([]);
  });

  it("[R-API056] GET /v1/registrations/event/{eventId}/competition lists an event's competition registrations", async () => {
    const created = await app.rest("POST", "/v1/registration/competition", t.member, {
      event_id: competitionEvent,
      name: "Blasorchester REST",
      association_id: world.club1,
      type: "K",
      cast: "B",
      category: 3,
      conductor_name: "Max Takt",
      number_of_musicians: 40,
      gdpr_accepted: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await app.rest("GET", `/v1/registrations/event/${competitionEvent}/competition`, t["role:registration_read"]);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([[created.body.id, "Blasorchester REST"]]);
    expect((await app.rest("GET", `/v1/registrations/event/${dexamEvent}/competition`, t["role:registration_read"])).body).toEqual([]);
  });
});

describe("users", () => {
  it("[R-API063] DELETE /v1/user/{id} deletes a user, and with the own id the own account", async () => {
    const other = await app.db.prisma.user.create({
      data: { subject: "sub-gone", email: "gone@test.example", firstname: "Gone", lastname: "Test", roles: [], districtAssociationId: world.district1 },
    });
    const res = await app.rest("DELETE", `/v1/user/${other.id}`, t["role:user_manage"]);
    expect(res.status).toBe(204);
    expect(await app.db.prisma.user.count({ where: { id: other.id } })).toBe(0);
    expect((await app.rest("DELETE", `/v1/user/${other.id}`, t["role:user_manage"])).status).toBe(404);

    const me = await app.db.prisma.user.create({
      data: { subject: "sub-self", email: "self@test.example", firstname: "Self", lastname: "Test", roles: [], districtAssociationId: world.district1 },
    });
    const own = await app.rest("DELETE", `/v1/user/${me.id}`, await app.token("sub-self"));
    expect(own.status).toBe(204);
    expect(await app.db.prisma.user.count({ where: { id: me.id } })).toBe(0);
  });
});

describe("result sources", () => {
  it("[R-EN041] theory points are entered by hand, practice points come from the uploaded evaluation sheet, competition results from pcjuror.xlsm", async () => {
    const staff = t["role:results_manage"];
    const e = await app.db.prisma.event.create({
      data: {
        name: "Ergebnisquellen",
        districtAssociationId: world.district1,
        formType: "DEXAM",
        registrationDeadline: new Date(Date.now() + 30 * DAY),
        startPublishing: new Date(Date.now() - DAY),
        finishPublishing: new Date(Date.now() + 90 * DAY),
        privacyPolicy: "p",
        locations: {
          create: [
            { name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] },
            { name: "P", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1"], instruments: ["TRUMPET"] },
          ],
        },
      },
      include: { locations: true },
    });
    const th = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
    const pr = e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, {
      ...dexamBody(th, "Quelle"),
      event_id: e.id,
      practice_location_id: pr,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;

    // theory: by hand
    const theoryRes = await app.rest("PUT", `/v1/registration/dexam/${id}/location/${th}/theory_result`, staff, { theory_points: 41 });
    expect(theoryRes.status, JSON.stringify(theoryRes.body)).toBe(200);
    expect(theoryRes.body.result.theory_points).toBe(41);
    // practice: never by hand
    const byHand = await app.rest("PUT", `/v1/registration/dexam/${id}/location/${pr}/theory_result`, staff, { theory_points: 30 });
    expect(byHand.status).toBeGreaterThanOrEqual(400);
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } })).practicePoints).toBeNull();
    // practice: from the filled evaluation sheet
    const blank = await app.rest("GET", `/v1/export/location/${pr}/dexam/blank_practice_sheets`, staff);
    const [name, data] = Object.entries(unzip(blank.raw)).find(([n]) => n.startsWith(`Praxisbogen_R${id}_`))!;
    const sheet = await upload(app, `/v1/registration/dexam/location/${pr}/practice_sheets`, staff, "files", [
      { name, data: await fillPracticeSheet(data, 55) },
    ]);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect(Number((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id } })).practicePoints)).toBe(55);

    // competition: from the scoring program's pcjuror.xlsm, nothing else
    const band = await app.rest("POST", "/v1/registration/competition", t.member, {
      event_id: competitionEvent,
      name: "Kapelle Quelle",
      association_id: world.club1,
      type: "K",
      cast: "B",
      category: 2,
      conductor_name: "Max Takt",
      number_of_musicians: 30,
      gdpr_accepted: true,
    });
    expect(band.status, JSON.stringify(band.body)).toBe(201);
    const workbook = await pcJurorWorkbook(["Anmelde-ID", "Punkte", "Prädikat"], [[band.body.id, 88, "mit sehr gutem Erfolg"]]);
    const juror = (fileName: string) =>
      upload(app, `/v1/registration/competition/event/${competitionEvent}/pc_juror`, staff, "file", [{ name: fileName, data: workbook }]);
    expect((await juror("ergebnisse.xlsx")).status).toBe(400);
    expect((await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: band.body.id } })).points).toBeNull();
    const ok = await juror("pcjuror.xlsm");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stored = await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: band.body.id } });
    expect([Number(stored.points), stored.mark]).toEqual([88, "mit sehr gutem Erfolg"]);
  });
});
