// Node options of the production server, written once: in package.json's `start` script
// (`exec node <options> scripts/start.mjs`, so that `npm start` runs the server in the process npm
// started). The benchmark starts the server with the same options by reading them from there.
// --enable-source-maps: stack traces point at server/src. --max-semi-space-size=32: a larger young
// generation (MB per semi-space) for the many short-lived objects of each GraphQL request; the
// garbage collector took about a tenth of the CPU under load with Node 20's default. --expose-gc: the
// server gives the young generation back after start-up and when idle (server/src/http/idleMemory.ts).
import fs from "node:fs";

const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
export const SERVER_NODE_ARGS = pkg.scripts.start.split(/\s+/).filter((a) => a.startsWith("--"));
