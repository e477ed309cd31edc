// /v1 reads every value strictly (server/src/http/wireSchema.ts): a
// location id "abc", 1.5, {} or "" became null and the registration was created without that exam
// part, firstname {} was stored as "[object Object]", "2026-02-30" became 2 March, 0 and 1.5 became
// 2000/2001 dates, years 0000, -1000 and 10000 answered 500. And every text has a maximum length
// (TEXT_LIMITS in shared/validation.ts, the same n as the @db.VarChar(n) columns): 3,000,000
// characters were stored, and the exports then held cells beyond Excel's 32,767.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_EMERGENCY_CONTACTS } from "../../../server/src/shared/dexamSchema.ts";
import { DEXAM_MSG, MSG, tooLong, tooMany } from "../../../server/src/shared/messages.ts";
import { ROLES } from "../../../server/src/shared/roles.ts";
import { MAX_USER_CLUBS } from "../../../server/src/shared/userSchema.ts";
import { TEXT_LIMITS } from "../../../server/src/shared/validation.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, DAY, dexamEventWithLocations, dexamWireBody, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexamEvent: number;
let theory: number;
let practice: number;
let competitionEvent: number;
let campEvent: number;
let campTheory: number;

const PDF_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")}`;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.updateMany({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  ({ event: dexamEvent, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1));
  // a location saved over /v1 needs its times (R-LO005): the fixture's theory location has none
  await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { start: new Date("2031-05-01T08:00:00Z"), end: new Date("2031-05-01T12:00:00Z") } });
  competitionEvent = await competitionEventWithHall(app.db.prisma, world.district1, { cancellationConditions: "Storno" });
  const camp = await app.db.prisma.event.create({
    data: {
      districtAssociationId: world.district1,
      registrationDeadline: new Date(Date.now() + 30 * DAY),
      startPublishing: new Date(Date.now() - DAY),
      finishPublishing: new Date(Date.now() + 90 * DAY),
      privacyPolicy: "p",
      name: "Freizeit",
      formType: "DEXAM_CAMP",
      locations: { create: [{ name: "T", type: "DEXAM_THEORY", street: "S", city: "C", dexamTypes: ["D1"] }] },
    },
    include: { locations: true },
  });
  campEvent = camp.id;
  campTheory = camp.locations[0].id;
});
afterAll(() => app.stop());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const fieldsOf = (res: { body: unknown }) => (res.body as ErrorBody).error?.fields ?? {};
const dexamBody = (over: Record<string, unknown> = {}) => dexamWireBody({ event: dexamEvent, theory, practice }, world.club1, over);
/** a D-exam registration of the member created over GraphQL, with `over` in its input */
const createDexamByGraphql = (over: Record<string, unknown>) =>
  app.gql(
    "mutation($e: ID!, $input: DexamRegistrationInput!) { createDexamRegistration(eventId: $e, input: $input) { id } }",
    {
      e: gid("Event", dexamEvent),
      input: {
        firstname: "Kim",
        lastname: "Lang",
        birthdate: "2012-01-01",
        gender: "F",
        associationId: world.club1,
        instrument: "CLARINET",
        type: "D1",
        theoryLocationId: theory,
        gdprAccepted: true,
        ...over,
      },
    },
    t.member,
  );
const eventBody = (over: Record<string, unknown> = {}) => ({
  district_association_id: world.district1,
  name: "Neue Veranstaltung",
  form_type: "dexam",
  edit_phase: "NoRestrictions",
  registration_deadline: "2031-05-01",
  start_publishing: "2031-01-01T00:00:00Z",
  finish_publishing: "2031-12-31T00:00:00Z",
  privacy_policy: "p",
  ...over,
});
/** the rows of every table a /v1 write could touch */
const counts = async () => {
  const p = app.db.prisma;
  return Promise.all([
    p.dexamRegistration.count(),
    p.competitionRegistration.count(),
    p.event.count(),
    p.eventLocation.count(),
    p.user.count(),
    p.association.count(),
    p.districtAssociation.count(),
  ]);
};

