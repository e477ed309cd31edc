// The timetable planner (docs/decisions.md "Timetables"): a pure function over plain data (no
// database, no clock). It places every part of every live registration (a D-exam's theory sitting
// and practice exam, a competition's performance) into a room (panel, stage) of its location at a
// wall time of one of the location's days, never outside the location's rules (days, times, breaks,
// rooms, slot lengths) and never one person in two places at once. Same input, same plan: every
// list is put into a fixed order before it is read. A re-plan keeps the given slots that are still
// valid (locked ones first) unless asked to start over (then only the locked ones); the rest is
// placed greedily, each part at the earliest free time (earliest day, then earliest start, then the
// first room), theory joining a sitting with a free seat first, performances in category order.
// The same checks answer a staff move or swap with German messages (`slotProblems`).

export type TimetablePart = "THEORY" | "PRACTICE" | "PERFORMANCE";

/** A span of wall time in minutes after midnight, end exclusive. */
export type Span = { start: number; end: number };

/** One day of a location: "yyyy-mm-dd", its first and last minute, its breaks. */
export type RuleDay = { day: string; start: number; end: number; breaks: Span[] };

/** A practice slot length for a course and/or an instrument; the most specific one applies. */
export type PracticeOverride = { course?: string | null; instrument?: string | null; minutes: number };

/** What staff enter as a location's rules (rules.ts checks them). */
export type RulesInput = {
  days: RuleDay[];
  rooms: string[];
  practiceMinutes: number;
  practiceOverrides: PracticeOverride[];
  theoryMinutes: number;
  theoryCapacity: number;
  warmupMinutes: number;
  changeoverMinutes: number;
};

/** The rules of one location; `part` is what it plans (its type). */
export type LocationRules = RulesInput & { locationId: number; part: TimetablePart };

/** One part of a live registration that needs a slot. */
export type PartRequest = {
  part: TimetablePart;
  registrationId: number;
  locationId: number;
  /** keys of the people in it (a candidate; an ensemble and its conductor): never two slots of one key at once */
  persons: string[];
  /** how messages name it ("Anna Muster", "Jugendorchester Beispielstadt") */
  label: string;
  /** practice: the course (D1..D3) and the instrument */
  course?: string | null;
  instrument?: string | null;
  /** performance: the category (its order) and the pieces' total duration in seconds */
  category?: string | null;
  durationSeconds?: number;
  /** the order within equal categories (a name) */
  order: string;
};

export type PlannedSlot = {
  part: TimetablePart;
  registrationId: number;
  locationId: number;
  room: string;
  day: string;
  start: number;
  end: number;
  locked: boolean;
};

export type PlanInput = { rules: LocationRules[]; requests: PartRequest[]; existing: PlannedSlot[]; startOver: boolean };

export type PlanResult = {
  slots: PlannedSlot[];
  /** existing slots kept as they were */
  kept: number;
  /** parts placed anew */
  placed: number;
  /** parts without a slot: the rules leave no room for them */
  unplaced: { part: TimetablePart; registrationId: number; reason: string }[];
};

export const keyOf = (s: { part: TimetablePart; registrationId: number }) => `${s.part}:${s.registrationId}`;

const PART_ORDER: Record<TimetablePart, number> = { THEORY: 0, PRACTICE: 1, PERFORMANCE: 2 };

/** "09:05" of minutes after midnight. */
export const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
/** "14.03.2027" of "2027-03-14". */
export const germanDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The slot length the rules give a part, in minutes (at least one). */
export function slotLength(rules: LocationRules, r: Pick<PartRequest, "part" | "course" | "instrument" | "durationSeconds">): number {
  if (r.part === "THEORY") return Math.max(1, rules.theoryMinutes);
  if (r.part === "PERFORMANCE") return Math.max(1, Math.ceil(Math.max(0, r.durationSeconds ?? 0) / 60) + rules.warmupMinutes + rules.changeoverMinutes);
  const score = (o: PracticeOverride) => (o.course ? 1 : 0) + (o.instrument ? 2 : 0);
  const fitting = rules.practiceOverrides
    .filter((o) => (!o.course || o.course === r.course) && (!o.instrument || o.instrument === r.instrument))
    .sort((a, b) => score(b) - score(a) || a.minutes - b.minutes);
  return Math.max(1, fitting[0]?.minutes ?? rules.practiceMinutes);
}

type Booked = Span & { key: string; part: TimetablePart; count: number };

