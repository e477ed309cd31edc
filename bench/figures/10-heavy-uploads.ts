// Figure 10: other users while 4 heavy but valid workbooks (practice sheets with 90,000 more rows
// each) are uploaded at once: the server's event-loop delay p99 (its /metrics, over the uploads),
// the start page's p99 for 4 users asking one after the other, the uploads' times and answers, the
// server's RSS growth (threads included); the same without uploads beside it.

import { unzipSync } from "fflate";
import pg from "pg";
import { fillPracticeSheet, heavyWorkbook, multipart } from "../../tests/fixtures/workbooks.ts";
import { DURATION, type Figure, gqlBody, log, METRICS_TOKEN, ms, now, type Server, stats } from "../lib.ts";

/** The server's event-loop delay since the last scrape of /metrics (ms): p99 and maximum; the scrape starts a new period. */
async function loopDelay(server: Server) {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const at = (q: string) => ms(Number(new RegExp(`nodejs_eventloop_delay_seconds\\{quantile="${q}"\\} (\\S+)`).exec(text)?.[1] ?? Number.NaN) * 1000);
  return { p99: at("0.99"), max: at("1") };
}

/**
 * Figure 10: other users while 4 heavy but valid workbooks are uploaded at once (a 90,000-row
 * practice sheet took 44-61 s on the request thread, and /config.json waited up to
 * 25.7 s meanwhile). Four registrations of a new practice location get their blank sheets, filled,
 * each with 90,000 rows of three numbers more on its hidden sheet; the four are uploaded in four
 * requests at once while 4 users ask for the start page one request after the other. The same 4
 * users alone first, for comparison. The event-loop delay is the server's own (/metrics).
 */
export async function figure10(server: Server, staff: string, member: string, startQuery: string, databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query(
    `INSERT INTO "EventLocation" (name, type, "eventId", street, city, start, "end", "dexamTypes", instruments, "publishResults", "updatedAt")
     SELECT 'Praxis schwer', type, "eventId", street, city, start, "end", "dexamTypes", instruments, false, now()
       FROM "EventLocation" WHERE "eventId" = 1 AND type = 'DEXAM_PRACTICE' LIMIT 1 RETURNING id`,
  );
  const location = rows[0].id as number;
  await c.query(
    `UPDATE "DexamRegistration" SET "practiceLocationId" = $1
      WHERE id IN (SELECT id FROM "DexamRegistration" WHERE "eventId" = 1 AND "cancelledAt" IS NULL ORDER BY id DESC LIMIT 4)`,
    [location],
  );
  await c.end();
  const auth = { authorization: `Bearer ${staff}` };
  const blank = await fetch(`${server.url}/v1/export/location/${location}/dexam/blank_practice_sheets`, { headers: auth });
  if (!blank.ok) return { status: blank.status, note: "blank sheets not available" };
  const entries = Object.entries(unzipSync(new Uint8Array(await blank.arrayBuffer())));
  const files = await Promise.all(entries.map(async ([name, data], i) => ({ name, data: heavyWorkbook(await fillPracticeSheet(data, 40 + i), 90_000) })));
  const start = gqlBody(startQuery, { districtAssociationId: 1, from: new Date().toISOString().slice(0, 10) });
  /** 4 users, each asking for the start page again as soon as it has its answer, until `done()`. */
  const users = async (done: () => boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const user = async () => {
      while (!done()) {
        const t0 = now();
        const res = await fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${member}` },
          body: start,
        });
        const body = (await res.json()) as { errors?: unknown };
        if (!res.ok || body.errors) errors++;
        latencies.push(now() - t0);
      }
    };
    await Promise.all(Array.from({ length: 4 }, user));
    return { requests: latencies.length, errors, latency: stats(latencies.map(ms)) };
  };
  log("10: warm-up, then 4 users alone");
  const warmUntil = now() + 3000;
  await users(() => now() > warmUntil); // the figure runs alone too: not against a cold server
  await loopDelay(server);
  const quietUntil = now() + Math.min(DURATION, 5) * 1000;
  const quietUsers = await users(() => now() > quietUntil);
  const quiet = { ...quietUsers, loopDelay: await loopDelay(server) };

  log("10: 4 heavy workbooks at once");
  const base = server.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
  let uploading = true;
  const t0 = now();
  const uploads = Promise.all(
    files.map(async (f) => {
      const body = multipart("files", [f]);
      const res = await fetch(`${server.url}/v1/registration/dexam/location/${location}/practice_sheets`, {
        method: "POST",
        headers: { ...auth, "content-type": body.contentType },
        body: new Uint8Array(body.payload),
      });
      await res.arrayBuffer();
      return { status: res.status, seconds: ms((now() - t0) / 1000) };
    }),
  ).finally(() => (uploading = false));
  const [answers, underUploads] = await Promise.all([uploads, users(() => !uploading)]);
  const delay = await loopDelay(server);
  clearInterval(timer);
  return {
    workbook: { bytes: files[0].data.length, rows: 90_000 },
    quiet,
    underUploads: { ...underUploads, loopDelay: delay },
    uploads: { statuses: answers.map((a) => a.status), seconds: answers.map((a) => a.seconds) },
    rssGrowthMB: ms((peak - base) / 1048576),
  };
}

export const figure: Figure = {
  id: 10,
  title: "other users while heavy valid workbooks are uploaded",
  on: "postgres",
  async run(bench, results) {
    results.heavyUploads = await figure10(bench.server, bench.staff, bench.member, bench.queries.start, bench.databaseUrl);
  },
  rows: (r) => [
    [
      "10 while 4 heavy workbooks are uploaded: event-loop delay p99, start page p99, errors; RSS",
      r.heavyUploads?.underUploads
        ? `${r.heavyUploads.underUploads.loopDelay.p99} ms, ${r.heavyUploads.underUploads.latency.p99} ms, ${r.heavyUploads.underUploads.errors}; +${r.heavyUploads.rssGrowthMB} MB`
        : "-",
      "<= 50 ms, <= 100 ms, 0; reported",
      !!r.heavyUploads?.underUploads &&
        r.heavyUploads.underUploads.loopDelay.p99 <= 50 &&
        r.heavyUploads.underUploads.latency.p99 <= 100 &&
        r.heavyUploads.underUploads.errors === 0 &&
        r.heavyUploads.uploads.statuses.every((s: number) => s === 200),
    ],
  ],
};
