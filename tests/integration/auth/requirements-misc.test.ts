// Requirements of several screens proved on the server, each by the calls its screen makes: the own
// profile (R-PR002), who may reach which management (R-DA001, R-RP010..R-RP017), the event table of
// the active district (R-EV003), edit phases (R-EV017), editing a location (R-LO006) and the four
// song rows of every registration (R-BC009). Single-role principals of tests/support/principals.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../../server/src/shared/roles.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let seq = 0;

/** admin, one principal per other role (all in district 1), and a member of club 1 */
const SINGLE = ["admin", ...ROLES.filter((r) => r !== "admin").map((r) => `role:${r}`), "member"];

async function newEvent(opts: { published?: boolean; formType?: "DEXAM" | "COMPETITION"; districtAssociationId?: number; name?: string } = {}) {
  const { published = true, formType = "DEXAM", districtAssociationId = world.district1 } = opts;
  const now = Date.now();
  const place = { street: "S", city: "C", start: new Date(now + 40 * DAY), end: new Date(now + 40 * DAY + 4 * 3600_000) };
  const e = await app.db.prisma.event.create({
    data: {
      name: opts.name ?? `Veranstaltung ${++seq}`,
      districtAssociationId,
      formType,
      registrationDeadline: new Date(now + 30 * DAY),
      startPublishing: new Date(now + (published ? -DAY : DAY)),
      finishPublishing: new Date(now + 60 * DAY),
      privacyPolicy: "p",
      locations: {
        create:
          formType === "DEXAM"
            ? [
                { name: "Theorie", type: "DEXAM_THEORY", ...place, dexamTypes: ["D1", "D2"] },
                { name: "Praxis", type: "DEXAM_PRACTICE", ...place, dexamTypes: ["D1"], instruments: ["FLUTE"] },
              ]
            : [{ name: "Halle", type: "COMPETITION", ...place, competitionTypes: ["K", "B"] }],
      },
    },
    include: { locations: { orderBy: { id: "asc" } } },
  });
  return { id: e.id, theory: e.locations[0].id, practice: e.locations[1]?.id ?? -1 };
}

async function dexamOf(eventId: number, associationId: number, data: Record<string, unknown> = {}) {
  return (
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId,
        firstname: "K",
        lastname: `L${++seq}`,
        birthdate: new Date("2012-01-01"),
        gender: "F",
        associationId,
        instrument: "FLUTE",
        type: "D1",
        ...data,
      },
    })
  ).id;
}

/** 2xx: allowed; 403 or 404 (another tenant's object): refused; anything else fails the test with its body */
function outcome(res: { status: number; body: unknown }): "allowed" | "refused" {
  if (res.status >= 200 && res.status < 300) return "allowed";
  if (res.status === 403 || res.status === 404) return "refused";
  throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Calls `call` as every single-role principal and expects exactly `allowed` to pass. `fresh` says
 * whether the principal is expected to pass: a change then needs its own object, while the
 * refused ones may share one (a wrongly allowed call still shows as "allowed").
 */
async function expectOnly(allowed: string[], call: (token: string, fresh: boolean) => Promise<{ status: number; body: unknown }>) {
  const got: Record<string, string> = {};
  for (const who of SINGLE) got[who] = outcome(await call(t[who], allowed.includes(who)));
  expect(got).toEqual(Object.fromEntries(SINGLE.map((who) => [who, allowed.includes(who) ? "allowed" : "refused"])));
}

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
});
afterAll(() => app.stop());

describe("own profile", () => {
  it("[R-PR002] GET /v1/user/0 answers the signed-in user's own profile, the same person GraphQL's viewer is", async () => {
    for (const who of ["member", "admin", "role:registration_read"]) {
      const res = await app.rest("GET", "/v1/user/0", t[who]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: world.userIds[who], email: `${who.replace(":", "-")}@test.example`, firstname: who, lastname: "Test" });
      const viewer = await app.gql("{ viewer { databaseId email } }", {}, t[who]);
      expect(viewer.body.data.viewer).toEqual({ databaseId: res.body.id, email: res.body.email });
    }
    const member = (await app.rest("GET", "/v1/user/0", t.member)).body;
    expect(member).toMatchObject({
      phone: "+49711",
      address: { street: "Weg 1", postcode: "70173", city: "Stadt" },
      associations: [{ id: world.club1, name: "MV Eins" }],
      district_association_id: world.district1,
      complete: true,
    });
  });
});

