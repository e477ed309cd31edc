// Property tests of the timetable planner over random registrations and rules (fixed seed, bounded
// runs): every live part has exactly one slot or is reported unplaced, no person, room or stage is
// booked twice at once, every slot keeps the rules and their lengths, the same input gives the same
// plan, and a re-plan keeps what is still valid.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyOf, type LocationRules, type PartRequest, type PlannedSlot, type PlanResult, plan, slotLength, slotProblems } from "./planner.ts";

const SEED = 20261201;
const RUNS = 80;
const DAYS = ["2027-03-13", "2027-03-14"];
const COURSES = ["D1", "D2", "D3"];
const INSTRUMENTS = ["FLUTE", "CLARINET", "TRUMPET", "TUBA"];
const CATEGORIES = ["CAT_1", "CAT_2", "CAT_3", null];

const dayArb = (generous: boolean) =>
  fc
    .record({
      start: fc.integer({ min: 7 * 60, max: 10 * 60 }),
      length: generous ? fc.constant(14 * 60) : fc.integer({ min: 60, max: 9 * 60 }),
      breakAt: fc.option(fc.integer({ min: 30, max: 300 }), { nil: null }),
      breakLength: fc.integer({ min: 15, max: 60 }),
    })
    .map(({ start, length, breakAt, breakLength }) => ({
      start,
      end: start + length,
      breaks: breakAt != null && breakAt + breakLength < length ? [{ start: start + breakAt, end: start + breakAt + breakLength }] : [],
    }));

const rulesArb = (locationId: number, part: LocationRules["part"], generous: boolean) =>
  fc
    .record({
      days: fc
        .subarray(DAYS, { minLength: 1 })
        .chain((days) => fc.tuple(...days.map(() => dayArb(generous))).map((ds) => ds.map((d, i) => ({ ...d, day: days[i] })))),
      rooms: fc.integer({ min: generous ? 3 : 1, max: generous ? 6 : 3 }).map((n) => Array.from({ length: n }, (_, i) => `Raum ${i + 1}`)),
      practiceMinutes: fc.integer({ min: 5, max: 30 }),
      practiceOverrides: fc.array(
        fc.record({
          course: fc.option(fc.constantFrom(...COURSES), { nil: null }),
          instrument: fc.option(fc.constantFrom(...INSTRUMENTS), { nil: null }),
          minutes: fc.integer({ min: 5, max: 40 }),
        }),
        { maxLength: 3 },
      ),
      theoryMinutes: fc.integer({ min: 30, max: 120 }),
      theoryCapacity: generous ? fc.integer({ min: 30, max: 40 }) : fc.integer({ min: 1, max: 6 }),
      warmupMinutes: fc.integer({ min: 0, max: 15 }),
      changeoverMinutes: fc.integer({ min: 0, max: 10 }),
    })
    .map((r): LocationRules => ({ ...r, locationId, part }));

type Scenario = { rules: LocationRules[]; requests: PartRequest[] };

/** A theory location (1), a practice location (2) and a competition stage location (3) with random registrations. */
const scenarioArb = (generous = false): fc.Arbitrary<Scenario> =>
  fc
    .record({
      rules: fc.tuple(rulesArb(1, "THEORY", generous), rulesArb(2, "PRACTICE", generous), rulesArb(3, "PERFORMANCE", generous)),
      candidates: fc.array(
        fc.record({
          person: fc.integer({ min: 0, max: 25 }),
          theory: fc.boolean(),
          practice: fc.boolean(),
          course: fc.constantFrom(...COURSES),
          instrument: fc.constantFrom(...INSTRUMENTS),
        }),
        { maxLength: 30 },
      ),
      ensembles: fc.array(
        fc.record({
          conductor: fc.integer({ min: 0, max: 4 }),
          category: fc.constantFrom(...CATEGORIES),
          durationSeconds: fc.integer({ min: 0, max: 1800 }),
        }),
        { maxLength: 12 },
      ),
    })
    .map(({ rules, candidates, ensembles }) => {
      const requests: PartRequest[] = [];
      candidates.forEach((c, i) => {
        const id = i + 1;
        const base = { registrationId: id, persons: [`person:${c.person}`, `dexam:${id}`], label: `Kandidat ${id}`, order: `K${c.person}` };
        if (c.theory) requests.push({ ...base, part: "THEORY", locationId: 1 });
        if (c.practice || !c.theory) requests.push({ ...base, part: "PRACTICE", locationId: 2, course: c.course, instrument: c.instrument });
      });
      ensembles.forEach((e, i) => {
        const id = 1000 + i;
        requests.push({
          part: "PERFORMANCE",
          registrationId: id,
          locationId: 3,
          persons: [`competition:${id}`, `conductor:${e.conductor}`],
          label: `Ensemble ${id}`,
          order: `E${id}`,
          category: e.category,
          durationSeconds: e.durationSeconds,
        });
      });
      return { rules: [...rules], requests };
    });

