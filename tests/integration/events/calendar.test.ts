// Calendars (.ics): an event's appointments, a registration's appointments and the personal feed of
// a user's clubs. Every file is read back by an independent parser (ical.js), not by the library
// that wrote it: the times must come out as the instants stored, in Europe/Berlin, summer and winter.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { competitionWireBody, dexamWireBody, gid, openEventFields } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let event: number;
let theory: number;
let practice: number;
let competitionEvent: number;

// winter (CET, +01:00) and summer (CEST, +02:00) instants, so the zone's rules are exercised
const THEORY_START = new Date("2027-03-20T08:00:00Z"); // 09:00 in Berlin
const THEORY_END = new Date("2027-03-20T10:30:00Z");
const PRACTICE_START = new Date("2027-07-03T07:15:00Z"); // 09:15 in Berlin
const HALL_START = new Date("2027-06-12T12:00:00Z"); // 14:00 in Berlin

beforeAll(async () => {
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  const complete = { phone: "+49711", street: "Weg 1", postcode: "70173", city: "Stadt" };
  await app.db.prisma.user.updateMany({ where: { id: { in: [world.userIds.member, world.userIds.member2] } }, data: complete });
  const e = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "D-Prüfungen Frühjahr",
      formType: "DEXAM",
      start: new Date("2027-03-20T07:00:00Z"),
      end: new Date("2027-07-03T16:00:00Z"),
      address: "Musikschule, Hauptstraße 1, 70173 Stuttgart",
      locations: {
        create: [
          {
            name: "Musikschule",
            type: "DEXAM_THEORY",
            street: "Hauptstraße 1",
            postcode: "70173",
            city: "Stuttgart",
            dexamTypes: ["D1", "D2"],
            start: THEORY_START,
            end: THEORY_END,
          },
          {
            name: "Rathaus",
            type: "DEXAM_PRACTICE",
            street: "Marktplatz 2",
            postcode: "70173",
            city: "Stuttgart",
            dexamTypes: ["D2"],
            instruments: ["CLARINET"],
            start: PRACTICE_START,
          },
        ],
      },
    },
    include: { locations: true },
  });
  event = e.id;
  theory = e.locations.find((l) => l.type === "DEXAM_THEORY")!.id;
  practice = e.locations.find((l) => l.type === "DEXAM_PRACTICE")!.id;
  const c = await app.db.prisma.event.create({
    data: {
      ...openEventFields(world.district1),
      name: "Wertungsspiele Sommer",
      formType: "COMPETITION",
      locations: { create: [{ name: "Stadthalle", type: "COMPETITION", street: "Am See 3", city: "Esslingen", competitionTypes: ["K"], start: HALL_START }] },
    },
  });
  competitionEvent = c.id;
});
afterAll(() => app.stop());

type Parsed = { summary: string; start: string; end: string | null; location: string; zone: string; uid: string; sequence: number; status: string | null };

/** The VEVENTs of an .ics text as ical.js reads them, times as UTC instants. */
function parse(ics: string): Parsed[] {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    const end = v.hasProperty("dtend") ? e.endDate.toJSDate().toISOString() : null;
    return {
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end,
      location: e.location,
      zone: e.startDate.zone?.tzid ?? "",
      uid: e.uid,
      sequence: e.sequence,
      status: (v.getFirstPropertyValue("status") as string | null) ?? null,
    };
  });
}

async function createDexam(token: string) {
  const res = await app.rest("POST", "/v1/registration/dexam", token, dexamWireBody({ event, theory, practice }, world.club1));
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}

