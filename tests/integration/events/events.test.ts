// Events, locations, copy and statistics through /v1 and GraphQL (permissions per role are in
// auth/authorization.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { DAY, gid } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const dayIn = (days: number) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date(Date.now() + days * DAY));

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
});
afterAll(() => app.stop());

const manager = () => t["role:event_manage"];
const STALE = /inzwischen von jemand anderem geändert/;
const eventBody = (over: Record<string, unknown> = {}) => ({
  name: "D-Prüfungen Frühjahr",
  district_association_id: world.district1,
  form_type: "dexam",
  edit_phase: "NoRestrictions",
  registration_deadline: dayIn(30),
  start_publishing: isoIn(-1),
  finish_publishing: isoIn(90),
  start: isoIn(40),
  end: isoIn(41),
  privacy_policy: "Datenschutz",
  ...over,
});

async function createEvent(over: Record<string, unknown> = {}) {
  const res = await app.rest("POST", "/v1/event", manager(), eventBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function createLocation(eventId: number, over: Record<string, unknown> = {}) {
  const res = await app.rest("POST", "/v1/event/location", manager(), {
    event_id: eventId,
    name: "Musikschule",
    type: "DExamTheory",
    address: { street: "Weg 1", postcode: "70173", city: "Stadt", country: "DE" },
    start: isoIn(40),
    end: isoIn(40.2),
    available_sub_types: ["D1", "D2"],
    ...over,
  });
  return res;
}

describe("events", () => {
  it("[R-API024][R-EV013][R-VA018] POST /v1/event stores the deadline as 23:59:59 Berlin of the chosen day", async () => {
    const e = await createEvent({ registration_deadline: "2099-07-15" });
    expect(e.registration_deadline).toBe("2099-07-15T21:59:59.000Z");
    expect(e.registration_deadline_day).toBe("2099-07-15");
    expect(e).toMatchObject({ form_type: "dexam", edit_phase: "NoRestrictions", published: true, district_association: { name: "KV Eins" } });
    const bad = await app.rest("POST", "/v1/event", manager(), { district_association_id: world.district1, name: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(
      ["edit_phase", "finish_publishing", "form_type", "name", "privacy_policy", "registration_deadline", "start_publishing"].sort(),
    );
  });

  it("[R-EV012] the form type cannot change after creation", async () => {
    const e = await createEvent();
    const res = await app.rest("PUT", "/v1/event", manager(), { ...eventBody({ form_type: "competition" }), id: e.id });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.form_type).toBe("Die Art der Veranstaltung kann nach dem Anlegen nicht geändert werden");
    const ok = await app.rest("PUT", "/v1/event", manager(), { ...eventBody({ name: "Umbenannt", edit_phase: "SongsOnly" }), id: e.id });
    expect(ok.body).toMatchObject({ name: "Umbenannt", edit_phase: "SongsOnly", form_type: "dexam" });
  });

  it("[R-API025][R-EV011] no lost updates: the second of two saves based on the same version is refused and changes nothing", async () => {
    const e = await createEvent({ name: "Parallel" });
    expect(e.version).toBe(1);
    const first = await app.rest("PUT", "/v1/event", manager(), { ...eventBody({ name: "Büro A" }), id: e.id, version: e.version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ name: "Büro A", version: 2 });
    const second = await app.rest("PUT", "/v1/event", t.admin, { ...eventBody({ name: "Büro B", edit_phase: "None" }), id: e.id, version: e.version });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.event.findUniqueOrThrow({ where: { id: e.id } })).toMatchObject({ name: "Büro A", editPhase: "NO_RESTRICTIONS", version: 2 });

    const input = (name: string, version?: number) => ({
      name,
      editPhase: "NO_RESTRICTIONS",
      registrationDeadline: dayIn(30),
      startPublishing: isoIn(-1),
      finishPublishing: isoIn(90),
      privacyPolicy: "Datenschutz",
      ...(version === undefined ? {} : { version }),
    });
    const mutation = "mutation($id: ID!, $input: UpdateEventInput!) { updateEvent(id: $id, input: $input) { name version } }";
    const stale = await app.gql(mutation, { id: gid("Event", e.id), input: input("GraphQL alt", 1) }, manager());
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0].message).toMatch(STALE);
    expect((await app.db.prisma.event.findUniqueOrThrow({ where: { id: e.id } })).name).toBe("Büro A");
    const current = await app.gql(mutation, { id: gid("Event", e.id), input: input("GraphQL neu", 2) }, manager());
    expect(current.body.data.updateEvent).toEqual({ name: "GraphQL neu", version: 3 });

    // without a version (a spec /v1 client) the save goes through: last write wins
    const unversioned = await app.rest("PUT", "/v1/event", manager(), { ...eventBody({ name: "Ohne Version" }), id: e.id });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body).toMatchObject({ name: "Ohne Version", version: 4 });
    // GraphQL requires the version: a save without one is refused and changes nothing
    const missing = await app.gql(mutation, { id: gid("Event", e.id), input: input("GraphQL ohne Version") }, manager());
    expect(missing.body.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(missing.body.errors?.[0].message).toMatch(/version/);
    expect(await app.db.prisma.event.findUniqueOrThrow({ where: { id: e.id } })).toMatchObject({ name: "Ohne Version", version: 4 });
  });

  it("[R-EV004][R-ST006][R-ST007] members see published events of every district; staff also their own district's unpublished ones", async () => {
    const hidden = await createEvent({ name: "Noch nicht veröffentlicht", start_publishing: isoIn(5) });
    expect(hidden.published).toBe(false);
    await app.db.prisma.event.create({
      data: {
        name: "Anderer Kreis",
        districtAssociationId: world.district2,
        formType: "DEXAM",
        registrationDeadline: new Date(isoIn(20)),
        startPublishing: new Date(isoIn(-1)),
        finishPublishing: new Date(isoIn(60)),
        privacyPolicy: "p",
        end: new Date(isoIn(30)),
      },
    });
    const member = (await app.rest("GET", "/v1/events", t.member)).body.map((e: any) => e.name);
    expect(member).toContain("Anderer Kreis");
    expect(member).not.toContain("Noch nicht veröffentlicht");
    const staff = (await app.rest("GET", "/v1/events", t["role:registration_read"])).body.map((e: any) => e.name);
    expect(staff).toContain("Noch nicht veröffentlicht");
    expect((await app.rest("GET", `/v1/event/${hidden.id}`, t.member)).status).toBe(404);
    expect((await app.rest("GET", `/v1/event/${hidden.id}`, t.staff2)).status).toBe(404);
  });

  it("[R-API031][R-ST002][R-ST003][R-ST004] GET /v1/events filters by district and lists events from today onward", async () => {
    await createEvent({ name: "Vorbei", registration_deadline: dayIn(-10), start: isoIn(-5), end: isoIn(-4) });
    const today = new Date().toISOString();
    const current = (await app.rest("GET", `/v1/events?startDate=${today}`, t.member)).body.map((e: any) => e.name);
    expect(current).not.toContain("Vorbei");
    expect(current).toContain("Anderer Kreis");
    const own = (await app.rest("GET", `/v1/events?startDate=${today}&districtId=${world.district1}`, t.member)).body;
    expect(own.every((e: any) => e.district_association_id === world.district1)).toBe(true);
    const all = (await app.rest("GET", "/v1/events", t.member)).body.map((e: any) => e.name);
    expect(all).toContain("Vorbei");
  });
});

