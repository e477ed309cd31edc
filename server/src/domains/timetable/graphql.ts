// The timetable's GraphQL door (thin): the staff view of an event's timetable, the rules, planning,
// move/swap/lock with their conflict check, publishing; a registration's published slots on the
// registration types. Everything is decided in service.ts.
import { mayActOn } from "../../auth/permissions.ts";
import type { TimetableSlot } from "../../generated/prisma/client.ts";
import type { TimetablePart } from "../../generated/prisma/enums.ts";
import { builder } from "../../graphql/builder.ts";
import { DexamTypeEnum, InstrumentEnum } from "../../graphql/enums.ts";
import { numericId } from "../../graphql/ids.ts";
import { registerNodeAccess } from "../../graphql/nodeAccess.ts";
import { CompetitionRegistrationType } from "../competition/graphql.ts";
import { DexamRegistrationType } from "../dexam/graphql.ts";
import { EventLocationType } from "../locations/graphql.ts";
import type { LiveRegistration } from "./reader.ts";
import { dayOf, type RulesInput, slotInstants } from "./rules.ts";
import {
  type LocationTimetable,
  lockSlot,
  moveProblems,
  moveSlot,
  type PlanSummary,
  planTimetable,
  publishTimetable,
  type RegistrationSlot,
  readTimetable,
  registrationSlots,
  saveRules,
  swapSlots,
  type Timetable,
} from "./service.ts";

export const TimetablePartEnum = builder.enumType("TimetablePart", {
  values: {
    THEORY: { description: "A D-exam's theory exam: a sitting of several candidates in one room." },
    PRACTICE: { description: "A D-exam's practice exam before an examination panel." },
    PERFORMANCE: { description: "A competition ensemble's performance on a stage." },
  } satisfies Record<TimetablePart, unknown>,
  description: "What a timetable slot is for: THEORY and PRACTICE of a D-exam registration, PERFORMANCE of a competition registration.",
});

/** The registrations of the timetable read in this request, for the slots' names (per GraphQL context). */
const registrationsOfRequest = new WeakMap<object, Map<string, LiveRegistration>>();

const slotKey = (s: Pick<TimetableSlot, "part" | "registrationId">) => `${s.part}:${s.registrationId}`;

export const TimetableSlotType = builder.prismaNode("TimetableSlot", {
  description: "One planned part of a registration in a timetable (Zeitplan): room, day and times at its location.",
  id: { field: "id" },
  select: { eventId: true },
  authScopes: async (s, ctx) => {
    const event = await ctx.loaders.eventVisibility.load(s.eventId);
    return !!event && mayActOn(ctx.principal, "timetable.read", event);
  },
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: "Numeric id as used by /v1." }),
    version: t.exposeInt("version", { description: "Increases with every change; send it back with a move, swap or lock (optimistic concurrency)." }),
    part: t.expose("part", { type: TimetablePartEnum, description: "Theory, practice or performance." }),
    registrationId: t.exposeInt("registrationId", {
      description: "Numeric id of the registration (D-exam for theory and practice, competition for a performance).",
    }),
    locationId: t.exposeInt("locationId", { description: "Numeric id of the location." }),
    room: t.exposeString("room", { description: "The room, examination panel or stage." }),
    day: t.string({ description: "The day (yyyy-mm-dd, Europe/Berlin).", select: { day: true }, resolve: (s) => dayOf(s.day) }),
    startMinute: t.exposeInt("startMinute", { description: "Start as minutes after midnight (Europe/Berlin)." }),
    endMinute: t.exposeInt("endMinute", { description: "End as minutes after midnight (Europe/Berlin)." }),
    start: t.field({
      type: "DateTime",
      description: "Start as an instant.",
      select: { day: true, startMinute: true, endMinute: true },
      resolve: (s) => slotInstants({ day: dayOf(s.day), start: s.startMinute, end: s.endMinute }).start,
    }),
    end: t.field({
      type: "DateTime",
      description: "End as an instant.",
      select: { day: true, startMinute: true, endMinute: true },
      resolve: (s) => slotInstants({ day: dayOf(s.day), start: s.startMinute, end: s.endMinute }).end,
    }),
    locked: t.exposeBoolean("locked", { description: "Locked slots stay where they are on every re-plan (a staff move locks its slot)." }),
    sequence: t.exposeInt("sequence", { description: "How often the slot changed while published (the calendar's SEQUENCE)." }),
    title: t.string({
      description: "Who plays: the candidate's name or the ensemble's name.",
      select: { part: true, registrationId: true },
      resolve: (s, _a, ctx) => registrationsOfRequest.get(ctx)?.get(slotKey(s))?.label ?? "",
    }),
    club: t.string({
      description: "The registration's club.",
      select: { part: true, registrationId: true },
      resolve: (s, _a, ctx) => registrationsOfRequest.get(ctx)?.get(slotKey(s))?.club ?? "",
    }),
    details: t.string({
      description: "Course and instrument, or competition type, cast and category.",
      select: { part: true, registrationId: true },
      resolve: (s, _a, ctx) => registrationsOfRequest.get(ctx)?.get(slotKey(s))?.details ?? "",
    }),
  }),
});
registerNodeAccess("TimetableSlot", (ctx, s) => mayActOn(ctx.principal, "timetable.read", s.event), ["event"]);

