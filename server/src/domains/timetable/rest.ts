// The timetable's /v1 door (thin): the event's timetable, a location's rules, planning, publishing,
// a slot's move and lock, a registration's slots, the printed lists. Times of day on the wire are
// "hh:mm" (Europe/Berlin), days "yyyy-mm-dd".
import { z } from "zod";
import { AppError, validationFailed } from "../../auth/errors.ts";
import type { TimetableSlot } from "../../generated/prisma/client.ts";
import { XLSX } from "../../http/openapi.ts";
import { download, idParam, type RestRouter } from "../../http/rest.ts";
import * as w from "../../http/wireSchema.ts";
import { MSG } from "../../shared/messages.ts";
import { getCompetitionRegistration } from "../competition/service.ts";
import { getDexamRegistration } from "../dexam/service.ts";
import { dexamTypeWire, instrumentWire } from "../wire.ts";
import { clock } from "./planner.ts";
import { PRINT_KINDS, type PrintKind, timetablePdf, timetableXlsx } from "./print.ts";
import type { LiveRegistration } from "./reader.ts";
import { dayOf, type RulesInput, slotInstants } from "./rules.ts";
import { lockSlot, moveSlot, planTimetable, publishTimetable, readTimetable, registrationSlots, saveRules } from "./service.ts";

const TAG = "Veranstaltungsorte" as const;
const MANAGE = "Braucht die Rolle event_manage; Veranstaltungen anderer Kreisverbände antworten 404 NOT_FOUND (admin: alle Kreisverbände).";
const PARTS = { THEORY: "theory", PRACTICE: "practice", PERFORMANCE: "performance" } as const;

const clockWire = () => z.string().meta({ pattern: "^\\d{2}:\\d{2}$", description: "Uhrzeit hh:mm (Europe/Berlin)" });
const minutesOf = (v: string | null, field: string, errors: Record<string, string>): number => {
  const m = v ? /^(\d{2}):(\d{2})$/.exec(v) : null;
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
  if (!m || Number(m[2]) > 59 || minutes > 24 * 60) {
    errors[field] = "Uhrzeit im Format hh:mm erwartet";
    return 0;
  }
  return minutes;
};

const RulesWire = z.object({
  location_id: z.int(),
  version: z.int().meta({ description: "Version der Regeln (0: noch nicht gespeichert, die Vorgaben des Orts)" }),
  saved: z.boolean(),
  published: z.boolean().meta({ description: "Ob der Zeitplan des Orts den Vereinen gezeigt wird" }),
  days: z.array(
    z.object({
      day: z.string().meta({ format: "date" }),
      start: clockWire(),
      end: clockWire(),
      breaks: z.array(z.object({ start: clockWire(), end: clockWire() })),
    }),
  ),
  rooms: z.array(z.string()).meta({ description: "Parallele Räume, Prüfungskommissionen oder Bühnen" }),
  practice_minutes: z.int(),
  practice_overrides: z.array(z.object({ course: z.string().nullable(), instrument: z.string().nullable(), minutes: z.int() })),
  theory_minutes: z.int(),
  theory_capacity: z.int(),
  warmup_minutes: z.int(),
  changeover_minutes: z.int(),
});

const SlotWire = z.object({
  id: z.int(),
  version: z.int(),
  part: z.enum(["theory", "practice", "performance"]),
  registration_id: z.int(),
  location_id: z.int(),
  room: z.string(),
  day: z.string().meta({ format: "date" }),
  start: clockWire(),
  end: clockWire(),
  starts_at: z.string().meta({ format: "date-time" }),
  ends_at: z.string().meta({ format: "date-time" }),
  locked: z.boolean(),
  sequence: z.int().meta({ description: "Wie oft sich der veröffentlichte Eintrag geändert hat (SEQUENCE im Kalender)" }),
  name: z.string().meta({ description: "Kandidat/in oder Ensemble" }),
  club: z.string(),
  details: z.string(),
});

const TimetableWire = z.object({
  event_id: z.int(),
  locations: z.array(
    z.object({
      location_id: z.int(),
      name: z.string(),
      part: z.enum(["theory", "practice", "performance"]),
      rules: RulesWire,
      slots: z.array(SlotWire),
      unplaced: z.array(z.object({ part: z.enum(["theory", "practice", "performance"]), registration_id: z.int(), name: z.string() })),
    }),
  ),
});

const PlanWire = z.object({
  kept: z.int(),
  placed: z.int(),
  removed: z.int(),
  mails: z.int(),
  unplaced: z.array(z.object({ name: z.string(), reason: z.string() })),
});