/** Sends each body and expects 400 VALIDATION naming `field` (as the body names it); nothing is written. */
async function refused(method: string, url: string, token: string, cases: [Record<string, unknown>, string, string?][]) {
  const before = await counts();
  for (const [body, field, message] of cases) {
    const res = await app.rest(method, url, token, body);
    const label = `${url} ${JSON.stringify(body).slice(0, 200)}`;
    expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
    expect((res.body as ErrorBody).error.code, label).toBe("VALIDATION");
    expect(fieldsOf(res)[field], `${label}: ${JSON.stringify(res.body)}`).toBe(message ?? fieldsOf(res)[field] ?? "missing");
    expect(fieldsOf(res)).toHaveProperty([field]);
  }
  expect(await counts()).toEqual(before);
}

describe("/v1 refuses what it used to coerce", () => {
  it("[R-API050][R-ER004] a location id that is no whole number is a 400 under its key, never a registration without that exam part", async () => {
    const cases: [Record<string, unknown>, string][] = [];
    for (const key of ["theory_location_id", "practice_location_id", "preparation_location_id", "association_id", "event_id"])
      for (const v of ["abc", 1.5, {}, "", "12", true, [1], 2 ** 40]) cases.push([dexamBody({ [key]: v }), key]);
    await refused("POST", "/v1/registration/dexam", t.member, cases);
  });

  it("[R-API050][R-API051] firstname {} is never stored as '[object Object]', a birthdate with hour 25 or a day that does not exist is refused", async () => {
    await refused("POST", "/v1/registration/dexam", t.member, [
      [dexamBody({ firstname: {} }), "firstname", "Bitte einen Text eingeben"],
      [dexamBody({ lastname: ["Klar"] }), "lastname"],
      [dexamBody({ remarks: 7 }), "remarks"],
      [dexamBody({ birthdate: "2026-01-01T25:00:00Z" }), "birthdate", MSG.date],
      [dexamBody({ birthdate: "2012-02-30" }), "birthdate", MSG.date],
      [dexamBody({ birthdate: 20120405 }), "birthdate", MSG.date],
      [dexamBody({ gender: "x" }), "gender", "Dieser Wert ist nicht zulässig"],
      [dexamBody({ instrument: "Kazoo" }), "instrument"],
      [dexamBody({ gdpr_accepted: "true" }), "gdpr_accepted"],
      [dexamBody({ songs: "1. Satz" }), "songs"],
      [dexamBody({ songs: [null] }), "songs.0"],
      [dexamBody({ songs: [{ number: "1", name: {} }] }), "songs.0.name"],
      [
        dexamBody({
          practice_location_id: null,
          existing_partial_result: { type: "practice", district_association: "KV", year: 2020, location: "O", points: "50" },
        }),
        "existing_partial_result.points",
      ],
    ]);
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ birthdate: "2012-04-05T00:00:00Z" }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.birthdate).toBe("2012-04-05");
    // a member's cancel with a cancelled_at that is no time cancels nothing
    const cancel = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created.body, cancelled_at: "gestern" });
    expect(cancel.status).toBe(400);
    expect(fieldsOf(cancel)).toEqual({ cancelled_at: MSG.date });
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } })).cancelledAt).toBeNull();
  });

  it("[R-API024][R-API025] event dates: a day that does not exist, a number, the years 0000, -1000 and 10000 are field errors, never a shifted date or a 500", async () => {
    const cases: [Record<string, unknown>, string, string][] = (
      [
        ["registration_deadline", "2026-02-30"],
        ["registration_deadline", 123],
        ["registration_deadline", "0000-01-01"],
        ["start", "2026-02-30"],
        ["start", "2026-02-30T10:00:00Z"],
        ["start_publishing", 0],
        ["start_publishing", 1.5],
        ["finish_publishing", 123],
        ["start", "0000-01-01T00:00:00Z"],
        ["end", "-1000-01-01T00:00:00Z"],
        ["start", "10000-01-01T00:00:00Z"],
        ["expiration", "10000-01-01"],
        ["start", "2031-06-01T24:00:00Z"],
        ["start", "2031-06-01 10:00"],
      ] as const
    ).map(([field, v]) => [eventBody({ [field]: v }), field, MSG.date]);
    cases.push(
      [eventBody({ name: 5 }), "name", "Bitte einen Text eingeben"],
      [eventBody({ form_type: "dexam_bus" }), "form_type", "Dieser Wert ist nicht zulässig"],
    );
    await refused("POST", "/v1/event", t["role:event_manage"], cases);
    // what is valid still is: a time with an offset, a deadline written as a time (its Berlin day)
    const ok = await app.rest(
      "POST",
      "/v1/event",
      t["role:event_manage"],
      eventBody({ start: "2031-06-01T10:00:00+02:00", registration_deadline: "2031-05-01T12:00:00Z" }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ start: "2031-06-01T08:00:00.000Z", registration_deadline_day: "2031-05-01" });
  });

  it("[R-API029][R-API046][R-API013][R-API019][R-API064] locations, competitions, clubs, district associations and users: a wrong type is a field error", async () => {
    const location = {
      event_id: dexamEvent,
      name: "Praxis 2",
      type: "DExamPractice",
      address: { street: "S", city: "C" },
      start: "2031-05-01T08:00:00Z",
      end: "2031-05-01T10:00:00Z",
      available_sub_types: ["D2"],
      instruments: ["Clarinet"],
    };
    await refused("POST", "/v1/event/location", t["role:event_manage"], [
      [{ ...location, start: 0 }, "start", MSG.date],
      [{ ...location, available_sub_types: "D2" }, "available_sub_types"],
      [{ ...location, instruments: ["Kazoo"] }, "instruments.0"],
      [{ ...location, publish_results: "yes" }, "publish_results"],
      [{ ...location, address: { street: 1, city: "C" } }, "address.street"],
      [{ ...location, event_id: "abc" }, "event_id"],
    ]);
    const competition = (over: Record<string, unknown>) => competitionWireBody(competitionEvent, world.club1, over);
    await refused("POST", "/v1/registration/competition", t.member, [
      [competition({ number_of_musicians: "55" }), "number_of_musicians"],
      [competition({ number_of_musicians: 5.5 }), "number_of_musicians"],
      [competition({ category: 7 }), "category"],
      [competition({ cast: "Big Band" }), "cast"],
      [competition({ songs: [{ name: "A", composer: "B", publisher: "C", duration: "04:30" }] }), "songs.0.duration"],
      [competition({ location_id: "abc" }), "location_id"],
      [competition({ conductor_name: { name: "Max" } }), "conductor_name"],
    ]);
    await refused("POST", "/v1/association", t.admin, [
      [{ district_association_id: world.district1, name: {} }, "name"],
      [{ district_association_id: String(world.district1), name: "MV Neu" }, "district_association_id"],
    ]);
    await refused("PUT", "/v1/districtassociation", t.admin, [
      [{ id: world.district1, name: 5, iam_ref: "r", gdpr_link: "https://a.de", impress_link: "https://a.de" }, "name"],
    ]);
    await refused("POST", "/v1/user", t.admin, [
      [{ district_association_id: world.district1, firstname: ["A"], lastname: "B", email: "neu1@test.example" }, "firstname"],
      [{ district_association_id: world.district1, firstname: "A", lastname: "B", email: "neu2@test.example", address: "Weg 1" }, "address"],
      [{ district_association_id: world.district1, firstname: "A", lastname: "B", email: "neu3@test.example", roles: "admin" }, "roles"],
    ]);
  });

  it("[R-API057][R-API020] a query id that is no number is a 400 naming it, not the unfiltered list", async () => {
    for (const url of [
      `/v1/registrations/event/${dexamEvent}/dexam?locationId=abc`,
      `/v1/registrations/event/${competitionEvent}/competition?locationId=1.5`,
      "/v1/events?districtId=x",
      "/v1/events?startDate=2026-02-30",
    ]) {
      const res = await app.rest("GET", url, t.admin);
      expect(res.status, url).toBe(400);
      expect(Object.keys(fieldsOf(res)), url).toHaveLength(1);
    }
  });
});