describe("locations", () => {
  it("[R-API028][R-LO015] locations of a competition event get the type Competition", async () => {
    const e = await createEvent({ form_type: "competition", name: "Wertungsspiele" });
    const res = await createLocation(e.id, { type: "DExamTheory", available_sub_types: ["T", "K"] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "Competition", available_sub_types: ["T", "K"] });
  });

  it("[R-VA021][R-LO014] practice locations need an instrument; the type cannot change", async () => {
    const e = await createEvent();
    const bad = await createLocation(e.id, { type: "DExamPractice" });
    expect(bad.body.error.fields).toEqual({ instruments: "Dieses Feld ist ein Pflichtfeld" });
    const ok = await createLocation(e.id, { type: "DExamPractice", instruments: ["Clarinet", "Eb Clarinet"] });
    expect(ok.body.instruments).toEqual(["Clarinet", "Eb Clarinet"]);
    const change = await app.rest("PUT", "/v1/event/location", manager(), { ...ok.body, type: "DExamTheory" });
    expect(change.body.error.fields.type).toBe("Der Typ kann nach dem Anlegen nicht geändert werden");
    const publish = await app.rest("PUT", "/v1/event/location", manager(), { ...ok.body, publish_results: true });
    expect(publish.body.publish_results).toBe(true);
  });

  it("[R-API030][R-LO013] no lost updates: the second of two location saves based on the same version is refused and changes nothing", async () => {
    const e = await createEvent({ name: "Orte parallel" });
    const l = (await createLocation(e.id)).body;
    expect(l.version).toBe(1);
    expect((await app.rest("GET", `/v1/event/${e.id}`, manager())).body.locations[0]).toMatchObject({ id: l.id, version: 1 });
    const first = await app.rest("PUT", "/v1/event/location", manager(), { ...l, name: "Raum A" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ name: "Raum A", version: 2 });
    const second = await app.rest("PUT", "/v1/event/location", t.admin, { ...l, name: "Raum B", publish_results: true });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(STALE);
    expect(await app.db.prisma.eventLocation.findUniqueOrThrow({ where: { id: l.id } })).toMatchObject({ name: "Raum A", publishResults: false, version: 2 });

    const input = (name: string, version?: number) => ({
      name,
      street: "Weg 1",
      city: "Stadt",
      start: isoIn(40),
      end: isoIn(40.2),
      dexamTypes: ["D1"],
      ...(version === undefined ? {} : { version }),
    });
    const mutation = "mutation($id: ID!, $input: UpdateEventLocationInput!) { updateEventLocation(id: $id, input: $input) { name version } }";
    const stale = await app.gql(mutation, { id: gid("EventLocation", l.id), input: input("GraphQL alt", 1) }, manager());
    expect(stale.body.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect((await app.db.prisma.eventLocation.findUniqueOrThrow({ where: { id: l.id } })).name).toBe("Raum A");
    expect((await app.gql(mutation, { id: gid("EventLocation", l.id), input: input("GraphQL neu", 2) }, manager())).body.data.updateEventLocation).toEqual({
      name: "GraphQL neu",
      version: 3,
    });

    // without a version the save goes through: last write wins
    const { version: _v, ...unversioned } = l;
    const res = await app.rest("PUT", "/v1/event/location", manager(), { ...unversioned, name: "Ohne Version" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Ohne Version", version: 4 });
  });

  it("[R-LO019][R-LO020][R-API026] a location with registrations cannot be deleted; without, it can", async () => {
    const e = await createEvent();
    const used = (await createLocation(e.id)).body;
    const free = (await createLocation(e.id, { name: "Frei" })).body;
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: e.id,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        theoryLocationId: used.id,
      },
    });
    const refused = await app.rest("DELETE", `/v1/event/location/${used.id}`, manager());
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("Der Veranstaltungsort wird von 1 Anmeldung(en) verwendet und kann nicht gelöscht werden");
    expect((await app.rest("DELETE", `/v1/event/location/${free.id}`, manager())).status).toBe(204);
    expect((await app.rest("GET", `/v1/event/${e.id}/locations`, t.member)).body.map((l: any) => l.name)).toEqual(["Musikschule"]);
  });
});

