// The printed timetable of a location (timetable.print): per room (panel, stage) and day the
// timetable, the attendance list with a signature column, and the examiners' list (who, what, a
// notes column; never health data), as PDF (pdf/document.ts) and as .xlsx (exceljs), one sheet per
// room and day. What is printed comes from the stored slots and the registrations (reader.ts).
import { notFound } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import type { TimetablePart } from "../../generated/prisma/client.ts";
import { type Column, printDate, renderPdf } from "../../pdf/document.ts";
import type { ServiceCtx } from "../context.ts";
import { newWorkbook } from "../results/xlsx.ts";
import { clock, germanDay } from "./planner.ts";
import { liveRegistrations } from "./reader.ts";
import { dayOf, partOf } from "./rules.ts";

export const PRINT_KINDS = ["timetable", "attendance", "examiners"] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

const TITLES: Record<PrintKind, Record<TimetablePart, string>> = {
  timetable: { THEORY: "Zeitplan Theorieprüfung", PRACTICE: "Zeitplan Praxisprüfung", PERFORMANCE: "Zeitplan Wertungsspiele" },
  attendance: { THEORY: "Anwesenheitsliste Theorieprüfung", PRACTICE: "Anwesenheitsliste Praxisprüfung", PERFORMANCE: "Anwesenheitsliste Wertungsspiele" },
  examiners: { THEORY: "Liste für die Prüfenden (Theorie)", PRACTICE: "Liste für die Prüfenden (Praxis)", PERFORMANCE: "Liste für die Jury" },
};

type Row = { time: string; name: string; club: string; details: string; conductor: string | null };
type Group = { room: string; day: string; rows: Row[] };

/** The location's slots grouped by room and day, in the rules' room order and by time. */
async function groupsOf(ctx: ServiceCtx, locationId: number) {
  const p = authorize(ctx.principal, "timetable.print");
  const l = await ctx.prisma.eventLocation.findUnique({ where: { id: locationId }, include: { event: true, timetableRules: true } });
  const part = l && partOf(l.type);
  if (!l || !part || !actsOn(p, "timetable.print", { districtAssociationId: l.event.districtAssociationId })) throw notFound("Veranstaltungsort");
  const [slots, registrations] = await Promise.all([
    ctx.prisma.timetableSlot.findMany({ where: { locationId }, orderBy: [{ day: "asc" }, { startMinute: "asc" }, { id: "asc" }] }),
    liveRegistrations(ctx.prisma, l.eventId, new Map([[l.id, part]])),
  ]);
  const byKey = new Map(registrations.flatMap((r) => r.parts.map((x) => [`${x.part}:${x.registrationId}`, r] as const)));
  const rooms = l.timetableRules?.rooms ?? [];
  const groups = new Map<string, Group>();
  for (const s of slots) {
    const r = byKey.get(`${s.part}:${s.registrationId}`);
    if (!r) continue;
    const key = `${dayOf(s.day)}|${s.room}`;
    const g = groups.get(key) ?? { room: s.room, day: dayOf(s.day), rows: [] };
    groups.set(key, g);
    g.rows.push({ time: `${clock(s.startMinute)}–${clock(s.endMinute)}`, name: r.label, club: r.club, details: r.details, conductor: r.conductor });
  }
  const order = (g: Group) => rooms.indexOf(g.room);
  const sorted = [...groups.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : order(a) - order(b) || (a.room < b.room ? -1 : 1)));
  return { location: l, part, groups: sorted };
}

type Table = { columns: Column[]; rows: string[][]; rowHeight?: number };

