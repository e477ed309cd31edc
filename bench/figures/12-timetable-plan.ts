// Figure 12: planning an event with 5,000 registrations (the timetable, docs/decisions.md
// "Timetables"): staff save rules for event 1's theory and practice locations (room for everyone),
// then POST /v1/event/1/timetable/plan through the real planner and database path (load the live
// registrations, plan, store the slots with their change-feed rows, audit, in one transaction), from
// no slots (every slot placed and written) and again (every slot kept), PLAN_RUNS times each. With
// BENCH_BASELINE both builds take turns on the same database, like figures 1 and 3.
import pg from "pg";
import { type Figure, ms, now, type Row, type Server, stats } from "../lib.ts";

const PLAN_RUNS = 3;
/** the budget of issue "Exam-day and competition timetables": one planning of 5,000 registrations */
const BUDGET_MS = 2000;

async function send(server: Server, token: string, method: "PUT" | "POST", route: string, body: unknown) {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Ten days of 08:00-18:00 from the location's first day; theory in 10 rooms of 30 seats, practice in 20 panels. */
function rules(firstDay: string, rooms: number) {
  const days = Array.from({ length: 10 }, (_, i) => ({
    day: new Date(Date.parse(`${firstDay}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    start: "08:00",
    end: "18:00",
    breaks: [{ start: "12:00", end: "12:30" }],
  }));
  return {
    version: 0,
    days,
    rooms: Array.from({ length: rooms }, (_, i) => `Raum ${i + 1}`),
    practice_minutes: 20,
    practice_overrides: [],
    theory_minutes: 90,
    theory_capacity: 30,
    warmup_minutes: 10,
    changeover_minutes: 5,
  };
}

type Plan = { kept: number; placed: number; removed: number; unplaced: unknown[] };

async function plan(server: Server, token: string) {
  const t0 = now();
  const body = (await send(server, token, "POST", "/v1/event/1/timetable/plan", { start_over: false })) as unknown as Plan;
  return { ms: now() - t0, kept: body.kept, placed: body.placed, unplaced: body.unplaced.length };
}

/**
 * Figure 12: each server (this build, BENCH_BASELINE's) in turn plans event 1 from no slots at all
 * (the slots are deleted before, outside the measurement: every slot is placed and written), then
 * plans again (every slot still valid and kept), PLAN_RUNS times.
 */
export async function figure12(servers: Server[], token: string, databaseUrl: string) {
  const [server] = servers;
  const timetable = (await (await fetch(`${server.url}/v1/event/1/timetable`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    locations: { location_id: number; part: string; rules: { days: { day: string }[] } }[];
  };
  for (const l of timetable.locations) {
    const first = l.rules.days[0]?.day ?? new Date().toISOString().slice(0, 10);
    await send(server, token, "PUT", `/v1/event/location/${l.location_id}/timetable/rules`, rules(first, l.part === "theory" ? 10 : 20));
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on("error", () => undefined);
  await c.connect();
  const fromEmpty: number[][] = servers.map(() => []);
  const keep: number[][] = servers.map(() => []);
  const last = servers.map(() => ({ placed: 0, unplaced: 0 }));
  try {
    for (let i = 0; i < PLAN_RUNS; i++)
      for (const [k, s] of servers.entries()) {
        await c.query(`DELETE FROM "TimetableSlot" WHERE "eventId" = 1`);
        const full = await plan(s, token);
        fromEmpty[k].push(full.ms);
        last[k] = { placed: full.placed, unplaced: full.unplaced };
        keep[k].push((await plan(s, token)).ms);
      }
  } finally {
    await c.end();
  }
  return servers.map((_, k) => ({ fromEmpty: stats(fromEmpty[k]), keep: stats(keep[k]), ...last[k] }));
}

export const figure: Figure = {
  id: 12,
  title: "planning an event with 5,000 registrations",
  on: "postgres",
  async run(bench, results) {
    const servers = bench.baseline ? [bench.server, bench.baseline] : [bench.server];
    const [ours, baseline] = await figure12(servers, bench.staff, bench.databaseUrl);
    results.timetablePlan = baseline ? { ...ours, baseline, versusBaseline: ms(ours.fromEmpty.median / baseline.fromEmpty.median) } : ours;
  },
  rows: (r) => {
    const t = r.timetablePlan;
    if (!t) return [["12 timetable planning", "-", `<= ${BUDGET_MS} ms`, false]];
    const side = (x: { fromEmpty: { median: number; max: number } }) => `${ms(x.fromEmpty.median)} / ${ms(x.fromEmpty.max)} ms`;
    return [
      [
        `12 timetable: plan event 1 from no slots (${t.placed} placed, ${t.unplaced} unplaced): median / max`,
        side(t),
        `<= ${BUDGET_MS} ms`,
        t.fromEmpty.max <= BUDGET_MS && t.unplaced === 0,
      ],
      ["12 timetable: re-plan keeping every slot: median / max", `${ms(t.keep.median)} / ${ms(t.keep.max)} ms`, `<= ${BUDGET_MS} ms`, t.keep.max <= BUDGET_MS],
      ...(t.baseline
        ? ([
            [
              "12 timetable: the build before (BENCH_BASELINE), from no slots: median / max; re-plan median",
              `${side(t.baseline)}; ${ms(t.baseline.keep.median)} ms (x${t.versusBaseline})`,
              "reported",
            ],
          ] as Row[])
        : []),
    ];
  },
};