describe("strict envelopes", () => {
  it('[R-API051][R-API014] a version as text ("5", "") is refused, never read as a number or as no version', async () => {
    const club = await app.rest("GET", `/v1/association/${world.club1}`, t.admin);
    for (const version of ["5", "", String(club.body.version)]) {
      const res = await app.rest("PUT", "/v1/association", t["role:association_manage"], { ...club.body, version, name: "MV Eins geändert" });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(fieldsOf(res).version, JSON.stringify(version)).toBe("Ganze Zahl erwartet");
    }
    expect((await app.db.prisma.association.findUniqueOrThrow({ where: { id: world.club1 } })).name).toBe("MV Eins");
  });

  it("[R-API057] an id with a leading zero names nothing: 404 in the path, 400 in the query", async () => {
    expect((await app.rest("GET", `/v1/event/${dexamEvent}`, t.admin)).status).toBe(200);
    for (const url of [`/v1/event/0${dexamEvent}`, `/v1/association/00${world.club1}`]) {
      const res = await app.rest("GET", url, t.admin);
      expect(res.status, url).toBe(404);
      expect((res.body as ErrorBody).error.code, url).toBe("NOT_FOUND");
    }
    for (const url of [`/v1/users?associationId=0${world.club1}`, `/v1/associations?districtId=0${world.district1}`]) {
      const res = await app.rest("GET", url, t.admin);
      expect(res.status, url).toBe(400);
      expect(Object.keys(fieldsOf(res)), url).toHaveLength(1);
    }
  });

  it("[R-API020][R-API013] staff naming another district association's users or clubs are refused (403 / FORBIDDEN), never answered with their own", async () => {
    for (const [url, token] of [
      [`/v1/users?districtId=${world.district2}`, t["role:user_read"]],
      [`/v1/associations?districtId=${world.district2}`, t["role:association_read"]],
    ]) {
      const res = await app.rest("GET", url, token);
      expect(res.status, url).toBe(403);
      expect((res.body as ErrorBody).error.code, url).toBe("FORBIDDEN");
      // their own district, and admin any district, still answer
      expect((await app.rest("GET", url.replace(String(world.district2), String(world.district1)), token)).status, url).toBe(200);
      expect((await app.rest("GET", url, t.admin)).status, url).toBe(200);
    }
    const other = gid("DistrictAssociation", world.district2);
    for (const [query, token] of [
      [`{ users(districtAssociation: "${other}") { totalCount } }`, t["role:user_read"]],
      [`{ users(districtAssociationId: ${world.district2}) { totalCount } }`, t["role:user_read"]],
      [`{ associations(districtAssociation: "${other}") { totalCount } }`, t["role:association_read"]],
    ]) {
      const res = await app.gql(query, {}, token);
      expect(res.body.errors?.[0].extensions?.code, query).toBe("FORBIDDEN");
      expect(res.body.data?.users ?? res.body.data?.associations ?? null, query).toBeNull();
    }
  });
});