describe("roles and the screens they open", () => {
  it("[R-DA001][R-RP007] district associations are created, changed and deleted by admin only", async () => {
    const district = async () =>
      (
        await app.db.prisma.districtAssociation.create({
          data: { name: `KV ${++seq}`, iamRef: `r${seq}`, gdprLink: "https://e.test/g", impressLink: "https://e.test/i" },
        })
      ).id;
    const body = () => ({ name: `KV ${++seq}`, iam_ref: `n${seq}`, gdpr_link: "https://e.test/g", impress_link: "https://e.test/i" });
    await expectOnly(["admin"], (tk) => app.rest("POST", "/v1/districtassociation", tk, body()));
    const shared = await district();
    await expectOnly(["admin"], async (tk, fresh) => app.rest("PUT", "/v1/districtassociation", tk, { ...body(), id: fresh ? await district() : shared }));
    await expectOnly(["admin"], async (tk, fresh) => app.rest("DELETE", `/v1/districtassociation/${fresh ? await district() : shared}`, tk));
  });

  it("[R-RP008] only admin acts on another district's data, as the district selector allows admins alone", async () => {
    // the selector changes what the screens ask for; the server answers staff of district 1 about district 2 with not found
    const other = await newEvent({ published: false, districtAssociationId: world.district2 });
    await expectOnly(["admin"], (tk) => app.rest("GET", `/v1/event/${other.id}/locations`, tk));
    const listed = async (who: string) =>
      ((await app.rest("GET", `/v1/users?districtId=${world.district2}`, t[who])).body as { district_association_id: number }[]).map(
        (u) => u.district_association_id,
      );
    expect(new Set(await listed("admin"))).toEqual(new Set([world.district2]));
    // staff naming another district are refused, not answered with their own
    const staff = await app.rest("GET", `/v1/users?districtId=${world.district2}`, t["role:user_manage"]);
    expect(staff.status).toBe(403);
    expect(staff.body.error.code).toBe("FORBIDDEN");
  });

  it("[R-RP009][R-VA012][R-VA013] admin edits another user's profile with phone and address left empty; a filled phone is checked", async () => {
    const other = await app.db.prisma.user.create({
      data: { email: `p${++seq}@test.example`, firstname: "P", lastname: "Q", districtAssociationId: world.district2, phone: "+49711", city: "Alt" },
    });
    const base = { id: other.id, firstname: "Paula", lastname: "Q", email: other.email };
    const ok = await app.rest("PUT", "/v1/user", t.admin, { ...base, phone: null, address: { street: null, postcode: null, city: null, country: null } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ firstname: "Paula", phone: null, address: { street: null, postcode: null, city: null, country: null }, complete: false });
    const bad = await app.rest("PUT", "/v1/user", t.admin, { ...base, phone: "0711 123" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ phone: "Bitte eine gültige Telefonnummer inkl. internationaler Vorwahl eingeben (z.B. +49123456)" });
    // the own profile stays in user-edit mode for everyone (a complete address is needed to register)
    const own = await app.rest("PUT", "/v1/user", t.admin, { id: 0, firstname: "admin", lastname: "Test", email: "admin@test.example" });
    expect(own.status).toBe(400);
    expect(Object.keys(own.body.error.fields).sort()).toEqual(["city", "country", "phone", "postcode", "street"]);
  });

  it("[R-RP010] user_read and user_manage open user management; only user_manage (and admin) change users", async () => {
    await expectOnly(["admin", "role:user_read", "role:user_manage"], (tk) => app.rest("GET", "/v1/users", tk));
    await expectOnly(["admin", "role:user_read", "role:user_manage"], (tk) => app.rest("GET", `/v1/user/${world.userIds.target}`, tk));
    await expectOnly(["admin", "role:user_manage"], (tk) =>
      app.rest("POST", "/v1/user", tk, { district_association_id: world.district1, firstname: "N", lastname: "N", email: `n${++seq}@test.example` }),
    );
    const fresh = async () =>
      (await app.db.prisma.user.create({ data: { email: `f${++seq}@test.example`, firstname: "F", lastname: "F", districtAssociationId: world.district1 } }))
        .id;
    const shared = await fresh();
    await expectOnly(["admin", "role:user_manage"], async (tk, own) => app.rest("PUT", `/v1/user/${own ? await fresh() : shared}/deactivate`, tk));
    await expectOnly(["admin", "role:user_manage"], async (tk, own) => app.rest("DELETE", `/v1/user/${own ? await fresh() : shared}`, tk));
  });

  it("[R-RP011] association_read and association_manage open club management; only association_manage (and admin) change clubs", async () => {
    const clubs = async (who: string) => outcome(await app.rest("GET", "/v1/associations", t[who]));
    expect(await clubs("role:association_read")).toBe("allowed");
    expect(await clubs("role:association_manage")).toBe("allowed");
    for (const who of ["member", "role:event_manage", "role:results_manage", "role:invoice_manage", "role:registration_create"])
      expect(await clubs(who)).toBe("refused");
    const fresh = async () => (await app.db.prisma.association.create({ data: { name: `Verein ${++seq}`, districtAssociationId: world.district1 } })).id;
    await expectOnly(["admin", "role:association_manage"], (tk) =>
      app.rest("POST", "/v1/association", tk, { name: `Neu ${++seq}`, district_association_id: world.district1 }),
    );
    const shared = await fresh();
    await expectOnly(["admin", "role:association_manage"], async (tk, own) =>
      app.rest("PUT", "/v1/association", tk, { id: own ? await fresh() : shared, name: `Neu ${++seq}` }),
    );
    await expectOnly(["admin", "role:association_manage"], async (tk, own) => app.rest("DELETE", `/v1/association/${own ? await fresh() : shared}`, tk));
  });

  it("[R-RP012] event_manage (and admin) create, edit and delete events and locations; nobody else", async () => {
    const eventBody = {
      name: "Neu",
      form_type: "dexam",
      edit_phase: "NoRestrictions",
      registration_deadline: "2099-03-01",
      start_publishing: "2099-01-01T00:00:00Z",
      finish_publishing: "2099-06-01T00:00:00Z",
      privacy_policy: "p",
    };
    const locationBody = {
      name: "Ort",
      type: "DExamTheory",
      address: { street: "S", city: "C" },
      start: "2099-05-01T08:00:00Z",
      end: "2099-05-01T12:00:00Z",
      available_sub_types: ["D1"],
    };
    const allowed = ["admin", "role:event_manage"];
    await expectOnly(allowed, (tk) => app.rest("POST", "/v1/event", tk, { ...eventBody, district_association_id: world.district1 }));
    const shared = await newEvent();
    const event = async (fresh: boolean) => (fresh ? await newEvent() : shared);
    await expectOnly(allowed, async (tk, fresh) => app.rest("PUT", "/v1/event", tk, { ...eventBody, id: (await event(fresh)).id }));
    await expectOnly(allowed, async (tk, fresh) => app.rest("DELETE", `/v1/event/${(await event(fresh)).id}`, tk));
    await expectOnly(allowed, async (tk) => app.rest("POST", "/v1/event/location", tk, { ...locationBody, event_id: shared.id }));
    await expectOnly(allowed, async (tk, fresh) => app.rest("PUT", "/v1/event/location", tk, { ...locationBody, id: (await event(fresh)).theory }));
    await expectOnly(allowed, async (tk, fresh) => app.rest("DELETE", `/v1/event/location/${(await event(fresh)).theory}`, tk));
  });

  it("[R-RP013] registration_read and registration_manage see every club's registrations, the overview list and the statistics", async () => {
    const e = await newEvent();
    const otherClub = (await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } })).id;
    const own = await dexamOf(e.id, world.club1, { theoryLocationId: e.theory });
    const foreign = await dexamOf(e.id, otherClub, { theoryLocationId: e.theory });
    const ids = async (who: string) =>
      ((await app.rest("GET", `/v1/registrations/event/${e.id}/dexam`, t[who])).body as { id: number }[]).map((r) => r.id).sort();
    for (const who of ["admin", "role:registration_read", "role:registration_manage"]) expect(await ids(who), who).toEqual([own, foreign].sort());
    expect(await ids("member")).toEqual([own]);
    expect(await ids("role:event_manage")).toEqual([]);
    const staff = ["admin", "role:registration_read", "role:registration_manage"];
    await expectOnly(staff, (tk) => app.rest("GET", `/v1/export/event/${e.id}/overview`, tk));
    await expectOnly(staff, (tk) => app.rest("GET", `/v1/event/${e.id}/statistic`, tk));
  });

  it("[R-RP015] results_read and results_manage open results management and the certificate list; only results_manage (and admin) enter results", async () => {
    const e = await newEvent();
    const reg = await dexamOf(e.id, world.club1, { theoryLocationId: e.theory });
    const results = (tk: string) => app.gql("query($e: ID!) { dexamResults(eventId: $e) { databaseId } }", { e: gid("Event", e.id) }, tk);
    const gqlOutcome = async (tk: string) => {
      const { body } = await results(tk);
      const code = body.errors?.[0]?.extensions?.code;
      return { status: code === "FORBIDDEN" ? 403 : code === "NOT_FOUND" ? 404 : code ? 500 : 200, body };
    };
    await expectOnly(["admin", "role:results_read", "role:results_manage"], gqlOutcome);
    expect((await results(t["role:results_read"])).body.data.dexamResults.map((r: { databaseId: number }) => r.databaseId)).toEqual([reg]);
    await expectOnly(["admin", "role:results_read", "role:results_manage"], (tk) => app.rest("GET", `/v1/export/event/${e.id}/dexam/certificate_list`, tk));
    await expectOnly(["admin", "role:results_manage"], (tk) =>
      app.rest("PUT", `/v1/registration/dexam/${reg}/location/${e.theory}/theory_result`, tk, { theory_points: 30 }),
    );
  });

  it("[R-RP016] staff download the exports: overview list, blank and filled sheets, consent forms, certificate list and PC Juror import list", async () => {
    const e = await newEvent();
    const competition = await newEvent({ formType: "COMPETITION" });
    // consent forms exist for D-exam camps only
    const camp = await newEvent();
    await app.db.prisma.event.update({ where: { id: camp.id }, data: { formType: "DEXAM_CAMP" } });
    const file = await app.db.prisma.storedFile.create({
      data: { name: "Praxisbogen.xlsx", mimeType: "application/octet-stream", size: 2, sha256: "x", data: new Uint8Array([80, 75]) },
    });
    await dexamOf(e.id, world.club1, { practiceLocationId: e.practice, practiceSheetFileId: file.id, practicePoints: 40 });
    const exports: [string, string[]][] = [
      [`/v1/export/event/${e.id}/overview`, ["role:registration_read", "role:registration_manage"]],
      [
        `/v1/export/location/${e.practice}/dexam/blank_practice_sheets`,
        ["role:results_read", "role:results_manage", "role:registration_manage", "role:event_manage"],
      ],
      [`/v1/export/location/${e.practice}/dexam/practice_sheets`, ["role:results_read", "role:results_manage", "role:registration_read"]],
      [`/v1/export/event/${camp.id}/consent_forms`, ["role:registration_read", "role:registration_manage"]],
      [`/v1/export/event/${e.id}/dexam/certificate_list`, ["role:results_read", "role:results_manage"]],
      [`/v1/export/event/${competition.id}/competition/pc_juror_import`, ["role:results_manage", "role:registration_read"]],
    ];
    for (const [url, staff] of exports) {
      for (const who of ["admin", ...staff]) {
        const res = await app.rest("GET", url, t[who]);
        expect(res.status, `${who} ${url}`).toBe(200);
        expect(String(res.headers["content-disposition"]), url).toMatch(/^attachment;/);
        expect(res.raw.length, url).toBeGreaterThan(0);
      }
      expect(outcome(await app.rest("GET", url, t.member)), url).toBe("refused");
    }
  });

  it("[R-RP017] an ordinary user registers for the own club, edits the own account and club, sees the district's events, the own clubs' registrations and published results", async () => {
    const e = await newEvent({ name: "Offen für Mitglieder" });
    const hidden = await newEvent({ published: false, name: "Noch nicht veröffentlicht" });
    const events = ((await app.rest("GET", `/v1/events?districtId=${world.district1}`, t.member)).body as { name: string }[]).map((x) => x.name);
    expect(events).toContain("Offen für Mitglieder");
    expect(events).not.toContain("Noch nicht veröffentlicht");
    expect((await app.rest("GET", `/v1/event/${hidden.id}`, t.member)).status).toBe(404);

    const body = {
      event_id: e.id,
      firstname: "Mara",
      lastname: "Mitglied",
      birthdate: "2012-04-05",
      gender: "f",
      association_id: world.club1,
      instrument: "Flute",
      type: "D1",
      theory_location_id: e.theory,
      gdpr_accepted: true,
    };
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await app.rest("POST", "/v1/registration/dexam", t.member, { ...body, association_id: world.club2 })).status).toBe(404);
    const foreign = await dexamOf(e.id, (await app.db.prisma.association.create({ data: { name: "MV Vier", districtAssociationId: world.district1 } })).id, {
      theoryLocationId: e.theory,
    });
    const listed = ((await app.rest("GET", `/v1/registrations/event/${e.id}/dexam`, t.member)).body as { id: number }[]).map((r) => r.id);
    expect(listed).toEqual([created.body.id]);
    expect(listed).not.toContain(foreign);

    const club = await app.rest("PUT", "/v1/association", t.member, { id: world.club1, name: "MV Eins", invoice_email: "kasse@mv.example" });
    expect(club.status, JSON.stringify(club.body)).toBe(200);
    expect((await app.rest("PUT", "/v1/association", t.member, { id: world.club2, name: "MV Zwei" })).status).toBe(404);
    const profile = await app.rest("PUT", "/v1/user", t.member, {
      id: 0,
      firstname: "member",
      lastname: "Test",
      email: "member@test.example",
      phone: "+49711999",
      address: { street: "Weg 2", postcode: "70173", city: "Stadt", country: "Deutschland" },
    });
    expect(profile.body).toMatchObject({ id: world.userIds.member, phone: "+49711999" });

    // results: the theory points appear once the theory location publishes them
    await app.db.prisma.dexamRegistration.update({ where: { id: created.body.id }, data: { theoryPoints: 30 } });
    const points = async () => (await app.rest("GET", `/v1/registration/dexam/${created.body.id}`, t.member)).body.result.theory_points;
    expect(await points()).toBeNull();
    await app.db.prisma.eventLocation.update({ where: { id: e.theory }, data: { publishResults: true } });
    expect(await points()).toBe(30);
  });
});

