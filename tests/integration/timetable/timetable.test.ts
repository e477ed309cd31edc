// The timetable (Zeitplan) through its doors on a real database: staff save rules and plan, nobody
// is booked twice at once, a move that does not fit is refused in German and a stale one too, a
// re-plan keeps slots and frees those of cancelled registrations, publishing shows the slots to the
// club and mails the registration's creator (once more on a later change, SEQUENCE up), the printed
// PDFs read back with pdftotext, the .xlsx opens in LibreOffice, and the audit log records it all.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { dexamEventWithLocations, gid, practiceCandidate } from "../../support/fixtures.ts";
import { createWorld, type World } from "../../support/principals.ts";

let app: TestApp;
let world: World;
const t: Record<string, string> = {};
let at: { event: number; theory: number; practice: number };
const reg: Record<string, number> = {};
let dir: string;

const DAY = "2031-03-15";
const RULES = (rooms: string[]) => ({
  days: [{ day: DAY, start: 9 * 60, end: 12 * 60, breaks: [{ start: 10 * 60 + 30, end: 10 * 60 + 45 }] }],
  rooms,
  practiceMinutes: 20,
  practiceOverrides: [],
  theoryMinutes: 60,
  theoryCapacity: 2,
  warmupMinutes: 10,
  changeoverMinutes: 5,
});

const TIMETABLE = `query($id: ID!) { timetable(eventId: $id) { locations { location { databaseId } part rulesVersion published
  slots { id databaseId version part registrationId room day startMinute endMinute locked sequence title club }
  unplaced { registrationId title } } } }`;

type Slot = {
  id: string;
  databaseId: number;
  version: number;
  part: string;
  registrationId: number;
  room: string;
  day: string;
  startMinute: number;
  endMinute: number;
  locked: boolean;
  sequence: number;
  title: string;
};

async function timetable(token = t["role:event_manage"]) {
  const res = await app.gql(TIMETABLE, { id: gid("Event", at.event) }, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.timetable.locations as {
    location: { databaseId: number };
    rulesVersion: number;
    published: boolean;
    slots: Slot[];
    unplaced: unknown[];
  }[];
}
const allSlots = async () => (await timetable()).flatMap((l) => l.slots);

async function gqlOk(query: string, variables: Record<string, unknown>, token = t["role:event_manage"]) {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

const SAVE = "mutation($id: ID!, $input: TimetableRulesInput!, $v: Int!) { saveTimetableRules(locationId: $id, input: $input, version: $v) { rooms } }";
const PLAN = "mutation($id: ID!, $over: Boolean) { planTimetable(eventId: $id, startOver: $over) { kept placed removed mails unplaced { title reason } } }";
const MOVE =
  "mutation($id: ID!, $v: Int!, $room: String!, $day: String!, $start: Int!) { moveTimetableSlot(id: $id, version: $v, room: $room, day: $day, startMinute: $start) { version startMinute locked sequence } }";
const SLOTS_OF = "query($id: ID!) { node(id: $id) { ... on DexamRegistration { timetableSlots { part room start end locationName } } } }";

const PROBLEMS = "query($id: ID!, $room: String!, $day: String!, $start: Int!) { timetableSlotProblems(id: $id, room: $room, day: $day, startMinute: $start) }";

/** The first start (9:00 on, every 5 minutes) where the slot fits in its room, as the conflict check answers before saving. */
async function freeStart(slot: Slot): Promise<number> {
  for (let start = 540; start < 720; start += 5) {
    if (start === slot.startMinute) continue;
    const res = await gqlOk(PROBLEMS, { id: slot.id, room: slot.room, day: slot.day, start });
    if (res.timetableSlotProblems.length === 0) return start;
  }
  throw new Error("kein freier Platz");
}

const overlap = (a: Slot, b: Slot) => a.day === b.day && a.startMinute < b.endMinute && b.startMinute < a.endMinute;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "anmeldesystem-tt-"));
  app = await startTestApp();
  world = await createWorld(app.db.prisma);
  for (const [name, sub] of Object.entries(world.subjects)) t[name] = await app.token(sub);
  at = await dexamEventWithLocations(app.db.prisma, world.district1, "D-Prüfungen Zeitplan");
  for (const name of ["Anna", "Ben", "Carla"]) reg[name] = await practiceCandidate(app.db.prisma, at, world.club1, name);
  // the member made Anna's registration: the mails go to that account
  await app.db.prisma.dexamRegistration.update({ where: { id: reg.Anna }, data: { userId: world.userIds.member } });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  return app.stop();
});

