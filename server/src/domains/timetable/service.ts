// Timetables (Zeitplan, docs/decisions.md "Timetables"): the service loads an event's locations,
// their rules and the live registrations (reader.ts), calls the pure planner (planner.ts) and stores
// its answer in one transaction with its audit entry; staff move, swap and lock slots (checked by
// the planner's own rules, optimistic concurrency per slot); publishing a location shows its slots
// to the clubs and mails each registration's creator, and every later change of a published slot
// raises its sequence (the calendar's SEQUENCE) and mails again.
import { AppError, notFound, validationFailed } from "../../auth/errors.ts";
import { actsOn, authorize, type Operation } from "../../auth/permissions.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Event, EventLocation, Prisma, TimetablePart, TimetableRules, TimetableSlot } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { RegistrationFacts } from "../../mail/registrationMail.ts";
import { isCalendarDay } from "../../shared/validation.ts";
import { audit } from "../audit/service.ts";
import { checkVersion, guardStale, type ServiceCtx, STALE_MESSAGE } from "../context.ts";
import { clock, germanDay, keyOf, type LocationRules, type PartRequest, type PlannedSlot, plan, slotProblems } from "./planner.ts";
import { type LiveRegistration, liveRegistrations } from "./reader.ts";
import { dayOf, defaultRules, normalizedRules, partOf, plannerRules, type RulesInput, rulesOfRow, slotInstants, validateRules } from "./rules.ts";

type Tx = Prisma.TransactionClient;
type Db = Tx;

const PART_LABELS: Record<TimetablePart, string> = { THEORY: "Theorie", PRACTICE: "Praxis", PERFORMANCE: "Vortrag" };

/** One location of a timetable: its rules (saved or the defaults), its state, its slots and the parts without one. */
export type LocationTimetable = {
  location: EventLocation;
  part: TimetablePart;
  rules: RulesInput;
  /** whether staff saved rules (otherwise `rules` are the defaults) */
  saved: boolean;
  published: boolean;
  publishedAt: Date | null;
  /** the rules row's version (0 before the first save) */
  version: number;
  /** its slots, narrowed to what was asked for (readTimetable's `shown`) */
  slots: TimetableSlot[];
  /** how many slots it has, and on which days (yyyy-mm-dd, in order), whatever was asked for */
  slotCount: number;
  slotDays: string[];
  unplaced: { part: TimetablePart; registrationId: number; label: string }[];
};

export type Timetable = {
  event: Event;
  locations: LocationTimetable[];
  /** the registrations by part key ("PRACTICE:12"): names, club, course for the slots */
  registrations: Map<string, LiveRegistration>;
};

/** What a planning did. */
export type PlanSummary = { kept: number; placed: number; removed: number; mails: number; unplaced: { label: string; reason: string }[] };

const asPlanned = (s: TimetableSlot): PlannedSlot => ({
  part: s.part,
  registrationId: s.registrationId,
  locationId: s.locationId,
  room: s.room,
  day: dayOf(s.day),
  start: s.startMinute,
  end: s.endMinute,
  locked: s.locked,
});

const sameTime = (a: PlannedSlot, b: PlannedSlot) =>
  a.locationId === b.locationId && a.room === b.room && a.day === b.day && a.start === b.start && a.end === b.end;

/** "Sa., 13.03.2027, 09:00 – 10:30 Uhr" of a slot. */
export function slotWhen(s: { day: string; start: number; end: number }): string {
  const weekday = ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."][new Date(`${s.day}T12:00:00Z`).getUTCDay()];
  return `${weekday}, ${germanDay(s.day)}, ${clock(s.start)} – ${clock(s.end)} Uhr`;
}

/** The event of `eventId` when `p` acts on it under `op` (its district), with its locations in order; else not found. */
async function eventFor(db: Db, p: Principal, op: Operation, eventId: number) {
  const e = await db.event.findUnique({
    where: { id: eventId },
    include: { locations: { orderBy: [{ type: "asc" }, { start: "asc" }, { name: "asc" }], include: { timetableRules: true } } },
  });
  if (!e || !actsOn(p, op, { districtAssociationId: e.districtAssociationId })) throw notFound("Veranstaltung");
  return e;
}

type LoadedEvent = Awaited<ReturnType<typeof eventFor>>;

