// Figure 8: searches that must not exhaust the server: other users' start-page p99 (32
// connections) quiet and while 4 callers each send 8 maximal searches (200 characters of "%_") at
// once through the overview's stored query, the attackers' answers (ok / 429) and the answer to one
// 2 MB search.
import { type Figure, gid, gqlBody, gqlPost, load, ms, now, type Server, stats } from "../lib.ts";

/** Figure 8's attackers: staff of district 1 and three members, each with ATTACK_PARALLEL searches in flight. */
const ATTACKERS = ["bench-1", "bench-11", "bench-21", "bench-31"];
const ATTACK_PARALLEL = 8;

/**
 * Figure 8: other users' start page while a few callers send maximal searches. Before,
 * a 2 MB search of "%_%_..." held two connections for 30 s and eight of them took the pool. Now a
 * search is at most 200 characters, a caller runs at most 4 lists at once (one more: 429) and a
 * statement ends after the statement timeout. Measured: the start page of another member (figure
 * 2's request, 32 connections) quiet and under attack, the attackers' answers, one 2 MB search.
 */
export async function figure8(server: Server, tokenFor: (sub: string) => Promise<string>, startQuery: string, overview: string) {
  const from = new Date().toISOString().slice(0, 10);
  const member = await tokenFor("bench-51");
  const start = gqlBody(startQuery, { districtAssociationId: 1, from });
  await gqlPost(server.url, member, startQuery, { districtAssociationId: 1, from });
  const quiet = await load(server.url, "start page, quiet", start, member);

  const maximal = "%_".repeat(100);
  const vars = (search: string) => ({ eventId: gid("Event", 1), first: 100, count: 100, cursor: null, search });
  const tokens = await Promise.all(ATTACKERS.map((s) => tokenFor(s)));
  // one maximal search alone, as the staff attacker (all 5,000 rows of event 1 in scope)
  const alone: number[] = [];
  for (let i = 0; i < 12; i++) {
    const t0 = now();
    await gqlPost(server.url, tokens[0], overview, vars(maximal));
    if (i >= 2) alone.push(now() - t0);
  }
  const answers = { ok: 0, rateLimited: 0, other: 0, otherSample: "" };
  const times: number[] = [];
  let stop = false;
  const attack = async (token: string) => {
    while (!stop) {
      const t0 = now();
      try {
        const res = await fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: gqlBody(overview, vars(maximal)),
        });
        const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
        const code = body.errors?.[0]?.extensions?.code;
        if (res.ok && !body.errors) {
          answers.ok++;
          times.push(now() - t0);
        } else if (code === "RATE_LIMITED") {
          answers.rateLimited++;
          // as a client honouring Retry-After would (1 s), shortened: keep the pressure on
          await new Promise((r) => setTimeout(r, 50));
        } else {
          answers.other++;
          answers.otherSample ||= `${res.status} ${JSON.stringify(body).slice(0, 200)}`;
        }
      } catch (e) {
        answers.other++;
        answers.otherSample ||= String(e).slice(0, 200);
      }
    }
  };
  const attackers = tokens.flatMap((t) => Array.from({ length: ATTACK_PARALLEL }, () => attack(t)));
  const underAttack = await load(server.url, "start page, under attack", start, member);
  // one 2 MB search while the attack goes on, from a caller with no search running (an attacker's
  // own four slots are taken, so its fifth answers 429 whatever it asks): refused at once for its length
  const bystander = await tokenFor("bench-12");
  const t0 = now();
  const huge = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${bystander}` },
    body: gqlBody(overview, vars("%_".repeat(1024 * 1024))),
  });
  const hugeBody = (await huge.json()) as { errors?: { extensions?: { code?: string } }[] };
  const hugeSearch = { status: huge.status, code: hugeBody.errors?.[0]?.extensions?.code ?? null, ms: ms(now() - t0) };
  stop = true;
  await Promise.all(attackers);
  return {
    quiet,
    underAttack,
    p99Ratio: quiet.p99 ? ms(underAttack.p99 / quiet.p99) : null,
    maximalSearchAlone: stats(alone),
    attackers: ATTACKERS.length,
    parallelPerAttacker: ATTACK_PARALLEL,
    attack: { ...answers, okLatency: times.length ? stats(times) : null },
    hugeSearch,
  };
}

export const figure: Figure = {
  id: 8,
  title: "start page while maximal searches run",
  on: "postgres",
  async run(bench, results) {
    results.searchPressure = await figure8(bench.server, bench.tokenFor, bench.queries.start, bench.queries.overview);
  },
  rows: (r) => [
    [
      "8 start page p99 quiet / under maximal searches, errors",
      `${r.searchPressure.quiet.p99} / ${r.searchPressure.underAttack.p99} ms, ${r.searchPressure.underAttack.errors}`,
      "reported, 0 errors",
      r.searchPressure.underAttack.errors === 0,
    ],
    ["8 one maximal search alone (median)", `${ms(r.searchPressure.maximalSearchAlone.median)} ms`, "reported"],
    [
      "8 attackers' searches: ok / 429 / other; 2 MB search",
      `${r.searchPressure.attack.ok} / ${r.searchPressure.attack.rateLimited} / ${r.searchPressure.attack.other}; ${r.searchPressure.hugeSearch.code} in ${r.searchPressure.hugeSearch.ms} ms`,
      "other 0, VALIDATION",
      r.searchPressure.attack.other === 0 && r.searchPressure.hugeSearch.code === "VALIDATION",
    ],
  ],
};
