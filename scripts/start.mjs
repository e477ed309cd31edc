#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the server. Without DATABASE_URL the local
// default applies: PGlite in ./data, the embedded sign-in and the demo accounts (DEMO_DATA=1).
// Demo data is never seeded implicitly against a PostgreSQL URL or in production.
import { spawn, spawnSync } from "node:child_process";
import { SERVER_NODE_ARGS } from "./serverArgs.mjs";

const b = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
if (b.status !== 0) process.exit(b.status ?? 1);

const env = { ...process.env };
const localDefault = env.NODE_ENV !== "production" && (!env.DATABASE_URL || env.DATABASE_URL.startsWith("pglite:"));
if (localDefault && env.DEMO_DATA === undefined) env.DEMO_DATA = "1";

// the production bundle of the server (scripts/build.mjs) with the options of scripts/serverArgs.mjs
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "dist/server/main.mjs"], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