describe("calendar downloads", () => {
  it("an event's .ics holds the event and each location with a time, in Europe/Berlin", async () => {
    const res = await app.fastify.inject({ method: "GET", url: `/v1/event/${event}/calendar`, headers: { authorization: `Bearer ${t.member}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(".ics");
    expect(res.body).toContain("BEGIN:VTIMEZONE");
    const events = parse(res.body);
    expect(events.map((e) => e.summary)).toEqual([
      "D-Prüfungen Frühjahr",
      "D-Prüfungen Frühjahr: Theorieprüfung Musikschule",
      "D-Prüfungen Frühjahr: Praxisprüfung Rathaus",
    ]);
    const theoryEntry = events[1];
    expect(theoryEntry.zone).toBe("Europe/Berlin");
    expect(theoryEntry.start).toBe(THEORY_START.toISOString());
    expect(theoryEntry.end).toBe(THEORY_END.toISOString());
    expect(theoryEntry.location).toBe("Musikschule, Hauptstraße 1, 70173 Stuttgart");
    expect(events[2].start).toBe(PRACTICE_START.toISOString());
    expect(res.body).toContain("DTSTART;TZID=Europe/Berlin:20270703T091500");
  });

  it("a D-exam registration's .ics holds its exam parts; the uid stays the same on the next download", async () => {
    const id = await createDexam(t.member);
    const get = () => app.fastify.inject({ method: "GET", url: `/v1/registration/dexam/${id}/calendar`, headers: { authorization: `Bearer ${t.member}` } });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const events = parse(first.body);
    expect(events).toHaveLength(2);
    expect(events[0].summary).toMatch(/^Theorieprüfung D2: /);
    expect(events[1].summary).toMatch(/^Praxisprüfung D2: /);
    expect(events[0].start).toBe(THEORY_START.toISOString());
    expect(events[1].start).toBe(PRACTICE_START.toISOString());
    expect(parse((await get()).body).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
  });

  it("the uids name this installation's host, so two installations' entries never collide in one calendar", async () => {
    const id = await createDexam(t.member);
    const res = await app.rest("GET", `/v1/registration/dexam/${id}/calendar`, t.member);
    const host = new URL(app.baseUrl).host;
    expect(parse(res.raw.toString("utf8")).map((e) => e.uid)).toEqual([`dexam-${id}-theory@${host}`, `dexam-${id}-practice@${host}`]);
    const ev = await app.fastify.inject({ method: "GET", url: `/v1/event/${event}/calendar`, headers: { authorization: `Bearer ${t.member}` } });
    expect(parse(ev.body)[0].uid).toBe(`event-${event}@${host}`);
  });

  it("a moved location raises the SEQUENCE of the registration's entries, so calendars take the new time", async () => {
    const id = await createDexam(t.member);
    const get = async () =>
      parse((await app.fastify.inject({ method: "GET", url: `/v1/registration/dexam/${id}/calendar`, headers: { authorization: `Bearer ${t.member}` } })).body);
    const before = await get();
    const l = (await app.rest("GET", `/v1/event/location/${theory}`, t.admin)).body;
    const { event_id: _e, event: _ev, ...body } = l;
    const hour = 3_600_000;
    const moved = new Date(THEORY_START.getTime() + hour);
    const res = await app.rest("PUT", "/v1/event/location", t["role:event_manage"], {
      ...body,
      start: moved.toISOString(),
      end: new Date(THEORY_END.getTime() + hour).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await get();
    expect(after[0].start).toBe(moved.toISOString());
    expect(after[0].sequence).toBeGreaterThan(before[0].sequence);
    // the other part did not change
    expect(after[1].sequence).toBe(before[1].sequence);
    const back = await app.rest("PUT", "/v1/event/location", t["role:event_manage"], { ...body, version: res.body.version });
    expect(back.status).toBe(200);
  });

  it("a cancelled registration's .ics keeps its entries, marked STATUS:CANCELLED with a higher SEQUENCE", async () => {
    const id = await createDexam(t.member);
    const get = async () =>
      (await app.fastify.inject({ method: "GET", url: `/v1/registration/dexam/${id}/calendar`, headers: { authorization: `Bearer ${t.member}` } })).body;
    const before = parse(await get());
    expect(before.map((e) => e.status)).toEqual([null, null]);
    const cancelled = await app.rest("PUT", "/v1/registration/dexam", t.member, {
      ...dexamWireBody({ event, theory, practice }, world.club1, { id }),
      cancelled_at: new Date().toISOString(),
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const ics = await get();
    expect(ics).toContain("STATUS:CANCELLED");
    const after = parse(ics);
    expect(after.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(after.map((e) => e.status)).toEqual(["CANCELLED", "CANCELLED"]);
    for (const [i, e] of after.entries()) expect(e.sequence).toBeGreaterThan(before[i].sequence);
  });

  it("another district's member gets 404 for the registration's calendar, as for the registration", async () => {
    const id = await createDexam(t.member);
    const res = await app.rest("GET", `/v1/registration/dexam/${id}/calendar`, t.member2);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("a competition registration's .ics holds its slot at the Wertungsspielort", async () => {
    const res = await app.rest("POST", "/v1/registration/competition", t.member, competitionWireBody(competitionEvent, world.club1));
    expect(res.status).toBe(201);
    const id = (res.body as { id: number }).id;
    const location = await app.db.prisma.eventLocation.findFirstOrThrow({ where: { eventId: competitionEvent } });
    await app.db.prisma.competitionRegistration.update({ where: { id }, data: { locationId: location.id } });
    const ics = await app.fastify.inject({
      method: "GET",
      url: `/v1/registration/competition/${id}/calendar`,
      headers: { authorization: `Bearer ${t.member}` },
    });
    const [slot] = parse(ics.body);
    expect(slot.summary).toMatch(/^Wertungsspiel: /);
    expect(slot.start).toBe(HALL_START.toISOString());
    expect(slot.location).toBe("Stadthalle, Am See 3, Esslingen");
  });

  it("without sign-in the downloads answer 401", async () => {
    const res = await app.rest("GET", `/v1/event/${event}/calendar`, undefined);
    expect(res.status).toBe(401);
  });
});

describe("personal calendar feed", () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it("is off until switched on; the address then serves the clubs' appointments without sign-in", async () => {
    const off = await app.gql("{ viewer { calendarFeedEnabled } }", {}, t.member);
    expect((off.body as any).data.viewer.calendarFeedEnabled).toBe(false);
    const on = await app.gql("mutation { enableCalendarFeed { url } }", {}, t.member);
    const url = (on.body as any).data.enableCalendarFeed.url as string;
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(((await app.gql("{ viewer { calendarFeedEnabled } }", {}, t.member)).body as any).data.viewer.calendarFeedEnabled).toBe(true);
    await createDexam(t.member);
    const feed = await app.fastify.inject({ method: "GET", url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const summaries = parse(feed.body).map((e) => e.summary);
    expect(summaries.some((s) => s.startsWith("Theorieprüfung D2: "))).toBe(true);
    // only the secret's hash is stored
    const stored = await app.db.prisma.calendarFeed.findUniqueOrThrow({ where: { userId: world.userIds.member } });
    expect(url).not.toContain(stored.tokenHash);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("holds only the own clubs' registrations, without cancelled ones", async () => {
    const mine = await createDexam(t.member);
    await app.db.prisma.dexamRegistration.update({ where: { id: mine }, data: { cancelledAt: new Date() } });
    const { url } = (await app.rest("POST", "/v1/user/0/calendar-feed", t.member2)).body as { url: string };
    const feed = await app.fastify.inject({ method: "GET", url: feedPath(url) });
    expect(feed.statusCode).toBe(200);
    expect(parse(feed.body)).toEqual([]); // member2's club has no registrations
    const own = parse(
      (await app.fastify.inject({ method: "GET", url: feedPath((await app.rest("POST", "/v1/user/0/calendar-feed", t.member)).body.url) })).body,
    );
    const cancelledUid = `dexam-${mine}-theory@${new URL(app.baseUrl).host}`;
    expect(own.map((e) => e.uid)).not.toContain(cancelledUid);
  });

  it("renewing revokes the old address; switching off revokes the current one", async () => {
    const first = ((await app.gql("mutation { enableCalendarFeed { url } }", {}, t.member)).body as any).data.enableCalendarFeed.url;
    const second = ((await app.gql("mutation { enableCalendarFeed { url } }", {}, t.member)).body as any).data.enableCalendarFeed.url;
    expect(second).not.toBe(first);
    expect((await app.fastify.inject({ method: "GET", url: feedPath(first) })).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: "GET", url: feedPath(second) })).statusCode).toBe(200);
    const off = await app.gql("mutation { disableCalendarFeed }", {}, t.member);
    expect((off.body as any).data.disableCalendarFeed).toBe(true);
    expect((await app.fastify.inject({ method: "GET", url: feedPath(second) })).statusCode).toBe(404);
    expect((await app.rest("DELETE", "/v1/user/0/calendar-feed", t.member)).status).toBe(404);
    const audit = await app.db.prisma.auditEntry.findMany({
      where: { entity: "User", entityId: world.userIds.member, action: { startsWith: "calendar_feed." } },
    });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["calendar_feed.enable", "calendar_feed.renew", "calendar_feed.disable"]));
  });

  it("a blocked owner's feed and a malformed or unknown secret answer 404 alike", async () => {
    const { url } = (await app.rest("POST", "/v1/user/0/calendar-feed", t.member)).body as { url: string };
    expect((await app.fastify.inject({ method: "GET", url: "/calendar/abc.ics" })).statusCode).toBe(404);
    expect((await app.fastify.inject({ method: "GET", url: `/calendar/${"A".repeat(43)}.ics` })).statusCode).toBe(404);
    await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { blocked: true } });
    try {
      expect((await app.fastify.inject({ method: "GET", url: feedPath(url) })).statusCode).toBe(404);
    } finally {
      await app.db.prisma.user.update({ where: { id: world.userIds.member }, data: { blocked: false } });
    }
  });

  it("another user's account shows no feed state (null), the own account true or false", async () => {
    await app.rest("POST", "/v1/user/0/calendar-feed", t.member);
    const other = await app.gql(
      "query($id: ID!) { node(id: $id) { ... on User { calendarFeedEnabled } } }",
      { id: gid("User", world.userIds.member) },
      t.admin,
    );
    expect((other.body as any).data.node).toEqual({ calendarFeedEnabled: null });
    const own = await app.gql("{ viewer { calendarFeedEnabled } }", {}, t.member);
    expect((own.body as any).data.viewer.calendarFeedEnabled).toBe(true);
  });
});