const overlap = (a: PlannedSlot, b: PlannedSlot) => a.day === b.day && a.start < b.end && b.start < a.end;

/** The properties every plan keeps, checked here without the planner's own checks. */
function expectSound(s: Scenario, result: PlanResult) {
  const requests = new Map(s.requests.map((r) => [keyOf(r), r]));
  const rules = new Map(s.rules.map((r) => [r.locationId, r]));
  // exactly one slot per live part, or the part is reported; nothing else
  const keys = result.slots.map(keyOf);
  expect(new Set(keys).size).toBe(keys.length);
  const unplaced = result.unplaced.map(keyOf);
  expect(new Set([...keys, ...unplaced]).size).toBe(requests.size);
  for (const k of [...keys, ...unplaced]) expect(requests.has(k)).toBe(true);
  for (const slot of result.slots) {
    const r = requests.get(keyOf(slot)) as PartRequest;
    const lr = rules.get(slot.locationId) as LocationRules;
    // within the rules: its location, a room and day of it, inside the day's times, outside breaks, the rules' length
    expect(slot.locationId).toBe(r.locationId);
    expect(lr.rooms).toContain(slot.room);
    const day = lr.days.find((d) => d.day === slot.day);
    expect(day).toBeDefined();
    if (!day) continue;
    expect(slot.start).toBeGreaterThanOrEqual(day.start);
    expect(slot.end).toBeLessThanOrEqual(day.end);
    for (const b of day.breaks) expect(slot.start < b.end && b.start < slot.end).toBe(false);
    if (!slot.locked) expect(slot.end - slot.start).toBe(slotLength(lr, r));
  }
  // no room or stage twice at once (a theory sitting: the same span, at most its capacity); no person in two places at once
  const clashes: string[] = [];
  for (const [i, a] of result.slots.entries())
    for (const b of result.slots.slice(i + 1)) {
      if (!overlap(a, b)) continue;
      if (a.locationId === b.locationId && a.room === b.room && !(a.part === "THEORY" && b.part === "THEORY" && a.start === b.start && a.end === b.end))
        clashes.push(`room ${keyOf(a)} ${keyOf(b)}`);
      const pa = requests.get(keyOf(a))?.persons ?? [];
      const pb = requests.get(keyOf(b))?.persons ?? [];
      if (pa.some((p) => pb.includes(p))) clashes.push(`person ${keyOf(a)} ${keyOf(b)}`);
    }
  expect(clashes).toEqual([]);
  const sittings = new Map<string, number>();
  for (const slot of result.slots.filter((x) => x.part === "THEORY")) {
    const k = `${slot.locationId}|${slot.room}|${slot.day}|${slot.start}`;
    sittings.set(k, (sittings.get(k) ?? 0) + 1);
  }
  for (const [k, n] of sittings) expect(n).toBeLessThanOrEqual((rules.get(Number(k.split("|")[0])) as LocationRules).theoryCapacity);
}