/** Everything planning reads: the planned locations with their rules, the live registrations' parts, the stored slots. */
async function loadState(db: Db, e: LoadedEvent) {
  const planned = e.locations.flatMap((l) => {
    const part = partOf(l.type);
    return part ? [{ location: l, part, row: l.timetableRules as TimetableRules | null }] : [];
  });
  const parts = new Map(planned.map((x) => [x.location.id, x.part]));
  const [registrations, slots] = await Promise.all([
    liveRegistrations(db, e.id, parts),
    db.timetableSlot.findMany({ where: { eventId: e.id }, orderBy: [{ day: "asc" }, { startMinute: "asc" }, { id: "asc" }] }),
  ]);
  const rules: LocationRules[] = planned.map((x) => plannerRules(x.location.id, x.part, x.row ? rulesOfRow(x.row) : defaultRules(x.location, x.part)));
  const requests: PartRequest[] = registrations.flatMap((r) => r.parts);
  const byKey = new Map<string, LiveRegistration>();
  for (const r of registrations) for (const part of r.parts) byKey.set(keyOf(part), r);
  return { planned, rules, requests, registrations: byKey, slots };
}

/** What the screen looks at: the slots of one location and/or one day (only narrows; every location's state stays). */
export type TimetableShown = { locationId?: number | null; day?: string | null };

/**
 * The timetable of an event for staff (timetable.read). `shown` narrows the slots answered to one
 * location and/or one day (the screen reads one day of a location at a time); a location that is not
 * one of the event's planned locations, or a day that is no calendar day, is refused.
 */
export async function readTimetable(ctx: ServiceCtx, eventId: number, shown: TimetableShown = {}): Promise<Timetable> {
  const p = authorize(ctx.principal, "timetable.read");
  const errors: Record<string, string> = {};
  if (shown.day != null && !isCalendarDay(shown.day)) errors.day = "Bitte einen Tag im Format JJJJ-MM-TT angeben";
  if (Object.keys(errors).length) throw validationFailed(errors);
  const e = await eventFor(ctx.prisma, p, "timetable.read", eventId);
  if (shown.locationId != null && !e.locations.some((l) => l.id === shown.locationId && partOf(l.type)))
    throw validationFailed({ location: "Dieser Ort gehört nicht zum Zeitplan der Veranstaltung" });
  const state = await loadState(ctx.prisma, e);
  const slotted = new Set(state.slots.map((s) => keyOf(s)));
  const isShown = (s: TimetableSlot) => (shown.locationId == null || s.locationId === shown.locationId) && (shown.day == null || dayOf(s.day) === shown.day);
  return {
    event: e,
    registrations: state.registrations,
    locations: state.planned.map(({ location, part, row }) => ({
      location,
      part,
      rules: row ? rulesOfRow(row) : defaultRules(location, part),
      saved: !!row,
      published: row?.published ?? false,
      publishedAt: row?.publishedAt ?? null,
      version: row?.version ?? 0,
      slots: state.slots.filter((s) => s.locationId === location.id && isShown(s)),
      slotCount: state.slots.filter((s) => s.locationId === location.id).length,
      slotDays: [...new Set(state.slots.filter((s) => s.locationId === location.id).map((s) => dayOf(s.day)))].sort(),
      unplaced: state.requests
        .filter((r) => r.locationId === location.id && !slotted.has(keyOf(r)))
        .map((r) => ({ part: r.part, registrationId: r.registrationId, label: r.label })),
    })),
  };
}

