// Figure 7: figures 1 and 2 on PGlite (the embedded database), as the PGlite/PostgreSQL ratio.
import { idleFootprint } from "../footprint.ts";
import { type Figure, ms, ONLY } from "../lib.ts";
import { figure1 } from "./01-overview.ts";
import { figure2 } from "./02-load.ts";
import { footprintServer } from "./11-footprint.ts";

export const figure: Figure = {
  id: 7,
  title: "overview and load on PGlite",
  on: "pglite",
  // figure 11 on the embedded database (reported), before the measured server opens it
  async before(database, databaseUrl, results) {
    if (!ONLY || ONLY.has(11)) results.footprint = { ...results.footprint, [database]: await idleFootprint(footprintServer(databaseUrl, 3904)) };
  },
  async run(bench, results) {
    const f1 = await figure1(bench.server, bench.staff, bench.queries.overview, null);
    const load = await figure2(bench.server, bench.member, bench.queries.start, bench.queries.viewer);
    results.overview = { ...results.overview, pglite: f1.graphql };
    results.load = { ...results.load, pglite: load };
    // the ratios need figures 1 and 2 on PostgreSQL (not run with BENCH_ONLY=7 alone)
    if (results.overview.postgres && results.load.postgres)
      results.pgliteRatio = {
        overviewMedian: ms(f1.graphql.median / results.overview.postgres.median),
        eventsThroughput: ms(load.events.requestsPerSecond / results.load.postgres.events.requestsPerSecond),
        viewerThroughput: ms(load.viewer.requestsPerSecond / results.load.postgres.viewer.requestsPerSecond),
      };
  },
  rows: (r) => [
    ["7 PGlite/PostgreSQL overview median", r.pgliteRatio ? `${r.pgliteRatio.overviewMedian}x` : "-", "reported"],
    ["7 PGlite/PostgreSQL events, viewer req/s", r.pgliteRatio ? `${r.pgliteRatio.eventsThroughput}x, ${r.pgliteRatio.viewerThroughput}x` : "-", "reported"],
  ],
};
