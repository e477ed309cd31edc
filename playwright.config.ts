import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium; Playwright never downloads a browser here (no `npx playwright install`).
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
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE = `http://localhost:${PORT}`;
/** messages the server "sends" (invitations), one JSON line each; read by the invitation journey */
export const OUTBOX = `.tmp/outbox-${PORT}.jsonl`;
fs.mkdirSync(".tmp", { recursive: true });

export default defineConfig({
  testDir: "tests/e2e",
  // generous bounds (they only cost time when something fails): the suite runs on a loaded 2-core machine
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 1,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: `.tmp/playwright-${PORT}`,
  use: {
    baseURL: BASE,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/ },
    { name: "mobile", use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }, grep: /@mobile/ },
  ],
  webServer: {
    // the production build of the client (npm test builds it first) on a throw-away database
    command: "node --import tsx server/src/main.ts",
    url: `${BASE}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATABASE_URL: "pglite:memory",
      DEMO_DATA: "1",
      OUTBOX_FILE: OUTBOX,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      HOST: "127.0.0.1",
      FEDERATION_NAME: "Blasmusikverband Demo",
      // the journeys sign in far more often from one address than people do (the limit has its own test)
      RATE_LIMIT_SIGNIN: "600",
      // the embedding journey's parent page (tests/e2e/embed.spec.ts) is served on port + 1000 of 127.0.0.1
      EMBED_PARENT_ORIGINS: `http://127.0.0.1:${PORT + 1000}`,
    },
  },
});
