// Server-side guards a review of the write paths found missing (2026-11-25): a manager moving a
// registration to a club outside their district or to no club at all, /v1 dates that are no dates,
// texts sent as numbers, a version that is no number, a location body read before the caller's
// rights, unpublished results in "Meine Daten herunterladen", and a user manager redirecting a
// more privileged colleague's account to their own address. Each answered 200, 201 or 500 before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionEventWithHall, competitionWireBody, dexamEventWithLocations, dexamWireBody } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let dexamEvent: number;
let theory: number;
let practice: number;
let competitionEvent: number;

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  await app.db.prisma.user.updateMany({ where: { id: world.userIds.member }, data: { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" } });
  ({ event: dexamEvent, theory, practice } = await dexamEventWithLocations(app.db.prisma, world.district1));
  competitionEvent = await competitionEventWithHall(app.db.prisma, world.district1, { cancellationConditions: "Storno" });
});
afterAll(() => app.stop());

const dexamBody = (over: Record<string, unknown> = {}) => dexamWireBody({ event: dexamEvent, theory, practice }, world.club1, over);
const competitionBody = (over: Record<string, unknown> = {}) => competitionWireBody(competitionEvent, world.club1, over);
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
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe("registrations move only to clubs the manager may use", () => {
  it("[R-VA043][R-API051] D-exam: registration_manage cannot move a registration to another district's club or to no club; the own district's clubs stay open", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody());
    expect(created.status).toBe(201);
    const manager = t["role:registration_manage"];
    const move = (association_id: number) => app.rest("PUT", "/v1/registration/dexam", manager, { ...created.body, association_id });
    for (const club of [world.club2, 99_999]) {
      const res = await move(club);
      expect(res.status, String(club)).toBe(404);
      expect((res.body as ErrorBody).error.message).toBe("Verein nicht gefunden");
    }
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } })).associationId).toBe(world.club1);
    const club3 = await app.db.prisma.association.create({ data: { name: "MV Drei", districtAssociationId: world.district1 } });
    expect((await move(club3.id)).status).toBe(200);
  });

  it("[R-VA043][R-API047] competition: the same for a manager's move", async () => {
    const created = await app.rest("POST", "/v1/registration/competition", t.member, competitionBody());
    expect(created.status).toBe(201);
    const res = await app.rest("PUT", "/v1/registration/competition", t["role:registration_manage"], { ...created.body, association_id: world.club2 });
    expect(res.status).toBe(404);
    expect((await app.db.prisma.competitionRegistration.findUniqueOrThrow({ where: { id: created.body.id } })).associationId).toBe(world.club1);
  });
});