const RegistrationSlotWire = z.object({
  part: z.enum(["theory", "practice", "performance"]),
  location_id: z.int(),
  location: z.string(),
  room: z.string(),
  day: z.string().meta({ format: "date" }),
  starts_at: z.string().meta({ format: "date-time" }),
  ends_at: z.string().meta({ format: "date-time" }),
  sequence: z.int(),
});

function rulesToWire(locationId: number, r: RulesInput, meta: { version: number; saved: boolean; published: boolean }): z.infer<typeof RulesWire> {
  return {
    location_id: locationId,
    ...meta,
    days: r.days.map((d) => ({
      day: d.day,
      start: clock(d.start),
      end: clock(d.end),
      breaks: d.breaks.map((b) => ({ start: clock(b.start), end: clock(b.end) })),
    })),
    rooms: r.rooms,
    practice_minutes: r.practiceMinutes,
    practice_overrides: r.practiceOverrides.map((o) => ({
      course: o.course ? dexamTypeWire.toWire(o.course as never) : null,
      instrument: o.instrument ? instrumentWire.toWire(o.instrument as never) : null,
      minutes: o.minutes,
    })),
    theory_minutes: r.theoryMinutes,
    theory_capacity: r.theoryCapacity,
    warmup_minutes: r.warmupMinutes,
    changeover_minutes: r.changeoverMinutes,
  };
}

function slotToWire(s: TimetableSlot, who: LiveRegistration | undefined): z.infer<typeof SlotWire> {
  const at = slotInstants({ day: dayOf(s.day), start: s.startMinute, end: s.endMinute });
  return {
    id: s.id,
    version: s.version,
    part: PARTS[s.part],
    registration_id: s.registrationId,
    location_id: s.locationId,
    room: s.room,
    day: dayOf(s.day),
    start: clock(s.startMinute),
    end: clock(s.endMinute),
    starts_at: at.start.toISOString(),
    ends_at: at.end.toISOString(),
    locked: s.locked,
    sequence: s.sequence,
    name: who?.label ?? "",
    club: who?.club ?? "",
    details: who?.details ?? "",
  };
}

const RulesBody = w.body({
  version: w.version(),
  days: w.list(
    w.item({
      day: w.day(),
      start: w.text({ pattern: "^\\d{2}:\\d{2}$" }),
      end: w.text({ pattern: "^\\d{2}:\\d{2}$" }),
      breaks: w.list(w.item({ start: w.text({ pattern: "^\\d{2}:\\d{2}$" }), end: w.text({ pattern: "^\\d{2}:\\d{2}$" }) }), 6),
    }),
    14,
  ),
  rooms: w.list(z.string(), 30),
  practice_minutes: w.integer(),
  practice_overrides: w.list(w.item({ course: w.oneOf(dexamTypeWire), instrument: w.oneOf(instrumentWire), minutes: w.integer() }), 40),
  theory_minutes: w.integer(),
  theory_capacity: w.integer(),
  warmup_minutes: w.integer(),
  changeover_minutes: w.integer(),
});

const PlanBody = w.body({ start_over: w.boolean({ description: "Neu planen: nur fixierte Einträge bleiben" }) });
const PublishBody = w.body({ version: w.version() });
const SlotBody = w.body({
  version: w.version(),
  room: w.text({ description: "Neuer Raum (mit day und start: verschieben)" }),
  day: w.day(),
  start: w.text({ pattern: "^\\d{2}:\\d{2}$" }),
  locked: w.boolean({ description: "Fixieren (true) oder lösen (false)" }),
});
const PrintQuery = w.query({
  kind: w
    .queryText()
    .meta({ enum: [...PRINT_KINDS], description: "timetable (Zeitplan), attendance (Anwesenheitsliste), examiners (Liste für die Prüfenden)" }),
  format: w.queryText().meta({ enum: ["pdf", "xlsx"], description: "pdf (Vorgabe) oder xlsx" }),
});

const RULES_EXAMPLE = {
  version: 0,
  days: [{ day: "2031-02-08", start: "09:00", end: "13:00", breaks: [{ start: "11:00", end: "11:15" }] }],
  rooms: ["Kommission 1", "Kommission 2"],
  practice_minutes: 20,
  practice_overrides: [{ course: "D3", instrument: null, minutes: 30 }],
  theory_minutes: 90,
  theory_capacity: 30,
  warmup_minutes: 10,
  changeover_minutes: 5,
};

