#!/usr/bin/env node
// `npm start`. package.json runs it as `exec node <server options> scripts/start.mjs`: the shell
// replaces itself with node, so npm's child is this process and the server runs inside it (no
// further child): SIGTERM and SIGINT from npm, Docker or systemd reach the server's drain, and the
// exit code or signal of the server is the process's own (npm passes it on; a kill -9 or an OOM
// kill is a failure, not a clean stop).
// Locally it builds whatever is missing first; with NODE_ENV=production it builds nothing (the build
// happens before deployment, README "Production") and a missing build stops with one line.
// Without DATABASE_URL the local default applies: PGlite in ./data, the embedded sign-in and the
// demo accounts (DEMO_DATA=1). Demo data is never seeded implicitly against a PostgreSQL URL or in
// production.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const production = process.env.NODE_ENV === "production";
if (Number(process.versions.node.split(".")[0]) < 24)
  console.error(`Warnung: Node.js ${process.version} wird nicht unterstützt (Ende der Wartung); das Anmeldesystem läuft auf Node.js 24 LTS`);
const server = path.resolve("dist/server/main.mjs");

if (!production) {
  const b = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
if (!fs.existsSync(server)) {
  console.error("Start abgebrochen: dist/server/main.mjs fehlt; `npm run build` baut den Server (vor dem Ausrollen, mit den Entwicklungswerkzeugen)");
  process.exit(1);
}

const localDefault = !production && (!process.env.DATABASE_URL || process.env.DATABASE_URL.startsWith("pglite:"));
if (localDefault && process.env.DEMO_DATA === undefined) process.env.DEMO_DATA = "1";

await import(pathToFileURL(server).href);
