// `npm run bench:ui`: the speed a person feels, measured in a real browser
// (Debian's Chromium through Playwright, the flags of playwright.config.ts) against the PRODUCTION
// build (dist/server/main.mjs, dist/client) on a fresh PostgreSQL database with the benchmark's
// 10x dataset (bench/seed.ts). Two accounts of the dataset get the password "bench" and sign in
// through the embedded provider's login page: user1@bench.example (staff of district 1 with the
// staff roles plus admin, so that the overview offers every district) and user11@bench.example
// (a member of a club of district 1). Each figure is taken in the page itself: from the person's
// press (the first pointerdown after arming, or the hash change) until the result is on screen
// (checked every animation frame); p95 over BENCH_UI_REPS repetitions (default 12, at least 10):
//   1. the first "Neue Anmeldung" dialog of the start page (member; every repetition reloads the
//      start page with an empty browser cache and waits until the page is idle)
//   2. a save of the D-exam registration edit dialog (staff) until "D-Prüfungsanmeldung aktualisiert"
//   3. the overview's first page: choosing the event with 5,000 registrations until its first page
//      shows (staff; every repetition reloads on another event of district 1, so the Relay store
//      holds nothing of the big event)
//   4. the district switch in the overview until the first page of the other district's next
//      upcoming event (preselected) shows (after a reload the page is first idle, as for 1)
//   5. "Duplizieren" of an event until "Veranstaltung dupliziert"
//   6. the timetable ("Zeitplan") of the event with 5,000 registrations: choosing it until its
//      tables of about 9,800 slots show (staff; the seed gives its theory and practice locations
//      rules with room for everyone, the figure plans once through "Zeitplan erstellen" before it
//      measures; every repetition reloads on another event, like 3)
// Then Lighthouse 12 (accessibility, best practices, LCP) audits the start page and the
// registration overview, signed in: a Chromium started by Playwright with a remote-debugging port
// and a persistent profile, so Lighthouse's tab shares the session (disableStorageReset).
// Prints one table and writes bench/results/ui.json; BENCH_ONLY_UI=1,5 measures only those figures
// and BENCH_UI_LIGHTHOUSE=0 skips Lighthouse (both leave the JSON alone).
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page, type Request } from "@playwright/test";
import lighthouse from "lighthouse";
import pg from "pg";
// @ts-expect-error: a plain .mjs module of the start script, no types
import { SERVER_NODE_ARGS } from "../scripts/serverArgs.mjs";
import { applyMigrations } from "../server/src/db/migrate.ts";
import { hashPassword } from "../server/src/idp/passwords.ts";
import { SCALE, seedStatements } from "./seed.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "bench/results/ui.json");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REPS = Math.max(10, Number(process.env.BENCH_UI_REPS ?? 12));
const ONLY = process.env.BENCH_ONLY_UI ? new Set(process.env.BENCH_ONLY_UI.split(",").map((n) => Number(n.trim()))) : null;
const want = (figure: number) => !ONLY || ONLY.has(figure);
const LIGHTHOUSE = process.env.BENCH_UI_LIGHTHOUSE !== "0";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// the flags of playwright.config.ts
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const STAFF = "user1@bench.example";
const MEMBER = "user11@bench.example";
const PASSWORD = "bench";
const BIG_EVENT = "Veranstaltung 1";
/** Another D-exam event of district 1 (about 1,550 registrations), where figure 3 starts. */
const OTHER_EVENT = "Veranstaltung 31";

const log = (...a: unknown[]) => console.log("bench:ui:", ...a);
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n);

// ---------------------------------------------------------------- database and server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