/**
 * Who and what is where: per room and day the booked spans (sorted by start; a theory sitting is one
 * span with its seat count), per person and day the spans they are booked for.
 */
class Board {
  private rooms = new Map<string, Booked[]>();
  private persons = new Map<string, (Span & { key: string })[]>();
  /** the slot of each part key */
  readonly slots = new Map<string, PlannedSlot>();

  private readonly requests: Map<string, PartRequest>;
  private readonly rules: Map<number, LocationRules>;

  constructor(requests: Map<string, PartRequest>, rules: Map<number, LocationRules>) {
    this.requests = requests;
    this.rules = rules;
  }

  private roomKey = (s: { locationId: number; day: string; room: string }) => `${s.locationId}|${s.day}|${s.room}`;

  roomSpans(locationId: number, day: string, room: string): Booked[] {
    return this.rooms.get(this.roomKey({ locationId, day, room })) ?? [];
  }

  personSpans(person: string, day: string): (Span & { key: string })[] {
    return this.persons.get(`${person}|${day}`) ?? [];
  }

  add(s: PlannedSlot) {
    const key = keyOf(s);
    this.slots.set(key, s);
    const rk = this.roomKey(s);
    const list = this.rooms.get(rk) ?? [];
    this.rooms.set(rk, list);
    const shared = s.part === "THEORY" ? list.find((b) => b.part === "THEORY" && b.start === s.start && b.end === s.end) : undefined;
    if (shared) shared.count++;
    else {
      // keep sorted by start (binary search for the place)
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].start <= s.start) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, { start: s.start, end: s.end, key, part: s.part, count: 1 });
    }
    for (const p of this.requests.get(key)?.persons ?? []) {
      const pk = `${p}|${s.day}`;
      const spans = this.persons.get(pk) ?? [];
      this.persons.set(pk, spans);
      let at = spans.length;
      while (at > 0 && spans[at - 1].start > s.start) at--;
      spans.splice(at, 0, { start: s.start, end: s.end, key });
    }
  }

  labelOf(key: string): string {
    return this.requests.get(key)?.label ?? key;
  }

  capacityOf(locationId: number): number {
    return Math.max(1, this.rules.get(locationId)?.theoryCapacity ?? 1);
  }
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const PART_LABELS: Record<TimetablePart, string> = { THEORY: "Theorie", PRACTICE: "Praxis", PERFORMANCE: "Vortrag" };

/** What the location's rules say against a slot (German, empty when it fits). */
function ruleProblems(slot: PlannedSlot, rules: LocationRules | undefined, length: number | null): string[] {
  if (!rules) return ["Für diesen Veranstaltungsort gibt es noch keine Zeitplan-Regeln."];
  const problems: string[] = [];
  if (!rules.rooms.includes(slot.room)) problems.push(`Den Raum „${slot.room}“ gibt es an diesem Veranstaltungsort nicht.`);
  const day = rules.days.find((d) => d.day === slot.day);
  if (!day) problems.push(`Der ${germanDay(slot.day)} ist kein Tag dieses Veranstaltungsorts.`);
  else {
    if (slot.start < day.start || slot.end > day.end)
      problems.push(`Die Zeit ${clock(slot.start)}–${clock(slot.end)} Uhr liegt außerhalb von ${clock(day.start)}–${clock(day.end)} Uhr.`);
    for (const b of day.breaks)
      if (overlaps(slot, b)) problems.push(`Die Zeit ${clock(slot.start)}–${clock(slot.end)} Uhr fällt in die Pause ${clock(b.start)}–${clock(b.end)} Uhr.`);
  }
  if (slot.end <= slot.start) problems.push("Das Ende liegt nicht nach dem Beginn.");
  else if (length != null && slot.end - slot.start !== length) problems.push(`Die Dauer muss ${length} Minuten betragen.`);
  return problems;
}