/** The location of `locationId` with its event, when `p` acts on it under `op`; a location without timetable (preparation) is refused. */
async function locationFor(db: Db, p: Principal, op: Operation, locationId: number) {
  const l = await db.eventLocation.findUnique({ where: { id: locationId }, include: { event: true, timetableRules: true } });
  if (!l || !actsOn(p, op, { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
  const part = partOf(l.type);
  if (!part) throw new AppError("VALIDATION", "Für Vorbereitungskurse gibt es keinen Zeitplan");
  return { ...l, part };
}

/**
 * Saves a location's rules (timetable.manage). `version`: the rules row's version the edit was
 * based on (0 or omitted before the first save); a save based on an older one is refused.
 */
export async function saveRules(ctx: ServiceCtx, locationId: number, input: RulesInput, version: number | null | undefined) {
  const p = authorize(ctx.principal, "timetable.manage");
  const errors = validateRules(input);
  if (Object.keys(errors).length) throw validationFailed(errors);
  const data = normalizedRules(input);
  return ctx.prisma.$transaction(async (tx) => {
    const l = await locationFor(tx, p, "timetable.manage", locationId);
    const json = {
      ...data,
      days: data.days as unknown as Prisma.InputJsonValue,
      practiceOverrides: data.practiceOverrides as unknown as Prisma.InputJsonValue,
    };
    let row: TimetableRules;
    if (l.timetableRules) {
      checkVersion(l.timetableRules, version || null);
      row = await guardStale(
        tx.timetableRules.update({
          where: { locationId, ...(version ? { version } : {}) },
          data: { ...json, version: { increment: 1 } },
        }),
      );
    } else {
      if (version) throw new AppError("CONFLICT", STALE_MESSAGE, { version: STALE_MESSAGE });
      row = await tx.timetableRules.create({ data: { ...json, locationId } });
    }
    await audit(tx, p, {
      action: "timetable.rules",
      entity: "EventLocation",
      entityId: locationId,
      districtAssociationId: l.event.districtAssociationId,
      details: { rooms: data.rooms, days: data.days.map((d) => d.day) },
    });
    return row;
  });
}

/** The mail facts of a registration's slots (the "timetable" and "timetableChanged" mails). */
function slotFacts(r: LiveRegistration, event: LoadedEvent, slots: PlannedSlot[]): RegistrationFacts {
  const name = (id: number) => event.locations.find((l) => l.id === id)?.name ?? "";
  return {
    registration: r.kind,
    id: r.id,
    event: event.name,
    participant: r.label,
    course: r.details,
    locations: [],
    pieces: [],
    slots: slots.map((s) => `${PART_LABELS[s.part]}: ${slotWhen(s)}, ${s.room}, ${name(s.locationId)}`),
  };
}

/**
 * Mails the creators of `registrations` (part keys) their slots at published locations: `first`
 * those who get their first mail of a location ("timetable"), the others "timetableChanged".
 * Answers how many mails it wrote.
 */
async function mailSlots(
  tx: Tx,
  event: LoadedEvent,
  state: { registrations: Map<string, LiveRegistration> },
  keys: Map<string, "timetable" | "timetableChanged">,
) {
  const published = new Set(event.locations.filter((l) => l.timetableRules?.published).map((l) => l.id));
  if (!published.size || !keys.size) return 0;
  const slots = (await tx.timetableSlot.findMany({ where: { eventId: event.id, locationId: { in: [...published] } } })).map(asPlanned);
  // one mail per registration (its strongest kind), naming all its published slots
  const perRegistration = new Map<string, { r: LiveRegistration; kind: "timetable" | "timetableChanged" }>();
  for (const [key, kind] of [...keys].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const r = state.registrations.get(key);
    if (!r) continue;
    const id = `${r.kind}:${r.id}`;
    const before = perRegistration.get(id);
    perRegistration.set(id, { r, kind: before?.kind === "timetableChanged" ? "timetableChanged" : kind });
  }
  let n = 0;
  for (const { r, kind } of perRegistration.values()) {
    const own = slots.filter((s) => r.parts.some((p) => keyOf(p) === keyOf(s)));
    if (!own.length) continue;
    const target = { userId: r.userId, associationId: r.associationId, districtAssociationId: event.districtAssociationId };
    if (await enqueueMail(tx, target, kind, slotFacts(r, event, own))) n++;
  }
  return n;
}

/** A slot as the planning writes it (new, or the new place of a kept one with whether its sequence rises). */
type SlotRow = { locationId: number; room: string; day: string; start: number; end: number; locked: boolean };

/**
 * Writes a planning's slots in three statements at most, whatever their number (a planning of 5,000
 * registrations writes about 10,000; Prisma's createMany of them took seconds in its query
 * compiler): the removed ones deleted, the moved ones updated and the new ones inserted from arrays
 * (unnest; enums and days travel as text[]: PGlite writes an array parameter of a type it does not
 * know, such as an enum's, as "A,B" instead of an array literal). The change feed's triggers run
 * once per statement (migration change_feed_slot_statements).
 */
async function writeSlots(
  tx: Tx,
  eventId: number,
  removed: number[],
  moved: (SlotRow & { id: number; bump: boolean })[],
  created: (SlotRow & { part: TimetablePart; registrationId: number })[],
) {
  const column = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key]);
  if (removed.length) await tx.$executeRaw`DELETE FROM "TimetableSlot" WHERE id = ANY(${removed}::int[])`;
  if (moved.length)
    await tx.$executeRaw`UPDATE "TimetableSlot" s
      SET "locationId" = u.location_id, room = u.room, day = u.day::date, "startMinute" = u.start_minute, "endMinute" = u.end_minute, locked = u.locked,
          version = s.version + 1, sequence = s.sequence + CASE WHEN u.bump THEN 1 ELSE 0 END, "updatedAt" = now()
      FROM unnest(${column(moved, "id")}::int[], ${column(moved, "locationId")}::int[], ${column(moved, "room")}::text[], ${column(moved, "day")}::text[],
        ${column(moved, "start")}::int[], ${column(moved, "end")}::int[], ${column(moved, "locked")}::boolean[], ${column(moved, "bump")}::boolean[])
        AS u(id, location_id, room, day, start_minute, end_minute, locked, bump)
      WHERE s.id = u.id`;
  if (created.length)
    await tx.$executeRaw`INSERT INTO "TimetableSlot" ("eventId", "locationId", part, "registrationId", room, day, "startMinute", "endMinute", locked, "updatedAt")
      SELECT ${eventId}::int, u.location_id, u.part::"TimetablePart", u.registration_id, u.room, u.day::date, u.start_minute, u.end_minute, u.locked, now()
      FROM unnest(${column(created, "locationId")}::int[], ${column(created, "part")}::text[], ${column(created, "registrationId")}::int[],
        ${column(created, "room")}::text[], ${column(created, "day")}::text[], ${column(created, "start")}::int[], ${column(created, "end")}::int[],
        ${column(created, "locked")}::boolean[])
        AS u(location_id, part, registration_id, room, day, start_minute, end_minute, locked)`;
}

/**
 * Plans the event's timetable and stores the answer in `tx` (no authorization, no audit: the
 * callers' job): removed, moved and new slots; changed slots of published locations raise their
 * sequence and are mailed.
 */
async function storePlan(tx: Tx, e: LoadedEvent, startOver: boolean) {
  const state = await loadState(tx, e);
  const result = plan({ rules: state.rules, requests: state.requests, existing: state.slots.map(asPlanned), startOver });
  const published = new Set(e.locations.filter((l) => l.timetableRules?.published).map((l) => l.id));
  const before = new Map(state.slots.map((s) => [keyOf(s), s]));
  const after = new Set(result.slots.map(keyOf));
  const removed = state.slots.filter((s) => !after.has(keyOf(s)));
  const mails = new Map<string, "timetable" | "timetableChanged">();
  const created: Parameters<typeof writeSlots>[4] = [];
  const moved: Parameters<typeof writeSlots>[3] = [];
  for (const s of result.slots) {
    const old = before.get(keyOf(s));
    const data = { locationId: s.locationId, room: s.room, day: s.day, start: s.start, end: s.end, locked: s.locked };
    if (!old) {
      created.push({ ...data, part: s.part, registrationId: s.registrationId });
      if (published.has(s.locationId)) mails.set(keyOf(s), "timetable");
      continue;
    }
    if (sameTime(asPlanned(old), s)) continue;
    const changedPublished = published.has(s.locationId) || published.has(old.locationId);
    moved.push({ ...data, id: old.id, bump: changedPublished });
    if (changedPublished) mails.set(keyOf(s), "timetableChanged");
  }
  await writeSlots(
    tx,
    e.id,
    removed.map((s) => s.id),
    moved,
    created,
  );
  const mailed = await mailSlots(tx, e, state, mails);
  const unplaced = result.unplaced.map((u) => ({ label: state.registrations.get(keyOf(u))?.label ?? String(u.registrationId), reason: u.reason }));
  return { kept: result.kept, placed: result.placed, removed: removed.length, mails: mailed, unplaced };
}

/**
 * Plans the event's timetable from the live registrations (timetable.manage): keeps the still
 * valid slots (only the locked ones with `startOver`), frees those of cancelled registrations,
 * places the rest. Changed slots of published locations raise their sequence and are mailed.
 */
export async function planTimetable(ctx: ServiceCtx, eventId: number, opts: { startOver: boolean }): Promise<PlanSummary> {
  const p = authorize(ctx.principal, "timetable.manage");
  const summary = await ctx.prisma.$transaction(
    async (tx) => {
      const e = await eventFor(tx, p, "timetable.manage", eventId);
      // one planning of an event at a time: the event row is locked for the transaction
      await tx.$executeRaw`SELECT 1 FROM "Event" WHERE id = ${e.id}::int FOR UPDATE`;
      const summary = await storePlan(tx, e, opts.startOver);
      await audit(tx, p, {
        action: "timetable.plan",
        entity: "Event",
        entityId: e.id,
        districtAssociationId: e.districtAssociationId,
        details: { startOver: opts.startOver, kept: summary.kept, placed: summary.placed, removed: summary.removed, unplaced: summary.unplaced.length },
      });
      return summary;
    },
    { timeout: 60_000 },
  );
  if (summary.mails) ctx.services.mail.wake();
  return summary;
}

/**
 * The demo data's timetables (prisma/demo.ts): saves the given rules, plans the event and marks
 * the `published` locations published, without mails (no one registered through the product).
 */
export async function seedTimetable(tx: Tx, eventId: number, rules: Map<number, RulesInput>, published: number[], now: Date) {
  for (const [locationId, r] of rules) {
    const data = normalizedRules(r);
    await tx.timetableRules.create({
      data: {
        ...data,
        days: data.days as unknown as Prisma.InputJsonValue,
        practiceOverrides: data.practiceOverrides as unknown as Prisma.InputJsonValue,
        locationId,
      },
    });
  }
  const e = await tx.event.findUniqueOrThrow({
    where: { id: eventId },
    include: { locations: { orderBy: [{ type: "asc" }, { start: "asc" }, { name: "asc" }], include: { timetableRules: true } } },
  });
  await storePlan(tx, e, false);
  if (published.length) await tx.timetableRules.updateMany({ where: { locationId: { in: published } }, data: { published: true, publishedAt: now } });
}

/** A slot change as staff make it: a new room, day and start (the length stays). */
export type SlotPlace = { room: string; day: string; start: number };

/** The slot of `slotId` with its event when `p` may manage it; else not found. */
async function slotFor(db: Db, p: Principal, slotId: number) {
  const s = await db.timetableSlot.findUnique({ where: { id: slotId }, include: { event: { select: { districtAssociationId: true } } } });
  if (!s || !actsOn(p, "timetable.manage", { districtAssociationId: s.event.districtAssociationId })) throw notFound("Zeitplan-Eintrag");
  return s;
}

const moved = (s: TimetableSlot, to: SlotPlace): PlannedSlot => ({
  ...asPlanned(s),
  room: to.room,
  day: to.day,
  start: to.start,
  end: to.start + (s.endMinute - s.startMinute),
});

/** What speaks against the changed slots (German; empty: they may be saved), read in `db`. */
async function problemsOf(db: Db, p: Principal, eventId: number, changed: PlannedSlot[]) {
  const e = await eventFor(db, p, "timetable.manage", eventId);
  const state = await loadState(db, e);
  return { event: e, state, problems: slotProblems({ rules: state.rules, requests: state.requests, slots: state.slots.map(asPlanned), changed }) };
}

/** What a move of the slot to `to` would conflict with, before saving (German messages; empty: it fits). */
export async function moveProblems(ctx: ServiceCtx, slotId: number, to: SlotPlace): Promise<string[]> {
  const p = authorize(ctx.principal, "timetable.manage");
  const s = await slotFor(ctx.prisma, p, slotId);
  return (await problemsOf(ctx.prisma, p, s.eventId, [moved(s, to)])).problems;
}

/** Stores changed slots: version and (published) sequence up, the audit entry, the change mails. */
async function storeChanges(
  tx: Tx,
  p: Principal,
  changes: { slot: TimetableSlot; version: number; to: PlannedSlot }[],
  ctxOf: { event: LoadedEvent; state: { registrations: Map<string, LiveRegistration> } },
  action: string,
) {
  const published = new Set(ctxOf.event.locations.filter((l) => l.timetableRules?.published).map((l) => l.id));
  const mails = new Map<string, "timetableChanged">();
  const out: TimetableSlot[] = [];
  for (const { slot, version, to } of changes) {
    checkVersion(slot, version);
    const timeChanged = !sameTime(asPlanned(slot), to);
    const bump = timeChanged && published.has(slot.locationId);
    out.push(
      await guardStale(
        tx.timetableSlot.update({
          where: { id: slot.id, version },
          data: {
            room: to.room,
            day: new Date(`${to.day}T00:00:00Z`),
            startMinute: to.start,
            endMinute: to.end,
            locked: to.locked,
            version: { increment: 1 },
            ...(bump ? { sequence: { increment: 1 } } : {}),
          },
        }),
      ),
    );
    if (bump) mails.set(keyOf(slot), "timetableChanged");
    await audit(tx, p, {
      action,
      entity: "EventLocation",
      entityId: slot.locationId,
      districtAssociationId: ctxOf.event.districtAssociationId,
      details: {
        slot: slot.id,
        // the registration by id, never by name: a deleted registration leaves no name in the location's history
        part: slot.part,
        registrationId: slot.registrationId,
        before: `${dayOf(slot.day)} ${clock(slot.startMinute)} ${slot.room}`,
        after: `${to.day} ${clock(to.start)} ${to.room}`,
        locked: to.locked,
      },
    });
  }
  const mailed = await mailSlots(tx, ctxOf.event, ctxOf.state, mails);
  return { slots: out, mailed };
}

/** Moves a slot (timetable.manage): refused (CONFLICT) with the German reasons when it does not fit; a moved slot is locked. */
export async function moveSlot(ctx: ServiceCtx, slotId: number, version: number, to: SlotPlace): Promise<TimetableSlot> {
  const p = authorize(ctx.principal, "timetable.manage");
  const { slots, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const s = await slotFor(tx, p, slotId);
    checkVersion(s, version);
    const target = { ...moved(s, to), locked: true };
    const checked = await problemsOf(tx, p, s.eventId, [target]);
    if (checked.problems.length) throw new AppError("CONFLICT", checked.problems.join(" "), { slot: checked.problems.join(" ") });
    return storeChanges(tx, p, [{ slot: s, version, to: target }], checked, "timetable.move");
  });
  if (mailed) ctx.services.mail.wake();
  return slots[0];
}