async function seedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `anmeldesystem_benchui_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  await applyMigrations({ url });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const sql of seedStatements()) await c.query(sql);
  // the two accounts that sign in; the staff account is admin too (the overview's district choice)
  await c.query(`UPDATE "User" SET "passwordHash" = $1 WHERE email = ANY($2)`, [await hashPassword(PASSWORD), [STAFF, MEMBER]]);
  await c.query(`UPDATE "User" SET roles = array_append(roles, 'admin'::"Role") WHERE email = $1`, [STAFF]);
  // figure 6: the big event's theory and practice locations get rules with room for everyone (as
  // bench figure 12): ten days of 08:00-18:00 with a break, 10 theory rooms of 30 seats, 20 panels
  await c.query(
    `INSERT INTO "TimetableRules" ("locationId", days, rooms, "updatedAt")
    SELECT l.id,
           (SELECT jsonb_agg(jsonb_build_object('day', to_char(COALESCE(l.start, now())::date + d, 'YYYY-MM-DD'), 'start', 480, 'end', 1080,
                                                'breaks', jsonb_build_array(jsonb_build_object('start', 720, 'end', 750))) ORDER BY d)
              FROM generate_series(0, 9) d),
           ARRAY(SELECT 'Raum ' || r FROM generate_series(1, CASE WHEN l.type = 'DEXAM_THEORY' THEN 10 ELSE 20 END) r), now()
      FROM "EventLocation" l JOIN "Event" e ON e.id = l."eventId"
     WHERE e.name = $1 AND l.type IN ('DEXAM_THEORY', 'DEXAM_PRACTICE')`,
    [BIG_EVENT],
  );
  await c.end();
  return {
    url,
    drop: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

async function startServer(databaseUrl: string, port: number): Promise<{ url: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [...SERVER_NODE_ARGS, "dist/server/main.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      EMBEDDED_IDP: "1",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
      COOKIE_KEYS: `${crypto.randomBytes(16).toString("hex")},${crypto.randomBytes(16).toString("hex")}`,
      LOG_LEVEL: "silent",
      // the bench signs in and saves more often than a person does
      RATE_LIMIT_SIGNIN: "0",
      RATE_LIMIT_MUTATIONS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {}
    if (proc.exitCode !== null || i > 600) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

// ---------------------------------------------------------------- timing in the page

/** An element matching `selector` that contains `text` (and, when given, not `without`) is visible. */
type Until = { selector: string; text: string; without?: string };

/**
 * Arms a timer in the page: it starts at the next pointerdown (the person's press) or at once
 * (`now`), and stops at the first animation frame in which an element matching `until.selector`
 * that contains `until.text` is visible. `result()` waits for the milliseconds (at most two minutes
 * unless told otherwise).
 */
async function arm(page: Page, until: Until, now = false) {
  // a string, not a function: tsx's transform would put its `__name` helper into the page's code
  await page.evaluate(`(() => {
    const until = ${JSON.stringify(until)};
    window.__benchTimer = new Promise((resolve) => {
      let t0;
      const shown = () =>
        [...document.querySelectorAll(until.selector)].some(
          (el) => el.textContent?.includes(until.text) && !(until.without && el.textContent.includes(until.without)) && el.getClientRects().length > 0,
        );
      const check = () => {
        if (t0 !== undefined && shown()) resolve(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      const start = () => {
        t0 = performance.now();
        requestAnimationFrame(check);
      };
      if (${now}) start();
      else window.addEventListener("pointerdown", start, { capture: true, once: true });
    });
  })()`);
  return { result: (timeoutMs = 120_000) => within(page.evaluate("window.__benchTimer") as Promise<number>, timeoutMs, until) };
}

/** `promise`, or a failure after `timeoutMs` naming what did not show (the failure's screen tells why). */
async function within<T>(promise: Promise<T>, timeoutMs: number, until: Until): Promise<T> {
  let stop: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    stop = setTimeout(() => reject(new Error(`not shown within ${timeoutMs} ms: ${JSON.stringify(until)}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(stop);
  }
}

/** Arms, runs `act` (the press), returns the milliseconds until `until` shows. */
async function timed(page: Page, until: Until, act: () => Promise<void>): Promise<number> {
  const timer = await arm(page, until);
  await act();
  return timer.result();
}

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.waitForURL(/\/#\/$/);
  await page.getByRole("heading", { level: 1, name: "Start" }).waitFor();
}