describe("events and locations", () => {
  it("[R-EV003] the event table asks for the active district association's events: staff get all of them, published or not, and no other district's", async () => {
    const own = await newEvent({ published: false, name: "Eigener KV, unveröffentlicht" });
    await newEvent({ districtAssociationId: world.district2, name: "Anderer KV" });
    const names = async (who: string, district: number) =>
      ((await app.rest("GET", `/v1/events?districtId=${district}`, t[who])).body as { name: string; district_association_id: number }[]).map((e) => [
        e.name,
        e.district_association_id,
      ]);
    for (const who of ["role:event_manage", "role:registration_read"]) {
      const listed = await names(who, world.district1);
      expect(listed).toContainEqual(["Eigener KV, unveröffentlicht", world.district1]);
      expect(listed.every(([, d]) => d === world.district1)).toBe(true);
    }
    // admin switched the selector to district 2: district 2's events only
    const second = await names("admin", world.district2);
    expect(second).toContainEqual(["Anderer KV", world.district2]);
    expect(second.every(([, d]) => d === world.district2)).toBe(true);
    // the same through GraphQL, as the screen asks
    const gql = await app.gql(
      "query($d: Int) { events(districtAssociationId: $d, first: 100) { edges { node { databaseId districtAssociation { databaseId } } } } }",
      { d: world.district1 },
      t["role:event_manage"],
    );
    const nodes = gql.body.data.events.edges.map((edge: { node: { databaseId: number; districtAssociation: { databaseId: number } } }) => edge.node);
    expect(nodes.map((n: { databaseId: number }) => n.databaseId)).toContain(own.id);
    expect(nodes.every((n: { districtAssociation: { databaseId: number } }) => n.districtAssociation.databaseId === world.district1)).toBe(true);
  });

  it("[R-EV017] event_manage sets the edit phase in the event dialog; the server holds members to it, registration_manage excepted", async () => {
    const e = await newEvent();
    const wire = (await app.rest("GET", `/v1/event/${e.id}`, t["role:event_manage"])).body;
    expect(wire.edit_phase).toBe("NoRestrictions");
    // only event_manage (and admin) change the phase
    expect((await app.rest("PUT", "/v1/event", t["role:registration_manage"], { ...wire, edit_phase: "None" })).status).toBe(403);
    const reg = await app.rest("POST", "/v1/registration/dexam", t.member, {
      event_id: e.id,
      firstname: "Pia",
      lastname: "Phase",
      birthdate: "2012-04-05",
      gender: "f",
      association_id: world.club1,
      instrument: "Flute",
      type: "D1",
      theory_location_id: e.theory,
      gdpr_accepted: true,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const closed = await app.rest("PUT", "/v1/event", t["role:event_manage"], { ...wire, edit_phase: "None" });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.edit_phase).toBe("None");
    const edit = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...reg.body, firstname: "Geändert" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe("In dieser Bearbeitungsphase kann die Anmeldung nicht mehr geändert werden");
    const office = await app.rest("PUT", "/v1/registration/dexam", t["role:registration_manage"], { ...reg.body, firstname: "Korrigiert" });
    expect(office.status).toBe(200);
    expect(office.body.firstname).toBe("Korrigiert");
    // back to NoRestrictions: the member edits again
    await app.rest("PUT", "/v1/event", t["role:event_manage"], { ...closed.body, edit_phase: "NoRestrictions" });
    const open = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...office.body, firstname: "Wieder offen" });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
  });

  it("[R-LO006] PUT /v1/event/location stores the edited location for event_manage; the dialog's GraphQL call does the same; other roles and districts are refused", async () => {
    const e = await newEvent();
    const before = (await app.rest("GET", `/v1/event/location/${e.theory}`, t["role:event_manage"])).body;
    const res = await app.rest("PUT", "/v1/event/location", t["role:event_manage"], {
      ...before,
      name: "Musikschule (neu)",
      address: { street: "Neue Straße 1", postcode: "70173", city: "Stadt", country: "Deutschland" },
      available_sub_types: ["D1", "D2", "D3"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: e.theory, name: "Musikschule (neu)", available_sub_types: ["D1", "D2", "D3"], version: before.version + 1 });
    const stored = await app.db.prisma.eventLocation.findUniqueOrThrow({ where: { id: e.theory } });
    expect(stored).toMatchObject({ name: "Musikschule (neu)", street: "Neue Straße 1", dexamTypes: ["D1", "D2", "D3"] });
    const gql = await app.gql(
      "mutation($id: ID!, $input: UpdateEventLocationInput!) { updateEventLocation(id: $id, input: $input) { name dexamTypes } }",
      {
        id: gid("EventLocation", e.theory),
        input: { name: "Musikschule", street: "S", city: "C", start: before.start, end: before.end, dexamTypes: ["D1"], version: res.body.version },
      },
      t["role:event_manage"],
    );
    expect(gql.body.data?.updateEventLocation, JSON.stringify(gql.body.errors)).toEqual({ name: "Musikschule", dexamTypes: ["D1"] });
    for (const who of ["role:registration_manage", "role:registration_read", "role:results_manage", "member"]) {
      expect(outcome(await app.rest("PUT", "/v1/event/location", t[who], { ...before, name: "Nein" })), who).toBe("refused");
    }
    expect((await app.rest("PUT", "/v1/event/location", t.staff2, { ...before, name: "Nein" })).status).toBe(404);
    expect((await app.db.prisma.eventLocation.findUniqueOrThrow({ where: { id: e.theory } })).name).toBe("Musikschule");
  });
});

