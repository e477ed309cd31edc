// Figure 3: the deadline rush. 200 members create D-exam registrations for one event at once (a
// warm-up wave, then 3 measured waves of 200 other members), and 200 more arriving within 10 s.
import pg from "pg";
import { rssDuring } from "../footprint.ts";
import { cpuMs, createBody, type Figure, ms, now, post, postgresCpuMs, type Server, stats } from "../lib.ts";

/**
 * One wave of the rush: the `round`-th 200 members of district 2 each create one registration, all
 * at once, or, with `spreadMs`, each at a random instant within that many milliseconds (the
 * latency counts from the member's own send).
 */
export async function rushWave(server: Server, tokenFor: (sub: string) => Promise<string>, databaseUrl: string, round: number, spreadMs = 0) {
  // 200 members of district 2's clubs (users 12, 22, 32, ...), the D-exam event 2 closes in one minute
  const c = new pg.Client({ connectionString: databaseUrl });
  // an error elsewhere drops the database under this connection: the error that did it is the one to report
  c.on("error", () => undefined);
  await c.connect();
  await c.query(`UPDATE "Event" SET "registrationDeadline" = now() + interval '1 minute' WHERE id = 2`);
  const locations = (await c.query(`SELECT id, type FROM "EventLocation" WHERE "eventId" = 2`)).rows as { id: number; type: string }[];
  const members = (
    await c.query(
      `SELECT u.id, u.subject, ua."associationId" FROM "User" u JOIN "UserAssociation" ua ON ua."userId" = u.id WHERE u."districtAssociationId" = 2 ORDER BY u.id LIMIT 200 OFFSET ${round * 200}`,
    )
  ).rows as { id: number; subject: string; associationId: number }[];
  if (members.length < 200) throw new Error(`wave ${round}: only ${members.length} members of district 2 left`);
  const before = Number((await c.query(`SELECT count(*) FROM "DexamRegistration" WHERE "eventId" = 2`)).rows[0].count);
  const tokens = await Promise.all(members.map((m) => tokenFor(m.subject)));
  const times: number[] = [];
  const ids: number[] = [];
  let errors = 0;
  // why a create was not acknowledged: "<status> <code>" (or the connection's error) -> count
  const refusals: Record<string, number> = {};
  const refused = (why: string) => {
    errors++;
    refusals[why] = (refusals[why] ?? 0) + 1;
  };
  // where the CPU goes during the rush (all three share the machine's cores)
  const cpu0 = { server: cpuMs(server.proc.pid), bench: process.cpuUsage(), postgres: postgresCpuMs() };
  await Promise.all(
    members.map(async (m, i) => {
      if (spreadMs) await new Promise((r) => setTimeout(r, Math.random() * spreadMs));
      const t0 = now();
      try {
        const res = await post(`${server.url}/v1/registration/dexam`, tokens[i], createBody(m.associationId, locations, `Eilig${round}x${i}`));
        const body = JSON.parse(res.body) as { id?: number; error?: { code?: string } };
        if (res.status !== 201 || !body.id) refused(`${res.status} ${body.error?.code ?? ""}`.trim());
        else ids.push(body.id);
      } catch (e) {
        refused((e as { code?: string }).code ?? "no answer");
      }
      times.push(now() - t0);
    }),
  );
  const bench = process.cpuUsage(cpu0.bench);
  const cpuPerCreateMs = {
    server: ms((cpuMs(server.proc.pid) - cpu0.server) / members.length),
    loadGenerator: ms((bench.user + bench.system) / 1000 / members.length),
    postgres: ms((postgresCpuMs() - cpu0.postgres) / members.length),
  };
  const present = Number((await c.query(`SELECT count(*) FROM "DexamRegistration" WHERE id = ANY($1::int[])`, [ids])).rows[0].count);
  const after = Number((await c.query(`SELECT count(*) FROM "DexamRegistration" WHERE "eventId" = 2`)).rows[0].count);
  await c.end();
  return {
    requests: members.length,
    acknowledged: ids.length,
    errors,
    refusals,
    allPresent: present === ids.length && after - before === ids.length,
    latency: stats(times),
    times,
    cpuPerCreateMs,
  };
}

/** Measured waves of figure 3 sent all at once, after one unmeasured warm-up wave (2 each side by side: district 2 has 2,000 members). */
const rushRounds = (servers: number) => (servers > 1 ? 2 : 3);
/** The wave of figure 3 with randomised arrival: 200 members within this many milliseconds. */
const RUSH_SPREAD_MS = 10_000;

