// The /v1 field sets of spec section 3 (user, club, district association, event, location, D-exam
// and competition registration) and the enumerations as they travel on the wire: every answer
// carries at least the spec's fields, in the spec's spelling, and unknown enumeration values are
// refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredEvents } from "../../../server/src/domains/events/expiry.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexamEvent: number;
let campEvent: number;
let competitionEvent: number;
let theory: number;
let practice: number;
let campTheory: number;

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF\n").toString("base64")}`;

/** The answer has every one of the spec's fields (more are allowed: version, derived flags). */
function expectFields(body: Record<string, unknown>, fields: string[]) {
  expect(Object.keys(body ?? {}).sort()).toEqual(expect.arrayContaining([...fields].sort()));
}

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt", country: "Deutschland" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.target] } }, data: complete });
  const base = { ...openEventFields(world.district1), cancellationConditions: "Storno kostet" };
  const dexam = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "D-Prüfungen Wire",
      formType: "DEXAM",
      locations: {
        create: [
          { name: "Theorie", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1", "D2", "D3"] },
          { name: "Praxis", type: "DEXAM_PRACTICE", street: "S", city: "C", dexamTypes: ["D1", "D2", "D3"], instruments: ["CLARINET", "PERCUSSION"] },
        ],
      },
    },
    include: { locations: true },
  });
  dexamEvent = dexam.id;
  theory = dexam.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = dexam.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
  const camp = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "Freizeit Wire",
      formType: "DEXAM_CAMP",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  campEvent = camp.id;
  campTheory = camp.locations[0].id;
  const competition = await app.db.prisma.event.create({
    data: {
      ...base,
      name: "Wertungsspiele Wire",
      formType: "COMPETITION",
      locations: { create: [{ name: "Kirche", type: "COMPETITION", street: "S", city: "C", competitionTypes: ["T", "K", "U", "G", "M", "B"] }] },
    },
  });
  competitionEvent = competition.id;
});
afterAll(() => app.stop());

const dexamBody = (over: Record<string, unknown> = {}) => ({
  event_id: dexamEvent,
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
  cancellation_accepted: true,
  ...over,
});
const competitionBody = (over: Record<string, unknown> = {}) => ({
  event_id: competitionEvent,
  name: "Holzbläserquartett",
  association_id: world.club1,
  type: "G",
  cast: "E",
  age_group: "III",
  conductor_name: "Doris Dirigent",
  number_of_musicians: 4,
  members: "Anna Alt\nBen Bass\nCarla Cello\nDirk Dur",
  gdpr_accepted: true,
  cancellation_accepted: true,
  ...over,
});

describe("users", () => {
  it("[R-EN001][R-EN002] a user carries id, names, email, phone, address{street, postcode, city, country}, roles, associations[{name, id}], district association, last active and blocked", async () => {
    const res = await app.rest("GET", `/v1/user/${world.userIds.target}`, t["role:user_read"]);
    expect(res.status).toBe(200);
    expectFields(res.body, [
      "id",
      "firstname",
      "lastname",
      "email",
      "phone",
      "address",
      "roles",
      "associations",
      "district_association_id",
      "last_active",
      "blocked",
    ]);
    expect(res.body).toMatchObject({
      id: world.userIds.target,
      firstname: "target",
      lastname: "Test",
      email: "target@test.example",
      phone: "+49711",
      roles: [],
      district_association_id: world.district1,
      last_active: null,
      blocked: false,
    });
    expect(res.body.address).toEqual({ street: "Weg 1", postcode: "70173", city: "Stadt", country: "Deutschland" });
    expect(res.body.associations).toEqual([{ id: world.club1, name: "MV Eins" }]);
    // the address travels as the nested object in a save, too
    const saved = await app.rest("PUT", "/v1/user", t.member, {
      id: 0,
      firstname: "member",
      lastname: "Test",
      email: "member@test.example",
      phone: "+49711",
      address: { street: "Neue Str. 2", postcode: "70174", city: "Neustadt", country: "Österreich" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.address).toEqual({ street: "Neue Str. 2", postcode: "70174", city: "Neustadt", country: "Österreich" });
  });

  it("[R-EN003] the current user is loaded with id 0", async () => {
    const me = await app.rest("GET", "/v1/user/0", t.member);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: world.userIds.member, email: "member@test.example" });
    const other = await app.rest("GET", "/v1/user/0", t["role:user_read"]);
    expect(other.body.id).toBe(world.userIds["role:user_read"]);
    expect(other.body.roles).toEqual(["user_read"]);
  });

  it("[R-EN023] a user is active or blocked: deactivate sets blocked, reactivate clears it", async () => {
    const id = world.userIds.target;
    const blocked = await app.rest("PUT", `/v1/user/${id}/deactivate`, t["role:user_manage"]);
    expect(blocked.status).toBe(200);
    expect(blocked.body.blocked).toBe(true);
    expect((await app.rest("GET", `/v1/user/${id}`, t["role:user_read"])).body.blocked).toBe(true);
    const active = await app.rest("PUT", `/v1/user/${id}/reactivate`, t["role:user_manage"]);
    expect(active.body.blocked).toBe(false);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id } })).blocked).toBe(false);
  });
});