describe("copy", () => {
  it("[R-EV021][R-EV023][R-EV024][R-EV025][R-EV026] copies master data and locations into the selected open event, dates moved, no registrations; a second copy changes nothing", async () => {
    const source = await createEvent({
      name: "Quelle",
      start: "2026-05-01T08:00:00Z",
      end: "2026-05-02T16:00:00Z",
      registration_deadline: dayIn(-100),
      cancellation_conditions: "Storno kostet 10 €",
      address: "Musikschule",
    });
    await createLocation(source.id, { name: "Theorie", start: "2026-05-01T08:00:00Z", end: "2026-05-01T12:00:00Z" });
    await createLocation(source.id, {
      name: "Praxis",
      type: "DExamPractice",
      instruments: ["Tuba"],
      start: "2026-05-02T08:00:00Z",
      end: "2026-05-02T16:00:00Z",
    });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: source.id,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "TUBA",
        type: "D1",
        theoryPoints: 30,
      },
    });
    const target = await createEvent({ name: "Ziel", start: "2099-05-01T08:00:00Z", end: "2099-05-02T16:00:00Z", registration_deadline: "2099-04-01" });
    const competition = await createEvent({ name: "Andere Art", form_type: "competition", registration_deadline: "2099-04-01" });
    const closed = await createEvent({ name: "Geschlossen", registration_deadline: dayIn(-1) });
    const sid = Buffer.from(`Event:${source.id}`).toString("base64");
    const tid = Buffer.from(`Event:${target.id}`).toString("base64");

    const targets = await app.gql("query($id: ID!) { eventCopyTargets(eventId: $id) { name } }", { id: sid }, manager());
    const names = targets.body.data.eventCopyTargets.map((e: any) => e.name);
    expect(names).toContain("Ziel");
    expect(names).not.toContain("Andere Art");
    expect(names).not.toContain("Geschlossen");
    expect(names).not.toContain("Quelle");

    const copy = (targetId: string | null) =>
      app.gql(
        "mutation($s: ID!, $t: ID!) { copyEvent(sourceId: $s, targetId: $t) { name cancellationConditions address locations { name type start instruments } } }",
        { s: sid, t: targetId },
        manager(),
      );
    const wrong = await copy(Buffer.from(`Event:${competition.id}`).toString("base64"));
    expect(wrong.body.errors?.[0].extensions?.code).toBe("VALIDATION");
    // the server refuses a target past its deadline too, not only the dialog's list
    const late = await copy(Buffer.from(`Event:${closed.id}`).toString("base64"));
    expect(late.body.errors?.[0].extensions?.code).toBe("VALIDATION");
    const missing = await copy(null);
    expect(missing.body.errors).toBeTruthy();

    const done = await copy(tid);
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data.copyEvent).toEqual({
      name: "Ziel",
      cancellationConditions: "Storno kostet 10 €",
      address: "Musikschule",
      locations: [
        { name: "Theorie", type: "DEXAM_THEORY", start: "2099-05-01T08:00:00.000Z", instruments: [] },
        { name: "Praxis", type: "DEXAM_PRACTICE", start: "2099-05-02T08:00:00.000Z", instruments: ["TUBA"] },
      ],
    });
    expect(await app.db.prisma.dexamRegistration.count({ where: { eventId: target.id } })).toBe(0);
    const again = await copy(tid);
    expect(again.body.data.copyEvent.locations).toHaveLength(2);
  });

  it("[R-EV024][R-EV026] copying into an event that has registrations is refused on the server, and the dialog does not offer it", async () => {
    const source = await createEvent({ name: "Quelle Sperre" });
    const live = await createEvent({ name: "Laufend", registration_deadline: "2099-04-01" });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: live.id,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "TUBA",
        type: "D1",
      },
    });
    const before = await app.db.prisma.event.findUniqueOrThrow({ where: { id: live.id }, include: { locations: true } });
    const targets = await app.gql("query($id: ID!) { eventCopyTargets(eventId: $id) { name } }", { id: gid("Event", source.id) }, manager());
    expect(targets.body.data.eventCopyTargets.map((e: { name: string }) => e.name)).not.toContain("Laufend");
    const refused = await app.gql(
      "mutation($s: ID!, $t: ID!) { copyEvent(sourceId: $s, targetId: $t) { id } }",
      { s: gid("Event", source.id), t: gid("Event", live.id) },
      manager(),
    );
    expect(refused.body.errors?.[0]).toMatchObject({
      message: "In diese Veranstaltung kann nicht kopiert werden: Sie hat bereits Anmeldungen",
      extensions: { code: "CONFLICT" },
    });
    expect(await app.db.prisma.event.findUniqueOrThrow({ where: { id: live.id }, include: { locations: true } })).toEqual(before);
  });

  it("[R-EV024][R-EV026] Duplizieren makes a new unpublished event 'Kopie von …' with its locations, every date moved by the same days; the source stays", async () => {
    const source = await createEvent({
      name: "Herbstprüfung",
      start: "2026-03-20T08:00:00Z", // 09:00 Berlin (winter time)
      end: "2026-03-21T15:00:00Z",
      registration_deadline: "2026-03-01",
      expiration: "2026-12-31",
      start_publishing: isoIn(-30),
      finish_publishing: isoIn(30),
      cancellation_conditions: "Storno kostet 10 €",
    });
    await createLocation(source.id, { name: "Theorie", start: "2026-03-20T08:00:00Z", end: "2026-03-20T11:00:00Z" });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: source.id,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "TUBA",
        type: "D1",
      },
    });
    const duplicate = (startDay: string | null) =>
      app.gql(
        `mutation($s: ID!, $d: Date!) { duplicateEvent(sourceId: $s, startDay: $d) {
          databaseId name formType published registrationDeadlineDay expiration start end cancellationConditions startPublishing finishPublishing
          locations { name start end publishResults } } }`,
        { s: gid("Event", source.id), d: startDay },
        manager(),
      );
    const done = await duplicate("2099-03-27"); // 73 years and 7 days later; across a switch to summer time
    expect(done.body.errors).toBeUndefined();
    const copy = done.body.data.duplicateEvent;
    expect(copy).toMatchObject({
      name: "Kopie von Herbstprüfung",
      formType: "DEXAM",
      published: false,
      cancellationConditions: "Storno kostet 10 €",
      start: "2099-03-27T08:00:00.000Z",
      end: "2099-03-28T15:00:00.000Z",
      locations: [{ name: "Theorie", start: "2099-03-27T08:00:00.000Z", end: "2099-03-27T11:00:00.000Z", publishResults: false }],
    });
    const days = Math.round((Date.parse("2099-03-27") - Date.parse("2026-03-20")) / DAY);
    const dayAfter = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    expect(copy.registrationDeadlineDay).toBe(dayAfter("2026-03-01", days));
    expect(new Date(copy.expiration).toISOString()).toBe(new Date(`${dayAfter("2026-12-31", days)}T22:59:59.000Z`).toISOString());
    // the moved publishing window lies in the future, so the copy is not published
    expect(new Date(copy.startPublishing).getTime()).toBeGreaterThan(Date.now());
    expect(await app.db.prisma.dexamRegistration.count({ where: { eventId: copy.databaseId } })).toBe(0);
    expect((await app.db.prisma.event.findUniqueOrThrow({ where: { id: source.id } })).name).toBe("Herbstprüfung");
    const audit = await app.db.prisma.auditEntry.findFirst({ where: { entity: "Event", entityId: copy.databaseId, action: "duplicate" } });
    expect(audit).toBeTruthy();

    // a duplicate whose moved window would already be open starts publishing tomorrow instead
    const soon = await duplicate("2026-03-25"); // 5 days: the window (30 days either side of now) still holds now
    expect(soon.body.errors).toBeUndefined();
    expect(soon.body.data.duplicateEvent.published).toBe(false);
    expect(new Date(soon.body.data.duplicateEvent.startPublishing).getTime()).toBeGreaterThan(Date.now());

    const missing = await duplicate(null);
    expect(missing.body.errors).toBeTruthy();
    const foreign = await app.gql(
      "mutation($s: ID!, $d: Date!) { duplicateEvent(sourceId: $s, startDay: $d) { id } }",
      { s: gid("Event", source.id), d: "2099-01-01" },
      t.staff2,
    );
    expect(foreign.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});

