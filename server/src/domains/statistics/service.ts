// Event statistics (spec section 3 "Statistic"): named groups of label/value pairs computed on
// the server. Cancelled registrations count only in the first group.
import { notFound } from "../../auth/errors.ts";
import { actsOn, authorize } from "../../auth/permissions.ts";
import { CAST_LABELS, CATEGORY_LABELS, COMPETITION_TYPE_LABELS, INSTRUMENT_LABELS } from "../../shared/labels.ts";
import { berlinDay } from "../../shared/time.ts";
import type { ServiceCtx } from "../context.ts";
import { examOutcome, partPassed } from "../dexam/rules.ts";

export type StatisticRow = { label: string; value: number };
export type StatisticGroup = { name: string; rows: StatisticRow[] };

function count<T>(items: T[], key: (t: T) => string | null | undefined, order?: readonly string[]): StatisticRow[] {
  const m = new Map<string, number>();
  for (const k of order ?? []) m.set(k, 0);
  for (const i of items) {
    const k = key(i);
    if (k) m.set(k, (m.get(k) ?? 0) + 1);
  }
  const rows = [...m].map(([label, value]) => ({ label, value }));
  return order ? rows : rows.sort((a, b) => a.label.localeCompare(b.label, "de"));
}

/** The first group of both kinds: all registrations, the live ones, the cancelled ones. */
const registrationCounts = (all: number, live: number): StatisticGroup => ({
  name: "Anmeldungen",
  rows: [
    { label: "Gesamt", value: all },
    { label: "Aktiv", value: live },
    { label: "Storniert", value: all - live },
  ],
});

export async function eventStatistic(ctx: ServiceCtx, eventId: number, locationId?: number | null): Promise<StatisticGroup[]> {
  const p = authorize(ctx.principal, "event.statistic");
  const event = await ctx.prisma.event.findUnique({ where: { id: eventId }, include: { locations: true } });
  if (!event || !actsOn(p, "event.statistic", { districtAssociationId: event.districtAssociationId })) throw notFound("Veranstaltung");
  if (locationId != null && !event.locations.some((l) => l.id === locationId)) throw notFound("Veranstaltungsort");
  const names = new Map(event.locations.map((l) => [l.id, l.name]));

  if (event.formType === "COMPETITION") {
    const regs = await ctx.prisma.competitionRegistration.findMany({
      where: { eventId, ...(locationId != null ? { locationId } : {}) },
      select: { type: true, cast: true, category: true, ageGroup: true, cancelledAt: true, association: { select: { name: true } } },
    });
    const active = regs.filter((r) => !r.cancelledAt);
    return [
      registrationCounts(regs.length, active.length),
      { name: "Wertungsarten", rows: count(active, (r) => COMPETITION_TYPE_LABELS[r.type], Object.values(COMPETITION_TYPE_LABELS)) },
      { name: "Besetzungen", rows: count(active, (r) => CAST_LABELS[r.cast]) },
      { name: "Stufen", rows: count(active, (r) => (r.category ? CATEGORY_LABELS[r.category] : r.ageGroup ? `Altersgruppe ${r.ageGroup}` : null)) },
      { name: "Vereine", rows: count(active, (r) => r.association.name) },
    ];
  }

  const regs = await ctx.prisma.dexamRegistration.findMany({
    where: {
      eventId,
      ...(locationId != null ? { OR: [{ theoryLocationId: locationId }, { practiceLocationId: locationId }, { preparationLocationId: locationId }] } : {}),
    },
    select: {
      type: true,
      instrument: true,
      cancelledAt: true,
      theoryLocationId: true,
      practiceLocationId: true,
      preparationLocationId: true,
      theoryPoints: true,
      practicePoints: true,
      partialResultType: true,
      existingPartialResultVerified: true,
      association: { select: { name: true } },
    },
  });
  const active = regs.filter((r) => !r.cancelledAt);
  const outcomes = active.map((r) =>
    examOutcome({
      theoryPoints: r.theoryPoints === null ? null : Number(r.theoryPoints),
      practicePoints: r.practicePoints === null ? null : Number(r.practicePoints),
      partialResultType: r.partialResultType,
      existingPartialResultVerified: r.existingPartialResultVerified,
    }),
  );
  const byLocation = new Map<string, number>();
  for (const r of active) {
    for (const id of [r.theoryLocationId, r.practiceLocationId, r.preparationLocationId]) {
      if (id == null || (locationId != null && id !== locationId)) continue;
      const n = names.get(id) as string;
      byLocation.set(n, (byLocation.get(n) ?? 0) + 1);
    }
  }
  return [
    registrationCounts(regs.length, active.length),
    { name: "Kurse", rows: count(active, (r) => r.type, ["D1", "D2", "D3"]) },
    { name: "Instrumente", rows: count(active, (r) => INSTRUMENT_LABELS[r.instrument]) },
    { name: "Vereine", rows: count(active, (r) => r.association.name) },
    { name: "Orte", rows: [...byLocation].map(([label, value]) => ({ label, value })).sort((a, b) => a.label.localeCompare(b.label, "de")) },
    {
      name: "Ergebnisse",
      rows: [
        { label: "Bestanden", value: outcomes.filter((o) => o === "passed").length },
        { label: "Nicht bestanden", value: outcomes.filter((o) => o === "failed").length },
        { label: "Ohne Ergebnis", value: outcomes.filter((o) => o === "open").length },
      ],
    },
  ];
}