describe("clubs and district associations", () => {
  it("[R-EN005] a club carries id, name, district_association_id and invoice_email", async () => {
    const created = await app.rest("POST", "/v1/association", t["role:association_manage"], {
      name: "MV Wire",
      district_association_id: world.district1,
      invoice_email: "kasse@mv-wire.example",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await app.rest("GET", `/v1/association/${created.body.id}`, t["role:association_read"]);
    expectFields(res.body, ["id", "name", "district_association_id", "invoice_email"]);
    expect(res.body).toMatchObject({ id: created.body.id, name: "MV Wire", district_association_id: world.district1, invoice_email: "kasse@mv-wire.example" });
    await app.rest("DELETE", `/v1/association/${created.body.id}`, t["role:association_manage"]);
  });

  it("[R-EN006] a district association carries id, name, iam_ref, gdpr_link, impress_link, file_upload and its associations[]", async () => {
    const res = await app.rest("GET", `/v1/districtassociation/${world.district1}`, t.admin);
    expect(res.status).toBe(200);
    expectFields(res.body, ["id", "name", "iam_ref", "gdpr_link", "impress_link", "file_upload", "associations"]);
    expect(res.body).toMatchObject({
      id: world.district1,
      name: "KV Eins",
      iam_ref: "kv-1",
      gdpr_link: "https://e.test/1/dsgvo",
      impress_link: "https://e.test/1/impressum",
      file_upload: null,
    });
    expect(res.body.associations).toContainEqual({ id: world.club1, name: "MV Eins" });
    expect(res.body.associations.map((a: { id: number }) => a.id)).not.toContain(world.club2);
    const list = await app.rest("GET", "/v1/districtassociations", t.admin);
    expect(list.body.find((d: { id: number }) => d.id === world.district2).associations).toEqual([{ id: world.club2, name: "MV Zwei" }]);
    // a member sees the names and links, and of the clubs only the own one
    const member = await app.rest("GET", "/v1/districtassociations", t.member);
    const own = member.body.find((d: { id: number }) => d.id === world.district1);
    expect(own).toMatchObject({ name: "KV Eins", iam_ref: null, associations: [{ id: world.club1, name: "MV Eins" }] });
    expect(member.body.find((d: { id: number }) => d.id === world.district2).associations).toEqual([]);
  });

  it("[R-EN007] file_upload is the signature image as data URL; .png and .jpeg/.jpg are accepted, other files refused", async () => {
    const base = { name: "KV Bild", iam_ref: "bild", gdpr_link: "https://e.test/a", impress_link: "https://e.test/b" };
    for (const [mime, bytes] of [
      ["image/png", PNG],
      ["image/jpeg", JPEG],
    ] as const) {
      const url = `data:${mime};base64,${bytes.toString("base64")}`;
      const created = await app.rest("POST", "/v1/districtassociation", t.admin, { ...base, file_upload: url });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.file_upload).toBe(url);
      expect((await app.rest("GET", `/v1/districtassociation/${created.body.id}`, t.admin)).body.file_upload).toBe(url);
      await app.rest("DELETE", `/v1/districtassociation/${created.body.id}`, t.admin);
    }
    const gif = await app.rest("POST", "/v1/districtassociation", t.admin, { ...base, file_upload: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" });
    expect(gif.status).toBe(400);
    expect(gif.body.error.fields.file_upload).toBe("Bitte ein Bild im Format .jpeg, .jpg oder .png hochladen");
  });
});

describe("events and locations", () => {
  const eventBody = (over: Record<string, unknown> = {}) => ({
    name: "Wire-Veranstaltung",
    description: "Beschreibung",
    district_association_id: world.district1,
    form_type: "dexam",
    edit_phase: "NoRestrictions",
    registration_deadline: "2099-07-15",
    start_publishing: new Date(Date.now() - DAY).toISOString(),
    finish_publishing: new Date(Date.now() + 90 * DAY).toISOString(),
    expiration: "2099-12-31",
    start: "2099-08-01T08:00:00.000Z",
    end: "2099-08-02T16:00:00.000Z",
    address: "Stadthalle, Hauptstr. 1, 70173 Stuttgart",
    cancellation_conditions: "Storno kostet",
    privacy_policy: "Datenschutz",
    ...over,
  });

  it("[R-EN008] an event carries the spec's fields, with district_association{name} and its locations[]", async () => {
    const created = await app.rest("POST", "/v1/event", t["role:event_manage"], eventBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const location = await app.rest("POST", "/v1/event/location", t["role:event_manage"], {
      event_id: created.body.id,
      name: "Musikschule",
      type: "DExamTheory",
      address: { street: "Schulweg 3", postcode: "70173", city: "Stuttgart", country: "Deutschland" },
      start: "2099-08-01T08:00:00.000Z",
      end: "2099-08-01T12:00:00.000Z",
      available_sub_types: ["D1"],
    });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const res = await app.rest("GET", `/v1/event/${created.body.id}`, t["role:event_manage"]);
    expectFields(res.body, [
      "id",
      "name",
      "description",
      "district_association_id",
      "district_association",
      "form_type",
      "edit_phase",
      "registration_deadline",
      "start_publishing",
      "finish_publishing",
      "expiration",
      "start",
      "end",
      "address",
      "locations",
      "cancellation_conditions",
      "privacy_policy",
    ]);
    expect(res.body).toMatchObject({
      name: "Wire-Veranstaltung",
      description: "Beschreibung",
      district_association_id: world.district1,
      district_association: { name: "KV Eins" },
      form_type: "dexam",
      edit_phase: "NoRestrictions",
      expiration: "2099-12-31",
      start: "2099-08-01T08:00:00.000Z",
      end: "2099-08-02T16:00:00.000Z",
      address: "Stadthalle, Hauptstr. 1, 70173 Stuttgart",
      cancellation_conditions: "Storno kostet",
      privacy_policy: "Datenschutz",
    });
    expect(res.body.locations).toHaveLength(1);
    expect(res.body.locations[0]).toMatchObject({ name: "Musikschule", event_id: created.body.id });
    await app.rest("DELETE", `/v1/event/${created.body.id}`, t["role:event_manage"]);
  });

  it("[R-EN009] expiration is the automatic deletion date: the event goes once that day has passed, not before", async () => {
    const created = await app.rest("POST", "/v1/event", t["role:event_manage"], eventBody({ name: "Verfällt", expiration: "2099-09-30" }));
    expect(created.body.expiration).toBe("2099-09-30");
    const id = created.body.id;
    expect((await deleteExpiredEvents(app.db.prisma, new Date("2099-09-30T20:00:00Z")))?.events).toBe(0);
    expect(await app.db.prisma.event.count({ where: { id } })).toBe(1);
    await deleteExpiredEvents(app.db.prisma, new Date("2099-10-01T10:00:00Z"));
    expect(await app.db.prisma.event.count({ where: { id } })).toBe(0);
    // events without an expiration stay
    expect(await app.db.prisma.event.count({ where: { id: dexamEvent } })).toBe(1);
  });

  it("[R-EN010] a location carries id, name, type, event_id, event, address{street, postcode, city, country}, start, end, available_sub_types[], instruments[] and publish_results", async () => {
    const created = await app.rest("POST", "/v1/event/location", t["role:event_manage"], {
      event_id: dexamEvent,
      name: "Praxis Blech",
      type: "DExamPractice",
      address: { street: "Schulweg 3", postcode: "70173", city: "Stuttgart", country: "Deutschland" },
      start: "2099-08-01T08:00:00.000Z",
      end: "2099-08-01T12:00:00.000Z",
      available_sub_types: ["D1", "D3"],
      instruments: ["Trumpet", "Eb Clarinet"],
      publish_results: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await app.rest("GET", `/v1/event/location/${created.body.id}`, t["role:event_manage"]);
    expectFields(res.body, ["id", "name", "type", "event_id", "event", "address", "start", "end", "available_sub_types", "instruments", "publish_results"]);
    expect(res.body).toMatchObject({
      id: created.body.id,
      name: "Praxis Blech",
      type: "DExamPractice",
      event_id: dexamEvent,
      event: { id: dexamEvent, name: "D-Prüfungen Wire" },
      address: { street: "Schulweg 3", postcode: "70173", city: "Stuttgart", country: "Deutschland" },
      start: "2099-08-01T08:00:00.000Z",
      end: "2099-08-01T12:00:00.000Z",
      available_sub_types: ["D1", "D3"],
      instruments: ["Trumpet", "Eb Clarinet"],
      publish_results: true,
    });
    const list = await app.rest("GET", `/v1/event/${dexamEvent}/locations`, t["role:event_manage"]);
    expect(list.body.every((l: { event: { id: number } }) => l.event.id === dexamEvent)).toBe(true);
    await app.rest("DELETE", `/v1/event/location/${created.body.id}`, t["role:event_manage"]);
  });
});

describe("D-exam registrations", () => {
  it("[R-EN011][R-EN012][R-EN015] a D-exam registration carries the spec's fields, existing_partial_result{type, district_association, year, location, points} and result{theory_points, practice_points}", async () => {
    const created = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      dexamBody({
        theory_location_id: null,
        existing_partial_result: { type: "theory", district_association: "KV Nachbar", year: 2025, location: "Musikschule Nord", points: 42.5 },
        remarks: "Bemerkung",
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.db.prisma.dexamRegistration.update({ where: { id: created.body.id }, data: { practicePoints: 30 } });
    const res = await app.rest("GET", `/v1/registration/dexam/${created.body.id}`, t.admin);
    expectFields(res.body, [
      "id",
      "event_id",
      "user_id",
      "firstname",
      "lastname",
      "birthdate",
      "gender",
      "association_id",
      "association",
      "instrument",
      "type",
      "theory_location_id",
      "practice_location_id",
      "preparation_location_id",
      "existing_partial_result",
      "existing_partial_result_verified",
      "songs",
      "songs_complete",
      "remarks",
      "cancelled_at",
      "gdpr_accepted",
      "cancellation_accepted",
      "file_upload",
      "consent_form_file",
      "consent_form_file_id",
      "practice_sheet_file_id",
      "practice_location",
      "mark",
      "camp_extension",
      "result",
    ]);
    expect(res.body).toMatchObject({
      event_id: dexamEvent,
      user_id: world.userIds.member,
      firstname: "Lena",
      lastname: "Klar",
      birthdate: "2012-04-05",
      gender: "f",
      association_id: world.club1,
      association: { id: world.club1, name: "MV Eins" },
      instrument: "Clarinet",
      type: "D2",
      theory_location_id: null,
      practice_location_id: practice,
      preparation_location_id: null,
      existing_partial_result_verified: false,
      remarks: "Bemerkung",
      cancelled_at: null,
      gdpr_accepted: true,
      practice_location: { id: practice, name: "Praxis", publish_results: false },
      camp_extension: null,
    });
    expect(res.body.existing_partial_result).toEqual({
      type: "theory",
      district_association: "KV Nachbar",
      year: 2025,
      location: "Musikschule Nord",
      points: 42.5,
    });
    expect(res.body.result).toEqual({ theory_points: null, practice_points: 30 });
  });

  it("[R-EN013] D-exam songs are rows of {number, name}; four rows are kept, a fifth is refused", async () => {
    const songs = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ songs }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.songs).toEqual(songs);
    expect(res.body.songs_complete).toBe(true);
    const five = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ songs: [...songs, { number: "5", name: "Stück 5" }] }));
    expect(five.status).toBe(400);
  });

  it("[R-EN014][R-EN038][R-EN039] camp_extension carries diseases, meal_request, vaccinations[{type, available, date}] and emergency_contact[{name, phone}]", async () => {
    const body = dexamBody({
      event_id: campEvent,
      type: "D1",
      theory_location_id: campTheory,
      practice_location_id: null,
      cancellation_accepted: true,
      health_consent_accepted: true,
      file_upload: PDF_URL,
      file_upload_name: "einverstaendnis.pdf",
    });
    for (const meal of ["standard", "vegetarian", "vegan"]) {
      const res = await app.rest("POST", "/v1/registration/dexam", t.member, {
        ...body,
        camp_extension: {
          diseases: "Asthma",
          meal_request: meal,
          vaccinations: [
            { type: "fsme", available: true, date: "2020-05-01" },
            { type: "tetanus", available: false, date: null },
          ],
          emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.camp_extension).toMatchObject({
        diseases: "Asthma",
        meal_request: meal,
        vaccinations: [
          { type: "fsme", available: true, date: "2020-05-01" },
          { type: "tetanus", available: false, date: null },
        ],
        emergency_contact: [{ name: "Mama Klar", phone: "+491701234567" }],
      });
      expect(res.body.consent_form_file).toEqual({ name: "einverstaendnis.pdf" });
      expect(res.body.consent_form_file_id).toEqual(expect.any(Number));
    }
    const badMeal = await app.rest("POST", "/v1/registration/dexam", t.member, {
      ...body,
      camp_extension: { meal_request: "fish", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
    });
    expect(badMeal.status).toBe(400);
  });

  it("[R-EN027][R-EN036] courses D1, D2, D3 and genders m, f, d travel as written; other values are refused", async () => {
    for (const [type, gender] of [
      ["D1", "m"],
      ["D2", "f"],
      ["D3", "d"],
    ]) {
      const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ type, gender }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type, gender });
    }
    for (const bad of [{ type: "D4" }, { type: "d1" }, { gender: "x" }, { gender: "M" }]) {
      const res = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("[R-EN022] a registration is active while cancelled_at is empty and cancelled once it is set", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody());
    expect(created.body.cancelled_at).toBeNull();
    const cancelled = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created.body, cancelled_at: new Date().toISOString() });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(Date.parse(cancelled.body.cancelled_at)).not.toBeNaN();
    const stored = await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.cancelledAt).not.toBeNull();
    // a cancelled registration stays cancelled for its club: it cannot be changed any more
    const edit = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...cancelled.body, firstname: "Neu" });
    expect(edit.status).not.toBe(200);
  });
});

