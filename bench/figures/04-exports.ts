// Figure 4: the exports (overview list, certificate list of event 1): time (median and p95 of 5
// runs) and peak RSS growth.
import { FILE_RUNS, type Figure, fileMet, fileRuns, ms, now, type Server, summary } from "../lib.ts";

async function download(server: Server, token: string, route: string) {
  const base = server.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, server.rss())), 20);
  const t0 = now();
  const res = await fetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, server.rss());
  return res.ok ? { seconds: ms(seconds), bytes, rssGrowthMB: ms((peak - base) / 1048576) } : { status: res.status, note: "route not available yet" };
}

export async function figure4(server: Server, token: string) {
  const overview = [];
  const certificates = [];
  for (let i = 0; i < FILE_RUNS; i++) {
    overview.push(await download(server, token, "/v1/export/event/1/overview"));
    certificates.push(await download(server, token, "/v1/export/event/1/dexam/certificate_list"));
  }
  return { overview: summary(overview), certificates: summary(certificates) };
}

export const figure: Figure = {
  id: 4,
  title: "exports",
  on: "postgres",
  async run(bench, results) {
    results.exports = await figure4(bench.server, bench.staff);
  },
  rows: (r) => [
    ["4 overview export", fileRuns(r.exports.overview), "<= 1.5 s, <= 150 MB", fileMet(r.exports.overview, 1.5, 150)],
    ["4 certificate list", fileRuns(r.exports.certificates), "<= 1.5 s, <= 150 MB", fileMet(r.exports.certificates, 1.5, 150)],
  ],
};