describe("statistics", () => {
  it("[R-EV018][R-EN020][R-API025] counts registrations by course, instrument, club, location and result; cancelled ones only in the first group", async () => {
    const e = await createEvent({ name: "Statistik" });
    const theory = (await createLocation(e.id, { name: "Theorie" })).body;
    const practice = (await createLocation(e.id, { name: "Praxis", type: "DExamPractice", instruments: ["Flute", "Tuba"] })).body;
    const reg = (data: Record<string, unknown>) =>
      app.db.prisma.dexamRegistration.create({
        data: {
          eventId: e.id,
          firstname: "A",
          lastname: "B",
          birthdate: new Date("2010-01-01"),
          gender: "F",
          associationId: world.club1,
          instrument: "FLUTE",
          type: "D1",
          ...data,
        } as never,
      });
    await reg({ theoryLocationId: theory.id, practiceLocationId: practice.id, theoryPoints: 24, practicePoints: 36 });
    await reg({ theoryLocationId: theory.id, practiceLocationId: practice.id, theoryPoints: 20, practicePoints: 40, instrument: "TUBA", type: "D2" });
    await reg({ theoryLocationId: theory.id, type: "D2" });
    await reg({ theoryLocationId: theory.id, practiceLocationId: practice.id, cancelledAt: new Date(), type: "D3", associationId: world.club2 });
    // another event's registration never counts
    const other = await createEvent({ name: "Andere" });
    await app.db.prisma.dexamRegistration.create({
      data: {
        eventId: other.id,
        firstname: "X",
        lastname: "Y",
        birthdate: new Date("2010-01-01"),
        gender: "M",
        associationId: world.club1,
        instrument: "OBOE",
        type: "D3",
      },
    });

    const res = await app.rest("GET", `/v1/event/${e.id}/statistic`, t["role:registration_read"]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        name: "Anmeldungen",
        rows: [
          { label: "Gesamt", value: 4 },
          { label: "Aktiv", value: 3 },
          { label: "Storniert", value: 1 },
        ],
      },
      {
        name: "Kurse",
        rows: [
          { label: "D1", value: 1 },
          { label: "D2", value: 2 },
          { label: "D3", value: 0 },
        ],
      },
      {
        name: "Instrumente",
        rows: [
          { label: "Querflöte", value: 2 },
          { label: "Tuba", value: 1 },
        ],
      },
      { name: "Vereine", rows: [{ label: "MV Eins", value: 3 }] },
      {
        name: "Orte",
        rows: [
          { label: "Praxis", value: 2 },
          { label: "Theorie", value: 3 },
        ],
      },
      {
        name: "Ergebnisse",
        rows: [
          { label: "Bestanden", value: 1 },
          { label: "Nicht bestanden", value: 1 },
          { label: "Ohne Ergebnis", value: 1 },
        ],
      },
    ]);
    const byLocation = await app.rest("GET", `/v1/event/${e.id}/statistic?locationId=${practice.id}`, t["role:registration_read"]);
    expect(byLocation.body[0]).toEqual({
      name: "Anmeldungen",
      rows: [
        { label: "Gesamt", value: 3 },
        { label: "Aktiv", value: 2 },
        { label: "Storniert", value: 1 },
      ],
    });
    expect(byLocation.body[4]).toEqual({ name: "Orte", rows: [{ label: "Praxis", value: 2 }] });
  });
});

