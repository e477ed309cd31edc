// Figure 13: integrators (issue "Integrators"). (a) The change feed: district 1's staff read the
// first 10,000 changes of GET /v1/changes in pages of 500 (as a new mirror starts: no cursor, then
// each page's cursor), FEED_RUNS times; changes per second over the whole walk. (b) Webhooks do not
// slow the create: waves of figure 3's rush (200 members of district 2 at the same instant) taking
// turns without and with an enabled endpoint of district 2 for dexam_registration.created, whose
// receiver (a local HTTP server answering 204) gets every message while the next waves run; the
// creates' p99 of both compared on the same server and database.
import http from "node:http";
import pg from "pg";
import { type Figure, gqlPost, ms, now, type Server, stats } from "../lib.ts";
import { rushWave } from "./03-deadline-rush.ts";

const FEED_CHANGES = 10_000;
const FEED_PAGE = 500;
const FEED_RUNS = 3;
/** the budget of issue "Integrators": the feed serves 10,000 changes in pages of 500 at >= 2,000 changes/s */
const FEED_BUDGET = 2000;
/** rush waves of each kind (without and with the endpoint), taking turns; figure 3 used 4 waves of district 2's members */
const WEBHOOK_WAVES = 2;
const FIRST_ROUND = 4;

// the receiver is on 127.0.0.1: the bench's server (started after the figures are loaded) must allow inner addresses
process.env.WEBHOOK_ALLOW_PRIVATE ??= "1";

async function feedWalk(server: Server, token: string) {
  const t0 = now();
  let after: string | null = null;
  let read = 0;
  let pages = 0;
  while (read < FEED_CHANGES) {
    const query = `limit=${FEED_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ""}`;
    const res = await fetch(`${server.url}/v1/changes?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { changes: unknown[]; cursor: string; has_more: boolean };
    if (!res.ok) throw new Error(`GET /v1/changes: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    read += body.changes.length;
    pages++;
    after = body.cursor;
    if (!body.has_more) break;
  }
  const seconds = (now() - t0) / 1000;
  return { changes: read, pages, seconds: ms(seconds), perSecond: Math.round(read / seconds) };
}

export const figure: Figure = {
  id: 13,
  title: "change feed and webhooks",
  on: "postgres",
  async run(bench, results) {
    const walks = [];
    for (let i = 0; i < FEED_RUNS; i++) walks.push(await feedWalk(bench.server, bench.staff));
    const rates = walks.map((w) => w.perSecond).sort((a, b) => a - b);

    // the receiver: counts the messages, answers 204 at once
    let received = 0;
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received++;
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const port = (receiver.address() as { port: number }).port;
    const db = new pg.Client({ connectionString: bench.databaseUrl });
    await db.connect();
    // an endpoint is managed by its own district's user_manage (admin of district 1 may not)
    const owner = (await db.query(`SELECT subject FROM "User" WHERE "districtAssociationId" = 2 AND 'user_manage' = ANY(roles::text[]) ORDER BY id LIMIT 1`))
      .rows[0]?.subject as string | undefined;
    if (!owner) throw new Error("no staff of district 2 with user_manage in the bench data");
    const created = await gqlPost(
      bench.server.url,
      await bench.tokenFor(owner),
      "mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { databaseId } } }",
      {
        input: {
          url: `http://127.0.0.1:${port}/hook`,
          eventTypes: ["dexam_registration.created"],
          enabled: false,
        },
      },
    );
    const endpointId = (created as { createWebhookEndpoint?: { endpoint?: { databaseId: number } } }).createWebhookEndpoint?.endpoint?.databaseId;
    if (!endpointId) throw new Error(`createWebhookEndpoint: ${JSON.stringify(created).slice(0, 300)}`);
    const setEnabled = (on: boolean) => db.query(`UPDATE "WebhookEndpoint" SET "disabledAt" = ${on ? "NULL" : "now()"} WHERE id = $1`, [endpointId]);
    const without: number[] = [];
    const withHook: number[] = [];
    let round = FIRST_ROUND;
    let errors = 0;
    try {
      for (let i = 0; i < WEBHOOK_WAVES; i++)
        for (const on of [false, true]) {
          await setEnabled(on);
          const wave = await rushWave(bench.server, bench.tokenFor, bench.databaseUrl, round++);
          errors += wave.errors;
          (on ? withHook : without).push(...wave.times);
        }
      // every message of the waves with the endpoint arrives (at least once)
      const expected = (WEBHOOK_WAVES * 200) as number;
      for (let t = 0; t < 600 && received < expected; t++) await new Promise((r) => setTimeout(r, 100));
      results.integrators = {
        feed: { changes: FEED_CHANGES, page: FEED_PAGE, walks, medianPerSecond: rates[Math.floor(rates.length / 2)] },
        webhooks: { waves: WEBHOOK_WAVES, without: stats(without), with: stats(withHook), errors, delivered: received, expected },
      };
    } finally {
      await setEnabled(false);
      await db.end();
      receiver.close();
    }
  },
  rows: (r) => {
    const i = r.integrators;
    if (!i) return [];
    const p99 = (s: { p99: number }) => `${ms(s.p99)} ms`;
    return [
      [
        "13 change feed: 10,000 changes in pages of 500",
        `${i.feed.medianPerSecond} changes/s (median of ${i.feed.walks.length})`,
        `>= ${FEED_BUDGET}/s`,
        i.feed.medianPerSecond >= FEED_BUDGET,
      ],
      [
        "13 rush create p99 without / with a webhook endpoint",
        `${p99(i.webhooks.without)} / ${p99(i.webhooks.with)}, ${i.webhooks.errors} errors, ${i.webhooks.delivered}/${i.webhooks.expected} delivered`,
        "with <= 1.2 x without, 0 errors, all delivered",
        i.webhooks.errors === 0 &&
          i.webhooks.delivered >= i.webhooks.expected &&
          i.webhooks.with.p99 <= Math.max(1.2 * i.webhooks.without.p99, i.webhooks.without.p99 + 50),
      ],
    ];
  },
};