/** The page's requests under way (Playwright's "networkidle" is only about the page's loading). */
const pending = new WeakMap<Page, Set<Request>>();
function trackRequests(page: Page) {
  const open = new Set<Request>();
  pending.set(page, open);
  page.on("request", (request) => open.add(request));
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/**
 * A person reads the page before pressing: the page is idle, and what it fetches when idle (the
 * create dialogs' chunks, the overview's other event lists) has arrived.
 */
async function readsPage(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate("new Promise((r) => requestIdleCallback(() => r(null)))");
  while (pending.get(page)?.size) await new Promise((r) => setTimeout(r, 20));
}

async function closeNotice(page: Page) {
  await page.getByRole("button", { name: "Meldung schließen" }).click();
}

const eventChoice = (page: Page) => page.getByRole("main").getByRole("combobox", { name: "Veranstaltung", exact: true });
const districtChoice = (page: Page) => page.getByRole("main").getByRole("combobox", { name: "Kreisverband", exact: true });
/** The pager under the first page of the big event's table ("25 von 5000 Einträgen"). */
const BIG_EVENT_PAGE: Until = { selector: "main", text: `von ${SCALE.bigEvent} Einträgen` };
/** The first page of another event's table: a pager that is not the big event's. */
const OTHER_EVENT_PAGE: Until = { selector: "main", text: " Einträgen", without: BIG_EVENT_PAGE.text };

/** Waits until `until` shows (without timing it), at most `timeoutMs`. */
async function shows(page: Page, until: Until, timeoutMs?: number) {
  const timer = await arm(page, until, true);
  await timer.result(timeoutMs);
}

/**
 * The overview after a reload (an empty Relay store) with the first page of its event: the one
 * the URL names, else the next upcoming one of district 1, the big event.
 */
async function freshOverview(page: Page, base: string, until: Until = BIG_EVENT_PAGE) {
  if (!page.url().includes("/#/registration/overview")) await page.goto(`${base}/#/registration/overview`);
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Anmeldungsübersicht" }).waitFor();
  await shows(page, until);
}

async function chooseEvent(page: Page, name: string) {
  await eventChoice(page).click();
  const option = page.getByRole("option", { name, exact: true });
  await option.waitFor();
  return option;
}

// ---------------------------------------------------------------- the figures

type Figure = { key: string; figure: string; who: string; budget: number; samples: number[] };

async function newRegistrationDialog(context: BrowserContext, base: string): Promise<number[]> {
  const page = await context.newPage();
  trackRequests(page);
  await signIn(page, base, MEMBER);
  const cdp = await context.newCDPSession(page);
  const samples: number[] = [];
  let preloaded = 0;
  for (let i = 0; i < REPS; i++) {
    // cold: nothing of the dialog's code in the browser's cache or in the page
    await cdp.send("Network.clearBrowserCache");
    await page.reload();
    const card = page.getByRole("article", { name: BIG_EVENT, exact: true });
    await card.waitFor();
    await readsPage(page);
    // the idle-time preload did its work: the dialog's chunk was fetched before the press
    if (await page.evaluate("performance.getEntriesByType('resource').some((e) => /DexamCreateDialog/.test(e.name))")) preloaded++;
    samples.push(
      await timed(page, { selector: "[role=dialog]", text: "Persönliche Daten" }, () => card.getByRole("button", { name: "Neue Anmeldung" }).click()),
    );
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
  }
  await page.close();
  log(`1: the dialog's chunk was preloaded before ${preloaded} of ${REPS} presses`);
  return samples;
}

async function saveDexamEdit(page: Page, base: string): Promise<number[]> {
  await freshOverview(page, base);
  const table = page.getByRole("table", { name: "D-Prüfungsanmeldungen" });
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    await table
      .getByRole("button", { name: /^Aktionen für / })
      .nth(i % 5)
      .click();
    await page.getByRole("menuitem", { name: "Bearbeiten", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "D-Prüfungsanmeldung bearbeiten" });
    const pieces = [
      ["5", `Sonatine ${i}`],
      ["9", "Romanze"],
      ["14", "Etüde in F"],
      ["2", "Tonleitern"],
    ];
    for (const [index, [number, title]] of pieces.entries()) {
      const group = dialog.getByRole("group", { name: `${index + 1}. Prüfungsstück` });
      await group.getByLabel("Nummer").fill(number);
      await group.getByLabel("Titel").fill(title);
    }
    samples.push(
      await timed(page, { selector: "[data-live-announcer]", text: "D-Prüfungsanmeldung aktualisiert" }, () =>
        dialog.getByRole("button", { name: "Speichern" }).click(),
      ),
    );
    await closeNotice(page);
    await dialog.waitFor({ state: "hidden" });
  }
  return samples;
}