const BreakType = builder.objectRef<{ start: number; end: number }>("TimetableBreak").implement({
  description: "A break of a timetable day (minutes after midnight, Europe/Berlin).",
  fields: (t) => ({
    start: t.exposeInt("start", { description: "Start (minutes after midnight)." }),
    end: t.exposeInt("end", { description: "End (minutes after midnight)." }),
  }),
});
const DayType = builder.objectRef<RulesInput["days"][number]>("TimetableDay").implement({
  description: "A day of a location's timetable with its times and breaks.",
  fields: (t) => ({
    day: t.exposeString("day", { description: "The day (yyyy-mm-dd)." }),
    start: t.exposeInt("start", { description: "First minute (minutes after midnight)." }),
    end: t.exposeInt("end", { description: "End (minutes after midnight)." }),
    breaks: t.field({ type: [BreakType], description: "Breaks in order.", resolve: (d) => d.breaks }),
  }),
});
const OverrideType = builder.objectRef<RulesInput["practiceOverrides"][number]>("TimetablePracticeOverride").implement({
  description: "A practice slot length for a course and/or an instrument (the most specific applies).",
  fields: (t) => ({
    course: t.field({ type: DexamTypeEnum, nullable: true, description: "The course, or any.", resolve: (o) => (o.course as never) ?? null }),
    instrument: t.field({ type: InstrumentEnum, nullable: true, description: "The instrument, or any.", resolve: (o) => (o.instrument as never) ?? null }),
    minutes: t.exposeInt("minutes", { description: "Slot length in minutes." }),
  }),
});
const RulesType = builder.objectRef<RulesInput>("TimetableRules").implement({
  description: "The timetable rules of a location.",
  fields: (t) => ({
    days: t.field({ type: [DayType], description: "The days with times and breaks.", resolve: (r) => r.days }),
    rooms: t.exposeStringList("rooms", { description: "The parallel rooms, examination panels or stages." }),
    practiceMinutes: t.exposeInt("practiceMinutes", { description: "Practice slot length unless an override applies." }),
    practiceOverrides: t.field({
      type: [OverrideType],
      description: "Practice slot lengths per course and/or instrument.",
      resolve: (r) => r.practiceOverrides,
    }),
    theoryMinutes: t.exposeInt("theoryMinutes", { description: "Length of the theory sitting." }),
    theoryCapacity: t.exposeInt("theoryCapacity", { description: "Seats per room in the theory sitting." }),
    warmupMinutes: t.exposeInt("warmupMinutes", { description: "Competition: warm-up / set-up added to the pieces' durations." }),
    changeoverMinutes: t.exposeInt("changeoverMinutes", { description: "Competition: changeover added to each performance." }),
  }),
});
const UnplacedType = builder.objectRef<LocationTimetable["unplaced"][number]>("TimetableUnplaced").implement({
  description: "A live registration's part without a slot (the rules leave no room, or it is new since the last planning).",
  fields: (t) => ({
    part: t.field({ type: TimetablePartEnum, description: "The part.", resolve: (u) => u.part }),
    registrationId: t.exposeInt("registrationId", { description: "Numeric id of the registration." }),
    title: t.exposeString("label", { description: "Who: the candidate's or the ensemble's name." }),
  }),
});
const LocationTimetableType = builder.objectRef<LocationTimetable>("LocationTimetable").implement({
  description: "The timetable of one location.",
  fields: (t) => ({
    location: t.field({ type: EventLocationType, description: "The location.", resolve: (l) => l.location }),
    part: t.field({ type: TimetablePartEnum, description: "What it plans.", resolve: (l) => l.part }),
    rules: t.field({ type: RulesType, description: "Its rules: saved, or the defaults from the location.", resolve: (l) => l.rules }),
    rulesSaved: t.boolean({ description: "Whether staff saved the rules.", resolve: (l) => l.saved }),
    rulesVersion: t.int({ description: "The rules' version (0 before the first save): send it with a save or publish.", resolve: (l) => l.version }),
    published: t.boolean({ description: "Shown to the clubs.", resolve: (l) => l.published }),
    publishedAt: t.field({ type: "DateTime", nullable: true, description: "When it was published.", resolve: (l) => l.publishedAt }),
    slots: t.field({
      type: [TimetableSlotType],
      description: "Its slots by day, time and room (only those of the `location` and `day` the timetable was asked for).",
      resolve: (l) => l.slots,
    }),
    slotCount: t.int({ description: "How many slots it has (on every day).", resolve: (l) => l.slotCount }),
    slotDays: t.stringList({ description: "The days it has slots on (yyyy-mm-dd, in order).", resolve: (l) => l.slotDays }),
    unplaced: t.field({ type: [UnplacedType], description: "Live parts without a slot.", resolve: (l) => l.unplaced }),
  }),
});
const TimetableType = builder.objectRef<Timetable>("Timetable").implement({
  description: "The timetable (Zeitplan) of an event: per planned location (theory, practice, competition venue).",
  fields: (t) => ({
    eventId: t.int({ description: "Numeric id of the event.", resolve: (x) => x.event.id }),
    eventName: t.string({ description: "The event's name.", resolve: (x) => x.event.name }),
    locations: t.field({ type: [LocationTimetableType], description: "The planned locations.", resolve: (x) => x.locations }),
  }),
});