const shuffle = <T>(xs: T[], seed: number): T[] => {
  const out = [...xs];
  let x = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const j = x % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

// property runs take seconds on a loaded machine: a budget, not a timing assertion
/** One practice day of location 2 (9:00-12:00, a break 10:00-10:15) in the given rooms, 20-minute exams. */
const practiceDay = (rooms: string[]): LocationRules => ({
  locationId: 2,
  part: "PRACTICE",
  days: [{ day: "2027-03-13", start: 540, end: 720, breaks: [{ start: 600, end: 615 }] }],
  rooms,
  practiceMinutes: 20,
  practiceOverrides: [],
  theoryMinutes: 90,
  theoryCapacity: 10,
  warmupMinutes: 0,
  changeoverMinutes: 0,
});

describe("timetable planner", { timeout: 60_000 }, () => {
  it("gives every live part one slot (or reports it), within the rules, with no person, room or stage twice at once", () => {
    fc.assert(
      fc.property(scenarioArb(), (s) => {
        expectSound(s, plan({ ...s, existing: [], startOver: false }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("places every part when the rules leave room for all", () => {
    fc.assert(
      fc.property(scenarioArb(true), (s) => {
        const result = plan({ ...s, existing: [], startOver: false });
        expectSound(s, result);
        expect(result.unplaced).toEqual([]);
        expect(result.slots).toHaveLength(s.requests.length);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("answers the same plan for the same input, in whatever order the input lists it", () => {
    fc.assert(
      fc.property(scenarioArb(), fc.integer({ min: 1, max: 1_000_000 }), (s, seed) => {
        const a = plan({ ...s, existing: [], startOver: false });
        const b = plan({ rules: shuffle(s.rules, seed), requests: shuffle(s.requests, seed + 1), existing: [], startOver: false });
        expect(b).toEqual(a);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("keeps every still valid slot on a re-plan: cancelled parts free theirs, new ones go into free time", () => {
    fc.assert(
      fc.property(scenarioArb(true), fc.integer({ min: 1, max: 1_000_000 }), (s, seed) => {
        const first = plan({ ...s, existing: [], startOver: false });
        // the same input again: nothing moves
        const again = plan({ ...s, existing: first.slots, startOver: false });
        expect(again.slots).toEqual(first.slots);
        expect(again.kept).toBe(first.slots.length);
        // some registrations cancelled, new ones added
        const cancelled = new Set(
          shuffle(s.requests, seed)
            .slice(0, Math.floor(s.requests.length / 3))
            .map((r) => r.registrationId),
        );
        const added: PartRequest[] = [1, 2, 3].map((i) => ({
          part: "PRACTICE",
          registrationId: 500 + i,
          locationId: 2,
          persons: [`person:new${i}`],
          label: `Neu ${i}`,
          order: `N${i}`,
          course: "D1",
          instrument: "TUBA",
        }));
        const later: Scenario = { rules: s.rules, requests: [...s.requests.filter((r) => !cancelled.has(r.registrationId)), ...added] };
        const replanned = plan({ ...later, existing: first.slots, startOver: false });
        expectSound(later, replanned);
        const after = new Map(replanned.slots.map((x) => [keyOf(x), x]));
        for (const slot of first.slots) {
          if (cancelled.has(slot.registrationId)) expect(after.has(keyOf(slot))).toBe(false);
          else expect(after.get(keyOf(slot))).toEqual(slot);
        }
        expect(replanned.unplaced).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("starting over keeps only the locked slots", () => {
    fc.assert(
      fc.property(scenarioArb(true), (s) => {
        const first = plan({ ...s, existing: [], startOver: false });
        const locked = first.slots.map((x, i) => ({ ...x, locked: i % 3 === 0 }));
        const fresh = plan({ ...s, existing: locked, startOver: true });
        expectSound(s, fresh);
        const after = new Map(fresh.slots.map((x) => [keyOf(x), x]));
        for (const slot of locked.filter((x) => x.locked)) expect(after.get(keyOf(slot))).toEqual(slot);
        expect(fresh.kept).toBe(locked.filter((x) => x.locked).length);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("drops a kept slot that no longer keeps the rules (a room removed) and places the part anew", () => {
    const rules = practiceDay(["Raum A"]);
    const request: PartRequest = { part: "PRACTICE", registrationId: 7, locationId: 2, persons: ["p"], label: "Anna Muster", order: "Muster" };
    const old: PlannedSlot = { part: "PRACTICE", registrationId: 7, locationId: 2, room: "Raum B", day: "2027-03-13", start: 540, end: 560, locked: false };
    const result = plan({ rules: [rules], requests: [request], existing: [old], startOver: false });
    expect(result.kept).toBe(0);
    expect(result.slots).toEqual([{ ...old, room: "Raum A" }]);
  });
});

describe("slot lengths", () => {
  const rules: LocationRules = {
    locationId: 1,
    part: "PRACTICE",
    days: [],
    rooms: [],
    practiceMinutes: 20,
    practiceOverrides: [
      { course: "D3", minutes: 30 },
      { instrument: "PERCUSSION", minutes: 25 },
      { course: "D3", instrument: "PERCUSSION", minutes: 40 },
    ],
    theoryMinutes: 90,
    theoryCapacity: 20,
    warmupMinutes: 10,
    changeoverMinutes: 5,
  };
  it("practice: the most specific rule of course and instrument, else the default", () => {
    expect(slotLength(rules, { part: "PRACTICE", course: "D1", instrument: "FLUTE" })).toBe(20);
    expect(slotLength(rules, { part: "PRACTICE", course: "D3", instrument: "FLUTE" })).toBe(30);
    expect(slotLength(rules, { part: "PRACTICE", course: "D2", instrument: "PERCUSSION" })).toBe(25);
    expect(slotLength(rules, { part: "PRACTICE", course: "D3", instrument: "PERCUSSION" })).toBe(40);
  });
  it("theory: the sitting; performance: the pieces' minutes (rounded up) plus warm-up and changeover", () => {
    expect(slotLength(rules, { part: "THEORY" })).toBe(90);
    expect(slotLength(rules, { part: "PERFORMANCE", durationSeconds: 12 * 60 + 1 })).toBe(13 + 10 + 5);
  });
});

describe("staff changes", () => {
  const rules = practiceDay(["Raum A", "Raum B"]);
  const anna: PartRequest = { part: "PRACTICE", registrationId: 1, locationId: 2, persons: ["anna"], label: "Anna Muster", order: "a" };
  const ben: PartRequest = { part: "PRACTICE", registrationId: 2, locationId: 2, persons: ["ben"], label: "Ben Beispiel", order: "b" };
  const slotA: PlannedSlot = { part: "PRACTICE", registrationId: 1, locationId: 2, room: "Raum A", day: "2027-03-13", start: 540, end: 560, locked: false };
  const slotB: PlannedSlot = { ...slotA, registrationId: 2, start: 560, end: 580 };
  const base = { rules: [rules], requests: [anna, ben], slots: [slotA, slotB] };

  it("names a taken room, a break and the location's times in German", () => {
    expect(slotProblems({ ...base, changed: [{ ...slotA, start: 565, end: 585 }] })).toEqual([
      "Der Raum „Raum A“ ist am 13.03.2027 von 09:20 bis 09:40 Uhr schon belegt (Ben Beispiel).",
    ]);
    expect(slotProblems({ ...base, changed: [{ ...slotA, start: 590, end: 610 }] })).toEqual(["Die Zeit 09:50–10:10 Uhr fällt in die Pause 10:00–10:15 Uhr."]);
    expect(slotProblems({ ...base, changed: [{ ...slotA, start: 710, end: 730 }] })).toEqual(["Die Zeit 11:50–12:10 Uhr liegt außerhalb von 09:00–12:00 Uhr."]);
    expect(slotProblems({ ...base, changed: [{ ...slotA, room: "Raum C" }] })).toEqual(["Den Raum „Raum C“ gibt es an diesem Veranstaltungsort nicht."]);
  });

  it("names a person booked elsewhere at the time, and accepts a free time", () => {
    const theory: PartRequest = { part: "THEORY", registrationId: 1, locationId: 1, persons: ["anna"], label: "Anna Muster", order: "a" };
    const theoryRules: LocationRules = { ...rules, locationId: 1, part: "THEORY", rooms: ["Saal"] };
    const sitting: PlannedSlot = { part: "THEORY", registrationId: 1, locationId: 1, room: "Saal", day: "2027-03-13", start: 615, end: 705, locked: false };
    const input = { rules: [rules, theoryRules], requests: [anna, ben, theory], slots: [slotA, slotB, sitting] };
    expect(slotProblems({ ...input, changed: [{ ...slotA, room: "Raum B", start: 620, end: 640 }] })).toEqual([
      "Anna Muster ist am 13.03.2027 von 10:15 bis 11:45 Uhr schon eingeplant (Theorie, Saal).",
    ]);
    expect(slotProblems({ ...input, changed: [{ ...slotA, room: "Raum B", start: 560, end: 580 }] })).toEqual([]);
  });

  it("a swap is checked with both slots in their new places", () => {
    expect(
      slotProblems({
        ...base,
        changed: [
          { ...slotA, start: 560, end: 580 },
          { ...slotB, start: 540, end: 560 },
        ],
      }),
    ).toEqual([]);
  });
});