export function timetableRoutes(r: RestRouter) {
  r.get(
    "/v1/event/:id/timetable",
    {
      tag: TAG,
      summary: "Zeitplan einer Veranstaltung",
      description:
        "Je geplantem Ort (Theorie, Praxis, Wertungsort) die Regeln (gespeichert oder die Vorgaben des Orts), ob er veröffentlicht ist, die Einträge und die Teile ohne Eintrag. Für event_manage, registration_read und registration_manage des Kreisverbands.",
      response: TimetableWire,
      example: { params: { id: 1 } },
    },
    async (ctx, req) => {
      const t = await readTimetable(ctx, idParam(req));
      return {
        event_id: t.event.id,
        locations: t.locations.map((l) => ({
          location_id: l.location.id,
          name: l.location.name,
          part: PARTS[l.part],
          rules: rulesToWire(l.location.id, l.rules, { version: l.version, saved: l.saved, published: l.published }),
          slots: l.slots.map((s) => slotToWire(s, t.registrations.get(`${s.part}:${s.registrationId}`))),
          unplaced: l.unplaced.map((u) => ({ part: PARTS[u.part], registration_id: u.registrationId, name: u.label })),
        })),
      };
    },
  );
  r.put(
    "/v1/event/location/:id/timetable/rules",
    {
      tag: TAG,
      summary: "Zeitplan-Regeln eines Orts speichern",
      description: `${MANAGE} Tage mit Beginn, Ende und Pausen, parallele Räume (Prüfungskommissionen, Bühnen), Einteilungslängen. version: 0 beim ersten Speichern.`,
      body: RulesBody,
      response: RulesWire,
      // the demo's clarinet practice location has no saved rules
      example: { params: { id: 3 }, body: RULES_EXAMPLE },
    },
    async (ctx, req) => {
      const b = w.readBody(RulesBody, req.body);
      const errors: Record<string, string> = {};
      const input: RulesInput = {
        days: b.days.map((d, i) => ({
          day: d.day ?? "",
          start: minutesOf(d.start, `days.${i}.start`, errors),
          end: minutesOf(d.end, `days.${i}.end`, errors),
          breaks: d.breaks.map((x, j) => ({
            start: minutesOf(x.start, `days.${i}.breaks.${j}.start`, errors),
            end: minutesOf(x.end, `days.${i}.breaks.${j}.end`, errors),
          })),
        })),
        rooms: b.rooms,
        practiceMinutes: b.practice_minutes ?? 0,
        practiceOverrides: b.practice_overrides.map((o) => ({ course: o.course, instrument: o.instrument, minutes: o.minutes ?? 0 })),
        theoryMinutes: b.theory_minutes ?? 0,
        theoryCapacity: b.theory_capacity ?? 0,
        warmupMinutes: b.warmup_minutes ?? 0,
        changeoverMinutes: b.changeover_minutes ?? 0,
      };
      if (Object.keys(errors).length) throw validationFailed(errors);
      const row = await saveRules(ctx, idParam(req), input, b.version);
      return rulesToWire(
        row.locationId,
        { ...input, ...{ days: row.days as RulesInput["days"], rooms: row.rooms } },
        { version: row.version, saved: true, published: row.published },
      );
    },
  );
  r.post(
    "/v1/event/:id/timetable/plan",
    {
      tag: TAG,
      summary: "Zeitplan erstellen",
      description: `${MANAGE} Plant aus den aktiven Anmeldungen: noch gültige Einträge bleiben (mit start_over nur die fixierten), stornierte geben ihren Platz frei, neue kommen in freie Zeiten. Niemand ist zweimal zugleich eingeplant.`,
      body: PlanBody,
      response: PlanWire,
      example: { params: { id: 1 }, body: { start_over: false } },
    },
    async (ctx, req) => {
      const b = w.readBody(PlanBody, req.body);
      const s = await planTimetable(ctx, idParam(req), { startOver: b.start_over === true });
      return { kept: s.kept, placed: s.placed, removed: s.removed, mails: s.mails, unplaced: s.unplaced.map((u) => ({ name: u.label, reason: u.reason })) };
    },
  );
  r.post(
    "/v1/event/location/:id/timetable/publish",
    {
      tag: TAG,
      summary: "Zeitplan eines Orts veröffentlichen",
      description: `${MANAGE} Die Vereine sehen danach ihre Zeiten; wer die Anmeldung angelegt hat, bekommt eine E-Mail (und eine weitere bei jeder späteren Änderung des Eintrags). version: die Version der Regeln.`,
      body: PublishBody,
      response: RulesWire,
      // the demo's woodwind practice location: rules saved and planned, not yet published
      example: { params: { id: 2 }, body: { version: 1 } },
    },
    async (ctx, req) => {
      const b = w.readBody(PublishBody, req.body);
      if (b.version === null) throw validationFailed({ version: MSG.required });
      const { rules } = await publishTimetable(ctx, idParam(req), b.version);
      const t = await readTimetable(ctx, (await ctx.prisma.eventLocation.findUniqueOrThrow({ where: { id: rules.locationId } })).eventId);
      const l = t.locations.find((x) => x.location.id === rules.locationId);
      if (!l) throw new AppError("NOT_FOUND", "Veranstaltungsort nicht gefunden");
      return rulesToWire(l.location.id, l.rules, { version: l.version, saved: l.saved, published: l.published });
    },
  );
  r.put(
    "/v1/timetable/slot/:id",
    {
      tag: TAG,
      summary: "Zeitplan-Eintrag verschieben oder fixieren",
      description: `${MANAGE} Mit room, day und start verschoben (die Dauer bleibt, der Eintrag wird fixiert); passt er dort nicht, antwortet 409 CONFLICT mit den Gründen. Mit locked allein fixiert oder gelöst. version ist nötig.`,
      body: SlotBody,
      response: SlotWire,
      example: { params: { id: 1 }, body: { version: 1, locked: true } },
    },
    async (ctx, req) => {
      const b = w.readBody(SlotBody, req.body);
      if (b.version === null) throw validationFailed({ version: MSG.required });
      const id = idParam(req);
      let slot: TimetableSlot;
      if (b.room !== null || b.day !== null || b.start !== null) {
        const errors: Record<string, string> = {};
        const start = minutesOf(b.start, "start", errors);
        if (!b.room) errors.room = MSG.required;
        if (!b.day) errors.day = MSG.required;
        if (Object.keys(errors).length) throw validationFailed(errors);
        slot = await moveSlot(ctx, id, b.version, { room: b.room ?? "", day: b.day ?? "", start });
        if (b.locked === false) slot = await lockSlot(ctx, id, slot.version, false);
      } else if (b.locked !== null) slot = await lockSlot(ctx, id, b.version, b.locked);
      else throw validationFailed({ locked: "Verschieben (room, day, start) oder fixieren (locked)" });
      const t = await readTimetable(ctx, slot.eventId);
      return slotToWire(slot, t.registrations.get(`${slot.part}:${slot.registrationId}`));
    },
  );
  for (const kind of ["dexam", "competition"] as const)
    r.get(
      `/v1/registration/${kind}/:id/timetable`,
      {
        tag: kind === "dexam" ? "D-Prüfungen" : "Wertungsspiele",
        summary: kind === "dexam" ? "Zeiten einer D-Prüfungs-Anmeldung" : "Zeit einer Wertungsspiel-Anmeldung",
        description:
          "Die Einträge der Anmeldung in veröffentlichten Zeitplänen (Raum, Tag, Beginn, Ende); für jeden, der die Anmeldung lesen darf. Mitarbeitende des Kreisverbands sehen auch unveröffentlichte.",
        response: z.array(RegistrationSlotWire),
        example: { params: { id: 1 } },
      },
      async (ctx, req) => {
        const reg = kind === "dexam" ? await getDexamRegistration(ctx, idParam(req)) : await getCompetitionRegistration(ctx, idParam(req));
        const slots = await registrationSlots(ctx.prisma, ctx.principal, {
          kind,
          id: reg.id,
          associationId: reg.associationId,
          districtAssociationId: reg.event.districtAssociationId,
        });
        return slots.map((s) => ({
          part: PARTS[s.part],
          location_id: s.locationId,
          location: s.locationName,
          room: s.room,
          day: s.day,
          starts_at: s.start.toISOString(),
          ends_at: s.end.toISOString(),
          sequence: s.sequence,
        }));
      },
    );
  r.get(
    "/v1/export/location/:id/timetable",
    {
      tag: "Exporte",
      summary: "Zeitplan eines Orts drucken (PDF oder Excel)",
      description:
        "Je Raum und Tag: kind=timetable der Zeitplan, kind=attendance die Anwesenheitsliste mit Unterschriftenspalte, kind=examiners die Liste für die Prüfenden (ohne Gesundheitsdaten). format=pdf (A4) oder xlsx. Für event_manage, registration_read und registration_manage des Kreisverbands.",
      query: PrintQuery,
      file: ["application/pdf", XLSX],
      example: { params: { id: 1 }, query: { kind: "timetable", format: "pdf" } },
    },
    async (ctx, req, reply) => {
      const q = w.readQuery(PrintQuery, req.query);
      const kind = (q.kind ?? "timetable") as PrintKind;
      if (!PRINT_KINDS.includes(kind)) throw validationFailed({ kind: "Unbekannte Liste" });
      if (q.format && q.format !== "pdf" && q.format !== "xlsx") throw validationFailed({ format: "pdf oder xlsx" });
      const file = q.format === "xlsx" ? await timetableXlsx(ctx, idParam(req), kind) : await timetablePdf(ctx, idParam(req), kind);
      return download(reply, file.name, q.format === "xlsx" ? XLSX : "application/pdf", file.data);
    },
  );
}