builder.queryField("timetable", (t) =>
  t.field({
    type: TimetableType,
    description:
      "The timetable of an event (event_manage, registration_read/manage of the event's district). `location` and `day` narrow the slots answered (every location's state, rules and unplaced parts stay).",
    authScopes: { operation: "timetable.read" },
    args: {
      eventId: t.arg.globalID({ required: true, description: "Global id of the event." }),
      location: t.arg.globalID({ required: false, description: "Only the slots of this location (global id of one of the event's planned locations)." }),
      day: t.arg.string({ required: false, description: "Only the slots of this day (yyyy-mm-dd)." }),
    },
    resolve: async (_root, { eventId, location, day }, ctx) => {
      const timetable = await readTimetable(ctx, numericId(eventId, "Event", "Veranstaltung"), {
        locationId: location ? numericId(location, "EventLocation", "Veranstaltungsort") : null,
        day: day ?? null,
      });
      registrationsOfRequest.set(ctx, timetable.registrations);
      return timetable;
    },
  }),
);

builder.queryField("timetableSlotProblems", (t) =>
  t.field({
    type: ["String"],
    description: "What moving the slot to the room, day and start would conflict with, in German, before saving (empty: it fits).",
    authScopes: { operation: "timetable.manage" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the slot." }),
      room: t.arg.string({ required: true, description: "The new room." }),
      day: t.arg.string({ required: true, description: "The new day (yyyy-mm-dd)." }),
      startMinute: t.arg.int({ required: true, description: "The new start (minutes after midnight)." }),
    },
    resolve: (_root, a, ctx) => moveProblems(ctx, numericId(a.id, "TimetableSlot", "Zeitplan-Eintrag"), { room: a.room, day: a.day, start: a.startMinute }),
  }),
);