/**
 * Figure 3: the deadline rush. The last minute before a deadline meets a server that has taken
 * registrations for weeks: the first wave after start-up (code not yet optimised by V8, the pool's
 * connections not yet open) is run and reported as `warmUp`, then rushRounds() waves of 200 other
 * members, each all at once (the burst); `latency` is over all their creates together. Then one
 * wave of 200 more members arriving at random within RUSH_SPREAD_MS (`spread`: the evening's real
 * shape). Several servers (this build and BENCH_BASELINE's) take turns wave by wave, each with new members.
 */
export async function deadlineRush(servers: Server[], tokenFor: (sub: string) => Promise<string>, databaseUrl: string) {
  let round = 0;
  const warmUps: Awaited<ReturnType<typeof rushWave>>[] = [];
  for (const server of servers) warmUps.push(await rushWave(server, tokenFor, databaseUrl, round++));
  const waves: Awaited<ReturnType<typeof rushWave>>[][] = servers.map(() => []);
  for (let r = 0; r < rushRounds(servers.length); r++)
    for (const [k, server] of servers.entries()) waves[k].push(await rushWave(server, tokenFor, databaseUrl, round++));
  const spread: Awaited<ReturnType<typeof rushWave>>[] = [];
  for (const server of servers) spread.push(await rushWave(server, tokenFor, databaseUrl, round++, RUSH_SPREAD_MS));
  const mean = (xs: number[]) => ms(xs.reduce((a, b) => a + b, 0) / xs.length);
  return waves.map((rounds, k) => {
    const { times: _w, ...warmUp } = warmUps[k];
    return {
      requests: rounds.reduce((n, r) => n + r.requests, 0),
      acknowledged: rounds.reduce((n, r) => n + r.acknowledged, 0),
      errors: rounds.reduce((n, r) => n + r.errors, 0),
      allPresent: rounds.every((r) => r.allPresent),
      latency: stats(rounds.flatMap((r) => r.times)),
      cpuPerCreateMs: {
        server: mean(rounds.map((r) => r.cpuPerCreateMs.server)),
        loadGenerator: mean(rounds.map((r) => r.cpuPerCreateMs.loadGenerator)),
        postgres: mean(rounds.map((r) => r.cpuPerCreateMs.postgres)),
      },
      rounds: rounds.map(({ times: _t, ...r }) => r),
      warmUp,
      spread: (({ times: _s, ...r }) => r)(spread[k]),
    };
  });
}

export const figure: Figure = {
  id: 3,
  title: "deadline rush",
  on: "postgres",
  async run(bench, results) {
    const servers = bench.baseline ? [bench.server, bench.baseline] : [bench.server];
    // the server's RSS during the rush: figure 11's last row (bench/footprint.ts)
    const [[rush, baselineRush], rss] = await rssDuring(bench.server.proc.pid, () => deadlineRush(servers, bench.tokenFor, bench.databaseUrl));
    results.deadlineRush = baselineRush ? { ...rush, baseline: baselineRush } : rush;
    results.footprint = { ...results.footprint, rush: rss };
  },
  rows: (r) => [
    [
      "3 deadline rush, 200 within 10 s (random arrival): p99, errors, all present",
      r.deadlineRush.spread ? `${ms(r.deadlineRush.spread.latency.p99)} ms, ${r.deadlineRush.spread.errors}, ${r.deadlineRush.spread.allPresent}` : "-",
      "<= 300 ms, 0, true",
      !!r.deadlineRush.spread && r.deadlineRush.spread.latency.p99 <= 300 && r.deadlineRush.spread.errors === 0 && r.deadlineRush.spread.allPresent,
    ],
    [
      "3 deadline rush, 200 at the same instant: p99, errors, all present",
      `${ms(r.deadlineRush.latency.p99)} ms, ${r.deadlineRush.errors}, ${r.deadlineRush.allPresent}`,
      "<= 1 s, 0, true",
      r.deadlineRush.latency.p99 <= 1000 && r.deadlineRush.errors === 0 && r.deadlineRush.allPresent,
    ],
    [
      "3 rush: first wave after start-up (warm-up) p99, errors",
      r.deadlineRush.warmUp ? `${ms(r.deadlineRush.warmUp.latency.p99)} ms, ${r.deadlineRush.warmUp.errors}` : "-",
      "reported",
    ],
    [
      "3 CPU per create: server / load generator / PostgreSQL",
      r.deadlineRush.cpuPerCreateMs
        ? `${r.deadlineRush.cpuPerCreateMs.server} / ${r.deadlineRush.cpuPerCreateMs.loadGenerator} / ${r.deadlineRush.cpuPerCreateMs.postgres} ms`
        : "-",
      "reported",
    ],
  ],
};