/** What other slots say against a slot (German, empty when it is free): its room, its people. */
function clashProblems(board: Board, slot: PlannedSlot, request: PartRequest | undefined, ignore: ReadonlySet<string>): string[] {
  const key = keyOf(slot);
  const problems: string[] = [];
  const spans = board.roomSpans(slot.locationId, slot.day, slot.room);
  for (let i = firstEndingAfter(spans, slot.start); i < spans.length && spans[i].start < slot.end; i++) {
    const b = spans[i];
    if (b.key === key || ignore.has(b.key) || !overlaps(b, slot)) continue;
    if (slot.part === "THEORY" && b.part === "THEORY" && b.start === slot.start && b.end === slot.end) {
      const capacity = board.capacityOf(slot.locationId);
      if (b.count < capacity) continue;
      problems.push(`Die Theorie-Sitzung in Raum „${slot.room}“ um ${clock(b.start)} Uhr ist mit ${capacity} Plätzen voll.`);
      continue;
    }
    problems.push(
      `Der Raum „${slot.room}“ ist am ${germanDay(slot.day)} von ${clock(b.start)} bis ${clock(b.end)} Uhr schon belegt (${board.labelOf(b.key)}).`,
    );
  }
  const seen = new Set<string>();
  for (const p of request?.persons ?? []) {
    for (const s of board.personSpans(p, slot.day)) {
      if (s.key === key || ignore.has(s.key) || seen.has(s.key) || !overlaps(s, slot)) continue;
      seen.add(s.key);
      const other = board.slots.get(s.key);
      problems.push(
        `${board.labelOf(s.key)} ist am ${germanDay(slot.day)} von ${clock(s.start)} bis ${clock(s.end)} Uhr schon eingeplant (${other ? `${PART_LABELS[other.part]}, ${other.room}` : "anderer Teil"}).`,
      );
    }
  }
  return problems;
}