/**
 * Swaps two slots of one location (timetable.manage): each takes the other's room, day and start,
 * keeping its own length; both are locked. Refused with the German reasons when that does not fit.
 */
export async function swapSlots(ctx: ServiceCtx, a: { id: number; version: number }, b: { id: number; version: number }): Promise<TimetableSlot[]> {
  const p = authorize(ctx.principal, "timetable.manage");
  if (a.id === b.id) throw new AppError("VALIDATION", "Ein Eintrag kann nicht mit sich selbst getauscht werden");
  const { slots, mailed } = await ctx.prisma.$transaction(async (tx) => {
    const [sa, sb] = [await slotFor(tx, p, a.id), await slotFor(tx, p, b.id)];
    checkVersion(sa, a.version);
    checkVersion(sb, b.version);
    if (sa.locationId !== sb.locationId) throw new AppError("VALIDATION", "Nur Einträge desselben Veranstaltungsorts können getauscht werden");
    const ta = { ...moved(sa, { room: sb.room, day: dayOf(sb.day), start: sb.startMinute }), locked: true };
    const tb = { ...moved(sb, { room: sa.room, day: dayOf(sa.day), start: sa.startMinute }), locked: true };
    const checked = await problemsOf(tx, p, sa.eventId, [ta, tb]);
    if (checked.problems.length) throw new AppError("CONFLICT", checked.problems.join(" "), { slot: checked.problems.join(" ") });
    return storeChanges(
      tx,
      p,
      [
        { slot: sa, version: a.version, to: ta },
        { slot: sb, version: b.version, to: tb },
      ],
      checked,
      "timetable.swap",
    );
  });
  if (mailed) ctx.services.mail.wake();
  return slots;
}

