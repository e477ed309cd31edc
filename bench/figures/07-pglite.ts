// Figure 7: figures 1 and 2 on PGlite (the embedded database), as the PGlite/PostgreSQL ratio.
import { type Figure, ms } from "../lib.ts";
import { figure1 } from "./01-overview.ts";
import { figure2 } from "./02-load.ts";

export const figure: Figure = {
  id: 7,
  title: "overview and load on PGlite",
  on: "pglite",
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