describe("guidance only", () => {
  it("[R-VA047] the 4-week request for the pieces is guidance: pieces entered 3 days before the practice exam are accepted", async () => {
    const e = await newEvent();
    await app.db.prisma.eventLocation.update({
      where: { id: e.practice },
      data: { start: new Date(Date.now() + 3 * DAY), end: new Date(Date.now() + 3 * DAY + 3600_000) },
    });
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, {
      event_id: e.id,
      firstname: "Spät",
      lastname: "Eingetragen",
      birthdate: "2012-04-05",
      gender: "f",
      association_id: world.club1,
      instrument: "Flute",
      type: "D1",
      practice_location_id: e.practice,
      gdpr_accepted: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const songs = [1, 2, 3, 4].map((n) => ({ number: String(n), name: `Stück ${n}` }));
    const res = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created.body, songs });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ songs, songs_complete: true });
  });
});

describe("business constants", () => {
  it("[R-BC009] every D-exam and competition registration holds four song rows, whatever was sent; a fifth row is refused", async () => {
    const e = await newEvent();
    const dexam = {
      event_id: e.id,
      firstname: "Vera",
      lastname: "Vier",
      birthdate: "2012-04-05",
      gender: "f",
      association_id: world.club1,
      instrument: "Flute",
      type: "D1",
      practice_location_id: e.practice,
      gdpr_accepted: true,
    };
    const none = await app.rest("POST", "/v1/registration/dexam", t.member, dexam);
    expect(none.status, JSON.stringify(none.body)).toBe(201);
    expect(none.body.songs).toEqual(Array.from({ length: 4 }, () => ({ number: null, name: null })));
    const one = await app.rest("POST", "/v1/registration/dexam", t.member, { ...dexam, songs: [{ number: "1", name: "Menuett" }] });
    expect(one.body.songs).toHaveLength(4);
    expect(one.body.songs[0]).toEqual({ number: "1", name: "Menuett" });
    const five = await app.rest("POST", "/v1/registration/dexam", t.member, {
      ...dexam,
      songs: [1, 2, 3, 4, 5].map((n) => ({ number: String(n), name: `Stück ${n}` })),
    });
    expect(five.status).toBe(400);

    const c = await newEvent({ formType: "COMPETITION" });
    const competition = {
      event_id: c.id,
      name: "Jugendorchester",
      association_id: world.club1,
      type: "K",
      cast: "B",
      category: 3,
      conductor_name: "Dirigent",
      number_of_musicians: 40,
      gdpr_accepted: true,
    };
    for (const type of [
      { type: "K", category: 3 },
      { type: "B", cast: "E", category: null, age_group: "II" },
    ]) {
      const res = await app.rest("POST", "/v1/registration/competition", t.member, { ...competition, ...type });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.songs).toHaveLength(4);
      const stored = await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(stored.songs as unknown[]).toHaveLength(4);
    }
  });
});
