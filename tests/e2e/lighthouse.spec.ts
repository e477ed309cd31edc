// Lighthouse 12's accessibility category on the signed-in start page (issue 24, item 12): the score,
// never a timing (timings stay in `npm run bench:ui`). Lighthouse needs a debugging port, so this
// journey starts its own Chromium (the flags of playwright.config.ts) with a persistent profile:
// Lighthouse's tab shares the session Playwright signed in with (disableStorageReset).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import lighthouse from "lighthouse";
import config from "../../playwright.config.ts";
import { signIn } from "./support.ts";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });

test("Lighthouse scores the member's signed-in start page 100 for accessibility", async ({ baseURL }) => {
  // a loaded machine makes Lighthouse slow, not wrong: generous waits, no timing verdict
  test.setTimeout(240_000);
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-profile-"));
  const launch = config.use?.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    args: [...(launch.args ?? []), `--remote-debugging-port=${port}`],
    baseURL,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, "member@demo.test");
    const run = await lighthouse(`${baseURL}/#/`, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility"],
      disableStorageReset: true,
      formFactor: "desktop",
      screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: "provided",
      maxWaitForFcp: 90_000,
      maxWaitForLoad: 90_000,
    });
    const lhr = run?.lhr;
    expect(lhr?.runtimeError, "Lighthouse could not gather the page").toBeUndefined();
    // the page Lighthouse audited is the signed-in start page, not the provider's login
    expect(lhr?.finalDisplayedUrl).toBe(`${baseURL}/#/`);
    const failing = Object.values(lhr?.audits ?? {})
      .filter((a) => a.scoreDisplayMode === "binary" && a.score === 0)
      .map((a) => a.id);
    expect(failing).toEqual([]);
    expect(lhr?.categories.accessibility.score).toBe(1);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