/** Locks or unlocks a slot (timetable.manage): a locked slot stays where it is on every re-plan. */
export async function lockSlot(ctx: ServiceCtx, slotId: number, version: number, locked: boolean): Promise<TimetableSlot> {
  const p = authorize(ctx.principal, "timetable.manage");
  return ctx.prisma.$transaction(async (tx) => {
    const s = await slotFor(tx, p, slotId);
    checkVersion(s, version);
    const updated = await guardStale(tx.timetableSlot.update({ where: { id: slotId, version }, data: { locked, version: { increment: 1 } } }));
    const e = await tx.event.findUniqueOrThrow({ where: { id: s.eventId }, select: { districtAssociationId: true } });
    await audit(tx, p, {
      action: "timetable.lock",
      entity: "EventLocation",
      entityId: s.locationId,
      districtAssociationId: e.districtAssociationId,
      details: { slot: s.id, locked },
    });
    return updated;
  });
}

/**
 * Publishes a location's timetable (timetable.publish): its slots become visible to the clubs and
 * each registration's creator gets one mail with their slots. `version`: the rules row's version
 * the confirmation was based on.
 */
export async function publishTimetable(ctx: ServiceCtx, locationId: number, version: number): Promise<{ mails: number; rules: TimetableRules }> {
  const p = authorize(ctx.principal, "timetable.publish");
  const out = await ctx.prisma.$transaction(async (tx) => {
    const l = await locationFor(tx, p, "timetable.publish", locationId);
    if (!l.timetableRules) throw new AppError("CONFLICT", "Für diesen Veranstaltungsort sind noch keine Zeitplan-Regeln gespeichert");
    checkVersion(l.timetableRules, version);
    if (l.timetableRules.published) throw new AppError("CONFLICT", "Der Zeitplan dieses Veranstaltungsorts ist schon veröffentlicht");
    const slotCount = await tx.timetableSlot.count({ where: { locationId } });
    if (!slotCount) throw new AppError("CONFLICT", "Der Zeitplan dieses Veranstaltungsorts ist noch leer: bitte zuerst „Zeitplan erstellen“");
    const rules = await guardStale(
      tx.timetableRules.update({ where: { locationId, version }, data: { published: true, publishedAt: ctx.services.now(), version: { increment: 1 } } }),
    );
    const e = await eventFor(tx, p, "timetable.publish", l.eventId);
    const state = await loadState(tx, e);
    const keys = new Map<string, "timetable">(state.slots.filter((s) => s.locationId === locationId).map((s) => [keyOf(s), "timetable"]));
    const mails = await mailSlots(tx, e, state, keys);
    await audit(tx, p, {
      action: "timetable.publish",
      entity: "EventLocation",
      entityId: locationId,
      districtAssociationId: l.event.districtAssociationId,
      details: { slots: slotCount, mails },
    });
    return { mails, rules };
  });
  if (out.mails) ctx.services.mail.wake();
  return out;
}