/** The columns and rows of one kind for one room and day (the same for PDF and .xlsx). */
function tableOf(kind: PrintKind, part: TimetablePart, g: Group): Table {
  const who = part === "PERFORMANCE" ? "Ensemble" : "Name";
  const what = part === "PERFORMANCE" ? "Wertung" : "Prüfung";
  if (kind === "attendance")
    return {
      columns: [
        { header: "Zeit", width: 70 },
        { header: who, width: 150 },
        { header: "Verein", width: 130 },
        { header: "Unterschrift", width: 161 },
      ],
      rows: g.rows.map((r) => [r.time, r.name, r.club, ""]),
      rowHeight: 26,
    };
  if (kind === "examiners")
    return {
      columns: [
        { header: "Zeit", width: 70 },
        { header: who, width: 120 },
        { header: part === "PERFORMANCE" ? "Dirigent/in" : "Verein", width: 100 },
        { header: what, width: 101 },
        { header: "Notizen", width: 120 },
      ],
      rows: g.rows.map((r) => [r.time, r.name, part === "PERFORMANCE" ? (r.conductor ?? "") : r.club, r.details, ""]),
      rowHeight: 30,
    };
  return {
    columns: [
      { header: "Zeit", width: 70 },
      { header: who, width: 150 },
      { header: "Verein", width: 140 },
      { header: what, width: 151 },
    ],
    rows: g.rows.map((r) => [r.time, r.name, r.club, r.details]),
  };
}

/** The PDF of one kind for a location: a page (or more) per room and day. */
export async function timetablePdf(ctx: ServiceCtx, locationId: number, kind: PrintKind): Promise<{ name: string; data: Buffer }> {
  const { location, part, groups } = await groupsOf(ctx, locationId);
  const title = TITLES[kind][part];
  const first = groups[0] ? { room: groups[0].room, date: germanDay(groups[0].day) } : {};
  const data = await renderPdf({ title, event: location.event.name, location: location.name, ...first, printedAt: ctx.services.now() }, (f) => {
    if (!groups.length) {
      f.text("Für diesen Veranstaltungsort ist noch kein Zeitplan erstellt.");
      return;
    }
    groups.forEach((g, i) => {
      if (i > 0) f.page({ room: g.room, date: germanDay(g.day) });
      f.text(`${g.room} · ${germanDay(g.day)}`, { bold: true, size: 11, gap: 6 });
      const t = tableOf(kind, part, g);
      f.table(t.columns, t.rows, { rowHeight: t.rowHeight });
    });
  });
  return { name: `${title.replace(/[^\p{L}\p{N}]+/gu, "_")}_L${location.id}.pdf`, data };
}

/** The same as .xlsx: one sheet per room and day, a title block above the table. */
export async function timetableXlsx(ctx: ServiceCtx, locationId: number, kind: PrintKind): Promise<{ name: string; data: Buffer }> {
  const { location, part, groups } = await groupsOf(ctx, locationId);
  const title = TITLES[kind][part];
  const wb = newWorkbook();
  wb.creator = "Anmeldesystem";
  const used = new Set<string>();
  for (const g of groups.length ? groups : [{ room: "Zeitplan", day: "", rows: [] }]) {
    let name = `${g.room} ${g.day ? germanDay(g.day) : ""}`
      .replace(/[\\/*?:[\]]/g, " ")
      .trim()
      .slice(0, 31);
    for (let n = 2; used.has(name); n++) name = `${name.slice(0, 27)} (${n})`;
    used.add(name);
    const ws = wb.addWorksheet(name);
    const t = tableOf(kind, part, g);
    ws.addRow([title]).font = { bold: true, size: 14 };
    ws.addRow([`${location.event.name} · ${location.name}`]);
    ws.addRow([`${g.room}${g.day ? ` · ${germanDay(g.day)}` : ""} · Gedruckt am ${printDate(ctx.services.now())}`]);
    ws.addRow([]);
    ws.addRow(t.columns.map((c) => c.header)).font = { bold: true };
    for (const r of t.rows) {
      const row = ws.addRow(r);
      if (t.rowHeight) row.height = t.rowHeight;
    }
    t.columns.forEach((c, i) => {
      ws.getColumn(i + 1).width = Math.round(c.width / 5.5);
    });
  }
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  return { name: `${title.replace(/[^\p{L}\p{N}]+/gu, "_")}_L${location.id}.xlsx`, data };
}
