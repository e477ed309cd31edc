#!/usr/bin/env node
// Builds whatever is missing or older than its sources: the Prisma client, the server bundle
// (dist/server/main.mjs and the spreadsheet threads' spreadsheet-worker.mjs: esbuild, dependencies
// stay in node_modules), the Relay artefacts and the
// client bundle. `npm start` and `npm test` call it; `--force` rebuilds everything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// npm scripts put node_modules/.bin on PATH; do the same when run directly (Prisma generators need it)
process.env.PATH = `${process.cwd()}/node_modules/.bin:${process.env.PATH}`;

const force = process.argv.includes("--force");
const bin = (name) => path.join("node_modules", ".bin", name);

function newest(dir, filter = () => true) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.name === "node_modules" || entry.name === "__generated__") continue;
    if (entry.isDirectory()) t = Math.max(t, newest(p, filter));
    else if (filter(p)) t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

function run(label, cmd, args) {
  process.stdout.write(`build: ${label}\n`);
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

const generated = "server/src/generated/prisma/client.ts";
if (force || mtime(generated) < mtime("prisma/schema.prisma")) run("prisma generate", bin("prisma"), ["generate"]);

const server = "dist/server/main.mjs";
// the spreadsheet threads' code (server/src/workers/pool.ts) is an entry of its own beside main.mjs
const worker = "dist/server/spreadsheet-worker.mjs";
// the operator's commands run in production too, without the dev tools (tsx): the first
// administrator (`npm run admin:create`), the embedded database's backup and restore, and the
// data key's rotation (`npm run keys:rotate`)
const commands = ["dist/server/admin-create.mjs", "dist/server/backup.mjs", "dist/server/keys-rotate.mjs"];
const sources = Math.max(newest("server/src"), mtime(generated), mtime("scripts/backup.ts"));
if (force || Math.min(mtime(server), mtime(worker), ...commands.map(mtime)) < sources) {
  // code splitting: a module the server imports with `await import()` (the embedded sign-in
  // provider, SMTP, the spreadsheet threads' pool) is a chunk of its own, and its packages load on
  // first use, not at start (README "Performance", idle memory).
  // The chunks of an earlier build go first.
  for (const f of fs.existsSync("dist/server") ? fs.readdirSync("dist/server") : []) if (f.startsWith("chunk-")) fs.rmSync(path.join("dist/server", f));
  run("server bundle", bin("esbuild"), [
    "main=server/src/main.ts",
    "spreadsheet-worker=server/src/workers/spreadsheet-tasks.ts",
    "admin-create=server/src/cli/adminCreate.ts",
    "backup=scripts/backup.ts",
    "keys-rotate=server/src/cli/keysRotate.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--splitting",
    "--chunk-names=chunk-[hash]",
    "--packages=external",
    "--target=node20",
    "--sourcemap",
    "--outdir=dist/server",
    "--out-extension:.js=.mjs",
    "--log-level=warning",
  ]);
}

// the release and commit of this build (server/src/buildInfo.ts: the app_build_info metric); written
// on every build, so a new commit shows even when no server source changed
{
  const git = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" });
  const commit = git.status === 0 ? git.stdout.trim() : "unknown";
  const version = JSON.parse(fs.readFileSync("package.json", "utf8")).version;
  fs.mkdirSync("dist/server", { recursive: true });
  fs.writeFileSync("dist/server/build-info.json", `${JSON.stringify({ version, commit })}\n`);
}

const bundle = "dist/client/index.html";
const clientSources = Math.max(newest("client"), newest("server/src/shared"), mtime("schema.graphql"), mtime("relay.config.json"));
if (force || mtime(bundle) < clientSources) {
  // relay-compiler adds the browser's operations to this map (persisted operations); it must exist
  const persisted = "client/src/__generated__/persisted-operations.json";
  if (force || !fs.existsSync(persisted)) {
    fs.mkdirSync(path.dirname(persisted), { recursive: true });
    fs.writeFileSync(persisted, "{}\n");
  }
  run("relay-compiler", bin("relay-compiler"), []);
  run("vite build", bin("vite"), ["build", "--config", "client/vite.config.ts", "--logLevel", "warn"]);
  // compressed copies beside each text file (brotli and gzip): the server sends them to browsers
  // that accept them (@fastify/static preCompressed), so a phone loads about a quarter of the bytes
  process.stdout.write("build: compressed client files\n");
  const zlib = await import("node:zlib");
  const compressAll = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) compressAll(p);
      else if (/\.(?:js|css|html|svg|json|txt)$/.test(entry.name) && fs.statSync(p).size >= 1024) {
        const bytes = fs.readFileSync(p);
        fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${p}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    }
  };
  compressAll("dist/client");
}