// ---- the statistics dialog's charts: registrations per day, pass rates per location

export type RegistrationDay = { day: string; count: number };
export type PassRate = { location: string; part: "THEORY" | "PRACTICE"; passed: number; failed: number };
export type StatisticCharts = { perDay: RegistrationDay[]; passRates: PassRate[] };

/** Every Berlin day from `first` to `last` (yyyy-mm-dd, both included). */
function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${first}T12:00:00Z`); berlinDay(d) <= last; d = new Date(d.getTime() + 86_400_000)) out.push(berlinDay(d));
  return out;
}

/**
 * What the statistics dialog draws beside its tables: registrations made per day (Berlin days from
 * the first registration up to the deadline, or today when earlier; days without any count 0;
 * cancelled ones count on the day they were made), and for D-exams, once results exist, per
 * location the parts passed and failed there (theory at the theory location, practice at the
 * practice location; only examined parts). Same rule and scope as eventStatistic.
 */
export async function eventStatisticCharts(ctx: ServiceCtx, eventId: number, locationId?: number | null): Promise<StatisticCharts> {
  const p = authorize(ctx.principal, "event.statistic");
  const event = await ctx.prisma.event.findUnique({ where: { id: eventId }, include: { locations: true } });
  if (!event || !actsOn(p, "event.statistic", { districtAssociationId: event.districtAssociationId })) throw notFound("Veranstaltung");
  if (locationId != null && !event.locations.some((l) => l.id === locationId)) throw notFound("Veranstaltungsort");
  const at = locationId != null ? { OR: [{ theoryLocationId: locationId }, { practiceLocationId: locationId }, { preparationLocationId: locationId }] } : {};
  const created =
    event.formType === "COMPETITION"
      ? await ctx.prisma.competitionRegistration.findMany({ where: { eventId, ...(locationId != null ? { locationId } : {}) }, select: { createdAt: true } })
      : await ctx.prisma.dexamRegistration.findMany({ where: { eventId, ...at }, select: { createdAt: true } });
  const counts = new Map<string, number>();
  for (const r of created) counts.set(berlinDay(r.createdAt), (counts.get(berlinDay(r.createdAt)) ?? 0) + 1);
  const madeOn = [...counts.keys()].sort();
  const until = [berlinDay(event.registrationDeadline), berlinDay(ctx.services.now())].sort()[0];
  const perDay = madeOn.length ? daysBetween(madeOn[0], [until, madeOn[madeOn.length - 1]].sort()[1]).map((day) => ({ day, count: counts.get(day) ?? 0 })) : [];
  if (event.formType === "COMPETITION") return { perDay, passRates: [] };

  const examined = await ctx.prisma.dexamRegistration.findMany({
    where: { eventId, cancelledAt: null, AND: [at, { OR: [{ theoryPoints: { not: null } }, { practicePoints: { not: null } }] }] },
    select: { theoryLocationId: true, practiceLocationId: true, theoryPoints: true, practicePoints: true },
  });
  const rates = new Map<string, PassRate>();
  const add = (id: number | null, part: PassRate["part"], points: unknown) => {
    const passed = partPassed(part, points === null ? null : Number(points));
    if (id === null || passed === null || (locationId != null && id !== locationId)) return;
    const location = event.locations.find((l) => l.id === id)?.name ?? "";
    const key = `${id}:${part}`;
    const rate = rates.get(key) ?? { location, part, passed: 0, failed: 0 };
    if (passed) rate.passed += 1;
    else rate.failed += 1;
    rates.set(key, rate);
  };
  for (const r of examined) {
    add(r.theoryLocationId, "THEORY", r.theoryPoints);
    add(r.practiceLocationId, "PRACTICE", r.practicePoints);
  }
  const passRates = [...rates.values()].sort((a, b) => a.part.localeCompare(b.part) || a.location.localeCompare(b.location, "de"));
  return { perDay, passRates };
}
