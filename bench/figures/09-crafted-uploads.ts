// Figure 9: the start-page events query (32 connections) while 4 uploaders keep sending 3 crafted
// workbooks each (2,000,000 nested or 5,000,000 flat elements, a few dozen KB): its p99 and errors
// next to the same load without uploads, the uploads' answers, the server's RSS growth.
import pg from "pg";
import { flatElements, multipart, nestedElements, workbookWithSheet } from "../../tests/fixtures/workbooks.ts";
import { DURATION, type Figure, gqlBody, load, log, ms, now, type Server, stats } from "../lib.ts";

/**
 * Figure 9: other users' start page while crafted workbooks are uploaded. Without the
 * XML guard and the parsing places, 4 parallel requests of 3 such files took 266 s and 2.47 GB and
 * the server stopped answering. The start-page load runs once alone and once next to 4 uploaders,
 * each sending one request of 3 files after the other for the load's duration.
 */
export async function figure9(server: Server, staff: string, member: string, startQuery: string, databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query(`SELECT id FROM "EventLocation" WHERE "eventId" = 1 AND type = 'DEXAM_PRACTICE' ORDER BY id LIMIT 1`);
  await c.end();
  const url = `${server.url}/v1/registration/dexam/location/${rows[0].id}/practice_sheets`;
  const nested = await workbookWithSheet(nestedElements(2_000_000));
  const flat = await workbookWithSheet(flatElements(5_000_000));
  const body = multipart(
    "files",
    [nested, flat, nested].map((data, i) => ({ name: `Praxisbogen_${i}.xlsx`, data })),
  );
  const start = gqlBody(startQuery, { districtAssociationId: 1, from: new Date().toISOString().slice(0, 10) });
  log("8: warm-up");
  await load(server.url, "warm-up", start, member, Math.min(DURATION, 3)); // the figure runs alone too: not against a cold server
  const quiet = await load(server.url, "events (no uploads)", start, member);

  const statuses: Record<string, number> = {};
  const uploadSeconds: number[] = [];
  const base = server.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, server.rss())), 50);
  let running = true;
  const uploader = async () => {
    while (running) {
      const t0 = now();
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${staff}`, "content-type": body.contentType },
        body: new Uint8Array(body.payload),
      });
      await res.arrayBuffer();
      uploadSeconds.push((now() - t0) / 1000);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  const uploaders = Array.from({ length: 4 }, uploader);
  log("8: under uploads");
  const underUploads = await load(server.url, "events (4 uploaders)", start, member);
  log("8: stopping uploaders");
  running = false;
  await Promise.all(uploaders);
  clearInterval(timer);
  return {
    workbookBytes: { nested: nested.length, flat: flat.length },
    quiet,
    underUploads,
    uploads: { requests: uploadSeconds.length, statuses, seconds: uploadSeconds.length ? stats(uploadSeconds) : null },
    rssGrowthMB: ms((peak - base) / 1048576),
  };
}

export const figure: Figure = {
  id: 9,
  title: "start page while crafted workbooks are uploaded",
  on: "postgres",
  async run(bench, results) {
    results.startPageUnderUploads = await figure9(bench.server, bench.staff, bench.member, bench.queries.start, bench.databaseUrl);
  },
  rows: (r) => [
    [
      "9 start page p99 while crafted workbooks are uploaded (alone)",
      `${r.startPageUnderUploads.underUploads.p99} ms (${r.startPageUnderUploads.quiet.p99} ms), ${r.startPageUnderUploads.underUploads.errors} errors, RSS +${r.startPageUnderUploads.rssGrowthMB} MB`,
      "<= 100 ms, 0 errors, <= 150 MB",
      r.startPageUnderUploads.underUploads.p99 <= 100 && r.startPageUnderUploads.underUploads.errors === 0 && r.startPageUnderUploads.rssGrowthMB <= 150,
    ],
  ],
};
