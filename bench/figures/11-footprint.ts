// Figure 11: the server's memory (bench/footprint.ts). The resident set of a production server that
// has served no request, on PostgreSQL (budget) and on the embedded database (reported), measured
// before the figure's measured server starts (PGlite serves one process); figure 3 adds the RSS
// during the deadline rush.
import path from "node:path";
import { footprintRows, idleFootprint } from "../footprint.ts";
import { COOKIE_KEYS, DATA_KEY, type Figure, ROOT, SERVER_ARGS } from "../lib.ts";

/** The measured server's settings, started without a probe. */
export const footprintServer = (databaseUrl: string, port: number) => ({
  root: ROOT,
  nodeArgs: SERVER_ARGS,
  env: {
    EMBEDDED_IDP: "1",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_ENCRYPTION_KEY: DATA_KEY,
    COOKIE_KEYS,
    DATA_DIR: path.join(ROOT, ".tmp/bench-data"),
  },
});

export const figure: Figure = {
  id: 11,
  title: "idle memory",
  on: "postgres",
  async before(database, databaseUrl, results) {
    results.footprint = { ...results.footprint, [database]: await idleFootprint(footprintServer(databaseUrl, 3904)) };
  },
  async run() {},
  rows: (r) => footprintRows(r.footprint),
};