describe("automatic deletion", () => {
  async function registration(eventId: number, data: Record<string, unknown> = {}) {
    return app.db.prisma.dexamRegistration.create({
      data: {
        eventId,
        firstname: "A",
        lastname: "B",
        birthdate: new Date("2010-01-01"),
        gender: "F",
        associationId: world.club1,
        instrument: "FLUTE",
        type: "D1",
        ...data,
      },
    });
  }
  const file = async (name: string) =>
    (await app.db.prisma.storedFile.create({ data: { name, mimeType: "application/pdf", size: 3, sha256: "x", data: Buffer.from("pdf") } })).id;

  it("[R-EV005][R-EV006] an event whose expiration day has passed (fake clock) is deleted with its registrations, results, health data and files; counts are reported", async () => {
    const { deleteExpiredEvents } = await import("../../../server/src/domains/events/expiry.ts");
    const gone = await createEvent({ name: "Abgelaufen", expiration: dayIn(5) });
    const kept = await createEvent({ name: "Bleibt", expiration: dayIn(20) });
    expect(kept.expiration).toBe(dayIn(20));
    await registration(gone.id, { campDataEncrypted: Buffer.from("sealed"), consentFormFileId: await file("einverstaendnis.pdf") });
    await registration(gone.id, { theoryPoints: 31.5, practiceSheetFileId: await file("D1_A_B.xlsx") });
    const keptReg = await registration(kept.id, { consentFormFileId: await file("bleibt.pdf") });
    const filesBefore = await app.db.prisma.storedFile.count();

    // today nothing has expired yet
    expect(await deleteExpiredEvents(app.db.prisma, new Date())).toMatchObject({ events: 0 });
    // ten days later (fake clock) the first event has
    const report = await deleteExpiredEvents(app.db.prisma, new Date(Date.now() + 10 * DAY));
    expect(report).toEqual({
      events: 1,
      dexamRegistrations: 2,
      competitionRegistrations: 0,
      campHealthRecords: 1,
      results: 1,
      files: 2,
      auditEntries: 0,
      mails: 0,
      expiredAuditEntries: 0,
    });
    expect(await app.db.prisma.event.count({ where: { id: gone.id } })).toBe(0);
    expect(await app.db.prisma.dexamRegistration.count({ where: { eventId: gone.id } })).toBe(0);
    expect(await app.db.prisma.storedFile.count()).toBe(filesBefore - 2);
    expect(await app.db.prisma.event.count({ where: { id: kept.id } })).toBe(1);
    expect(await app.db.prisma.dexamRegistration.count({ where: { id: keptReg.id } })).toBe(1);
    const entry = await app.db.prisma.auditEntry.findFirst({ where: { action: "expire", entityId: gone.id } });
    expect(entry?.details).toMatchObject({ name: "Abgelaufen", events: 1, dexamRegistrations: 2, files: 2 });
    await app.db.prisma.event.delete({ where: { id: kept.id } });
  });

  it("two servers running the job at the same moment delete each event once (the lease)", async () => {
    const { deleteExpiredEvents } = await import("../../../server/src/domains/events/expiry.ts");
    const gone = await createEvent({ name: "Doppelt", expiration: dayIn(2) });
    await registration(gone.id);
    const later = new Date(Date.now() + 5 * DAY);
    const reports = await Promise.all([deleteExpiredEvents(app.db.prisma, later), deleteExpiredEvents(app.db.prisma, later)]);
    // one round deletes it; the other either found the lease taken (null) or nothing left
    expect(reports.reduce((n, r) => n + (r?.events ?? 0), 0)).toBe(1);
    expect(await app.db.prisma.auditEntry.count({ where: { action: "expire", entityId: gone.id } })).toBe(1);
  });

  it("the scheduled round logs the counts in German", async () => {
    const { runExpiryJob } = await import("../../../server/src/domains/events/expiry.ts");
    const gone = await createEvent({ name: "Protokoll", expiration: dayIn(1) });
    await registration(gone.id);
    const lines: string[] = [];
    await runExpiryJob(app.db.prisma, new Date(Date.now() + 3 * DAY), (l) => lines.push(l));
    expect(lines).toEqual([
      "Automatische Löschung: 1 Veranstaltung(en), 1 D-Prüfungs- und 0 Wertungsspiel-Anmeldung(en), 0 Ergebnis(se), 0 Freizeit-Gesundheitsangabe(n), 0 Datei(en), 0 Protokolleintrag/-einträge und 0 E-Mail(s) gelöscht",
    ]);
  });
});