describe("every list of an input has a maximum", () => {
  const campBody = (camp: Record<string, unknown>) => ({
    ...dexamWireBody({ event: campEvent, theory: campTheory, practice: 0 }, world.club1),
    type: "D1",
    practice_location_id: null,
    existing_partial_result: { type: "practice", district_association: "KV", year: 2020, location: "Ort", points: 50 },
    health_consent_accepted: true,
    camp_extension: { meal_request: "standard", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }], ...camp },
    file_upload: PDF_URL,
    file_upload_name: "einverstaendnis.pdf",
  });

  it("[R-DF025][R-API050] 40,000 emergency contacts are refused with the German message; nothing is stored", async () => {
    const before = await app.db.prisma.dexamRegistration.count();
    const contacts = Array.from({ length: 40_000 }, (_, i) => ({ name: `Kontakt ${i}`, phone: "0711123456" }));
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, campBody({ emergency_contact: contacts }));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(fieldsOf(res)).toEqual({ "camp_extension.emergency_contact": tooMany(MAX_EMERGENCY_CONTACTS) });
    // the most the schema takes still passes
    const most = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      campBody({
        emergency_contact: contacts.slice(0, MAX_EMERGENCY_CONTACTS),
        vaccinations: [
          { type: "fsme", available: false },
          { type: "tetanus", available: false },
        ],
      }),
    );
    expect(most.status, JSON.stringify(most.body).slice(0, 300)).toBe(201);
    expect(await app.db.prisma.dexamRegistration.count()).toBe(before + 1);
  });

  it("[R-DF018][R-API050] camp data sent for an event that is no camp is refused over /v1 and GraphQL, not silently dropped", async () => {
    const before = await app.db.prisma.dexamRegistration.count();
    const res = await app.rest("POST", "/v1/registration/dexam", t.member, {
      ...dexamBody({ lastname: "KeinCamp" }),
      camp_extension: { meal_request: "standard", emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(fieldsOf(res)).toEqual({ camp_extension: DEXAM_MSG.campOnly });
    const gql = await createDexamByGraphql({ camp: { mealRequest: "STANDARD", emergencyContacts: [{ name: "Papa", phone: "0711123456" }] } });
    expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body).slice(0, 500)).toBe("VALIDATION");
    expect((gql.body.errors?.[0]?.extensions as { fields?: Record<string, string> } | undefined)?.fields).toEqual({ camp: DEXAM_MSG.campOnly });
    expect(await app.db.prisma.dexamRegistration.count()).toBe(before);
    // no camp data (null) is what a non-camp registration's answer carries, and passes
    expect((await app.rest("POST", "/v1/registration/dexam", t.member, { ...dexamBody({ lastname: "OhneCamp" }), camp_extension: null })).status).toBe(201);
  });

  it("[R-UM013][R-API067] a user's roles and clubs are lists with a maximum: 40 roles and 501 clubs are refused", async () => {
    const roles = await app.rest("POST", "/v1/user", t.admin, {
      district_association_id: world.district1,
      firstname: "A",
      lastname: "B",
      email: "rollen@test.example",
      roles: Array.from({ length: 40 }, () => "user_read"),
    });
    expect(roles.status, JSON.stringify(roles.body)).toBe(400);
    expect(Object.values(fieldsOf(roles))).toEqual([tooMany(ROLES.length)]);
    const clubs = await app.rest("PUT", `/v1/user/${world.userIds.member}/associations`, t.admin, {
      association_ids: Array.from({ length: MAX_USER_CLUBS + 1 }, () => world.club1),
    });
    expect(clubs.status, JSON.stringify(clubs.body)).toBe(400);
    expect(Object.values(fieldsOf(clubs))).toEqual([tooMany(MAX_USER_CLUBS)]);
  });
});