const BreakInput = builder.inputType("TimetableBreakInput", {
  description: "A break (minutes after midnight).",
  fields: (t) => ({ start: t.int({ required: true, description: "Start." }), end: t.int({ required: true, description: "End." }) }),
});
const DayInput = builder.inputType("TimetableDayInput", {
  description: "A day with its times and breaks (minutes after midnight, Europe/Berlin).",
  fields: (t) => ({
    day: t.string({ required: true, description: "The day (yyyy-mm-dd)." }),
    start: t.int({ required: true, description: "First minute." }),
    end: t.int({ required: true, description: "End." }),
    breaks: t.field({ type: [BreakInput], required: true, description: "Breaks (at most 6)." }),
  }),
});
const OverrideInput = builder.inputType("TimetablePracticeOverrideInput", {
  description: "A practice slot length for a course and/or an instrument.",
  fields: (t) => ({
    course: t.field({ type: DexamTypeEnum, required: false, description: "The course, or any." }),
    instrument: t.field({ type: InstrumentEnum, required: false, description: "The instrument, or any." }),
    minutes: t.int({ required: true, description: "Slot length in minutes." }),
  }),
});
const RulesInputType = builder.inputType("TimetableRulesInput", {
  description: "The timetable rules of a location.",
  fields: (t) => ({
    days: t.field({ type: [DayInput], required: true, description: "The days (at most 14)." }),
    rooms: t.stringList({ required: true, description: "The parallel rooms, examination panels or stages (at most 30)." }),
    practiceMinutes: t.int({ required: true, description: "Practice slot length." }),
    practiceOverrides: t.field({ type: [OverrideInput], required: true, description: "Practice slot lengths per course and/or instrument (at most 40)." }),
    theoryMinutes: t.int({ required: true, description: "Length of the theory sitting." }),
    theoryCapacity: t.int({ required: true, description: "Seats per room in the theory sitting." }),
    warmupMinutes: t.int({ required: true, description: "Competition: warm-up / set-up." }),
    changeoverMinutes: t.int({ required: true, description: "Competition: changeover." }),
  }),
});

builder.mutationField("saveTimetableRules", (t) =>
  t.field({
    type: RulesType,
    description: "Saves a location's timetable rules (event_manage).",
    authScopes: { operation: "timetable.manage" },
    args: {
      locationId: t.arg.globalID({ required: true, description: "Global id of the location." }),
      input: t.arg({ type: RulesInputType, required: true, description: "The rules." }),
      version: t.arg.int({ required: true, description: "The rules' version as read (0 before the first save)." }),
    },
    resolve: async (_root, { locationId, input, version }, ctx) => {
      const row = await saveRules(ctx, numericId(locationId, "EventLocation", "Veranstaltungsort"), input, version);
      return { ...input, rooms: row.rooms, days: row.days as RulesInput["days"], practiceOverrides: row.practiceOverrides as RulesInput["practiceOverrides"] };
    },
  }),
);

const UnplacedReasonType = builder.objectRef<PlanSummary["unplaced"][number]>("TimetableUnplacedReason").implement({
  description: "A part the planning could not place, and why.",
  fields: (t) => ({
    title: t.exposeString("label", { description: "Who." }),
    reason: t.exposeString("reason", { description: "Why (German)." }),
  }),
});
const PlanSummaryType = builder.objectRef<PlanSummary>("TimetablePlanSummary").implement({
  description: "What a planning did.",
  fields: (t) => ({
    kept: t.exposeInt("kept", { description: "Slots kept as they were." }),
    placed: t.exposeInt("placed", { description: "Parts placed anew." }),
    removed: t.exposeInt("removed", { description: "Slots freed (cancelled registrations, starting over)." }),
    mails: t.exposeInt("mails", { description: "Change mails written (published locations)." }),
    unplaced: t.field({ type: [UnplacedReasonType], description: "Parts without a slot.", resolve: (s) => s.unplaced }),
  }),
});

builder.mutationField("planTimetable", (t) =>
  t.field({
    type: PlanSummaryType,
    description:
      "Zeitplan erstellen (event_manage): plans the event's timetable from the live registrations; keeps still valid slots unless `startOver` (then only the locked ones).",
    authScopes: { operation: "timetable.manage" },
    args: {
      eventId: t.arg.globalID({ required: true, description: "Global id of the event." }),
      startOver: t.arg.boolean({ required: false, description: "Plan anew (locked slots stay)." }),
    },
    resolve: (_root, { eventId, startOver }, ctx) => planTimetable(ctx, numericId(eventId, "Event", "Veranstaltung"), { startOver: !!startOver }),
  }),
);