/** The first index of `list` (sorted by start, not overlapping, so sorted by end too) whose span ends after `t`. */
function firstEndingAfter(list: Span[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].end <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The earliest start >= `from` (and the day's start) at which `length` minutes fit before the
 * day's end and between the blockers (each list sorted by start, its spans not overlapping), or
 * null. A sweep: a blocker that starts before the candidate's end pushes the candidate past its end.
 */
function earliestFit(day: RuleDay, length: number, blockers: Span[][], from: number): number | null {
  let t = Math.max(day.start, from);
  const idx = blockers.map((list) => firstEndingAfter(list, t));
  for (;;) {
    if (t + length > day.end) return null;
    let best = -1;
    for (let i = 0; i < blockers.length; i++) {
      const list = blockers[i];
      while (idx[i] < list.length && list[idx[i]].end <= t) idx[i]++;
      if (idx[i] < list.length && (best < 0 || list[idx[i]].start < blockers[best][idx[best]].start)) best = i;
    }
    if (best < 0) return t;
    const b = blockers[best][idx[best]];
    if (b.start >= t + length) return t;
    t = Math.max(t, b.end);
    idx[best]++;
  }
}

function requestOrder(a: PartRequest, b: PartRequest): number {
  return (
    PART_ORDER[a.part] - PART_ORDER[b.part] ||
    a.locationId - b.locationId ||
    cmp(a.category ?? "~", b.category ?? "~") ||
    cmp(a.order, b.order) ||
    a.registrationId - b.registrationId
  );
}

function slotOrder(rules: Map<number, LocationRules>) {
  const roomIndex = (s: PlannedSlot) => rules.get(s.locationId)?.rooms.indexOf(s.room) ?? -1;
  return (a: PlannedSlot, b: PlannedSlot) =>
    Number(b.locked) - Number(a.locked) ||
    cmp(a.day, b.day) ||
    a.start - b.start ||
    a.locationId - b.locationId ||
    roomIndex(a) - roomIndex(b) ||
    PART_ORDER[a.part] - PART_ORDER[b.part] ||
    a.registrationId - b.registrationId;
}

/** The rules with their days and breaks in order (read once per plan). */
const ordered = (rules: LocationRules): LocationRules => ({
  ...rules,
  days: [...rules.days].sort((a, b) => cmp(a.day, b.day)).map((d) => ({ ...d, breaks: [...d.breaks].sort((a, b) => a.start - b.start) })),
});

/**
 * Places one part at the earliest free time of its location; answers the slot or null. `floors`:
 * per room, day and length the earliest start the room and the breaks allow (a lower bound that
 * only grows while slots are added), so a full room is not swept again for every part.
 */
function place(board: Board, rules: LocationRules, r: PartRequest, floors: Map<string, number>): PlannedSlot | null {
  const length = slotLength(rules, r);
  const base = { part: r.part, registrationId: r.registrationId, locationId: r.locationId, locked: false };
  const days = rules.days;
  if (r.part === "THEORY") {
    // a seat in an existing sitting first (earliest day and time, first room)
    const capacity = board.capacityOf(rules.locationId);
    let best: PlannedSlot | null = null;
    for (const d of days)
      for (const room of rules.rooms)
        for (const b of board.roomSpans(rules.locationId, d.day, room)) {
          if (b.part !== "THEORY" || b.count >= capacity || b.end - b.start !== length) continue;
          if (best && (cmp(best.day, d.day) < 0 || (best.day === d.day && best.start <= b.start))) continue;
          const candidate: PlannedSlot = { ...base, room, day: d.day, start: b.start, end: b.end };
          if (ruleProblems(candidate, rules, length).length || clashProblems(board, candidate, r, new Set()).length) continue;
          best = candidate;
        }
    if (best) return best;
  }
  for (const d of days) {
    const personSpans = r.persons.map((p) => board.personSpans(p, d.day));
    let found: PlannedSlot | null = null;
    for (const room of rules.rooms) {
      const spans = board.roomSpans(rules.locationId, d.day, room);
      const floorKey = `${rules.locationId}|${d.day}|${room}|${length}`;
      const floor = earliestFit(d, length, [d.breaks, spans], floors.get(floorKey) ?? d.start);
      floors.set(floorKey, floor ?? Number.POSITIVE_INFINITY);
      if (floor == null || (found && floor >= found.start)) continue;
      const t = earliestFit(d, length, [d.breaks, spans, ...personSpans], floor);
      if (t != null && (!found || t < found.start)) found = { ...base, room, day: d.day, start: t, end: t + length };
    }
    if (found) return found;
  }
  return null;
}

/** Plans the timetable: see the head of this file. */
export function plan(input: PlanInput): PlanResult {
  const rules = new Map(input.rules.map((r) => [r.locationId, ordered(r)]));
  const requests = new Map(input.requests.map((r) => [keyOf(r), r]));
  const board = new Board(requests, rules);
  const floors = new Map<string, number>();
  let kept = 0;
  for (const s of [...input.existing].sort(slotOrder(rules))) {
    const r = requests.get(keyOf(s));
    if (!r || r.locationId !== s.locationId || board.slots.has(keyOf(s))) continue;
    if (input.startOver && !s.locked) continue;
    const locationRules = rules.get(s.locationId);
    const length = locationRules ? slotLength(locationRules, r) : null;
    if (ruleProblems(s, locationRules, length).length || clashProblems(board, s, r, new Set()).length) continue;
    board.add({ ...s });
    kept++;
  }
  let placed = 0;
  const unplaced: PlanResult["unplaced"] = [];
  for (const r of [...input.requests].sort(requestOrder)) {
    if (board.slots.has(keyOf(r))) continue;
    const locationRules = rules.get(r.locationId);
    const slot = locationRules ? place(board, locationRules, r, floors) : null;
    if (!slot) {
      unplaced.push({
        part: r.part,
        registrationId: r.registrationId,
        reason: locationRules
          ? `Für ${r.label} (${PART_LABELS[r.part]}) ist nach den Regeln des Veranstaltungsorts keine Zeit mehr frei.`
          : `Für den Veranstaltungsort von ${r.label} gibt es noch keine Zeitplan-Regeln.`,
      });
      continue;
    }
    board.add(slot);
    placed++;
  }
  return { slots: [...board.slots.values()].sort(slotOrder(rules)).map((s) => ({ ...s })), kept, placed, unplaced };
}

/**
 * What speaks against slots as staff set them (a move, a swap), in German: the rules of their
 * location and every other slot. `changed`: the slots after the change (one for a move, two for a
 * swap), checked against `slots` (the whole timetable of the event, including the changed ones'
 * old places, which are ignored) and against each other.
 */
export function slotProblems(input: { rules: LocationRules[]; requests: PartRequest[]; slots: PlannedSlot[]; changed: PlannedSlot[] }): string[] {
  const rules = new Map(input.rules.map((r) => [r.locationId, r]));
  const requests = new Map(input.requests.map((r) => [keyOf(r), r]));
  const board = new Board(requests, rules);
  const changedKeys = new Set(input.changed.map(keyOf));
  for (const s of input.slots) if (!changedKeys.has(keyOf(s))) board.add(s);
  const problems: string[] = [];
  for (const s of input.changed) {
    const r = requests.get(keyOf(s));
    const locationRules = rules.get(s.locationId);
    // a locked or moved slot keeps its length; the rules' length is what the planner gives new ones
    problems.push(...ruleProblems(s, locationRules, null), ...clashProblems(board, s, r, new Set()));
    board.add(s);
  }
  return [...new Set(problems)];
}