describe("timetable", () => {
  it("staff save the rules and plan: every part has one slot inside the rules, nobody twice at once; the audit log records it", async () => {
    await gqlOk(SAVE, { id: gid("EventLocation", at.theory), input: RULES(["Saal"]), v: 0 });
    await gqlOk(SAVE, { id: gid("EventLocation", at.practice), input: RULES(["Kommission 1"]), v: 0 });
    const summary = (await gqlOk(PLAN, { id: gid("Event", at.event) })).planTimetable;
    expect(summary).toMatchObject({ kept: 0, placed: 6, removed: 0, unplaced: [] });
    const slots = await allSlots();
    expect(slots).toHaveLength(6);
    for (const name of ["Anna", "Ben", "Carla"]) {
      const own = slots.filter((s) => s.registrationId === reg[name]);
      expect(own.map((s) => s.part).sort()).toEqual(["PRACTICE", "THEORY"]);
      expect(overlap(own[0], own[1])).toBe(false);
      expect(own[0].title).toBe(`${name} Klar`);
    }
    // the theory sitting seats two per room: the third candidate sits the next hour, after the break
    const theory = slots.filter((s) => s.part === "THEORY").map((s) => s.startMinute);
    expect(theory.sort()).toEqual([540, 540, 645]);
    for (const s of slots) {
      expect(s.startMinute).toBeGreaterThanOrEqual(540);
      expect(s.endMinute).toBeLessThanOrEqual(720);
      expect(s.startMinute < 645 && 630 < s.endMinute).toBe(false);
    }
    const audit = await app.db.prisma.auditEntry.findMany({ where: { action: { startsWith: "timetable." } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["timetable.rules", "timetable.rules", "timetable.plan"]);
  });

  it("the screen's read narrows to one location and one day; a foreign location, a day that is none and a member are refused", async () => {
    const NARROW = `query($id: ID!, $location: ID, $day: String) { timetable(eventId: $id, location: $location, day: $day) {
      locations { location { databaseId } slotCount slotDays unplaced { registrationId } slots { part day } } } }`;
    const read = async (variables: Record<string, unknown>, token = t["role:event_manage"]) =>
      app.gql(NARROW, { id: gid("Event", at.event), ...variables }, token);
    type Narrowed = { location: { databaseId: number }; slotCount: number; slotDays: string[]; slots: { part: string; day: string }[] };
    const locations = async (variables: Record<string, unknown>) => {
      const res = await read(variables);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.timetable.locations as Narrowed[];
    };
    const byId = (list: Narrowed[], id: number) => list.find((l) => l.location.databaseId === id);
    // only the practice location's slots of the day; every location's state stays
    const practiceDay = await locations({ location: gid("EventLocation", at.practice), day: DAY });
    expect(byId(practiceDay, at.practice)?.slots.map((s) => [s.part, s.day])).toEqual([
      ["PRACTICE", DAY],
      ["PRACTICE", DAY],
      ["PRACTICE", DAY],
    ]);
    expect(byId(practiceDay, at.theory)).toMatchObject({ slots: [], slotCount: 3, slotDays: [DAY] });
    expect(byId(practiceDay, at.practice)).toMatchObject({ slotCount: 3, slotDays: [DAY] });
    // another day: no slots anywhere, the counts stay
    const otherDay = await locations({ day: "2031-03-16" });
    expect(otherDay.flatMap((l) => l.slots)).toEqual([]);
    expect(otherDay.map((l) => l.slotCount)).toEqual([3, 3]);
    // without arguments everything, as before
    expect((await locations({})).flatMap((l) => l.slots)).toHaveLength(6);
    // refused: a day that is none, a location of another event, a location that is no location, a member
    const badDay = await read({ day: "2031-02-30" });
    expect(badDay.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(badDay.body.errors?.[0]?.message).toContain("Tag");
    const other = await dexamEventWithLocations(app.db.prisma, world.district1, "D-Prüfungen Zeitplan andere");
    const foreign = await read({ location: gid("EventLocation", other.practice) });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(foreign.body.errors?.[0]?.message).toContain("Ort");
    const wrongType = await read({ location: gid("Event", at.event) });
    expect(wrongType.body.errors?.[0]?.extensions?.code).toBeTruthy();
    expect(wrongType.body.data?.timetable ?? null).toBeNull();
    const member = await read({ location: gid("EventLocation", at.practice), day: DAY }, t.member);
    expect(member.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a move that does not fit is refused in German before and on saving; a stale version is refused; a fitting move locks the slot", async () => {
    const slots = await allSlots();
    const practice = slots.filter((s) => s.part === "PRACTICE").sort((a, b) => a.startMinute - b.startMinute);
    const [first, second] = practice;
    const problems = await gqlOk(PROBLEMS, { id: first.id, room: "Kommission 1", day: DAY, start: second.startMinute });
    expect(problems.timetableSlotProblems.join(" ")).toContain("schon belegt");
    const refused = await app.gql(MOVE, { id: first.id, v: first.version, room: "Kommission 1", day: DAY, start: second.startMinute }, t["role:event_manage"]);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(refused.body.errors?.[0]?.message).toMatch(/Der Raum „Kommission 1“ ist am 15\.03\.2031 von \d\d:\d\d bis \d\d:\d\d Uhr schon belegt/);
    const pause = await app.gql(MOVE, { id: first.id, v: first.version, room: "Kommission 1", day: DAY, start: 10 * 60 + 25 }, t["role:event_manage"]);
    expect(pause.body.errors?.[0]?.message).toContain("fällt in die Pause 10:30–10:45 Uhr");
    const stale = await app.gql(MOVE, { id: first.id, v: first.version + 1, room: "Kommission 1", day: DAY, start: 11 * 60 }, t["role:event_manage"]);
    expect(stale.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect(stale.body.errors?.[0]?.message).toContain("inzwischen von jemand anderem geändert");
    const free = await freeStart(first);
    const moved = (await gqlOk(MOVE, { id: first.id, v: first.version, room: "Kommission 1", day: DAY, start: free })).moveTimetableSlot;
    expect(moved).toEqual({ version: first.version + 1, startMinute: free, locked: true, sequence: 0 });
    // registration_read reads the timetable but may not change it
    const denied = await app.gql(MOVE, { id: first.id, v: moved.version, room: "Kommission 1", day: DAY, start: 9 * 60 }, t["role:registration_read"]);
    expect(denied.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("a member sees no slot before publishing; publishing shows it and mails the registration's creator once; a later move mails again with SEQUENCE 1", async () => {
    const before = await gqlOk(SLOTS_OF, { id: gid("DexamRegistration", reg.Anna) }, t.member);
    expect(before.node.timetableSlots).toEqual([]);
    const staffView = await gqlOk(SLOTS_OF, { id: gid("DexamRegistration", reg.Anna) }, t["role:registration_read"]);
    expect(staffView.node.timetableSlots).toHaveLength(2);

    const locations = await timetable();
    for (const l of locations) {
      const res = await gqlOk("mutation($id: ID!, $v: Int!) { publishTimetable(locationId: $id, version: $v) }", {
        id: gid("EventLocation", l.location.databaseId),
        v: l.rulesVersion,
      });
      expect(typeof res.publishTimetable).toBe("number");
    }
    const after = await gqlOk(SLOTS_OF, { id: gid("DexamRegistration", reg.Anna) }, t.member);
    expect(after.node.timetableSlots.map((s: { part: string }) => s.part).sort()).toEqual(["PRACTICE", "THEORY"]);
    const mails = await app.db.prisma.mailOutbox.findMany({ where: { userId: world.userIds.member }, orderBy: { id: "asc" } });
    // one per published location of Anna's slots (theory, practice); nobody else registered through an account
    expect(mails.map((m) => m.kind)).toEqual(["timetable", "timetable"]);
    expect(JSON.stringify(mails[0].payload)).toContain("Anna Klar");
    expect(await app.db.prisma.mailOutbox.count({ where: { userId: { not: world.userIds.member } } })).toBe(0);

    // move Anna's practice slot: the second mail, the slot's sequence 1, the calendar file's SEQUENCE:1
    const anna = (await allSlots()).find((s) => s.registrationId === reg.Anna && s.part === "PRACTICE") as Slot;
    const start = await freeStart(anna);
    const moved = (await gqlOk(MOVE, { id: anna.id, v: anna.version, room: "Kommission 1", day: DAY, start })).moveTimetableSlot;
    expect(moved.sequence).toBe(1);
    const later = await app.db.prisma.mailOutbox.findMany({ where: { userId: world.userIds.member }, orderBy: { id: "asc" } });
    expect(later.map((m) => m.kind)).toEqual(["timetable", "timetable", "timetableChanged"]);
    const ics = await app.rest("GET", `/v1/registration/dexam/${reg.Anna}/calendar`, t.member);
    expect(ics.status).toBe(200);
    const entry = ics.raw
      .toString("utf8")
      .split("BEGIN:VEVENT")
      .find((e) => e.includes(`dexam-${reg.Anna}-slot-practice`)) as string;
    expect(entry).toContain("SEQUENCE:1");
    expect(entry).toContain("Kommission 1");
    expect(entry).toContain(`DTSTART;TZID=Europe/Berlin:20310315T${String(Math.floor(start / 60)).padStart(2, "0")}${String(start % 60).padStart(2, "0")}00`);
    const v1 = await app.rest("GET", `/v1/registration/dexam/${reg.Anna}/timetable`, t.member);
    expect(v1.status).toBe(200);
    expect(v1.body.find((s: { part: string }) => s.part === "practice").sequence).toBe(1);
  });

  it("a re-plan keeps the slots, frees a cancelled registration's and places a new one in free time", async () => {
    const before = await allSlots();
    await app.db.prisma.dexamRegistration.update({ where: { id: reg.Ben }, data: { cancelledAt: new Date() } });
    reg.Dora = await practiceCandidate(app.db.prisma, at, world.club1, "Dora");
    const summary = (await gqlOk(PLAN, { id: gid("Event", at.event) })).planTimetable;
    expect(summary).toMatchObject({ kept: 4, placed: 2, removed: 2, unplaced: [] });
    const after = await allSlots();
    for (const s of before.filter((x) => x.registrationId !== reg.Ben)) {
      expect(after.find((x) => x.databaseId === s.databaseId)).toMatchObject({ room: s.room, startMinute: s.startMinute, day: s.day });
    }
    expect(after.filter((s) => s.registrationId === reg.Ben)).toEqual([]);
    expect(after.filter((s) => s.registrationId === reg.Dora)).toHaveLength(2);
    const dora = after.filter((s) => s.registrationId === reg.Dora);
    expect(overlap(dora[0], dora[1])).toBe(false);
  });

  it("prints the timetable, the attendance list and the examiners' list as PDF, read back with pdftotext", async () => {
    const read = async (kind: string) => {
      const res = await app.rest("GET", `/v1/export/location/${at.practice}/timetable?kind=${kind}&format=pdf`, t["role:registration_read"]);
      expect(res.status).toBe(200);
      expect(String(res.headers["content-type"])).toContain("application/pdf");
      const file = path.join(dir, `${kind}.pdf`);
      fs.writeFileSync(file, res.raw);
      const out = spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(out.status).toBe(0);
      return out.stdout;
    };
    const plan = await read("timetable");
    expect(plan).toContain("Zeitplan Praxisprüfung");
    expect(plan).toContain("D-Prüfungen Zeitplan · Praxis Klarinette");
    expect(plan).toContain("Kommission 1 · 15.03.2031");
    expect(plan).toContain("Seite 1 von 1");
    expect(plan).toMatch(/Gedruckt am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
    for (const name of ["Anna Klar", "Carla Klar", "Dora Klar"]) expect(plan).toContain(name);
    expect(plan).not.toContain("Ben Klar");
    expect(plan).toMatch(/09:\d\d–09:\d\d/);
    const attendance = await read("attendance");
    expect(attendance).toContain("Anwesenheitsliste Praxisprüfung");
    expect(attendance).toContain("Unterschrift");
    const examiners = await read("examiners");
    expect(examiners).toContain("Liste für die Prüfenden (Praxis)");
    expect(examiners).toContain("D2, Klarinette");

    // clubs do not print timetables
    expect((await app.rest("GET", `/v1/export/location/${at.practice}/timetable`, t.member)).status).toBe(403);
  });

  it("the .xlsx opens in LibreOffice (headless, its own profile)", { timeout: 240_000 }, async () => {
    const xlsx = await app.rest("GET", `/v1/export/location/${at.practice}/timetable?kind=timetable&format=xlsx`, t["role:event_manage"]);
    expect(xlsx.status).toBe(200);
    const file = path.join(dir, "zeitplan.xlsx");
    fs.writeFileSync(file, xlsx.raw);
    const profile = `file://${path.join(dir, "lo-profile")}`;
    const lo = spawnSync(
      "soffice",
      [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", dir, file],
      {
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, HOME: dir },
      },
    );
    expect(lo.status).toBe(0);
    const csv = fs.readFileSync(path.join(dir, "zeitplan.csv"), "utf8");
    expect(csv).toContain("Zeitplan Praxisprüfung");
    expect(csv).toContain("Anna Klar");
  });

  it("/v1: the timetable, a stale rules save refused, invalid rules named per field in German", async () => {
    const res = await app.rest("GET", `/v1/event/${at.event}/timetable`, t["role:event_manage"]);
    expect(res.status).toBe(200);
    const practice = res.body.locations.find((l: { location_id: number }) => l.location_id === at.practice);
    expect(practice.rules).toMatchObject({ rooms: ["Kommission 1"], published: true, days: [{ day: DAY, start: "09:00", end: "12:00" }] });
    expect(practice.slots.length).toBe(3);
    const body = { ...practice.rules, version: 1 };
    const stale = await app.rest("PUT", `/v1/event/location/${at.practice}/timetable/rules`, t["role:event_manage"], body);
    expect(stale.status).toBe(409);
    const bad = await app.rest("PUT", `/v1/event/location/${at.practice}/timetable/rules`, t["role:event_manage"], {
      ...practice.rules,
      rooms: [],
      days: [{ day: DAY, start: "12:00", end: "09:00", breaks: [] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ rooms: "Mindestens ein Raum ist nötig", "days.0.end": "Das Ende muss nach dem Beginn liegen" });
    const lock = await app.rest("PUT", `/v1/timetable/slot/${practice.slots[0].id}`, t["role:event_manage"], {
      version: practice.slots[0].version,
      locked: false,
    });
    expect(lock.status).toBe(200);
    expect(lock.body).toMatchObject({ locked: false, version: practice.slots[0].version + 1 });
  });

  it("practice lengths per course and instrument: saved and read back, an empty or invalid one refused per field in German; starting over plans with them", async () => {
    const RULES_OF = `query($id: ID!) { timetable(eventId: $id) { locations { location { databaseId } rulesVersion
      rules { practiceMinutes practiceOverrides { course instrument minutes } } } } }`;
    const rulesOf = async () =>
      (await gqlOk(RULES_OF, { id: gid("Event", at.event) })).timetable.locations.find(
        (l: { location: { databaseId: number } }) => l.location.databaseId === at.practice,
      );
    const before = await rulesOf();
    const input = { ...RULES(["Kommission 1"]), days: [{ day: DAY, start: 9 * 60, end: 13 * 60, breaks: [] }] };
    const bad = await app.gql(
      SAVE,
      {
        id: gid("EventLocation", at.practice),
        input: { ...input, practiceOverrides: [{ course: null, instrument: null, minutes: 0 }] },
        v: before.rulesVersion,
      },
      t["role:event_manage"],
    );
    expect((bad.body.errors?.[0]?.extensions as { fields?: Record<string, string> } | undefined)?.fields).toEqual({
      "practiceOverrides.0": "Eine Ausnahme nennt einen Kurs, ein Instrument oder beides",
      "practiceOverrides.0.minutes": "Eine ganze Zahl von 1 bis 600 Minuten",
    });
    const overrides = [
      { course: "D2", instrument: "CLARINET", minutes: 30 },
      { course: "D3", instrument: null, minutes: 40 },
    ];
    await gqlOk(SAVE, { id: gid("EventLocation", at.practice), input: { ...input, practiceOverrides: overrides }, v: before.rulesVersion });
    expect((await rulesOf()).rules).toEqual({ practiceMinutes: 20, practiceOverrides: overrides });
    // every candidate is a D2 clarinettist: starting over gives each practice slot that is not locked 30 minutes;
    // the location is published, so each moved slot raises its sequence
    const old = await allSlots();
    await gqlOk(PLAN, { id: gid("Event", at.event), over: true });
    const practice = (await allSlots()).filter((s) => s.part === "PRACTICE" && !s.locked);
    expect(practice.length).toBeGreaterThan(0);
    for (const s of practice) {
      expect(s.endMinute - s.startMinute).toBe(30);
      const was = old.find((x) => x.databaseId === s.databaseId);
      if (was && was.endMinute - was.startMinute !== 30) expect(s).toMatchObject({ version: was.version + 1, sequence: was.sequence + 1 });
    }
  });
});