builder.mutationField("moveTimetableSlot", (t) =>
  t.prismaField({
    type: TimetableSlotType,
    description: "Moves a slot to a room, day and start (event_manage); refused (CONFLICT) with the German reasons when it does not fit. The slot is locked.",
    authScopes: { operation: "timetable.manage" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the slot." }),
      version: t.arg.int({ required: true, description: "The slot's version as read." }),
      room: t.arg.string({ required: true, description: "The new room." }),
      day: t.arg.string({ required: true, description: "The new day (yyyy-mm-dd)." }),
      startMinute: t.arg.int({ required: true, description: "The new start (minutes after midnight)." }),
    },
    resolve: async (query, _root, a, ctx) => {
      const s = await moveSlot(ctx, numericId(a.id, "TimetableSlot", "Zeitplan-Eintrag"), a.version, { room: a.room, day: a.day, start: a.startMinute });
      return ctx.prisma.timetableSlot.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
);

builder.mutationField("swapTimetableSlots", (t) =>
  t.prismaField({
    type: [TimetableSlotType],
    description:
      "Swaps two slots of one location (event_manage): each takes the other's room, day and start; refused (CONFLICT) with the reasons when that does not fit.",
    authScopes: { operation: "timetable.manage" },
    args: {
      first: t.arg.globalID({ required: true, description: "Global id of the first slot." }),
      firstVersion: t.arg.int({ required: true, description: "Its version as read." }),
      second: t.arg.globalID({ required: true, description: "Global id of the second slot." }),
      secondVersion: t.arg.int({ required: true, description: "Its version as read." }),
    },
    resolve: async (query, _root, a, ctx) => {
      const slots = await swapSlots(
        ctx,
        { id: numericId(a.first, "TimetableSlot", "Zeitplan-Eintrag"), version: a.firstVersion },
        { id: numericId(a.second, "TimetableSlot", "Zeitplan-Eintrag"), version: a.secondVersion },
      );
      return ctx.prisma.timetableSlot.findMany({ ...query, where: { id: { in: slots.map((s) => s.id) } }, orderBy: { id: "asc" } });
    },
  }),
);

builder.mutationField("lockTimetableSlot", (t) =>
  t.prismaField({
    type: TimetableSlotType,
    description: "Locks or unlocks a slot (event_manage): a locked slot stays where it is on every re-plan.",
    authScopes: { operation: "timetable.manage" },
    args: {
      id: t.arg.globalID({ required: true, description: "Global id of the slot." }),
      version: t.arg.int({ required: true, description: "The slot's version as read." }),
      locked: t.arg.boolean({ required: true, description: "Lock (true) or unlock (false)." }),
    },
    resolve: async (query, _root, a, ctx) => {
      const s = await lockSlot(ctx, numericId(a.id, "TimetableSlot", "Zeitplan-Eintrag"), a.version, a.locked);
      return ctx.prisma.timetableSlot.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
);

builder.mutationField("publishTimetable", (t) =>
  t.int({
    description:
      "Publishes a location's timetable (event_manage): the clubs see their slots, each registration's creator gets a mail. Answers the mails written.",
    authScopes: { operation: "timetable.publish" },
    args: {
      locationId: t.arg.globalID({ required: true, description: "Global id of the location." }),
      version: t.arg.int({ required: true, description: "The rules' version as read." }),
    },
    resolve: async (_root, { locationId, version }, ctx) =>
      (await publishTimetable(ctx, numericId(locationId, "EventLocation", "Veranstaltungsort"), version)).mails,
  }),
);

const RegistrationSlotType = builder.objectRef<RegistrationSlot>("RegistrationTimetableSlot").implement({
  description: "A registration's slot in a published timetable.",
  fields: (t) => ({
    part: t.field({ type: TimetablePartEnum, description: "Theory, practice or performance.", resolve: (s) => s.part }),
    locationName: t.exposeString("locationName", { description: "The location." }),
    room: t.exposeString("room", { description: "The room, examination panel or stage." }),
    start: t.field({ type: "DateTime", description: "Start.", resolve: (s) => s.start }),
    end: t.field({ type: "DateTime", description: "End.", resolve: (s) => s.end }),
  }),
});

builder.prismaObjectField(DexamRegistrationType, "timetableSlots", (t) =>
  t.field({
    type: [RegistrationSlotType],
    description: "The registration's slots in published timetables (staff of the district: also unpublished ones).",
    resolve: (r, _a, ctx) =>
      registrationSlots(ctx.prisma, ctx.principal, {
        kind: "dexam",
        id: r.id,
        associationId: r.associationId,
        districtAssociationId: r.event.districtAssociationId,
      }),
  }),
);
builder.prismaObjectField(CompetitionRegistrationType, "timetableSlots", (t) =>
  t.field({
    type: [RegistrationSlotType],
    description: "The registration's slot in a published timetable (staff of the district: also an unpublished one).",
    resolve: (r, _a, ctx) =>
      registrationSlots(ctx.prisma, ctx.principal, {
        kind: "competition",
        id: r.id,
        associationId: r.associationId,
        districtAssociationId: r.event.districtAssociationId,
      }),
  }),
);