async function overviewFirstPage(page: Page, base: string): Promise<number[]> {
  await freshOverview(page, base);
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    // the big event is preselected: start from another event of district 1, named in the URL
    await (await chooseEvent(page, OTHER_EVENT)).click();
    await shows(page, OTHER_EVENT_PAGE);
    await freshOverview(page, base, OTHER_EVENT_PAGE);
    const option = await chooseEvent(page, BIG_EVENT);
    samples.push(await timed(page, BIG_EVENT_PAGE, () => option.click()));
  }
  return samples;
}

async function districtSwitch(page: Page, base: string): Promise<number[]> {
  await freshOverview(page, base);
  await readsPage(page);
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    // district 1 shows the big event; the switch clears the choice (R-SH057) and shows the first
    // page of the other district's next upcoming event
    await districtChoice(page).click();
    const option = page.getByRole("listbox", { name: "Kreisverband" }).getByRole("option", { name: `Kreisverband ${2 + (i % 9)}`, exact: true });
    await option.waitFor();
    samples.push(await timed(page, OTHER_EVENT_PAGE, () => option.click()));
    await districtChoice(page).click();
    await page.getByRole("listbox", { name: "Kreisverband" }).getByRole("option", { name: "Kreisverband 1", exact: true }).click();
    await shows(page, BIG_EVENT_PAGE);
  }
  return samples;
}

async function duplicateEvent(page: Page, base: string): Promise<number[]> {
  await page.goto(`${base}/#/event/manage`);
  await page.getByRole("heading", { level: 1, name: "Veranstaltungen" }).waitFor();
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    await page.getByRole("button", { name: `Aktionen für ${BIG_EVENT}`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Duplizieren", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Veranstaltung duplizieren" });
    const day = new Date(Date.now() + (100 + i) * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel("Beginn der Kopie").fill(day);
    samples.push(
      await timed(page, { selector: "[data-live-announcer]", text: "Veranstaltung dupliziert" }, () =>
        dialog.getByRole("button", { name: "Duplizieren", exact: true }).click(),
      ),
    );
    await closeNotice(page);
    await dialog.waitFor({ state: "hidden" });
  }
  return samples;
}

/** Any of the timetable's tables (one per location, day and room) shows. */
const TIMETABLE_TABLES: Until = { selector: "main table", text: "" };
/** The timetable of an event without slots. */
const TIMETABLE_EMPTY: Until = { selector: "main", text: "Noch keine Einträge" };

async function timetableScreen(page: Page, base: string): Promise<number[]> {
  await page.goto(`${base}/#/event/timetable`);
  await page.getByRole("heading", { level: 1, name: "Zeitplan" }).waitFor();
  await (await chooseEvent(page, BIG_EVENT)).click();
  // planned once, untimed (bench figure 12 measures the planning)
  await page.getByRole("button", { name: "Zeitplan erstellen", exact: true }).click();
  await page.locator("[data-live-announcer]").getByText("Zeitplan erstellt").waitFor({ timeout: 300_000 });
  await closeNotice(page);
  await shows(page, TIMETABLE_TABLES, 600_000);
  const samples: number[] = [];
  for (let i = 0; i < REPS; i++) {
    // start from another event, after a reload (the Relay store holds nothing of the big event)
    await (await chooseEvent(page, OTHER_EVENT)).click();
    await shows(page, TIMETABLE_EMPTY);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Zeitplan" }).waitFor();
    await shows(page, TIMETABLE_EMPTY);
    await readsPage(page);
    const option = await chooseEvent(page, BIG_EVENT);
    samples.push(await timed(page, TIMETABLE_TABLES, () => option.click()));
    log(`6: ${round(samples[i])} ms`);
  }
  return samples;
}

