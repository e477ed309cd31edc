#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the server. Without DATABASE_URL the local
// default applies: PGlite in ./data, the embedded sign-in and the demo accounts (DEMO_DATA=1).
// Demo data is never seeded implicitly against a PostgreSQL URL or in production.
import { spawn, spawnSync } from "node:child_process";

const b = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (b.status !== 0) process.exit(b.status ?? 1);

const env = { ...process.env };
const localDefault = env.NODE_ENV !== "production" && (!env.DATABASE_URL || env.DATABASE_URL.startsWith("pglite:"));
if (localDefault && env.DEMO_DATA === undefined) env.DEMO_DATA = "1";

// the production bundle of the server (scripts/build.mjs); source maps point stack traces at server/src
const child = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.mjs"], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