/** A registration's slot as the club sees it. */
export type RegistrationSlot = {
  part: TimetablePart;
  locationId: number;
  locationName: string;
  room: string;
  day: string;
  start: Date;
  end: Date;
  /** how often the published slot changed (the calendar's SEQUENCE) */
  sequence: number;
};

/**
 * The slots of one registration the principal sees (timetable.registrationSlots): those of
 * published locations; staff of the district (event_manage, registration_*) all. The registration
 * itself is read by its own service first (who may see it at all).
 */
export async function registrationSlots(
  db: Db,
  p: Principal | null,
  registration: { kind: "dexam" | "competition"; id: number; associationId: number; districtAssociationId: number },
): Promise<RegistrationSlot[]> {
  const parts: TimetablePart[] = registration.kind === "dexam" ? ["THEORY", "PRACTICE"] : ["PERFORMANCE"];
  const staff = !!p && isStaff(p, registration);
  const slots = await db.timetableSlot.findMany({
    where: { registrationId: registration.id, part: { in: parts }, ...(staff ? {} : { location: { timetableRules: { published: true } } }) },
    include: { location: { select: { name: true } } },
    orderBy: [{ day: "asc" }, { startMinute: "asc" }],
  });
  return slots.map((s) => {
    const planned = asPlanned(s);
    return {
      part: s.part,
      locationId: s.locationId,
      locationName: s.location.name,
      room: s.room,
      day: planned.day,
      ...slotInstants(planned),
      sequence: s.sequence,
    };
  });
}

/** Staff of the registration's district with one of the operation's district roles (not merely a member of its club). */
function isStaff(p: Principal, registration: { districtAssociationId: number }): boolean {
  return actsOn(p, "timetable.registrationSlots", { districtAssociationId: registration.districtAssociationId, associationId: -1 });
}