// ---------------------------------------------------------------- Lighthouse

type Audit = { page: string; who: string; accessibility: number; bestPractices: number; lcpMs: number; failing: string[] };

async function lighthouseAudits(base: string): Promise<Audit[]> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "benchui-profile-"));
  // a persistent profile: Lighthouse's own tab shares the signed-in session of Playwright's page
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    viewport: { width: 1280, height: 800 },
  });
  const audits: Audit[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const audit = async (name: string, who: string, url: string) => {
      const run = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["accessibility", "best-practices", "performance"],
        disableStorageReset: true,
        formFactor: "desktop",
        screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
        throttlingMethod: "provided",
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      const lhr = run.lhr;
      // a failed gathering (e.g. NO_FCP) scores 0: say so instead of a silent zero
      const problems = [lhr.runtimeError ? `runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : "", ...(lhr.runWarnings ?? [])].filter(
        Boolean,
      );
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && ["binary", "numeric"].includes(a.scoreDisplayMode))
        .filter((a) =>
          [...lhr.categories.accessibility.auditRefs, ...lhr.categories["best-practices"].auditRefs].some((ref) => ref.id === a.id && ref.weight > 0),
        )
        .map((a) => `${a.id}: ${a.title}`)
        .concat(problems);
      audits.push({
        page: name,
        who,
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
        lcpMs: Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN)),
        failing,
      });
    };
    await signIn(page, base, MEMBER);
    await audit("Start", "member", `${base}/#/`);
    await audit("Anmeldungsübersicht", "member", `${base}/#/registration/overview`);
    // the staff's session replaces the member's in the same profile
    await page.goto(`${base}/`);
    await page.evaluate("localStorage.clear()");
    await context.clearCookies();
    await signIn(page, base, STAFF);
    await audit("Start", "staff", `${base}/#/`);
    await audit("Anmeldungsübersicht", "staff", `${base}/#/registration/overview`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return audits;
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(path.join(ROOT, "dist/server/main.mjs")))
    throw new Error("no dist/server/main.mjs: run `node scripts/build.mjs` first (npm run bench:ui does)");
  log(`seeding PostgreSQL (${SCALE.dexam} D-exam registrations, ${SCALE.users} users) ...`);
  const db = await seedDatabase();
  const server = await startServer(db.url, await freePort());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const figures: Figure[] = [];
  let audits: Audit[] = [];
  try {
    const newContext = () => browser.newContext({ locale: "de-DE", timezoneId: "Europe/Berlin", viewport: { width: 1280, height: 800 } });
    if (want(1)) {
      const member = await newContext();
      log("1: first 'Neue Anmeldung' dialog ...");
      figures.push({
        key: "newRegistrationDialog",
        figure: "first „Neue Anmeldung“ dialog from Start",
        who: "member",
        budget: 300,
        samples: await newRegistrationDialog(member, server.url),
      });
      await member.close();
    }
    if (want(2) || want(3) || want(4) || want(5) || want(6)) {
      const staff = await newContext();
      const page = await staff.newPage();
      trackRequests(page);
      await signIn(page, server.url, STAFF);
      if (want(2)) {
        log("2: save of the D-exam registration edit ...");
        figures.push({
          key: "dexamSave",
          figure: "save (D-exam registration edit)",
          who: "staff",
          budget: 300,
          samples: await saveDexamEdit(page, server.url),
        });
      }
      if (want(3)) {
        log("3: overview first page ...");
        figures.push({
          key: "overviewFirstPage",
          figure: "overview first page (5,000 registrations)",
          who: "staff",
          budget: 500,
          samples: await overviewFirstPage(page, server.url),
        });
      }
      if (want(4)) {
        log("4: district switch ...");
        figures.push({
          key: "districtSwitch",
          figure: "district switch in the overview",
          who: "staff (admin)",
          budget: 300,
          samples: await districtSwitch(page, server.url),
        });
      }
      if (want(5)) {
        log("5: Duplizieren ...");
        figures.push({
          key: "duplicateEvent",
          figure: "„Duplizieren“ of an event",
          who: "staff",
          budget: 500,
          samples: await duplicateEvent(page, server.url),
        });
      }
      if (want(6)) {
        log("6: timetable of the big event ...");
        figures.push({
          key: "timetableScreen",
          figure: "timetable screen (5,000 registrations, 9,800 slots)",
          who: "staff",
          budget: 300,
          samples: await timetableScreen(page, server.url),
        });
      }
      await staff.close();
    }
    await browser.close();
    if (LIGHTHOUSE) {
      log("Lighthouse ...");
      audits = await lighthouseAudits(server.url);
    }
  } catch (error) {
    // the screen of the step that failed, for the one who reads the error
    const shot = path.join(ROOT, ".tmp/bench-ui-failure.png");
    fs.mkdirSync(path.dirname(shot), { recursive: true });
    const open = browser.contexts().flatMap((c) => c.pages());
    await open
      .at(-1)
      ?.screenshot({ path: shot })
      .catch(() => {});
    if (open.length) log(`screen of the failed step: ${path.relative(ROOT, shot)}`);
    throw error;
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
    await db.drop();
  }

  const rows = figures.map((f) => ({
    figure: f.figure,
    who: f.who,
    n: f.samples.length,
    median: round(median(f.samples)),
    p95: round(p95(f.samples)),
    budget: f.budget,
    verdict: p95(f.samples) <= f.budget ? "met" : "MISSED",
  }));
  console.log("\nfigure | who | n | median ms | p95 ms | budget ms | verdict");
  for (const r of rows) console.log(`${r.figure} | ${r.who} | ${r.n} | ${r.median} | ${r.p95} | ${r.budget} | ${r.verdict}`);
  if (audits.length) {
    console.log("\nLighthouse | who | accessibility | best practices | LCP ms | verdict | failing audits");
    for (const a of audits) {
      const verdict = a.accessibility === 100 && a.bestPractices >= 95 ? "met" : "MISSED";
      console.log(`${a.page} | ${a.who} | ${a.accessibility} | ${a.bestPractices} | ${a.lcpMs} | ${verdict} | ${a.failing.join("; ") || "–"}`);
    }
  }
  const missed = rows.filter((r) => r.verdict !== "met").length + audits.filter((a) => a.accessibility < 100 || a.bestPractices < 95).length;
  console.log(`\n${rows.length + audits.length - missed} of ${rows.length + audits.length} targets met`);
  if (ONLY || !LIGHTHOUSE) return;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.split(" ").slice(0, 2).join(" "),
      memoryGB: Math.round(os.totalmem() / 1e7) / 100,
      node: process.version,
    },
    dataset: SCALE,
    repetitions: REPS,
    figures: Object.fromEntries(figures.map((f, i) => [f.key, { ...rows[i], samples: f.samples.map(round) }])),
    lighthouse: audits,
  };
  // the samples on one line each, as the formatter (Biome) keeps short arrays of numbers
  const json = JSON.stringify(result, null, 2).replace(/\[\s+([\d,\s]+?)\s+\]/g, (_, inner: string) => `[${inner.split(/,\s*/).join(", ")}]`);
  fs.writeFileSync(OUT, `${json}\n`);
  log(`written to ${path.relative(ROOT, OUT)}`);
}

await main();