describe("competition registrations", () => {
  it("[R-EN016][R-EN018] a competition registration carries the spec's fields and result{points, mark}", async () => {
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ remarks: "Bemerkung" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.db.prisma.competitionRegistration.update({ where: { id: created.body.id }, data: { points: 91.5, mark: "sehr gut" } });
    const res = await app.rest("GET", `/v1/registration/competition/${created.body.id}`, t.admin);
    expectFields(res.body, [
      "id",
      "event_id",
      "user_id",
      "name",
      "association_id",
      "association",
      "type",
      "cast",
      "category",
      "age_group",
      "conductor_name",
      "number_of_musicians",
      "members",
      "remarks",
      "cancelled_at",
      "documents_complete",
      "songs_complete",
      "gdpr_accepted",
      "cancellation_accepted",
      "songs",
      "result",
    ]);
    expect(res.body).toMatchObject({
      event_id: competitionEvent,
      user_id: world.userIds.member,
      name: "Holzbläserquartett",
      association_id: world.club1,
      association: { id: world.club1, name: "MV Eins" },
      type: "G",
      cast: "E",
      category: null,
      age_group: "III",
      conductor_name: "Doris Dirigent",
      number_of_musicians: 4,
      remarks: "Bemerkung",
      cancelled_at: null,
      documents_complete: false,
      gdpr_accepted: true,
      cancellation_accepted: true,
    });
    expect(res.body.result).toEqual({ points: 91.5, mark: "sehr gut" });
  });

  it("[R-EN017] competition songs are rows of {name, composer, publisher, arranger, duration in seconds}; a fifth row is refused", async () => {
    const songs = [1, 2, 3, 4].map((n) => ({ name: `Stück ${n}`, composer: `K${n}`, publisher: `V${n}`, arranger: `A${n}`, duration: 60 * n }));
    const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ songs }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.songs).toEqual(songs);
    expect(res.body.songs[3].duration).toBe(240);
    const five = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ songs: [...songs, songs[0]] }));
    expect(five.status).toBe(400);
  });

  it("[R-EN019] members is multiline text, one participant per line, required for chamber type G", async () => {
    const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ members: "Anna Alt\nBen Bass\nCarla Cello" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.members).toBe("Anna Alt\nBen Bass\nCarla Cello");
    expect(res.body.members.split("\n")).toHaveLength(3);
    const missing = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ members: "" }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("members");
  });

  it("[R-EN031][R-EN029] competition types T, K, U, G, M, B and the difficulty levels IA..VI as age groups travel as written; others are refused", async () => {
    const orchestra = { cast: "B", category: 3, age_group: null, members: null };
    for (const type of ["T", "K", "U", "M"]) {
      const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ type, ...orchestra }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.type).toBe(type);
    }
    for (const age_group of ["IA", "IB", "II", "III", "IV", "V", "VI"]) {
      const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ age_group }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: "G", age_group });
    }
    const wind = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody({ type: "B", age_group: "II", members: null }));
    expect(wind.status, JSON.stringify(wind.body)).toBe(201);
    expect(wind.body.type).toBe("B");
    for (const bad of [{ type: "X" }, { type: "k" }, { age_group: "VII" }]) {
      const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
