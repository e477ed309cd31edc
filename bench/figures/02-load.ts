// Figure 2: the start-page events query and the viewer query, 32 connections (autocannon): req/s,
// p99, errors.
import { type Figure, gqlBody, gqlPost, load, loadMet, type Server } from "../lib.ts";

export async function figure2(server: Server, token: string, startQuery: string, viewerQuery: string) {
  const from = new Date().toISOString().slice(0, 10);
  const start = gqlBody(startQuery, { districtAssociationId: 1, from });
  const viewer = gqlBody(viewerQuery, {});
  // sanity: the bodies answer without errors
  await gqlPost(server.url, token, startQuery, { districtAssociationId: 1, from });
  await gqlPost(server.url, token, viewerQuery, {});
  return { events: await load(server.url, "events", start, token), viewer: await load(server.url, "viewer", viewer, token) };
}

export const figure: Figure = {
  id: 2,
  title: "load (events, viewer)",
  on: "postgres",
  async run(bench, results) {
    results.load = { postgres: await figure2(bench.server, bench.member, bench.queries.start, bench.queries.viewer) };
  },
  rows: (r) => [
    [
      "2 events req/s, p99, errors",
      `${r.load.postgres.events.requestsPerSecond}, ${r.load.postgres.events.p99} ms, ${r.load.postgres.events.errors}`,
      ">= 1000, <= 100 ms, 0",
      loadMet(r.load.postgres.events),
    ],
    [
      "2 viewer req/s, p99, errors",
      `${r.load.postgres.viewer.requestsPerSecond}, ${r.load.postgres.viewer.p99} ms, ${r.load.postgres.viewer.errors}`,
      ">= 1000, <= 100 ms, 0",
      loadMet(r.load.postgres.viewer),
    ],
  ],
};