describe("/v1 input that is no date, no text or no version", () => {
  it("[R-EV007][R-EV013][R-API024] an event's day that does not exist, or a time that is no time, is a field error, not a shifted day or a 500", async () => {
    const before = await app.db.prisma.event.count();
    for (const [over, field] of [
      [{ registration_deadline: "2031-02-30" }, "registration_deadline"],
      [{ registration_deadline: "2031-13-45" }, "registration_deadline"],
      [{ registration_deadline: "0050-06-01" }, "registration_deadline"],
      [{ expiration: "2031-00-00" }, "expiration"],
      [{ start: "morgen" }, "start"],
      [{ end: "bald" }, "end"],
    ] as const) {
      const res = await app.rest("POST", "/v1/event", t["role:event_manage"], eventBody(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((res.body as ErrorBody).error.fields?.[field], JSON.stringify(res.body)).toBe("Bitte ein gültiges Datum eingeben");
    }
    expect(await app.db.prisma.event.count()).toBe(before);
    expect((await app.rest("POST", "/v1/event", t["role:event_manage"], eventBody({ registration_deadline: "2032-02-29" }))).status).toBe(201);
  });

  it("[R-LO005][R-API029] a location's start that is no time is a field error, not a 500", async () => {
    const res = await app.rest("POST", "/v1/event/location", t["role:event_manage"], {
      event_id: dexamEvent,
      name: "Praxis 2",
      type: "dexam_practice",
      address: { street: "S", city: "C" },
      start: "morgen",
      end: "2031-05-01T10:00:00Z",
      available_sub_types: ["D2"],
      instruments: ["Clarinet"],
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error.fields?.start).toBe("Bitte ein gültiges Datum eingeben");
  });

  it("[R-API050][R-ER004] a D-exam text sent as a number is refused with a field error under the body's key (no coercion), not a 500", async () => {
    const before = await app.db.prisma.dexamRegistration.count();
    const res = await app.rest(
      "POST",
      "/v1/registration/dexam",
      t.member,
      dexamBody({
        firstname: 5,
        remarks: 7,
        songs: [{ number: "1", name: 8 }],
        practice_location_id: null,
        existing_partial_result: { type: "practice", district_association: 5, year: 2020, location: 6, points: 50 },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys((res.body as ErrorBody).error.fields ?? {}).sort()).toEqual(
      ["existing_partial_result.district_association", "existing_partial_result.location", "firstname", "remarks", "songs.0.name"].sort(),
    );
    expect(await app.db.prisma.dexamRegistration.count()).toBe(before);
    // a song number and the partial result's year may be written as whole numbers (the forms' fields hold digits)
    const ok = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ songs: [{ number: 1, name: "Stück" }] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.songs[0]).toEqual({ number: "1", name: "Stück" });
  });

  it("[R-API051][R-API014] a version that is no whole number is refused instead of turning the check off", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Version" }));
    for (const version of ["abc", 1.5, true]) {
      const res = await app.rest("PUT", "/v1/registration/dexam", t.member, { ...created.body, version, remarks: "geändert" });
      expect(res.status, String(version)).toBe(400);
      expect((res.body as ErrorBody).error.fields?.version).toBe("Ganze Zahl erwartet");
    }
    expect((await app.db.prisma.dexamRegistration.findUniqueOrThrow({ where: { id: created.body.id } })).remarks).toBeNull();
    const club = await app.rest("PUT", "/v1/association", t["role:association_manage"], { id: world.club1, name: "MV Eins", version: "x" });
    expect(club.status).toBe(400);
  });
});

describe("rights before the body", () => {
  it("[R-LO005][R-LO006][R-API029][R-API030] another district's staff learn nothing about an event from a location body: 404 whatever the sub-types", async () => {
    for (const subTypes of [["D1"], ["K"]]) {
      const res = await app.rest("POST", "/v1/event/location", t.staff2, {
        event_id: dexamEvent,
        name: "X",
        address: { street: "S", city: "C" },
        available_sub_types: subTypes,
      });
      expect(res.status, subTypes.join()).toBe(404);
    }
    const location = await app.rest("PUT", "/v1/event/location", t.staff2, { id: theory, name: "X", available_sub_types: ["K"] });
    expect(location.status).toBe(404);
  });
});

describe("Meine Daten herunterladen", () => {
  it("[R-RO017] shows results only once their location publishes them", async () => {
    const created = await app.rest("POST", "/v1/registration/dexam", t.member, dexamBody({ lastname: "Ergebnis" }));
    await app.db.prisma.dexamRegistration.update({ where: { id: created.body.id }, data: { theoryPoints: "12.5", practicePoints: "40" } });
    await app.db.prisma.eventLocation.update({ where: { id: practice }, data: { publishResults: true } });
    const exported = async () => {
      const res = await app.rest("GET", "/v1/user/0/export", t.member);
      expect(res.status).toBe(200);
      return (
        JSON.parse(res.raw.toString("utf8")) as { dexamRegistrations: { id: number; theoryPoints: number | null; practicePoints: number | null }[] }
      ).dexamRegistrations.find((r) => r.id === created.body.id);
    };
    expect(await exported()).toMatchObject({ theoryPoints: null, practicePoints: 40 });
    await app.db.prisma.eventLocation.update({ where: { id: theory }, data: { publishResults: true } });
    expect(await exported()).toMatchObject({ theoryPoints: 12.5, practicePoints: 40 });
  });
});

describe("addresses of staff accounts", () => {
  it("[R-API065] a user manager cannot give a colleague with other roles a new e-mail address (the password link would go there); an administrator can", async () => {
    const victim = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds["role:registration_manage"] } });
    const save = (token: string, email: string) =>
      app.rest("PUT", "/v1/user", token, { id: victim.id, firstname: victim.firstname, lastname: victim.lastname, email });
    const refused = await save(t["role:user_manage"], "angreifer@evil.example");
    expect(refused.status).toBe(403);
    const message = "Die E-Mail-Adresse eines Benutzers mit Rollen, die Sie selbst nicht haben, kann nur ein Administrator ändern";
    // shown in the snackbar and under the form's e-mail field
    expect((refused.body as ErrorBody).error).toMatchObject({ code: "FORBIDDEN", message, fields: { email: message } });
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).email).toBe(victim.email);
    // the same address in another case, or other fields, are no new address
    expect((await save(t["role:user_manage"], victim.email.toUpperCase())).status).toBe(200);
    // a member's address (no roles) stays the user manager's to change
    const target = await app.db.prisma.user.findUniqueOrThrow({ where: { id: world.userIds.target } });
    const member = await app.rest("PUT", "/v1/user", t["role:user_manage"], { id: target.id, firstname: "T", lastname: "T", email: "neu-target@test.example" });
    expect(member.status).toBe(200);
    expect((await save(t.admin, "neu-staff@test.example")).status).toBe(200);
  });
});