describe("text limits", () => {
  it("[R-API050][R-ER004] a remark of 3,000,001 characters is refused over /v1 and GraphQL with the German message; nothing is stored", async () => {
    const remarks = "x".repeat(3_000_001);
    const before = await app.db.prisma.dexamRegistration.count();
    const rest = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ remarks }));
    expect(rest.status).toBe(400);
    expect(fieldsOf(rest)).toEqual({ remarks: tooLong(TEXT_LIMITS.DexamRegistration.remarks) });
    const gql = await createDexamByGraphql({ remarks });
    expect(gql.body.errors?.[0]?.extensions?.code, JSON.stringify(gql.body).slice(0, 500)).toBe("VALIDATION");
    expect((gql.body.errors?.[0]?.extensions as { fields?: Record<string, string> } | undefined)?.fields).toEqual({
      remarks: "Bitte höchstens 2000 Zeichen eingeben",
    });
    expect(await app.db.prisma.dexamRegistration.count()).toBe(before);
  });

  type Kind = "text" | "email" | "link" | "phone" | "postcode";
  /** a valid value of exactly n characters ("ä": characters, not bytes, as the VarChar columns count) */
  const textOf = (n: number, kind: Kind) => {
    if (kind === "email") return `${"a".repeat(n - 12)}@example.org`;
    if (kind === "link") return `https://e.de/${"x".repeat(n - 13)}`;
    if (kind === "phone") return `+49${"-".repeat(n - 4)}1`;
    if (kind === "postcode") return `${"ä".repeat(n - 1)}1`;
    return "ä".repeat(n);
  };
  const setPath = (body: Record<string, any>, path: string, v: unknown) => {
    const copy = structuredClone(body);
    const keys = path.split(".");
    let at = copy;
    for (const k of keys.slice(0, -1)) at = at[k];
    at[keys[keys.length - 1]] = v;
    return copy;
  };
  const getPath = (body: Record<string, any>, path: string) => path.split(".").reduce((at, k) => at?.[k], body as any);

  /** one entity: where it is read, where it is saved, by whom, and the fields [body path, limit, kind, error key when not the path] */
  type Entity = { name: string; token: () => string; read: () => Promise<string>; save: string; fields: [string, number, Kind?, string?][] };
  const L = TEXT_LIMITS;
  let dexamId = 0;
  let competitionId = 0;
  const entities: Entity[] = [
    {
      name: "district association",
      token: () => t.admin,
      read: async () => `/v1/districtassociation/${world.district1}`,
      save: "/v1/districtassociation",
      fields: [
        ["name", L.DistrictAssociation.name],
        ["iam_ref", L.DistrictAssociation.iamRef],
        ["gdpr_link", L.DistrictAssociation.gdprLink, "link"],
        ["impress_link", L.DistrictAssociation.impressLink, "link"],
      ],
    },
    {
      name: "club",
      token: () => t.admin,
      read: async () => `/v1/association/${world.club2}`,
      save: "/v1/association",
      fields: [
        ["name", L.Association.name],
        ["invoice_email", L.Association.invoiceEmail, "email"],
      ],
    },
    {
      name: "user",
      token: () => t.admin,
      read: async () => `/v1/user/${world.userIds.target}`,
      save: "/v1/user",
      fields: [
        ["firstname", L.User.firstname],
        ["lastname", L.User.lastname],
        ["email", L.User.email, "email"],
        ["phone", L.User.phone, "phone"],
        ["address.street", L.User.street, "text", "street"],
        ["address.postcode", L.User.postcode, "postcode", "postcode"],
        ["address.city", L.User.city, "text", "city"],
        ["address.country", L.User.country, "text", "country"],
      ],
    },
    {
      name: "event",
      token: () => t.admin,
      read: async () => `/v1/event/${dexamEvent}`,
      save: "/v1/event",
      fields: [
        ["name", L.Event.name],
        ["description", L.Event.description],
        ["address", L.Event.address],
        ["cancellation_conditions", L.Event.cancellationConditions],
        ["privacy_policy", L.Event.privacyPolicy],
      ],
    },
    {
      name: "location",
      token: () => t.admin,
      read: async () => `/v1/event/location/${theory}`,
      save: "/v1/event/location",
      fields: [
        ["name", L.EventLocation.name],
        ["address.street", L.EventLocation.street, "text", "street"],
        ["address.postcode", L.EventLocation.postcode, "postcode", "postcode"],
        ["address.city", L.EventLocation.city, "text", "city"],
        ["address.country", L.EventLocation.country, "text", "country"],
      ],
    },
    {
      name: "D-exam registration (camp)",
      token: () => t.member,
      read: async () => {
        if (!dexamId) {
          const created = await app.rest("POST", "/v1/registration/dexam", t.member, {
            ...dexamWireBody({ event: campEvent, theory: campTheory, practice: 0 }, world.club1),
            type: "D1",
            practice_location_id: null,
            existing_partial_result: { type: "practice", district_association: "KV", year: 2020, location: "Ort", points: 50 },
            songs: [{ number: "1", name: "Stück" }],
            health_consent_accepted: true,
            camp_extension: { meal_request: "standard", vaccinations: [], emergency_contact: [{ name: "Papa", phone: "0711123456" }] },
            file_upload: PDF_URL,
            file_upload_name: "einverstaendnis.pdf",
          });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          dexamId = created.body.id;
        }
        return `/v1/registration/dexam/${dexamId}`;
      },
      save: "/v1/registration/dexam",
      fields: [
        ["firstname", L.DexamRegistration.firstname],
        ["lastname", L.DexamRegistration.lastname],
        ["remarks", L.DexamRegistration.remarks],
        ["existing_partial_result.district_association", L.DexamRegistration.partialResultDistrict],
        ["existing_partial_result.location", L.DexamRegistration.partialResultLocation],
        ["songs.0.number", L.dexamSong.number],
        ["songs.0.name", L.dexamSong.name],
        ["camp_extension.diseases", L.camp.diseases],
        ["camp_extension.intolerances", L.camp.intolerances],
        ["camp_extension.allergies", L.camp.allergies],
        ["camp_extension.emergency_contact.0.name", L.emergencyContact.name],
        ["camp_extension.emergency_contact.0.phone", L.emergencyContact.phone, "phone"],
      ],
    },
    {
      name: "competition registration",
      token: () => t.member,
      read: async () => {
        if (!competitionId) {
          const created = await app.rest(
            "POST",
            "/v1/registration/competition",
            t.member,
            competitionWireBody(competitionEvent, world.club1, {
              // chamber music (G): the member list is stored for this type only
              type: "G",
              cast: "E",
              category: null,
              age_group: "II",
              members: "Anna\nBen",
              songs: [{ name: "A", composer: "B", publisher: "C", arranger: "D", duration: 240 }],
            }),
          );
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          competitionId = created.body.id;
        }
        return `/v1/registration/competition/${competitionId}`;
      },
      save: "/v1/registration/competition",
      fields: [
        ["name", L.CompetitionRegistration.name],
        ["conductor_name", L.CompetitionRegistration.conductorName],
        ["members", L.CompetitionRegistration.members],
        ["remarks", L.CompetitionRegistration.remarks],
        ["songs.0.name", L.competitionSong.name],
        ["songs.0.composer", L.competitionSong.composer],
        ["songs.0.publisher", L.competitionSong.publisher],
        ["songs.0.arranger", L.competitionSong.arranger],
      ],
    },
  ];
  const rows = entities.flatMap((e) => e.fields.map(([path, limit, kind = "text", key = path]) => ({ entity: e, path, limit, kind, key })));

  // texts only GraphQL writes (billing, seller, mandate, credit notes, fee items, webhooks, timetable
  // rooms, the message to the registrants): server/src/domains/textLimits.test.ts proves them on the rules the services call
  const GRAPHQL_ONLY: Record<string, readonly string[]> = {
    Association: ["billingName", "billingStreet", "billingPostcode", "billingCity", "billingCountry", "buyerReference"],
    WebhookEndpoint: Object.keys(TEXT_LIMITS.WebhookEndpoint),
    EventFee: Object.keys(TEXT_LIMITS.EventFee),
    InvoiceSeller: Object.keys(TEXT_LIMITS.InvoiceSeller),
    SepaMandate: Object.keys(TEXT_LIMITS.SepaMandate),
    InvoiceLine: Object.keys(TEXT_LIMITS.InvoiceLine),
    TimetableSlot: Object.keys(TEXT_LIMITS.TimetableSlot),
    sepaMandate: Object.keys(TEXT_LIMITS.sepaMandate),
    creditNote: Object.keys(TEXT_LIMITS.creditNote),
    registrantMessage: Object.keys(TEXT_LIMITS.registrantMessage),
  };

  it("[R-VA001] the table covers every text of TEXT_LIMITS that /v1 writes", () => {
    const v1Texts = Object.entries(TEXT_LIMITS).flatMap(([model, fields]) => Object.keys(fields).filter((f) => !GRAPHQL_ONLY[model]?.includes(f)));
    expect(rows).toHaveLength(v1Texts.length);
  });

  it.each(rows.map((r) => [`${r.entity.name} ${r.path}`, r] as const))(
    "[R-API019][R-API014][R-API065][R-API025][R-API030][R-API051][R-API047][R-ER004] %s: its limit is accepted and stored, one more character is a 400 under its key that changes nothing",
    async (_label, { entity, path, limit, kind, key }) => {
      const url = await entity.read();
      const current = (await app.rest("GET", url, entity.token())).body as Record<string, any>;
      const atMax = await app.rest("PUT", entity.save, entity.token(), setPath(current, path, textOf(limit, kind)));
      expect(atMax.status, JSON.stringify(atMax.body).slice(0, 500)).toBe(200);
      const stored = (await app.rest("GET", url, entity.token())).body as Record<string, any>;
      expect([...String(getPath(stored, path))].length, path).toBe(limit);
      const over = await app.rest("PUT", entity.save, entity.token(), setPath(stored, path, textOf(limit + 1, kind)));
      expect(over.status, JSON.stringify(over.body).slice(0, 500)).toBe(400);
      expect(fieldsOf(over)).toEqual({ [key]: tooLong(limit) });
      expect((await app.rest("GET", url, entity.token())).body).toEqual(stored);
    },
  );
});
